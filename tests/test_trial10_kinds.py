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
