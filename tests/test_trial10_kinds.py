"""Kinds from trial 10 (a fresh user's five tables), end to end on tiny tables written here; every
expected value is worked out by hand in the comments, never copied from the product's output."""

from __future__ import annotations

import pytest

from agent.engine import duckdb_engine
from tests.helpers import router_agent

ENGINE = duckdb_engine()

# --- A. 'percentage of <group> <rows> <verb> (<values>)': the group is the base, the values the share ---

# id: dept, feeling, recommend
#  1 HR agree yes | 2 HR disagree no | 3 HR strongly agree no | 4 HR neutral no
#  5 Sales agree no | 6 Sales agree yes | 7 Sales disagree yes
#  8 Finance disagree no | 9 Finance strongly disagree no | 10 Finance agree yes
# HR: 4 respondents, 2 agree or strongly agree (ids 1, 3) -> 50%; of the 5 who agree/strongly agree
# (1, 3, 5, 6, 10) 2 are HR (the inverted reading: 40%).
# Sales: 3 respondents, 2 agree (5, 6) -> 66.67%; 4 agree in all (1, 5, 6, 10) -> inverted 50%.
# Finance: 3, 2 disagree or strongly disagree (8, 9) -> 66.67%; 4 disagree/strongly (2, 7, 8, 9): inverted 50%.
_ROWS = [("HR", "Agree", "Yes"), ("HR", "Disagree", "No"), ("HR", "Strongly agree", "No"), ("HR", "Neutral", "No"),
         ("Sales", "Agree", "No"), ("Sales", "Agree", "Yes"), ("Sales", "Disagree", "Yes"),
         ("Finance", "Disagree", "No"), ("Finance", "Strongly disagree", "No"), ("Finance", "Agree", "Yes")]
SURVEY = "Respondent ID,Department,I feel valued at work,Would recommend employer\n" + "".join(
    f"{100 + i},{d},{f},{r}\n" for i, (d, f, r) in enumerate(_ROWS, 1))


def _ask(csv, question):
    outcome = router_agent(csv, engine=ENGINE).ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome.results[-1].result


def _refusal(csv, question):
    outcome = router_agent(csv, engine=ENGINE).ask(question)
    assert outcome.status != "answered", outcome.answer
    return outcome.answer


@pytest.mark.parametrize("question, num, den", [
    ("What percentage of HR respondents feel valued (agree or strongly agree)?", 2, 4),   # not 2 of 5
    ("What percentage of Sales respondents feel valued (agree or strongly agree)?", 2, 3),  # not 2 of 5
    ("What percentage of Finance respondents feel valued (disagree or strongly disagree)?", 2, 3),  # not 2 of 4
    ("What percentage of HR respondents feel valued (strongly agree)?", 1, 4),            # not 1 of 1
    ("What percentage of HR feel valued (agree or strongly agree)?", 2, 4),               # no rows noun
    ("What percentage of HR respondents would recommend (yes)?", 1, 4),                   # id 1; not 1 of 5
])
def test_a_the_group_after_percentage_of_is_the_base(question, num, den):
    result = _ask(SURVEY, question)
    assert (result.numerator, result.denominator) == (num, den)


@pytest.mark.parametrize("question, num, den", [
    ("What percentage of respondents are in HR?", 4, 10),
    ("What percentage of HR respondents would recommend the employer?", 1, 4),   # 'would' is no condition
])
def test_a_readings_with_a_verb_word_keep_their_split(question, num, den):
    result = _ask(SURVEY, question)
    assert (result.numerator, result.denominator) == (num, den)


def test_a_several_tests_after_the_group_refuse():
    reason = _refusal(SURVEY, "What percentage of HR respondents feel valued (strongly agree) and would recommend (yes)?")
    assert "I feel valued at work" in reason and "Would recommend employer" in reason


def test_a_two_tests_after_who_refuse_unless_a_preposition_leads_the_second():
    # the share of HR recommenders who agree (1 of 1) or of HR agreeing who recommend (1 of 2): refused
    reason = _refusal(SURVEY, "What percentage of HR respondents who would recommend (yes) feel valued "
                              "(agree or strongly agree)?")
    assert "I feel valued at work" in reason and "Would recommend employer" in reason
    # 'in Sales' led by a preposition: the 6 'No' rows (ids 2, 3, 4, 5, 8, 9), 1 in Sales (id 5)
    result = _ask(SURVEY, "What percentage of respondents who would recommend (no) are in Sales?")
    assert (result.numerator, result.denominator) == (1, 6)


# --- C. a verb that only resembles a person column ('borrowed' / Borrower) counts rows (loans) ---

# Dune: 3 loans, all by Ann (1 borrower); Emma: 2 loans by Bob and Cy (2 borrowers); Ulysses: 1 loan by Bob.
# By loans: Dune 3 > Emma 2 > Ulysses 1. By distinct borrowers Emma (2) would come first, Dune and Ulysses tie at 1.
LOANS = ("Loan No,Borrower,Book Title,Loan Date\n7001,Ann,Dune,2025-03-01\n7002,Bob,Emma,2025-03-02\n"
         "7003,Ann,Dune,2025-03-05\n7004,Cy,Emma,2025-03-07\n7005,Ann,Dune,2025-04-01\n7006,Bob,Ulysses,2025-04-02\n")


@pytest.mark.parametrize("question, expected", [
    ("Which book was borrowed the most times?", {"Dune": 3}),
    ("Which book was borrowed the most?", {"Dune": 3}),
    ("Which book was borrowed the least times?", {"Ulysses": 1}),
    ("What are the 2 books borrowed the most times?", {"Dune": 3, "Emma": 2}),
])
def test_c_borrowed_ranks_books_by_their_loans(question, expected):
    result = _ask(LOANS, question)
    assert {g.key[0]: g.value for g in result.groups} == expected
    assert result.op == "count"


def test_c_borrowed_beside_books_is_the_verb():
    result = _ask(LOANS, "How many different books were borrowed?")
    assert result.value == 3  # Dune, Emma, Ulysses


# --- refusals turned into answers on strong evidence ---

# 'matches' is the first (not the last) word of the one date header Match Date: the rows, not distinct dates.
# 5 matches on 3 dates; home goals 3, 0, 4, 1, 5 (more than 3: rows 3 and 5); Dean referees rows 1, 2, 4.
LEAGUE = ("Match Date,Home Team,Away Team,Home Goals,Away Goals,Attendance,Referee\n"
          "2025-01-11,Ash,Birch,3,0,1000,Dean\n2025-01-11,Cedar,Dale,0,2,2000,Dean\n"
          "2025-01-18,Birch,Cedar,4,1,3000,Taylor\n2025-02-01,Dale,Ash,1,1,4000,Dean\n"
          "2025-02-01,Ash,Cedar,5,0,5000,Taylor\n")


@pytest.mark.parametrize("question, expected", [
    ("How many matches had more than 3 home goals?", 2),
    ("How many matches did Dean referee?", 3),
    ("How many matches were refereed by Dean in January 2025?", 2),   # rows 1, 2 (row 4 is in February)
    ("How many matches in January 2025?", 3),          # not the 2 different dates of January
    ("What is the average attendance in matches refereed by Taylor?", 4000),   # (3000 + 5000) / 2
])
def test_matches_of_match_date_are_the_rows(question, expected):
    assert _ask(LEAGUE, question).value == expected


# Debit (£) beside Credit (£): 'spend' is the money going out.
# Debits: Groceries 40 (Alex) + 60 (Sam); Rent 500 (Sam); Salary has a credit of 2000 only.
LEDGER = ("Date,Category,Debit (£),Credit (£),Paid By\n2025-01-02,Groceries,40,,Alex\n2025-01-05,Rent,500,,Sam\n"
          "2025-01-09,Salary,,2000,Sam\n2025-02-03,Groceries,60,,Sam\n")


@pytest.mark.parametrize("question, expected", [
    ("How much did we spend on groceries?", 100),
    ("How much did Sam spend in total?", 560),        # not 2,560 with the salary credit
    ("What was the total spending in January 2025?", 540),
])
def test_spend_is_the_debit_beside_a_credit(question, expected):
    result = _ask(LEDGER, question)
    assert result.value == expected and result.column == "Debit (£)"


def test_spend_with_one_amount_column_keeps_its_rules():
    # no credit column: 'spend' is the one money column as before (40 + 60)
    csv = "Date,Category,Amount\n2025-01-02,Groceries,40\n2025-02-03,Groceries,60\n"
    assert _ask(csv, "How much did we spend on groceries?").value == 100


# 30 loans 7001..7030: loan 7000 + k has Borrower ['Ann', 'Bob', 'Cy'][k % 3], Book Title 'Book k' and
# Loan Date 2025-04-(k % 28 + 1); 'loan' begins two headers (Loan No, Loan Date), so it reads as the rows
MANY_LOANS = "Loan No,Borrower,Book Title,Loan Date\n" + "".join(
    f"{7000 + k},{['Ann', 'Bob', 'Cy'][k % 3]},Book {k},2025-04-{k % 28 + 1:02d}\n" for k in range(1, 31))


def test_the_id_noun_then_its_number_names_the_row():
    # 'loan 7004': k = 4, Borrower ['Ann', 'Bob', 'Cy'][1] = 'Bob', Book Title 'Book 4'
    outcome = router_agent(MANY_LOANS, engine=ENGINE).ask("What is the book title of loan 7004?")
    assert outcome.status == "answered", outcome.answer
    assert "Book 4" in outcome.answer and "Book 14" not in outcome.answer


# Restock dates: 2025-02-28, 2025-03-01, 2025-04-30, 2025-05-01, 2025-06-15.
STOCK = ("Product,Last Restocked,Qty\nA,2025-02-28,5\nB,2025-03-01,6\nC,2025-04-30,7\nD,2025-05-01,8\n"
         "E,2025-06-15,9\n")


@pytest.mark.parametrize("question, expected", [
    ("How many rows were restocked after April 2025?", 2),    # D, E (C is on April's last day)
    ("How many rows were restocked before March 2025?", 1),   # A (B is on March's first day)
])
def test_after_a_month_and_year_is_past_that_whole_month(question, expected):
    assert _ask(STOCK, question).value == expected


def test_a_period_with_several_date_columns_names_them():
    # April 2025 holds a Loan Date (row 2) and a Due Date (row 1): which date is meant is not said
    csv = "Loan No,Loan Date,Due Date,Fine\n1,2025-03-20,2025-04-03,2\n2,2025-04-01,2025-04-15,3\n"
    reason = _refusal(csv, "What is the total fine in April 2025?")
    assert "Loan Date" in reason and "Due Date" in reason and "which date" in reason
