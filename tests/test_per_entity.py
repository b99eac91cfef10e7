"""An aggregate per entity (agent/router/entity.py, agent/per_entity.py): 'the average order amount'
where an order spans rows is the mean of each order's total, not the mean line. Answers by hand;
the SQL engine and the pandas reference agree."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.engine.query_engine import run_query
from agent.ops import OPERATIONS
from agent.per_entity import PerEntityArgs
from agent.plan import Agg, Op, Predicate
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
# Order totals: 1 -> 15, 2 -> 7, 3 -> 18 (mean 13.33..., median 15); the mean line amount is 8.
LINES = "order_id,item,amount\n1,a,10\n1,b,5\n2,c,7\n3,a,10\n3,d,8\n"


@pytest.mark.parametrize("question, answer", [
    ("what is the average order amount?", 40 / 3),
    ("what is the average amount per order?", 40 / 3),
    ("what is the median order amount?", 15),
])
def test_each_orders_total_then_the_mean(question, answer):
    outcome, result = router_ask(LINES, question)
    assert isinstance(outcome.plan, PerEntityArgs) and result.value == pytest.approx(answer)


def test_a_vague_measure_refuses():
    decision = Router(table_from_text(LINES, "lines.csv"), CONFIG.router).route("what is the average order value?")
    assert decision.plan is None and "spans several rows" in decision.abstain


def test_one_row_per_entity_is_a_plain_mean():
    csv = "order_id,amount\n1,10\n2,20\n"
    outcome, result = router_ask(csv, "what is the average order amount?")
    assert not isinstance(outcome.plan, PerEntityArgs) and result.value == 15


@pytest.mark.parametrize("plan, expected", [
    (PerEntityArgs(entity="order_id", column="amount"), 40 / 3),
    (PerEntityArgs(entity="order_id", column="amount", outer=Agg.max), 18),
    (PerEntityArgs(entity="order_id", inner=Agg.count, outer=Agg.mean), 5 / 3),  # 2, 1, 2 lines
    (PerEntityArgs(entity="order_id", column="amount", where=[Predicate(column="item", op=Op.eq, value="a")]), 10),
])
def test_sql_and_pandas_reference_agree(plan, expected):
    table = table_from_text(LINES, "lines.csv")
    assert run_query(duckdb_engine(), table, plan).value == pytest.approx(expected)
    assert OPERATIONS[PerEntityArgs](None, table, plan).value == pytest.approx(expected)
