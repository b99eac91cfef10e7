"""Finishing places (agent/router/standings.py, verify/standings.py): 'who came in first?',
'which nation finished first?', 'which player came in first place?' read the one row whose standing
column reads 1, numeric or written as text ('1', '1st', 'T4'); near misses refuse. Answers below
are read off the hand-made tables by eye."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.router.router import Router
from agent.router.standings import standing_value
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
# Listed by car number, not by finish: the first row finished 3rd; Pos is text ('Ret').
RACE = "No,Pos,Driver,Team\n7,3,Ann Lee,Red\n2,1,Bo Chan,Blue\n5,2,Cy Diaz,Green\n9,Ret,Di Ek,Red\n"
# Golf leaderboard: places written with ties ('T3'), one row at 1.
GOLF = "Place,Player,Country\n1,Al Ng,Japan\n2,Ben Ox,Spain\nT3,Cal Po,Chile\nT3,Dee Qu,Peru\n"
# Medal table with a numeric Rank, listed alphabetically.
MEDALS = "Nation,Rank,Gold\nAustria,2,3\nBrazil,1,5\nChad,3,1\n"
# One athlete's results: Position written '1st'; Event is the same in most rows.
ATHLETE = ("Year,Competition,Position,Event\n2003,Junior Games,2nd,Shot put\n2005,U23 Cup,1st,Shot put\n"
           "2006,World Cup,8th,Shot put\n2007,Indoor Cup,4th,Discus\n")
# Two rows tied at 1.
TIED = "Place,Player\nT1,Al Ng\nT1,Ben Ox\n3,Cal Po\n"


@pytest.mark.parametrize("csv, question, answer", [
    (RACE, "who came in first?", "Bo Chan"),  # Pos '1' is the 2nd row, never the file's first (Ann Lee)
    (RACE, "who finished first?", "Bo Chan"),
    (RACE, "which driver came in first?", "Bo Chan"),
    (GOLF, "which player came in first place?", "Al Ng"),  # Place is text ('T3')
    (MEDALS, "which nation came in first?", "Brazil"),  # Rank = 1 is Brazil, listed second
    (ATHLETE, "which competition did he place in first?", "U23 Cup"),  # Position '1st'
])
def test_the_row_at_first_place_answers(csv, question, answer):
    _, result = router_ask(csv, question)
    assert [next(iter(r.values())) for r in result.rows] == [answer]


@pytest.mark.parametrize("csv, question, words", [
    (ATHLETE, "which event did he place in first?", "hardly tells"),  # Event is 'Shot put' in 3 of 4 rows
    (TIED, "who came in first?", "one row at 1"),  # T1 twice: two rows, neither alone is first
    (MEDALS, "which nation came in last place?", "place"),  # 'last' is no standing number
    (MEDALS, "which nation took first place?", "'place'"),  # 'place' names no column here (Rank is no place)
    (RACE, "who came in second?", ""),  # only 'first' is read as a standing: refused, never Cy Diaz
    (RACE, "who came in first in the rain?", ""),  # a word no part reads
])
def test_near_misses_refuse(csv, question, words):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None and words in decision.abstain, decision.abstain


def test_without_a_placing_verb_first_stays_the_tables_order():
    _, result = router_ask(RACE, "who is the first driver listed?")
    assert [next(iter(r.values())) for r in result.rows] == ["Ann Lee"]


@pytest.mark.parametrize("cell, value", [
    (1.0, 1), ("1", 1), ("1st", 1), ("T3", 3), ("=2", 2), ("3.", 3), ("Ret", None), ("17th (q)", None), (0.0, None),
])
def test_standing_cells(cell, value):
    assert standing_value(cell) == value
