"""Trial 9: 'from A to B' / 'A through B' over one column is a range, never the two ends alone
(router/ranges.py). The old reading, IN (A, B), left out the values between: 'the total kwh
from 2025-01 to 2025-03' was 300 + 460 where 300 + 380 + 460 is meant. Over a text column it is
refused, naming the range; over numbers it is BETWEEN, both ends included (tests/test_ordered_ranges.py
has dates and years); 'A or B' and 'A and B' stay either value; 'between 2 and 4' reads. Counts by hand."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

BILLS = "month,kwh\n2025-01,300\n2025-02,380\n2025-03,460\n2025-04,200\n"
STARS = "item,stars\na,1\nb,2\nc,3\nd,4\ne,5\nf,3\n"


@pytest.mark.parametrize("table, question", [
    (BILLS, "What is the total kwh from 2025-01 to 2025-03?"),
    (BILLS, "What is the total kwh for 2025-01 through 2025-03?"),
])
def test_a_range_of_two_text_values_is_refused(table, question):
    outcome = router_agent(table).ask(question)
    assert outcome.status == "abstained", outcome.answer
    assert "range" in outcome.answer


def test_either_value_and_between_still_read():
    agent = router_agent(BILLS)
    either = agent.ask("What is the total kwh for 2025-01 or 2025-03?")
    assert either.status == "answered" and either.results[-1].result.value == 300 + 460, either.answer
    between = router_agent(STARS).ask("How many items have stars between 2 and 4?")
    assert between.status == "answered" and between.results[-1].result.value == 4, between.answer  # b, c, d, f


@pytest.mark.parametrize("question", ["How many items have stars from 2 to 4?", "How many items have stars 4 through 2?"])
def test_a_range_of_numbers_counts_every_value_between(question):
    outcome = router_agent(STARS).ask(question)
    assert outcome.status == "answered" and outcome.results[-1].result.value == 4, outcome.answer  # b, c, d, f
