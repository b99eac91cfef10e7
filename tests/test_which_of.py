"""A choice between two rows by a measure (agent/router/which_of.py): 'who scored more goals:
A or B' is the option whose row holds the larger value; answers read off the tables by hand. Unread
words, an option that is not one row, a tie, or a standing column refuse naming the words."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.queries import RankArgs
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
SCORERS = "Player,Club,Goals,Rank\nAlly McCoist,Rangers,34,1\nMark Hateley,Rangers,19,2\nTommy Coyne,Celtic,19,3\n"
RACES = "Year,Laps,Driver\n1985,380,Al Unser\n1988,394,Rick Mears\n1990,300,Arie Luyendyk\n"
PEOPLE = "Player,Height,Weight\nGarreth Lodge,188,90\nRoss Campbell,193,85\nAnn Lee,170,60\n"


@pytest.mark.parametrize("csv, question, answer", [
    (SCORERS, "who scored more goals: ally mccoist or mark hateley?", "Ally McCoist"),  # 34 > 19
    (SCORERS, "who had fewer goals, ally mccoist or mark hateley?", "Mark Hateley"),  # 19 < 34
    (PEOPLE, "who is taller garreth lodge or ross campbell?", "Ross Campbell"),  # 193 > 188
    (PEOPLE, "which player has the higher weight, ann lee or ross campbell?", "Ross Campbell"),  # 85 > 60
    (RACES, "which year had more laps, 1988 or 1985?", 1988),  # 394 > 380; Year is the options' column
    (RACES, "which year had fewer laps, 1988 or 1985?", 1985),
])
def test_choice_between_two_rows_by_hand(csv, question, answer):
    outcome, result = router_ask(csv, question)
    assert isinstance(outcome.plan, RankArgs)
    assert [row[outcome.plan.columns[0]] for row in result.rows] == [answer]


@pytest.mark.parametrize("csv, question, words", [
    (SCORERS, "who scored more goals away: ally mccoist or mark hateley?", "'away'"),
    (SCORERS, "who scored more goals: ally mccoist or rangers?", "not of one row"),  # Rangers: 2 rows
    (SCORERS, "who scored more goals: mark hateley or tommy coyne?", "neither is more"),  # 19 and 19
    (SCORERS, "who has the higher rank: ally mccoist or mark hateley?", "standing"),  # rank 1 is the top
    (SCORERS, "who scored more goals: ally mccoist or kenny dalglish?", "not a value"),
    (PEOPLE, "who is taller and heavier, ann lee or ross campbell?", "'heavier'"),
])
def test_choice_between_two_rows_refused(csv, question, words):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None and words in decision.abstain, decision.abstain
