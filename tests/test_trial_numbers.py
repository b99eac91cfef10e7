"""Kinds of wrong numbers from a user trial (no model: the router answers alone), end to end on tiny
tables written here; every expected value is worked out by hand in the comments."""

from __future__ import annotations

import pytest

from agent.numbers import AmbiguousNumber, question_number
from tests.helpers import router_agent as agent_for, router_ask as ask

# Semicolon-delimited, decimal comma: prices 1.5, 0.25, 10, 2.75.
SEMI = "name;price;qty\nApple;1,50;3\nBanana;0,25;12\nCherry;10,00;1\nDate;2,75;4\n"
# Decimal comma with point thousands: 1234.5, 999.99, 12.
EU = "Artikel;Preis;Menge\nA;1.234,50;2\nB;999,99;1\nC;12,00;5\n"
# Decimal point: 1.5, 0.25, 2500.
DOT = "name,price\nA,1.5\nB,0.25\nC,2500.0\n"
# Whole numbers only: no decimal convention shown.
WHOLE = "name,qty\nA,1\nB,500\nC,2000\n"


def abstains(csv: str, question: str) -> str:
    outcome = agent_for(csv).ask(question)
    assert outcome.status != "answered", outcome.answer
    return outcome.answer


@pytest.mark.parametrize("text, convention, expected", [
    ("2,5", "comma", 2.5), ("1.000", "comma", 1000.0), ("1.000", "dot", 1.0), ("1,000", "dot", 1000.0),
    ("1,000", None, 1000.0), ("1,000", "comma", 1.0), ("1.000,00", "dot", 1000.0), ("1,000.50", "comma", 1000.5),
    ("1.000.000", None, 1e6), ("-3,5", "comma", -3.5), ("$1,200", None, 1200.0), ("0.25", "comma", 0.25),
])
def test_question_number_reads_by_the_columns_convention(text, convention, expected):
    assert question_number(text, convention) == expected


@pytest.mark.parametrize("text, convention", [("2,5", "dot"), ("2,5", None), ("1.000", None), ("1,00.0", "dot")])
def test_question_number_refuses_an_ambiguous_number(text, convention):
    with pytest.raises(AmbiguousNumber, match=text.replace(".", r"\.")):
        question_number(text, convention)


@pytest.mark.parametrize("csv, question, expected", [
    (SEMI, "How many items have price less than 2,5?", 2),       # 1.5, 0.25
    (SEMI, "How many items have price above 1,5?", 2),           # 10, 2.75 (1.5 is not above)
    (SEMI, "What is the total qty where price is between 1 and 2,75?", 7),  # 1.5 (3) + 2.75 (4)
    (EU, "How many rows have Preis above 1.000?", 1),            # 1234.5
    (EU, "How many rows have Preis above 1.000,00?", 1),
    (EU, "How many rows have Preis below 1.000?", 2),            # 999.99, 12
    (DOT, "How many rows have price above 1.000?", 2),           # 1.5, 2500 (read as 1)
    (DOT, "How many rows have price above 1,000?", 1),           # 2500
])
def test_decimal_numbers_in_questions_follow_the_column(csv, question, expected):
    _, result = ask(csv, question)
    assert result.value == expected


@pytest.mark.parametrize("csv, question, named", [
    (DOT, "How many rows have price less than 2,5?", "2,5"),     # decimal comma, point column
    (WHOLE, "How many rows have qty above 1.000?", "1.000"),     # 1 or 1000: whole numbers show neither
])
def test_ambiguous_question_numbers_are_refused_by_name(csv, question, named):
    assert named in abstains(csv, question)


# --- 2. schema linking: the column named exactly beats a decorated one; equal names abstain ---

# 💰 Price sums to 30, Price to 3.
DECORATED = "Product,💰 Price,Price\nA,10,1\nB,20,2\n"
# The file repeats 'Price' (the loader renames the second 'Price.1'): 'Price' names both.
REPEATED = "Product Name,💰 Price,Price,Price,Region \nWidget,10,1,100,North\nGadget,20,2,200,South\n"


@pytest.mark.parametrize("csv, question, expected", [
    (DECORATED, "What is the total Price?", 3),
    (DECORATED, "What is the total 💰 Price?", 30),   # the question writes the decorated header out
    (REPEATED, "What is the total Price.1?", 300),    # 100 + 200
])
def test_the_column_named_exactly_wins(csv, question, expected):
    _, result = ask(csv, question)
    assert result.value == expected


def test_a_repeated_header_names_both_columns_and_abstains():
    answer = abstains(REPEATED, "What is the total Price?")
    assert "'Price'" in answer and "'Price.1'" in answer


# --- 3. a unique id column: a count noun counts its rows ---

# Ids 1, 1, 2, 3: four rows, three distinct ids.
def _ids(header: str) -> str:
    return f"{header},product,qty\n1,A,2\n1,B,1\n2,A,5\n3,C,1\n"


def test_a_unique_id_counts_rows_for_its_noun():
    _, result = ask("order_id,qty\n1,2\n2,1\n5,5\n", "How many orders are there?")   # three rows, three ids
    assert result.value == 3


def test_a_noun_that_is_not_the_ids_stem_still_counts_rows():
    # 'rows' is not the id's stem: every row counts (four)
    outcome, result = ask(_ids("customer_id"), "How many rows are there?")
    assert result.value == 4


# --- 4. a question's slash date is read in the compared column's order ---

# Day-first (15/01 shows it): 15 Jan 10, 15 Feb 20, 20 Mar 30, 5 Apr 40, 6 May 50.
DMY = "event,date,amount\na,15/01/2024,10\nb,15/02/2024,20\nc,20/03/2024,30\nd,05/04/2024,40\ne,06/05/2024,50\n"
# Month-first (01/15 shows it): 15 Jan 10, 4 Feb 20, 1 Apr 30.
MDY = "event,date,amount\na,01/15/2024,10\nb,02/04/2024,20\nc,04/01/2024,30\n"
ISO = "event,date,amount\na,2024-01-15,10\nb,2024-04-05,20\n"


@pytest.mark.parametrize("csv, question, expected", [
    (DMY, "What is the total amount after 01/04/2024?", 90),   # 1 April: 40 + 50
    (DMY, "What is the total amount before 15/02/2024?", 10),  # 15 Jan only
    (MDY, "What is the total amount after 02/01/2024?", 50),   # 1 Feb: 20 + 30
    (ISO, "What is the total amount after 13/01/2024?", 30),   # only day-first is a date: 13 Jan
])
def test_slash_dates_in_questions_follow_the_column(csv, question, expected):
    _, result = ask(csv, question)
    assert result.value == expected


def test_an_ambiguous_slash_date_on_an_iso_column_is_refused():
    assert "01/04/2024" in abstains(ISO, "What is the total amount after 01/04/2024?")


# --- 5. an aggregate over no rows refuses ---

NEG = "name,balance,region\nA,-10,North\nB,5,South\nC,-3,North\nD,1000000,South\n"


def test_a_sum_over_no_rows_still_refuses():
    abstains(NEG, "What is the total balance where balance > 1000000?")


# --- 6. 'negative' / 'positive' are evidence for the condition they read as (< 0, > 0) ---

@pytest.mark.parametrize("question, expected", [
    ("How many negative balances are there?", 2),       # -10, -3
    ("How many rows have a negative balance?", 2),
    ("How many rows have a positive balance?", 2),      # 5, 1000000
])
def test_sign_words_ground_their_condition(question, expected):
    _, result = ask(NEG, question)
    assert result.value == expected


def test_a_sign_word_on_a_text_column_still_refuses():
    assert "negative" in abstains(NEG, "How many negative regions are there?")  # region is text: no sign


@pytest.mark.parametrize("question, text", [
    ("How many orders on 05.01.2024?", "05.01.2024"), ("How many orders have qty 1.2.3?", "1.2.3"),
])
def test_a_dotted_run_of_digits_that_is_no_number_is_refused_naming_it(question, text):
    answer = abstains("order,day,qty\nA,2024-01-05,1\nB,2024-05-01,2\n", question)
    assert f"'{text}'" in answer and "as a number" in answer
