"""A superlative question ('Who is the youngest employee?') asks for the row ranked first by a
column; record search ranks by similarity to the words, so it never answers one: the router
abstains naming the word. Plain lookups still search."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.router.router import Router
from agent.table import table_from_text

CONFIG = load_config(env={})
# Youngest is Liam (25); a similarity search ranked Sofia (45) first.
EMPLOYEES = "name,age,department,salary\nSofia,45,Sales,5000\nLiam,25,IT,4000\nNoah,38,IT,6000\nEmma,31,Sales,4500\n"


@pytest.fixture(scope="module")
def router():
    return Router(table_from_text(EMPLOYEES, "employees.csv"), CONFIG.router)


@pytest.mark.parametrize("question, word", [
    ("show me the youngest employee", "youngest"),
    ("Who is the tallest employee?", "tallest"),
    ("find the fastest employee", "fastest"),
    ("Which employee is the heaviest in Sales?", "heaviest"),  # no column for it: abstains naming it
    ("Who is the richest employee?", "richest"),
])
def test_a_superlative_is_never_answered_by_record_search(router, question, word):
    decision = router.route(question)
    assert decision.lookup is None and decision.plan is None
    assert f"'{word}'" in decision.abstain


def test_a_superlative_over_the_rows_people_ranks_by_its_quantity(router):
    # 'youngest' names age (the one age column), ascending: Liam (25); 'richest' names a worth or
    # wealth, which no column holds (salary is not wealth): refused above
    decision = router.route("Who is the youngest employee?")
    assert decision.plan is not None and decision.plan.by == "age" and decision.plan.order == "asc"
    assert decision.plan.columns == ["name"]


def test_a_plain_lookup_still_searches(router):
    decision = router.route("Find employees from Sales")
    assert decision.lookup is not None and decision.lookup.where[0].value == "Sales"


def test_a_value_ending_in_est_is_not_a_superlative():
    table = table_from_text("name,city,amount\nAnn,Budapest,5\nBob,Vienna,7\n", "t.csv")
    decision = Router(table, CONFIG.router).route("Find records from Budapest")
    assert decision.lookup is not None and decision.lookup.where[0].value == "Budapest"
