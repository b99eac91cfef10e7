"""'which venue is listed the most' / 'what result occurred the least' (agent/router/vocabulary.py
FREQUENCY_ORDER): the value in the most (fewest) rows; counts by hand on the table below."""

from __future__ import annotations

import re

import pytest

from tests.helpers import router_ask

VENUES = "Year,Venue\n2001,Athens\n2002,Rome\n2003,Athens\n2004,Paris\n2005,Rome\n2006,Athens\n"  # 3, 2, 1


@pytest.mark.parametrize("question, venue", [
    ("which venue is listed the most?", "Athens"), ("which venue is listed the least?", "Paris"),
    ("which venue appears the most?", "Athens"), ("what venue occurred the least?", "Paris"),
])
def test_listed_the_most_is_the_most_frequent(question, venue):
    outcome, _ = router_ask(VENUES, question)
    assert venue in outcome.answer
    assert not any(re.search(rf"\b{other}\b", outcome.answer) for other in {"Athens", "Rome", "Paris"} - {venue})
