"""Quarters and halves of a named year are their months ('the first quarter of 2024' = January to
March 2024, both whole), never 'the first row' of that year (trial 5: the total in the first
quarter of 2024 was the earliest row's 10). A quarter or half without a year, or a period noun
this reading does not know ('the first week'), is refused naming the word. Totals by hand."""

from __future__ import annotations

import pytest

from agent.router.periods import period_ranges
from tests.helpers import router_agent, router_ask

ROWS = """when,amount
2024-01-01 00:00:00,10
2024-02-15 12:00:00,20
2024-03-31 23:30:00,40
2024-04-01 00:00:00,80
2024-06-30 18:00:00,160
2024-07-01 09:00:00,320
2024-12-26 10:00:00,640
2025-01-02 10:00:00,1280
"""


@pytest.mark.parametrize(("question", "total"), [
    ("What is the total amount in the first quarter of 2024?", 10 + 20 + 40),
    ("What is the total amount in Q1 2024?", 10 + 20 + 40),
    ("What is the total amount in 2024 Q2?", 80 + 160),
    ("What is the total amount in the third quarter of 2024?", 320),
    ("What is the total amount in the last quarter of 2024?", 640),
    ("What is the total amount in the first half of 2024?", 10 + 20 + 40 + 80 + 160),
    ("What is the total amount in the second half of 2024?", 320 + 640),
    ("What is the total amount in H2 2024?", 320 + 640),
])
def test_a_quarter_or_half_of_a_year_is_its_months(question, total):
    _, result = router_ask(ROWS, question)
    assert result.value == total


@pytest.mark.parametrize("question", [
    "What is the total amount in the first quarter?",  # which year's?
    "What is the total amount in the first week of 2024?",
    "What is the total amount in the first half of March 2024?",
])
def test_a_period_it_cannot_place_is_refused_not_the_first_row(question):
    outcome = router_agent(ROWS).ask(question)
    assert outcome.status != "answered", outcome.answer


def test_the_restatement_names_what_it_read():
    assert period_ranges("sales in the 2nd quarter of 2023") == (
        "sales in from April 2023 to June 2023", "read 'the 2nd quarter of 2023' as 'from April 2023 to June 2023'")
    assert period_ranges("the third half of 2023")[1] is None
