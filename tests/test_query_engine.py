"""The typed query operations compiled to SQL (agent/engine/query_engine.py) answer as the pandas
reference operations (agent/ops/) on every query plan the router makes for the eval sets, and on
plans written here for the parts the router does not reach."""

from __future__ import annotations

import math

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.engine.reference import PandasEngine
from agent.errors import ToolError
from agent.ops import OPERATIONS, run_query
from agent.plan import Agg, Op, Predicate
from agent.queries import (CheckArgs, DistinctArgs, ExpressionArgs, FrequencyArgs, LatestArgs, Operand, QueryPlan,
                           RankArgs, StatisticArgs, SubsetArgs)
from agent.router.router import Router
from agent.table import load_table, table_from_text
from evals.cases import load_set

CONFIG = load_config(env={})
SQL, REF = duckdb_engine(), PandasEngine()
PEOPLE = "name,region,bmi,height\nAna,N,31.5,1.62\nBo,s,22.0,1.80\nCy,N,27.3,\nDi,E,31.5,1.68\nEd,S,19.9,1.90\n"


def answer(result) -> object:
    """The comparable content of a query result (no timings, no SQL text)."""
    data = result.model_dump(mode="json", exclude={"provenance"})
    return data


def same(a: object, b: object) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(a, str) and isinstance(b, str):  # merged spellings: the engines may label them differently
        return a.strip().casefold() == b.strip().casefold()
    return a == b


def compare(table, plan: QueryPlan, where: str) -> None:
    try:
        want = OPERATIONS[type(plan)](REF, table, plan)
    except ToolError as exc:
        with pytest.raises(type(exc)):
            run_query(SQL, table, plan)
        return
    got = run_query(SQL, table, plan)
    assert same(answer(got), answer(want)), (where, plan, answer(got), answer(want))


def test_every_router_query_plan_of_the_eval_sets_answers_as_the_reference():
    tables, compared = {}, 0
    for case in [c for name in ("demo", "bugreports", "databench") for c in load_set(name)]:
        key = case.table_path or case.id
        if key not in tables:
            if case.table_path is not None and not case.table_path.exists():
                pytest.skip(f"{case.table_path} not present")
            tables[key] = load_table(case.table_path) if case.table else table_from_text(case.csv or "", f"{case.id}.csv")
        plan = Router(tables[key], CONFIG.router).route(case.question).plan
        if plan is None or type(plan) not in OPERATIONS:
            continue
        compare(tables[key], plan, case.id)
        compared += 1
    assert compared >= 30


@pytest.mark.parametrize("plan", [
    CheckArgs(check="all", condition=[Predicate(column="height", op=Op.gt, value=1.6)]),
    CheckArgs(check="none", condition=[Predicate(column="region", op=Op.eq, value="S")]),
    CheckArgs(check="unique", column="bmi"),
    RankArgs(by="height", order="asc", limit=2, columns=["name"]),
    RankArgs(by="bmi", near=25, columns=["name"]),
    RankArgs(by=None, order="desc", limit=2, columns=["name", "bmi"]),
    RankArgs(by="bmi", distinct=True, limit=2),
    FrequencyArgs(column="region", limit=2),
    FrequencyArgs(column="region", order="asc"),
    DistinctArgs(column="region"),
    DistinctArgs(column="bmi", order="desc"),
    StatisticArgs(op="range", column="bmi"),
    StatisticArgs(op="percentile", column="height", q=90),
    StatisticArgs(op="correlation", column="bmi", other="height"),
    SubsetArgs(op=Agg.mean, column="height", by="bmi", limit=3),
    ExpressionArgs(left=Operand(column="bmi"), op="/", right=Operand(column="height"), agg=Agg.max),
])
def test_written_plans_answer_as_the_reference(plan):
    compare(table_from_text(PEOPLE, "people.csv"), plan, "written")


def test_latest_rows_answer_as_the_reference():
    tickets = table_from_text("ticket,status,updated\nT1,open,2024-01-01\nT1,closed,2024-01-05\nT2,open,2024-01-02\n"
                              "T3,open,2024-01-03\nT3,closed,2024-01-04\n", "tickets.csv")
    for status in ("open", "closed"):
        compare(tickets, LatestArgs(id="ticket", date="updated", where=[Predicate(column="status", op=Op.eq, value=status)]),
                status)
