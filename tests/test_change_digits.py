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


def test_a_float_beyond_exact_integers_is_written_to_15_digits_after_about():
    from agent.value_format import fmt, fmt_key

    # 123456789012345678901234567890 read as a double is 1.2345678901234568e+29: 15 significant
    # digits are 123,456,789,012,346 followed by 15 zeros; an int of any size stays exact.
    assert fmt(1.2345678901234568e29) == "about 123,456,789,012,346,000,000,000,000,000"
    assert fmt(123456789012345678901234567890) == "123,456,789,012,345,678,901,234,567,890"
    assert fmt(2.0 ** 53 - 1) == "9,007,199,254,740,991" and fmt_key(1e20) == "about 100,000,000,000,000,000,000"


def test_a_thirty_digit_total_never_shows_digits_the_double_lost():
    from tests.helpers import router_agent

    outcome = router_agent("Name,Value\nBig,123456789012345678901234567890\nSmall,1\n").ask("What is the total Value?")
    assert "about 123,456,789,012,346,000,000,000,000,000" in outcome.answer, outcome.answer
    assert "877,719,597,056" not in outcome.answer  # the double's own trailing digits
