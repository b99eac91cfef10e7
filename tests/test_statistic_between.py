"""'the correlation between A and B' (router/conditions.comparison): 'between' before a column in
a statistic question joins the statistic's two columns; it was read as a comparison and refused
("'between' is not followed by a number or date"). Pearson's r by the standard library."""

from __future__ import annotations

import statistics

import pytest

from tests.helpers import router_agent

BILLS = "month,kwh,cost\n2025-01,410,120\n2025-02,380,118\n2025-03,350,101\n2025-04,300,99\n2025-05,260,70\n"


@pytest.mark.parametrize("question", ["What is the correlation between kwh and cost?",
                                      "What is the correlation of kwh and cost?"])
def test_the_correlation_between_two_columns(question):
    outcome = router_agent(BILLS).ask(question)
    assert outcome.status == "answered", outcome.answer
    r = statistics.correlation([410, 380, 350, 300, 260], [120, 118, 101, 99, 70])
    assert outcome.results[-1].result.value == pytest.approx(r)
