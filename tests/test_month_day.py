"""A month name followed by a day number is one day ('March 2', 'May 3rd', 'March 2, 2024'), never
a month plus a bare number read on another column (trial 4, kind 3: 'How many readings were taken
on March 2?' was answered as timestamp in 2024-03 AND battery_pct = 2). Counts by hand."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.router.router import Router
from agent.table import table_from_text

# 2024-03-01: 3 readings, 2024-03-02: 2, 2024-05-03: 1; battery 2 on one row of 03-01
ROWS = """timestamp,sensor,temperature,battery
2024-03-01 00:00:00,S1,20.0,2
2024-03-01 06:00:00,S2,21.0,90
2024-03-01 12:00:00,S1,22.0,80
2024-03-02 00:00:00,S2,24.0,70
2024-03-02 12:00:00,S1,26.0,60
2024-05-03 08:00:00,S2,30.0,50
"""


@pytest.fixture(scope="module")
def router() -> Router:
    return Router(table_from_text(ROWS, "readings.csv"), load_config(env={}).router)


def _answer(router: Router, question: str):
    decision = router.route(question)
    assert decision.plan is not None, (question, decision)
    return decision


@pytest.mark.parametrize(("question", "day"), [
    ("How many readings were taken on March 2?", "2024-03-02"),
    ("How many readings were taken on March 2, 2024?", "2024-03-02"),
    ("How many readings were taken on May 3rd?", "2024-05-03"),
    ("How many readings were taken on March 1?", "2024-03-01"),
])
def test_a_month_and_day_is_that_day(router, question, day):
    plan = _answer(router, question).plan
    conditions = [(p.column, p.op.value, p.value) for p in plan.where]
    assert conditions == [("timestamp", "=", day)], conditions


def test_no_such_day_refuses(router):
    assert router.route("How many readings were taken on March 9?").plan is None  # no row that day
    assert router.route("How many readings were taken on February 30?").plan is None
