"""The difference of a measure between two rows (agent/router/between.py): 'the difference in
attendance between A and B' is the larger value minus the smaller; answers worked by hand. Unread
words, a row that is not one cell, no numeric column, or a row without a number refuse."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.queries import ChangeArgs
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
GAMES = "Date,Opponent,Attendance,Score\nJuly 7,Tigers,30100,3\nJuly 8,Yankees,27908,5\nJuly 9,Tigers,,2\n"
TOWERS = "Name,Height ft,Floors\nKey Tower,947,57\n200 Public Square,658,45\nTerminal Tower,708,52\n"


@pytest.mark.parametrize("csv, question, answer", [
    (GAMES, "what was the difference in attendance between july 7 and july 8?", 2192),  # 30100 - 27908
    (GAMES, "what was the difference in attendance between july 8 and july 7?", 2192),  # unsigned
    (TOWERS, "what is the floors difference between key tower and terminal tower?", 5),  # 57 - 52
    (TOWERS, "what is the difference in height ft between 200 public square and key tower?", 289),  # 947 - 658
])
def test_difference_between_two_rows_by_hand(csv, question, answer):
    outcome, result = router_ask(csv, question)
    assert isinstance(outcome.plan, ChangeArgs) and result.absolute == answer


@pytest.mark.parametrize("csv, question, words", [
    (GAMES, "what was the difference in home attendance between july 7 and july 8?", "'home'"),
    (GAMES, "what was the difference in attendance between july 7 and july 10?", "not a value"),
    (GAMES, "what was the difference in attendance between july 7 and july 9?", "holds no number"),
    (GAMES, "what was the difference between july 7 and july 8?", "none named"),
    (GAMES, "what was the difference in attendance and score between july 7 and july 8?", "'and'"),
    (GAMES, "what was the difference in attendance between the tigers and the yankees?", "not"),  # Tigers: 2 rows
])
def test_difference_between_two_rows_refused(csv, question, words):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert not isinstance(decision.plan, ChangeArgs)
    assert decision.plan is None and words in decision.abstain, decision.abstain
