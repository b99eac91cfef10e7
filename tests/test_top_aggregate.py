"""Top-N then one aggregate (agent/router/per_row.py): 'the total population of the 5 largest
towns' is one total over the 5 rows with the largest population, not the five towns; a size word
with a rival numeric column refuses; an aggregate of the first N rows in file order refuses.
Answers worked by hand."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.queries import SubsetArgs
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
TOWNS = "Town,Population\nA,500\nB,900\nC,100\nD,700\nE,50\nF,300\n"
WITH_AREA = "Town,Population,Area\nA,500,3\nB,900,1\nC,100,9\nD,700,2\nE,50,5\nF,300,4\n"


@pytest.mark.parametrize("question, answer", [
    ("what is the total population of the 5 largest towns?", 2500),  # 900 + 700 + 500 + 300 + 100
    ("what is the total population of the top 3 towns by population?", 2100),  # 900 + 700 + 500
    ("what is the average population of the 2 largest towns?", 800),  # (900 + 700) / 2
])
def test_one_number_over_the_top_rows(question, answer):
    outcome, result = router_ask(TOWNS, question)
    assert isinstance(outcome.plan, SubsetArgs) and result.value == answer


def test_a_size_word_with_a_rival_numeric_column_refuses():
    decision = Router(table_from_text(WITH_AREA, "towns.csv"), CONFIG.router).route(
        "what is the total population of the 5 largest towns?")
    assert decision.plan is None and "Area" in decision.abstain, decision.abstain


def test_an_aggregate_of_the_first_rows_refuses():
    decision = Router(table_from_text(TOWNS, "towns.csv"), CONFIG.router).route(
        "what is the average population of the first three on the list?")
    assert decision.plan is None and "'average'" in decision.abstain, decision.abstain
