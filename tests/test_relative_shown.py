"""A column named only inside a relative clause of having ('the first date that had official
guests') is a condition on the rows, never the value shown (agent/router/verify/shown.py,
check_relative_shown). Tiny tables, values by hand."""

from __future__ import annotations

from tests.helpers import router_agent

# The first row has no guests; the first date that had guests is 'August 1976' (row 2).
CONVENTIONS = ("Dates,Location,Official guests\nJuly 1972,Chicago,\nAugust 1976,Playboy Towers,Stan Lee\n"
               "August 1977,Pick-Congress,Jenette Kahn\n")


def test_a_column_named_in_a_relative_clause_of_having_is_not_shown():
    outcome = router_agent(CONVENTIONS).ask("what was the first date that had official guests?")
    assert outcome.status == "abstained", outcome.answer
    assert "that had official guests" in outcome.answer


def test_a_column_asked_outright_is_shown():
    outcome = router_agent(CONVENTIONS).ask("which location is listed first?")
    assert outcome.status == "answered" and "Chicago" in outcome.answer, outcome.answer
