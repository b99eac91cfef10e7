"""A bound said twice, read once (agent/router/redundant_bounds.py, via postfix.py): 'at least 20
points or more' is 'at least 20 points'. Counts read off the small table by hand; a trailing word
the other way ('at least 46 or under') or words after the noun are left as written."""

from __future__ import annotations

import pytest

from agent.router.postfix import postfix_comparisons
from tests.helpers import router_ask

DRIVERS = "Driver,Team,Points\nAnn Lee,Red,25\nBo Diaz,Blue,20\nCy Ng,Red,19\nDee Fox,Green,4\nEd Poe,Blue,3\n"


@pytest.mark.parametrize("question, count", [
    ("how many drivers earned at least 20 points or more?", 2),  # 25, 20
    ("how many drivers scored at least 4 or more points?", 4),  # 25, 20, 19, 4
    ("how many drivers scored at most 4 points or fewer?", 2),  # 4, 3
])
def test_bound_said_twice_counts_by_hand(question, count):
    _, result = router_ask(DRIVERS, question)
    assert result.value == count


@pytest.mark.parametrize("question, restated", [
    ("at least 20 points or more?", "at least 20 points?"),
    ("at least 4 or more points", "at least 4 points"),
    ("at least four titles or more", "at least four titles"),
    ("at least 20% or more", "at least 20%"),
    ("at least 46 minutes or under", "at least 46 minutes or under"),  # the two disagree: as written
    ("at least 20 points or more rebounds", "at least 20 points or more rebounds"),  # words after: as written
])
def test_restated_once(question, restated):
    assert postfix_comparisons(question)[0] == restated
