"""Kinds of confidently wrong answers from the second user trial, end to end (router -> plan ->
engine -> phrasing) on tiny tables written here; every expected value is worked out by hand in the
comments, and every refusal is checked to name the words it could not settle."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent as agent_for, router_ask as ask

# Two different people named Bo Lee (Sales 60, Ops 50): they share a name, not a salary.
# The highest single salary is Cy Wu's 90; Bo Lee's two rows add to 110, which nobody earns.
# 'joined' holds dates written two ways, so it stays text: one value per row, but not a name.
STAFF = ("employee,dept,salary,joined\n"
         "Al Fox,Ops,70,2019-01-02\nBo Lee,Sales,60,03/04/2020\nBo Lee,Ops,50,2021-05-06\n"
         "Cy Wu,Sales,90,2018-07-08\nDi Ng,Ops,40,09/10/2022\n")
# The same people with one name each: 'who' is answered by the name column.
UNIQUE = ("person,dept,salary\nAl Fox,Ops,70\nBo Lee,Sales,60\nCy Wu,Sales,90\nDi Ng,Ops,40\n")


def refuses(csv: str, question: str) -> str:
    """The refusal text of `question` over `csv` (fails when it is answered)."""
    outcome = agent_for(csv).ask(question)
    assert outcome.status != "answered", outcome.answer
    return outcome.answer


# --- 1. 'who' is answered by a column of names, never by a text column of dates or codes ---

@pytest.mark.parametrize("question", ["Who has the highest salary?", "Who has the lowest salary?",
                                      "Which person has the highest salary?"])
def test_who_is_never_answered_by_a_date_column(question):
    answer = refuses(STAFF, question)
    assert "2018" not in answer and "09/10" not in answer  # Cy Wu's / Di Ng's joined dates
    assert "name" in answer  # it asks for the column of names to show


@pytest.mark.parametrize("question, name", [
    ("Who has the highest salary?", "Cy Wu"),   # 90 is the highest of 70, 60, 90, 40
    ("Who has the lowest salary?", "Di Ng"),    # 40
])
def test_who_is_answered_by_the_name_column(question, name):
    outcome, _ = ask(UNIQUE, question)
    assert outcome.answer.startswith(name) or f" {name}" in outcome.answer


def test_codes_do_not_name_who():
    # 'code' is text (leading zeros, one per row) but holds digits only: no name to give
    csv = "code,score\n007,5\n012,9\n003,7\n"
    answer = refuses(csv, "Who has the highest score?")
    assert "012" not in answer


# --- 2. a per-row quantity over a key that repeats: never namesakes' salaries added ---

@pytest.mark.parametrize("question", [
    "Which employee has the highest salary?",
    "List the 3 employees with the highest salary",
    "Which dept has the highest salary?",   # Ops: average 53.3, total 160, highest 70; Sales: 75, 150, 90
])
def test_salary_ranked_over_a_repeating_key_asks_which(question):
    answer = refuses(STAFF, question)
    assert "110" not in answer and "salary" in answer.lower()
    assert "average" in answer and "total" in answer


def test_a_total_asked_for_is_still_given():
    outcome, result = ask(STAFF, "Which dept has the highest total salary?")
    # Ops 70 + 50 + 40 = 160; Sales 60 + 90 = 150
    assert outcome.answer.startswith("Ops") and result.groups[0].value == 160


# --- 3. a counted noun naming an id that repeats counts distinct ids, never lines ---

# Order lines: order 1 has two lines (shipped), order 2 one (cancelled), order 3 three (shipped),
# order 4 one (shipped): 7 lines, 4 orders; shipped orders 1, 3, 4 = 3 (6 shipped lines).
# Orders per customer: Ann {1, 4} = 2, Ben {2} = 1, Cat {3} = 1 (Cat has the most lines, 3).
LINES = ("order_id,customer,item,status\n"
         "1,Ann,pen,shipped\n1,Ann,ink,shipped\n2,Ben,pen,cancelled\n"
         "3,Cat,pen,shipped\n3,Cat,ink,shipped\n3,Cat,pad,shipped\n4,Ann,pad,shipped\n")


@pytest.mark.parametrize("question, expected", [
    ("How many orders are there?", 4),
    ("Count the orders", 4),
    ("How many orders were shipped?", 3),
])
def test_orders_on_order_lines_count_distinct_ids(question, expected):
    outcome, result = ask(LINES, question)
    assert result.value == expected and "distinct order_id" in outcome.answer


def test_the_customer_with_the_most_orders_counts_orders_not_lines():
    outcome, result = ask(LINES, "Which customer has the most orders?")
    assert outcome.answer.startswith("Ann") and result.groups[0].value == 2


def test_rows_are_still_counted_when_asked_and_unique_ids_count_rows():
    _, result = ask(LINES, "How many rows are there?")
    assert result.value == 7
    outcome, result = ask("order_id,customer\n1,Ann\n2,Ben\n3,Ann\n", "How many orders are there?")
    assert result.value == 3


# --- 4. a money word is a column only when that column is the money: never a unit price or a count ---

# Ann bought 2 x pen at 3.00 and 1 x pad at 5.00: she spent 2*3 + 1*5 = 11, not 3 + 5 = 8.
BASKET = ("customer,item,qty,unit_price\nAnn,pen,2,3.00\nAnn,pad,1,5.00\nBen,pen,4,3.00\n")
# Stock value is price x stock: 2*10 + 4*5 = 40, not the 15 units.
STOCK = ("item,price,stock\npen,2.00,10\npad,4.00,5\n")
# 'revenue' is written '1.2k', so it is text; the one numeric column is a headcount, no money.
HEADS = ("team,revenue,headcount\nA,1.2k,3\nB,950,2\n")


@pytest.mark.parametrize("csv, question, word, wrong", [
    (BASKET, "How much did Ann spend?", "spend", "8"),
    (BASKET, "What is the total amount for Ann?", "amount", "8"),
    (BASKET, "What is the average order amount?", "amount", "3.666"),  # (3 + 5 + 3) / 3 lines
    (STOCK, "What is the total value of the stock?", "value", "15"),
    (STOCK, "What is the total amount?", "amount", "6"),               # 2 + 4, a sum of prices
    (HEADS, "What is the total amount?", "amount", "5"),               # 3 + 2 people
])
def test_a_money_word_never_falls_to_a_price_or_a_count(csv, question, word, wrong):
    answer = refuses(csv, question)
    assert f"'{word}'" in answer and f" {wrong}" not in answer


@pytest.mark.parametrize("csv, question, expected", [
    (BASKET, "What is the total qty for Ann?", 3),       # 2 + 1
    (STOCK, "What is the total stock?", 15),             # 10 + 5
    (STOCK, "What is the highest price?", 4),
])
def test_named_columns_are_still_aggregated(csv, question, expected):
    _, result = ask(csv, question)
    assert result.value == expected


def test_a_total_of_a_unit_price_named_by_a_short_word_refuses():
    answer = refuses(BASKET, "What is the total price for Ann?")   # 3 + 5 = 8 is no price paid
    assert "'price'" in answer and " 8" not in answer
    _, result = ask(BASKET, "What is the total unit_price for Ann?")  # the header said in full: 3 + 5
    assert result.value == 8


def test_units_sold_is_a_quantity_not_a_price_per_unit():
    # A: 5 + 4 = 9 units, B: 3; 'discount' is no count of units
    outcome, result = ask("category,units_sold,discount\nA,5,0.1\nB,3,0.2\nA,4,0.1\n",
                          "Which category sold the most units?")
    assert outcome.answer.startswith("A") and result.groups[0].value == 9
