"""'total <kind>' on a table whose Total column adds that kind up on every row (agent/router/total_of.py):
'how many total gold medals' is the sum of Gold, never the Total column; answers computed by hand.
A Total column that is no row sum is no reading of 'total gold' either: a numeric column named right
after 'total' is what is totalled (trial 6: 'the total weight (kg)' beside a Total column). A row
restating the column's sum that the loader kept ('All places') keeps the refusal."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.router.lexicon import build_lexicon
from agent.router.link import read
from agent.router.router import Router
from agent.router.sums import restated_sums
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
MEDALS = "Nation,Gold,Silver,Bronze,Total\nAland,2,1,0,3\nBorea,1,1,1,3\nCaria,0,2,3,5\nDacia,4,0,1,5\n"
NOT_A_SUM = "Nation,Gold,Silver,Total\nAland,2,1,9\nBorea,1,1,3\nCaria,0,2,4\n"  # 9 != 2 + 1
ALL_PLACES = "Place,Men,Women,Total\nXa,1,2,3\nYa,3,4,7\nZa,2,1,3\nAll places,6,7,13\n"  # 7 = 2 + 4 + 1


@pytest.mark.parametrize("question, total", [
    ("how many total gold medals have been given?", "7"),  # 2 + 1 + 0 + 4
    ("what is the number of total bronze medals awarded?", "5"),  # 0 + 1 + 3 + 1
])
def test_total_of_an_addend_by_hand(question, total):
    outcome, _ = router_ask(MEDALS, question)
    assert f"is {total}." in outcome.answer.splitlines()[0], outcome.answer


def test_total_reread_as_sum_and_noted():
    table = table_from_text(MEDALS, "t.csv")
    reading = read("how many total gold medals have been given?", build_lexicon(table, CONFIG.router))
    assert reading.at(2).kind == "op" and reading.at(2).meanings[0].value == "sum"
    assert any("'total gold'" in n and "Total" in n for n in reading.notes), reading.notes


def test_total_before_a_column_sums_it_when_total_is_no_row_sum():
    outcome, _ = router_ask(NOT_A_SUM, "how many total gold medals have been given?")
    assert "is 3." in outcome.answer.splitlines()[0], outcome.answer  # 2 + 1 + 0, never Total's 9 + 3 + 4


@pytest.mark.parametrize("csv, question", [
    (ALL_PLACES, "how many total women were there?"),
    # Total no row sum (9 != 3 + 4): 'total women' would still sum a column one row restates (7 = 2 + 4 + 1)
    ("Place,Men,Women,Total\nXa,1,2,3\nYa,3,4,9\nZa,2,1,3\nAll places,6,7,15\n", "how many total women were there?"),
])
def test_total_kept_as_column_refused(csv, question):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None and decision.abstain, decision.plan


def test_restated_sums_by_hand():
    table = table_from_text(ALL_PLACES, "t.csv")
    assert restated_sums(table, frozenset({"Men", "Women"})) == {"Men", "Women"}  # 6 = 1+3+2, 7 = 2+4+1
    assert restated_sums(table_from_text(MEDALS, "t.csv"), frozenset({"Gold", "Bronze"})) == frozenset()
