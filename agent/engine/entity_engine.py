"""Per-entity plans (agent/per_entity.py) on the SQL engine: each entity's rows combined in a
grouped subquery, then the per-entity values combined (query_compile.per_entity)."""

from __future__ import annotations

from agent.engine import compile as c
from agent.engine import query_compile as q
from agent.engine.plan_run import PlanRun
from agent.engine.type_check import check_type
from agent.engine.sql_engine import SqlEngine
from agent.engine.values import scalar
from agent.per_entity import PerEntityArgs
from agent.results import StatResult
from agent.sqlish import aggregate_expr as agg_text, where_sql as where_text
from agent.table_type import Table


def per_entity(engine: SqlEngine, table: Table, args: PerEntityArgs) -> StatResult:
    """outer(inner(column) per entity). Raises NoRowsMatched, UnknownColumn, WrongType."""
    run = PlanRun(engine, table, args.where)
    entity = table.column(args.entity)
    name = run.numeric(args.column, f"{args.inner.value} per {entity}") if args.column else None
    check_type(run.table, run.schema, args.inner, name)
    (value, entities), = run.fetch(q.per_entity(run.schema, entity, args.inner, name, args.outer, run.condition))
    inner = agg_text(args.inner, name)
    operation = f"{args.outer.value.upper()}({inner} per {entity}){where_text(args.where)}"
    return StatResult(op=f"{args.outer.value} of {args.inner.value} per {entity}", column=name, value=scalar(value),
                      parts={"entities": int(entities)}, provenance=run.provenance(operation, int(entities)))
