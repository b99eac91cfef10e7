"""A user trial's confidently wrong counts, as kinds (router alone, tiny tables written here, each
expected value worked out by hand in the comments): an aggregate word that is also a column's name
inside 'how many', a row noun that is a cell value, a column noun that is also the file's row noun."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.loop import Agent
from agent.router.router import Router
from agent.table import table_from_text

# 4 orders; total = 10 + 20.5 + 5 + 30 = 65.5
SALES = "order_id,region,total\nA1,East,10\nA2,West,20.5\nA3,East,5\nA4,West,30\n"
# event: purchase on rows 2, 3, 5 (ms 340, 200, 100: mean 640 / 3 = 213.3333); 6 rows, 3 events
EVENTS = ("user,event,ms\nu1,login,120\nu2,purchase,340\nu1,purchase,200\nu3,logout,50\n"
          "u2,purchase,100\nu3,login,90\n")
# kind: call x2, email, chat, order x1 -> 5 rows, one 'order'
CONTACTS = "id,kind,minutes\n1,call,5\n2,email,0\n3,call,12\n4,chat,7\n5,order,3\n"


def _outcome(csv: str, name: str, question: str):
    config = load_config(env={})
    table = table_from_text(csv, name)
    agent = Agent(table=table, engine=duckdb_engine(), router=Router(table, config.router), config=config)
    return agent.ask(question)


def _value(csv: str, name: str, question: str) -> float:
    outcome = _outcome(csv, name, question)
    assert outcome.status == "answered", outcome.answer
    return float(outcome.results[-1].result.value)


@pytest.mark.parametrize("question", ["How many orders in total?", "How many orders are there in total?"])
def test_how_many_with_a_column_named_total_is_not_its_sum(question):
    outcome = _outcome(SALES, "sales.csv", question)
    assert outcome.status != "answered", outcome.answer  # SUM(total) = 65.5 would answer a count
    assert "'total'" in outcome.answer


def test_the_sum_of_a_column_named_total_still_answers():
    assert _value(SALES, "sales.csv", "What is the sum of total?") == pytest.approx(65.5)


@pytest.mark.parametrize("csv, question, expected", [
    (EVENTS, "How many purchases are there?", 3),
    (EVENTS, "What is the average ms of purchases?", 640 / 3),
    (CONTACTS, "How many orders are there?", 1),
])
def test_a_row_noun_that_is_a_cell_value_is_that_values_condition(csv, question, expected):
    assert _value(csv, "log.csv", question) == pytest.approx(expected, abs=1e-3)


def test_a_row_noun_that_is_no_value_still_counts_rows():
    assert _value(CONTACTS, "log.csv", "How many records are there?") == 5


def test_a_column_noun_that_is_the_files_row_noun_abstains():
    outcome = _outcome(EVENTS, "events.csv", "How many events are there?")
    assert outcome.status != "answered", outcome.answer  # 6 rows or 3 distinct events
    assert _value(EVENTS, "events.csv", "How many different events are there?") == 3
