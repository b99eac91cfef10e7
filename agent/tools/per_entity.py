"""per_entity: an aggregate per entity when an entity spans rows (each order's total, then the mean)."""

from agent.engine.query_engine import run_query
from agent.per_entity import PerEntityArgs
from agent.tools.base import Tool

PER_ENTITY = Tool(
    name="per_entity",
    description=("An aggregate per entity when one entity spans several rows: each entity's rows combined by `inner` "
                 "(sum: an order's total), then those values combined by `outer` (mean: the average order). "
                 "'the average order value' over order lines: entity order_id, inner sum of the line amount, outer mean."),
    args=PerEntityArgs,
    run=run_query,
)
