"""aggregate: sum/mean/median/count/count_distinct/min/max/std with predicates and group by."""

from agent.plan import AggregateArgs
from agent.tools.base import Tool

AGGREGATE = Tool(
    name="aggregate",
    description=("Compute an aggregate over EVERY row of the table: op(column) over rows matching all "
                 "predicates, optionally grouped, ordered by the value and limited (top/bottom N; "
                 "'which X has the highest Y' is group_by X, order desc, limit 1). Returns the exact "
                 "value(s) with provenance. Use this for any total, count, average, min, max."),
    args=AggregateArgs,
    run=lambda engine, table, args: engine.aggregate(table, args),
)
