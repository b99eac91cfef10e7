"""Rows picked by a condition, their label shown (agent/router/which_rows.py): 'which kingdom had
30 villages' lists the kingdoms of the rows where Villages = 30, when each kingdom is one row.
Expected labels read off the hand-made tables by hand; a label that repeats over rows refuses."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.queries import DistinctArgs
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
KINGDOMS = ("Name of Kingdom,Capital,Villages\nAnga,Champa,12\nMagadha,Rajagriha,30\nKashi,Varanasi,8\n"
            "Kosala,Ayodhya,9\n")
# Team repeats: one row per game
GAMES = "Team,Opponent,Points\nAlpha,Beta,101\nBeta,Gamma,88\nAlpha,Gamma,70\nGamma,Beta,95\n"


@pytest.mark.parametrize("question, labels", [
    ("which kingdom had 30 villages?", ["Magadha"]),
    ("which kingdoms had fewer than 10 villages?", ["Kashi", "Kosala"]),  # 8 and 9
    ("what capital had more than 20 villages?", ["Rajagriha"]),  # 30
])
def test_labels_of_the_rows_a_condition_picks(question, labels):
    outcome, result = router_ask(KINGDOMS, question)
    assert isinstance(outcome.plan, DistinctArgs)
    assert [v.value for v in result.values] == labels


@pytest.mark.parametrize("csv, question", [
    (GAMES, "which team scored more than 100 points?"),  # a team's games or its total? Team repeats
    (KINGDOMS, "which kingdom had 31 villages before 1900?"),  # '1900' and 'before' read by nothing
])
def test_labels_refused(csv, question):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None, decision.plan
