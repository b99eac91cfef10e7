"""'first'/'last' read as the table's order (agent/router/file_order.py): shapes where that reading
answers another question refuse naming the words; plain 'the first X on the list' still answers."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
# File order is by draw, not by place: the first row is 8th.
CONTEST = "Draw,Country,Artist,Place,Points\n1,Belgium,Ann,8,10\n2,Netherlands,Bo,1,50\n3,France,Cy,2,40\n4,Total,,,95\n"
RACES = "Race,City,Winner\nGrand Prix of Miami,Miami,Ann\nLong Beach,Long Beach,Bo\n"
LIBRARIES = "Library,Opened\nAshfield,1850\nBexley,1845\n"
PLAYERS = "Name,Club\nAnn Lee,Servette\nBo Chan,Basel\n"
# Newest first: the first row is the latest winner.
SEASONS = "Year,Winner,Runner-up\n2010,Ann,Bo\n2009,Bo,Cy\n2008,Cy,Ann\n"


@pytest.mark.parametrize("csv, question, words", [
    (CONTEST, "which country took last place?", "'last place'"),  # a standing, and no one row holds 'last'
    (RACES, "what winner city was the first race?", "could not tell which"),  # Winner or City of the row?
    (CONTEST, "who was the last draw?", "'who'"),  # the last draw's number is not who
    (CONTEST, "what is the last country on the list?", "summary row"),  # 'Total' is not an entry
    (RACES, "where was the first race?", "'where'"),  # City or Race? not named
    (LIBRARIES, "which library opened first?", "'opened first'"),  # Bexley by Opened, Ashfield by the file
    (SEASONS, "who was the first winner?", "newest to oldest"),  # Cy in time, Ann listed first
    (SEASONS, "what is the first winner and runner-up?", "Runner-up"),  # two columns asked, one would be shown
    (SEASONS, "what is the first runner-up and winner on the chart?", "could not tell"),  # not the row noun: asked
    (PLAYERS, "what is the name of the first club listed?", "may be Name or Club"),  # the club's name, or Name?
])
def test_first_last_shapes_that_are_not_the_tables_order_refuse(csv, question, words):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None and words in decision.abstain, decision.abstain


@pytest.mark.parametrize("csv, question, answer", [
    (RACES, "what is the name of the first race on this chart?", "Grand Prix of Miami"),
    (RACES, "who was the last winner?", "Bo"),
    (LIBRARIES, "what is the last library on the list?", "Bexley"),
    (CONTEST, "which country took first place?", "Netherlands"),  # Place = 1, not the first row (Belgium)
    (RACES, "what is the city of the last race?", "Long Beach"),  # 'the X of the last Y': X asked of that row
    (RACES, "in what city was the first race?", "Miami"),
    (SEASONS, "who is the first winner listed?", "Ann"),  # 'listed': the table's order, as asked
])
def test_the_first_row_on_the_list_still_answers(csv, question, answer):
    _, result = router_ask(csv, question)
    assert [next(iter(r.values())) for r in result.rows] == [answer]


@pytest.mark.parametrize("question, answer", [
    ("which race is listed at the top of the chart?", "Grand Prix of Miami"),
    ("what city is at the bottom of the list?", "Long Beach"),
])
def test_at_the_top_or_bottom_is_the_first_or_last_row(question, answer):
    _, result = router_ask(RACES, question)
    assert [next(iter(r.values())) for r in result.rows] == [answer]


def test_at_the_top_with_an_unread_word_refuses():
    decision = Router(table_from_text(RACES, "t.csv"), CONFIG.router).route("which race was won at the top of the list?")
    assert decision.plan is None and "'won'" in decision.abstain, decision.abstain
