"""Differences between two rows' values (agent/router/differences.py): 'how many more X did A have
than B' is X(A) - X(B); answers worked by hand; unknown words, rows in several cells, or no numeric
column refuse naming the words."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.queries import ChangeArgs
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
AIRPORTS = ("City,Passengers,Flights\nLos Angeles,13000,40\nSaskatoon,533,4\nVictoria,100,2\nSaskatoon North,90,1\n")
PEOPLE = "Name,Team,Height (cm),Weight\nOliver Venno,A,204,90\nRait Rikberg,A,168,70\nAnn Lee,B,170,60\n"


@pytest.mark.parametrize("csv, question, answer", [
    (AIRPORTS, "how many more passengers did los angeles have than saskatoon?", 12467),  # 13000 - 533
    (AIRPORTS, "how many fewer flights did victoria have than saskatoon?", -2),  # 2 - 4: the first minus the second
    (PEOPLE, "how much taller is oliver venno than rait rikberg?", 36),  # 204 - 168
    (PEOPLE, "how much heavier is ann lee than oliver venno?", -30),  # 60 - 90
])
def test_differences_answered_by_hand(csv, question, answer):
    outcome, result = router_ask(csv, question)
    assert isinstance(outcome.plan, ChangeArgs) and result.absolute == answer


@pytest.mark.parametrize("csv, question, words", [
    (AIRPORTS, "how many more passengers flew to los angeles than to saskatoon?", "'flew'"),
    (AIRPORTS, "how many more passengers did los angeles have than toronto?", "'toronto' is not a value"),
    (PEOPLE, "how many more did team a have than b?", "'team'"),  # 'A' is in two rows: no first row, 'team' unread
    (PEOPLE, "how much wiser is ann lee than rait rikberg?", None),  # not this shape: no difference read
    (AIRPORTS, "how many more passengers and flights did los angeles have than victoria?", "which column"),
])
def test_differences_refused_naming_the_words(csv, question, words):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert not isinstance(decision.plan, ChangeArgs)
    if words is not None:
        assert decision.plan is None and words in decision.abstain, decision.abstain
