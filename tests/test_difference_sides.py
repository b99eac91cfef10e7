"""Differences whose sides say more than a cell (agent/router/between_sides.py, between_standings.py,
extremes.py): 'the difference between the length of A and the length of B', a side at a standing
('6th place', 'place 1'), and 'the difference between the highest X and the lowest X' (the range).
Answers worked by hand; a second column, an unread word, a tie at a standing or a standing column
the word does not name refuse."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.queries import ChangeArgs, StatisticArgs
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
CREEKS = ("Name,Country,Length,Points\nEnglish Canyon,USA,10.5,30\nMunger Creek,USA,8,44\n"
          "Hayley Wood,UK,3,12\nThorpe Wood,UK,4.5,20\n")
RACE = "Place,Name,Time,Points\n1,Ann Lee,10.5,30\n2,Bob Ray,8,44\n3,Cy Dee,3,12\n4,Di Fox,4.5,20\n"
TIED = "Place,Name,Points\n1,Ann Lee,30\nT2,Bob Ray,44\nT2,Cy Dee,12\n4,Di Fox,20\n"


@pytest.mark.parametrize("csv, question, answer", [
    (CREEKS, "what is the difference between the length of english canyon and the length of munger creek?", 2.5),
    (CREEKS, "what is the difference between english canyon's points and munger creek's points?", 14),  # 44 - 30
    (CREEKS, "what is the difference between the points earned by hayley wood and the points earned by thorpe wood?",
     8),  # 20 - 12
    (CREEKS, "what is the difference between hayley wood's and thorpe wood's length?", 1.5),  # 4.5 - 3
    (RACE, "what is the points difference between 4th place and 2nd place?", 24),  # 44 - 20
    (RACE, "what is the difference in time between first place and third place?", 7.5),  # 10.5 - 3
    (RACE, "what is the difference in points between place 1 and place 3?", 18),  # 30 - 12
])
def test_difference_of_two_rows_by_hand(csv, question, answer):
    outcome, result = router_ask(csv, question)
    assert isinstance(outcome.plan, ChangeArgs) and result.absolute == pytest.approx(answer)


@pytest.mark.parametrize("csv, question, answer", [
    (CREEKS, "what is the difference between the greatest length and the least length?", 7.5),  # 10.5 - 3
    (CREEKS, "what is the difference in points from the highest points to the lowest points?", 32),  # 44 - 12
    (CREEKS, "what is the difference between the lowest and highest points?", 32),
])
def test_difference_of_extremes_is_the_range(csv, question, answer):
    outcome, result = router_ask(csv, question)
    assert isinstance(outcome.plan, StatisticArgs) and outcome.plan.op == "range"
    assert result.value == pytest.approx(answer)


@pytest.mark.parametrize("csv, question", [
    (CREEKS, "what is the difference between the length of english canyon and the points of munger creek?"),
    (CREEKS, "what is the difference between the points lost by hayley wood and the points lost by thorpe wood?"),
    (CREEKS, "what is the difference between the length of english canyon and the length of the usa?"),  # USA: 2 rows
    (RACE, "what is the difference in points between position 1 and position 3?"),  # no Position column
    (TIED, "what is the difference in points between 2nd place and 4th place?"),  # T2 in two rows
    (CREEKS, "what is the difference between the highest length and the lowest points?"),
    (CREEKS, "what is the difference between the highest scoring name and the lowest scoring name?"),
])
def test_difference_sides_refused(csv, question):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None and decision.abstain, decision.plan
