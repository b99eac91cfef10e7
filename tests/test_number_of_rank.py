"""'how many total medals did norway win' where 'medals' is the unit Total counts
(agent/router/planner.py `_unit_after`): 'total' names the column Total. Answers by hand below."""

from __future__ import annotations

import pytest

from tests.helpers import router_ask

MEDALS = ("Rank,Nation,Gold,Silver,Bronze,Total\n"
          "1,Kenya,3,1,0,4\n2,Norway,2,0,1,3\n3,Chile,0,2,2,4\n4,Peru,0,1,0,1\n5,Japan,0,0,1,1\n")


@pytest.mark.parametrize("question, number", [
    ("how many total medals did chile win?", "4"),  # Total = Gold + Silver + Bronze on every row
    ("how many total medals did norway win?", "3"),
])
def test_total_then_its_unit_names_the_column(question, number):
    outcome, _ = router_ask(MEDALS, question)
    assert outcome.answer.rstrip(".").endswith(f" {number}"), outcome.answer

