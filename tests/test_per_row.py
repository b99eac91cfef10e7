"""A rank over rows when the key is one per row (agent/router/per_row.py): 'which lake has the
greatest depth' on one row per lake is the row with the greatest depth, its label, ties named;
a count per one-row group (1 for every lake) refuses. Answers worked by hand."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.plan import AggregateArgs
from agent.queries import RankArgs
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
# Baikal and Vostok tie on depth; 'Area' is text with a unit, not a number.
LAKES = ("Lake,Depth,Surface,Area\nBaikal,1642,31500,31500 km2\nTanganyika,1470,32600,32600 km2\n"
         "Superior,406,82100,82100 km2\nVostok,1642,12500,12500 km2\n")
# Each region has several rows: totals per region stay a group-by.
SALES = "Region,Amount\nNorth,10\nSouth,5\nNorth,7\nEast,12\n"


def test_the_row_with_the_greatest_value_and_its_ties():
    outcome, result = router_ask(LAKES, "which lake has the greatest depth?")
    assert isinstance(outcome.plan, RankArgs) and outcome.plan.by == "Depth"
    assert result.rows == [{"Lake": "Baikal", "Depth": 1642}] and result.ties == [{"Lake": "Vostok", "Depth": 1642}]


def test_the_row_with_the_lowest_value():
    _, result = router_ask(LAKES, "which lake has the smallest surface?")
    assert [r["Lake"] for r in result.rows] == ["Vostok"]  # 12500 < 31500 < 32600 < 82100


def test_a_count_per_one_row_group_refuses():
    decision = Router(table_from_text(LAKES, "lakes.csv"), CONFIG.router).route("which lake has the most area?")
    assert decision.plan is None and "one row" in decision.abstain, decision.abstain


def test_groups_of_several_rows_stay_totals():
    outcome, result = router_ask(SALES, "which region has the highest total amount?")
    assert isinstance(outcome.plan, AggregateArgs)
    assert result.groups[0].key == ["North"] and result.groups[0].value == 17  # 10 + 7 > 12


def test_a_list_answer_of_the_top_row_includes_its_ties():
    from agent.results import Provenance, RowsResult
    from evals.score import query_answer

    result = RowsResult(by="Depth", columns=["Lake"], rows=[{"Lake": "Baikal"}], ties=[{"Lake": "Vostok"}],
                        provenance=Provenance(operation="x", rows_scanned=4, rows_matched=4))
    assert query_answer(result, "list[category]") == ["Baikal", "Vostok"]
    assert query_answer(result, "category") == "Baikal"
    two = result.model_copy(update={"rows": [{"Lake": "Baikal"}, {"Lake": "Superior"}]})
    assert query_answer(two, "list[category]") == ["Baikal", "Superior"]  # a top 2: the ties at the cut are extra


def test_a_name_is_not_answered_with_a_maximum():
    # 'author' names no one column (author_id, author_name): the plan was MAX(retweets) = 17, a number
    table = table_from_text("id,author_id,author_name,retweets,favorites\n1,7,Ann,3,1\n2,8,Bo,17,2\n3,9,Cy,5,0\n",
                            "tweets.csv")
    decision = Router(table, CONFIG.router).route("What is the name of the most retweeted author?")
    assert decision.plan is None and "asks for a name" in decision.abstain, decision.abstain
