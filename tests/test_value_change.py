"""A change between two values of one text column ('the percentage change in kwh from 2025-01 to
2025-06', month holding text): the two rows compared (router/limits.two_values, kind.recognise).
It was refused ("I can compute it between two periods of one column"), since only numbers and
dates were read as periods. Changes by hand."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

BILLS = "month,kwh\n2025-01,410\n2025-02,380\n2025-03,350\n2025-06,240\n"


@pytest.mark.parametrize("question, change", [
    ("What is the change in kwh from 2025-01 to 2025-06?", 240 - 410),
    ("What is the percentage change in kwh from 2025-01 to 2025-06?", 100 * (240 - 410) / 410),
    ("How much did kwh change from 2025-02 to 2025-03?", 350 - 380),
])
def test_a_change_between_two_text_values(question, change):
    outcome = router_agent(BILLS).ask(question)
    assert outcome.status == "answered", outcome.answer
    result = outcome.results[-1].result
    got = result.percent if "percentage" in question else result.absolute
    assert got == pytest.approx(change)
