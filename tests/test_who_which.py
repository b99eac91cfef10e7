"""'who is the [only] <noun> ...' read as 'which <noun> ...' when the noun names one text column
(agent/router/who_which.py): the answer is the names of the rows the conditions keep, worked out by
hand on a four-row table; a noun that names no column, a number column or no condition is left as
written (and refused as before)."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.router.lexicon import build_lexicon
from agent.router.who_which import who_which_reading
from agent.table import table_from_text
from tests.helpers import router_agent

SWIM = ("Rank,Swimmer,Country,Time\n1,Sophie Pascoe,New Zealand,2:25.65\n2,Summer Mortimer,Canada,2:32.00\n"
        "3,Natalie Jones,United States,2:35.13\n4,Anna Eames,United States,2:38.49\n")


def restated(question: str) -> tuple[str, str | None]:
    table = table_from_text(SWIM, "swim.csv")
    return who_which_reading(question, build_lexicon(table, load_config(env={}).router), table)[:2]


@pytest.mark.parametrize("question, expected", [
    ("who is the only swimmer from canada?", "which swimmer is from canada?"),
    ("Who was the swimmer with the lowest time?", "which swimmer had the lowest time?"),
    ("who is the only swimmer who is from canada?", "which swimmer is from canada?"),
    ("who are the swimmers from the united states?", "which swimmers are from the united states?"),
])
def test_the_noun_of_a_text_column_becomes_which(question, expected):
    text, note = restated(question)
    assert text == expected
    assert note is not None and "Swimmer" in note


@pytest.mark.parametrize("question", [
    "who is the best swimmer?",  # 'best swimmer' names no column; 'best' is no column either
    "who is the rank 3 swimmer?",  # Rank is a number column, and a number follows
    "who was the only swimmer?",  # no condition says which
    "who is the winner from canada?",  # no column Winner
    "what is the only swimmer from canada?",
])
def test_other_shapes_are_left_as_written(question):
    assert restated(question) == (question, None)


@pytest.mark.parametrize("question, names", [
    ("who is the only swimmer from canada?", ["Summer Mortimer"]),
    ("who are the swimmers from the united states?", ["Natalie Jones", "Anna Eames"]),
])
def test_the_router_answers_the_names_of_the_rows_kept(question, names):
    outcome = router_agent(SWIM, "swim.csv").ask(question)
    assert outcome.status == "answered", outcome.answer
    assert [v.value for v in outcome.results[-1].result.values] == names


def test_a_rank_above_a_number_is_refused_naming_both_readings():
    """'a rank above 3' may be Rank > 3 (Anna Eames) or a place better than third (Rank < 3: two
    swimmers): higher in a ranking is the smaller number, so the router asks which is meant."""
    outcome = router_agent(SWIM, "swim.csv").ask("who is the only swimmer with a rank above 3?")
    assert outcome.status == "abstained", outcome.answer
    assert "'above'" in outcome.answer and "Rank less than" in outcome.answer
    assert any("as 'which swimmer" in n for n in outcome.router.notes)


def test_the_only_swimmer_is_refused_when_several_rows_pass():
    """'the only swimmer from the united states': two rows (Natalie Jones, Anna Eames) pass, not one;
    refused naming both, never the first of them."""
    outcome = router_agent(SWIM, "swim.csv").ask("who is the only swimmer from the united states?")
    assert outcome.status == "abstained", outcome.answer
    assert "Natalie Jones" in outcome.answer and "Anna Eames" in outcome.answer and "2 rows" in outcome.answer
