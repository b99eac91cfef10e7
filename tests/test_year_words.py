"""'year' names the table's one column of calendar years (agent/router/year_words.py): 'what year had
the largest number of candidates elected?' on 'Year of election'; answers read off the tables by
hand. Two calendar columns, a period ('a year', 'per year') or a column with a value outside 1000-2999
leave 'year' unread."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.router.lexicon import build_lexicon
from agent.router.link import read
from agent.router.router import Router
from agent.router.calendar import calendar_columns
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
ELECTED = "Year of election,Candidates elected,Seats\n1986,50,100\n1990,74,100\n1994,60,100\n"
RELEASES = "Release,Artist,Title\n2004,Ann,Tide\n2005,Bo,Moon\n2005,Cy,Sun\n2007,Di,Star\n"
BUILDINGS = "Name,Built,Closed\nAlpha,1900,1950\nBeta,1910,1960\nGamma,1920,1970\n"
COUNTS = "Name,Built,Floors\nAlpha,1900,12\nBeta,1910,30\nGamma,1920,7\n"


@pytest.mark.parametrize("csv, question, answer", [
    (ELECTED, "what year had the largest number of candidates elected?", "1990"),  # 74 > 60 > 50
    (ELECTED, "which year had the fewest candidates elected?", "1986"),  # 50
    (RELEASES, "which year had the most artists?", "2005"),  # Bo and Cy
])
def test_year_names_the_calendar_column_by_hand(csv, question, answer):
    outcome, _ = router_ask(csv, question)
    assert outcome.answer.startswith(answer) or f" {answer}" in outcome.answer.splitlines()[0], outcome.answer


def test_calendar_columns_by_hand():
    assert calendar_columns(table_from_text(BUILDINGS, "t.csv")) == ("Built", "Closed")
    assert calendar_columns(table_from_text(COUNTS, "t.csv")) == ("Built",)  # floors 7-30 are no years


def test_period_year_not_linked():
    table = table_from_text(RELEASES, "t.csv")
    reading = read("how many artists were there a year?", build_lexicon(table, CONFIG.router))
    assert not any(i.text.lower() == "year" and i.kind == "column" for i in reading.items), reading.items


def test_two_calendar_columns_refused():
    question, table = "which year had the most names?", table_from_text(BUILDINGS, "t.csv")  # Built or Closed
    assert "year" in read(question, build_lexicon(table, CONFIG.router)).unmatched
    decision = Router(table, CONFIG.router).route(question)
    assert decision.plan is None and "'year'" in decision.abstain, decision.abstain
