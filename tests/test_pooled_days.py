"""A grouping by a day column without its year ('Nov 22') pools different years when the day
recurs under several Year values (agent/router/verify/partial_key.py): refused; a day column whose
days each fall in one year groups as before. Values by hand."""

from __future__ import annotations

from agent.plan import Agg, AggregateArgs
from tests.helpers import verifier_abstention

GAMES = "Year,Date,Attendance\n1986,Nov 22,60000\n1986,Dec 15,70000\n1992,Nov 22,74630\n1993,Dec 3,50000\n"
ONCE = "Year,Date,Attendance\n1986,Nov 22,60000\n1986,Nov 22,10000\n1992,Dec 15,74630\n1993,Dec 3,50000\n"
PLAN = AggregateArgs(op=Agg.sum, column="Attendance", group_by=["Date"], order="desc", limit=1)


def test_days_recurring_across_years_are_not_pooled():
    # Nov 22 sums 60000 + 74630 = 134630 over 1986 and 1992: no game drew that
    reason = verifier_abstention(GAMES, "which date had the most attendance?", PLAN)
    assert reason is not None and "several Year values" in reason, reason


def test_days_within_one_year_group_as_before():
    reason = verifier_abstention(ONCE, "which date had the most attendance?", PLAN)
    assert reason is None or "several Year values" not in reason, reason
