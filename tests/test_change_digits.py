"""A two-row difference is stated with every digit (trial 16: 'a change of +3.019e+04' for a salary
gap of 30,192, four significant figures read as the answer). Tiny table, gaps by hand."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

SALARIES = "Name,Salary\nAnn Lee,53199\nBob Ortiz,83391\nHal Kim,52179.5\n"


@pytest.mark.parametrize("question, shown", [
    ("What is the difference between Ann Lee's salary and Bob Ortiz's salary?", "+30,192"),  # 83391 - 53199
    ("How much more Salary does Bob Ortiz have than Hal Kim?", "+31,211.5"),  # 83391 - 52179.5
])
def test_a_difference_keeps_every_digit(question, shown):
    outcome = router_agent(SALARIES).ask(question)
    assert outcome.status == "answered" and f"a change of {shown} " in outcome.answer, outcome.answer
    assert "e+" not in outcome.answer
