"""The compute tools, one a file, and the registry the loop and other agents use."""

from agent.engine import Engine
from agent.plan import AggregateArgs, RatioArgs
from agent.table import Table
from agent.tools.aggregate import AGGREGATE
from agent.tools.base import Tool, ToolFailure, ToolOutcome, ToolSuccess, call_tool
from agent.tools.describe import DESCRIBE
from agent.tools.ratio import RATIO

COMPUTE_TOOLS: dict[str, Tool] = {t.name: t for t in (AGGREGATE, RATIO, DESCRIBE)}
PLAN_TOOLS: dict[type, str] = {AggregateArgs: AGGREGATE.name, RatioArgs: RATIO.name}
"""Which tool runs a plan of each type (the router's plans are aggregates or ratios)."""


def run_plan(plan: AggregateArgs | RatioArgs, *, engine: Engine, table: Table) -> ToolOutcome:
    """Run a typed plan through its compute tool: ToolSuccess with the result, or ToolFailure."""
    return call_tool(COMPUTE_TOOLS, PLAN_TOOLS[type(plan)], plan.model_dump(mode="json"), engine=engine, table=table)


__all__ = ["COMPUTE_TOOLS", "PLAN_TOOLS", "Tool", "ToolFailure", "ToolOutcome", "ToolSuccess", "call_tool", "run_plan"]
