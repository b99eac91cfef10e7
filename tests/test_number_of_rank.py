"""'which nation won the least number of bronze medals' where each nation is one row
(agent/router/planner.py `_ranks_rows`): the count words name the quantity, so the rows rank by
the column's value. Answers by hand on the table below."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent, router_ask

MEDALS = ("Rank,Nation,Gold,Silver,Bronze,Total\n"
          "1,Kenya,3,1,0,4\n2,Norway,2,0,1,3\n3,Chile,0,2,2,4\n4,Peru,0,1,0,1\n5,Japan,0,0,1,1\n")


@pytest.mark.parametrize("question, nation", [
    ("which nation won the most number of gold medals?", "Kenya"),
    ("which nation won the highest number of bronze medals?", "Chile"),
    ("which nation won the largest number of silver medals?", "Chile"),
])
def test_number_of_ranks_the_rows(question, nation):
    outcome, _ = router_ask(MEDALS, question)
    others = {"Kenya", "Norway", "Chile", "Peru", "Japan"} - {nation}
    assert nation in outcome.answer and not any(o in outcome.answer for o in others), outcome.answer


def test_number_of_without_a_ranking_still_refuses():
    """'how many gold medals' over several rows, with no ranking: a total or distinct values?"""
    outcome = router_agent(MEDALS).ask("what number of gold medals were there?")
    assert outcome.status != "answered", outcome.answer


@pytest.mark.parametrize("question, number", [
    ("how many total medals did chile win?", "4"),  # Total = Gold + Silver + Bronze on every row
    ("how many total medals did norway win?", "3"),
])
def test_total_then_its_unit_names_the_column(question, number):
    outcome, _ = router_ask(MEDALS, question)
    assert outcome.answer.rstrip(".").endswith(f" {number}"), outcome.answer

