"""A number said right before the numeric column it is a value of ('reviews have 5 stars', 'rows
with 4 stars') is that column's condition, and the column is then used up (router/bare_number.py):
'how many' counts the rows, never 'how many stars' (was refused: 'total or distinct values?').
Counts by hand over the table below."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

REVIEWS = "product,stars,price\nKettle,5,30\nKettle,4,30\nToaster,5,20\nLamp,3,15\nLamp,5,15\nFan,2,40\n"


@pytest.mark.parametrize("question, value", [
    ("How many reviews have 5 stars?", 3),
    ("How many rows have 5 stars?", 3),
    ("What is the average price of reviews with 5 stars?", (30 + 20 + 15) / 3),
    ("What is the total price of rows with 4 stars?", 30),
])
def test_a_number_before_its_column_is_the_condition(question, value):
    outcome = router_agent(REVIEWS, "reviews.csv").ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(value)
