"""A refusal to aggregate a text column says what its cells hold (agent/text_reason.py): several
currencies (naming each), a unit written after every number, a mix of numbers and words, or plain
text; through the engine's WrongType (router and toolset alike) and the router's magnitude words."""

from __future__ import annotations

import pytest

from agent.engine import duckdb_engine
from agent.errors import WrongType
from agent.plan import Agg, AggregateArgs
from agent.table import table_from_text
from agent.text_reason import why_not_numbers
from tests.helpers import router_agent

UNITS = "item,weight,region\nA,12.5 kg,North\nB,3 kg,South\nC,7.25 kg,North\nD,,South\n"
MONEY = "item,price\nA,$49.99\nB,€34.50\nC,$10.00\nD,£5\n"


@pytest.mark.parametrize("cells, expected", [
    (["$49.99", "€34.50", "$10.00", "£5"],
     "its cells are in several currencies (EUR, GBP, USD: '€34.50', '£5', '$49.99'), which no one number adds up"),
    (["12.5 kg", "3 kg"], "its cells carry the word 'kg' after each number ('12.5 kg', '3 kg'), which Tally does "
                          "not read as numbers"),
    (["18\u00a0mm", "21\u00a0mm"], "its cells carry the word 'mm' after each number ('18 mm', '21 mm'), which Tally "
                                   "does not read as numbers"),
    (["3 kg", "4 g"], "its cells carry different words after their numbers ('3 kg', '4 g'), which no one number adds up"),
    (["12", "abc"], "some cells are numbers and some are not ('12', 'abc')"),
    (["North", "South", "East", "West"], "cells such as 'North', 'South', 'East'"),
    ([], ""),
])
def test_the_reason_names_what_the_cells_hold(cells, expected):
    assert why_not_numbers(cells) == expected


def test_the_engine_refusal_names_the_unit_and_the_currencies():
    engine = duckdb_engine()
    with pytest.raises(WrongType) as units:
        engine.aggregate(table_from_text(UNITS, "units.csv"), AggregateArgs(op=Agg.sum, column="weight"))
    assert units.value.cells[:3] == ["12.5 kg", "3 kg", "7.25 kg"]  # first appearance, the blank skipped
    assert "the word 'kg' after each number" in str(units.value)
    with pytest.raises(WrongType) as money:
        engine.aggregate(table_from_text(MONEY, "money.csv"), AggregateArgs(op=Agg.mean, column="price"))
    assert "several currencies (EUR, GBP, USD" in str(money.value)


@pytest.mark.parametrize("question", ["What is the total weight?", "What is the average weight for North?",
                                      "Which item has the highest weight?", "Which region has the largest weight?"])
def test_the_router_refuses_naming_the_unit(question):
    outcome = router_agent(UNITS).ask(question)
    assert outcome.status != "answered"
    assert "weight" in outcome.answer and "'kg'" in outcome.answer, outcome.answer


def test_a_count_order_word_over_a_text_column_still_counts():
    outcome = router_agent(UNITS).ask("Which region has the most items?")
    assert outcome.status == "answered"  # North: A and C; South: B and D (two each, a tie)
    assert "North and South tie" in outcome.answer
