"""The typed query operations (agent/queries.py) over pandas on `Table.df`, each returning a typed
result with provenance. Aggregates inside a plan (a compared Measure) go through the Engine.
Dispatch is by the plan's type, never by a name a model gave."""

from __future__ import annotations

from agent.engine import Engine
from agent.ops.check import check
from agent.ops.rank import rank
from agent.ops.stats import change, expression, latest, statistic, subset
from agent.ops.values import distinct, frequency
from agent.queries import (ChangeArgs, CheckArgs, DistinctArgs, ExpressionArgs, FrequencyArgs, LatestArgs,
                           QueryPlan, RankArgs, StatisticArgs, SubsetArgs)
from agent.results import Result
from agent.table import Table

OPERATIONS = {CheckArgs: check, RankArgs: rank, FrequencyArgs: frequency, DistinctArgs: distinct,
              StatisticArgs: statistic, SubsetArgs: subset, ExpressionArgs: expression, ChangeArgs: change,
              LatestArgs: latest}


def run_query(engine: Engine, table: Table, plan: QueryPlan) -> Result:
    """Run one typed query plan. Raises the ToolError subclasses of its operation."""
    return OPERATIONS[type(plan)](engine, table, plan)


__all__ = ["OPERATIONS", "run_query"]
