"""Kinds of wrong-but-stated readings from a user trial, end to end (router -> plan -> engine ->
phrasing) on tiny tables written here, every expected value worked out by hand in the comments."""

from __future__ import annotations

import pytest

from agent.chat import Session
from agent.config import load_config
from agent.engine import duckdb_engine
from agent.loop import Agent
from agent.router.router import Router
from agent.table import table_from_text

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
# T1 open -> closed; T2 open; T3 open -> closed; T4 open -> closed -> open (reopened).
# Latest row per ticket: T1 closed (Ann), T2 open (Bob), T3 closed (Ann), T4 open (Cy).
TICKETS = ("ticket,status,updated,assignee\n"
           "T1,open,2024-01-01,Ann\nT1,closed,2024-01-05,Ann\nT2,open,2024-01-02,Bob\n"
           "T3,open,2024-01-03,Bob\nT3,closed,2024-01-04,Ann\n"
           "T4,open,2024-01-01,Cy\nT4,closed,2024-01-02,Cy\nT4,open,2024-01-06,Cy\n")
# The trial's own example: T1 open then closed, T2 open, T3 open then closed.
SMALL = ("ticket,status,updated\nT1,open,2024-01-01\nT1,closed,2024-01-05\nT2,open,2024-01-02\n"
         "T3,open,2024-01-03\nT3,closed,2024-01-04\n")


def agent_for(csv: str) -> Agent:
    table = table_from_text(csv, "t.csv")
    return Agent(table=table, engine=ENGINE, router=Router(table, CONFIG.router), config=CONFIG)


def ask(csv: str, question: str):
    outcome = agent_for(csv).ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome, outcome.results[-1].result


def abstains(csv: str, question: str) -> str:
    outcome = agent_for(csv).ask(question)
    assert outcome.status != "answered", outcome.answer
    return outcome.answer


# --- 1. history tables: every count or filter over the status uses each ticket's latest row ---

@pytest.mark.parametrize("question, expected", [
    ("How many tickets are open?", 1),          # T2
    ("How many open tickets are there?", 1),
    ("Count the open tickets", 1),
    ("Count the closed tickets", 2),            # T1, T3
    ("How many tickets are closed?", 2),
    ("How many tickets are not closed?", 1),    # T2
    ("Number of closed tickets", 2),
])
def test_history_counts_read_each_ids_latest_row(question, expected):
    outcome, result = ask(SMALL, question)
    assert result.value == expected
    assert "latest" in outcome.answer


@pytest.mark.parametrize("question, expected, phrase", [
    ("How many tickets are open?", 2, "2 tickets are open"),              # T2, T4 (reopened)
    ("How many closed tickets are there?", 2, "2 tickets are closed"),    # T1, T3
    ("How many tickets are not closed?", 2, "2 tickets are not closed"),  # T2, T4
    ("How many open tickets are assigned to Bob?", 1, "1 ticket matches"),  # T2 (T3's latest row is Ann's)
])
def test_history_counts_with_a_reopened_ticket(question, expected, phrase):
    outcome, result = ask(TICKETS, question)
    assert result.value == expected and outcome.answer.startswith(phrase)


def test_history_follow_up_and_closed_reads_latest_rows(tmp_path):
    session = Session.start(agent_for(TICKETS), tmp_path / "s.jsonl")
    first = session.ask("How many open tickets are there?")
    second = session.ask("and closed?")
    third = session.ask("and not closed?")
    assert first.results[-1].result.value == 2   # T2, T4
    assert second.results[-1].result.value == 2  # T1, T3 (3 rows say closed)
    assert third.results[-1].result.value == 2   # T2, T4


def test_history_rows_said_count_every_row():
    outcome, result = ask(TICKETS, "How many rows have status open?")
    assert result.value == 5 and any("every row" in n for n in outcome.router.notes)  # T1, T2, T3, T4 twice: 5 rows


def test_history_ever_counts_each_ticket_that_had_the_status():
    outcome, result = ask(TICKETS, "How many tickets were ever closed?")
    assert result.value == 3 and any("ever had" in n for n in outcome.router.notes)  # T1, T3, T4 (T4 later reopened)


@pytest.mark.parametrize("question", [
    "What percentage of tickets are closed?",        # 2 of 4 latest, 3 of 8 rows: not planned yet
    "How many tickets were open on 2024-01-03?",      # as of a date: not planned yet
    "How many are closed?",                           # ticket or assignee? both repeat with changing status
])
def test_history_readings_that_differ_abstain(question):
    abstains(TICKETS, question)


def test_a_table_without_a_status_keeps_every_row():
    # a card used at several merchants is not a status log: counting rows stays the reading
    outcome, result = ask("card,category,day\nC1,food,2024-01-01\nC1,travel,2024-01-02\nC2,food,2024-01-03\n",
                          "How many food transactions?")
    assert result.value == 2


# --- 4. 'how many X updates/entries/records' counts rows, not distinct X ---

@pytest.mark.parametrize("question, expected", [
    ("How many status updates are there?", 8),
    ("How many ticket entries are there?", 8),
    ("How many status records?", 8),
    ("How many open ticket entries?", 5),   # rows saying open: T1, T2, T3, T4 twice
    ("How many statuses are there?", 2),    # distinct values: open, closed
    ("How many tickets are there?", 4),     # distinct tickets
])
def test_row_nouns_after_a_column_count_rows(question, expected):
    _, result = ask(TICKETS, question)
    assert result.value == expected
