"""Ranges and comparisons of days named by month and day number: 'from March 2 to March 5'
(both ends included), 'between March 2 and March 5', 'after March 5', 'before March 1'. They were
refused ('after' is not followed by a number or date) or read as two equalities that no row meets.
Totals by hand from ROWS."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent, router_ask

ROWS = """date,store,sales
2024-02-28,A,1
2024-03-01,B,2
2024-03-02,A,4
2024-03-03,B,8
2024-03-05,A,16
2024-03-06,B,32
2024-04-02,A,64
"""


@pytest.mark.parametrize(("question", "total"), [
    ("What were the total sales from March 2 to March 5?", 4 + 8 + 16),
    ("What were the total sales from March 2, 2024 to March 5, 2024?", 4 + 8 + 16),
    ("What were the total sales from March 3 through April 2?", 8 + 16 + 32 + 64),
    ("What were the total sales between March 2 and March 5?", 4 + 8 + 16),
    ("What were the total sales after March 5?", 32 + 64),
    ("What were the total sales before March 1?", 1),
    ("What were the total sales on March 3?", 8),
    ("What were the total sales from February to March?", 1 + 2 + 4 + 8 + 16 + 32),
    # day first, as written in Britain and most of Europe
    ("What were the total sales on 3 March?", 8),
    ("What were the total sales on the 3rd of March?", 8),
    ("What were the total sales from 2 March to 5 March?", 4 + 8 + 16),
    ("What were the total sales between 2nd March and 5th March 2024?", 4 + 8 + 16),
    ("What were the total sales after 5 March?", 32 + 64),
])
def test_days_by_month_name(question, total):
    _, result = router_ask(ROWS, question)
    assert result.value == total


def test_day_first_dates_are_restated_month_first_only_after_a_date_word():
    from agent.router.day_first import day_first_dates

    assert day_first_dates("sales from 2 March to 5th of March")[0] == "sales from March 2 to March 5"
    assert day_first_dates("the top 3 March sales") == ("the top 3 March sales", None)
    assert day_first_dates("how many 5 may orders") == ("how many 5 may orders", None)


@pytest.mark.parametrize("question", [
    "What were the total sales from March 2 to April?",  # a day and a whole month
    "What were the total sales between March 2 and 5?",  # no second month
    "What were the total sales after March?",  # a whole month is no point to compare with
])
def test_unclear_ends_refuse(question):
    assert router_agent(ROWS).ask(question).status != "answered"
