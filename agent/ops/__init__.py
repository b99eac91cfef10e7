"""The typed query operations (agent/queries.py): `run_query` runs them on the SQL engine (compiled
once, agent/engine/query_engine.py); the functions here are the pandas reference implementation
over `Table.df` (as agent/engine/reference.py is for aggregates), each returning a typed result with
provenance. Aggregates inside a plan (a compared Measure) go through the Engine.
Dispatch is by the plan's type, never by a name a model gave."""

from __future__ import annotations

from agent.answer_words import with_said
from agent.against import AgainstArgs
from agent.engine import Engine
from agent.ops.against import against
from agent.ops.check import check
from agent.ops.entity import per_entity
from agent.ops.position import position
from agent.ops.rank import rank
from agent.ops.run import run_length
from agent.ops.stats import change, expression, latest, statistic, subset
from agent.ops.values import distinct, frequency
from agent.queries import (ChangeArgs, CheckArgs, DistinctArgs, ExpressionArgs, FrequencyArgs, LatestArgs,
                           PerEntityArgs, PositionArgs, QueryPlan, RankArgs, RunArgs, StatisticArgs, SubsetArgs)
from agent.results import Result
from agent.table_type import Table

OPERATIONS = {CheckArgs: check, RankArgs: rank, FrequencyArgs: frequency, DistinctArgs: distinct,
              StatisticArgs: statistic, SubsetArgs: subset, ExpressionArgs: expression, ChangeArgs: change,
              LatestArgs: latest, PositionArgs: position, PerEntityArgs: per_entity,
              AgainstArgs: against, RunArgs: run_length}


def run_query(engine: Engine, table: Table, plan: QueryPlan) -> Result:
    """Run one typed query plan: compiled to SQL on the SQL engine (agent/engine/query_engine.py,
    which the tools call), else by the pandas reference operations here (for the equivalence tests).
    Raises the ToolError subclasses of its operation."""
    from agent.engine.sql_engine import SqlEngine

    if isinstance(engine, SqlEngine):
        from agent.engine.query_engine import run_query_sql

        return run_query_sql(engine, table, plan)
    return with_said(plan, OPERATIONS[type(plan)](engine, table, plan))


__all__ = ["OPERATIONS", "run_query"]
