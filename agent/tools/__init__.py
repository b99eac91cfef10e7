"""The compute tools, one a file, and the registry the loop and other agents use."""

from agent.engine import Engine
from agent.plan import AggregateArgs, RatioArgs
from agent.queries import QueryPlan
from agent.table import Table
from agent.tools.against import AGAINST
from agent.tools.aggregate import AGGREGATE
from agent.tools.base import Tool, ToolFailure, ToolOutcome, ToolSuccess, call_tool
from agent.tools.change import CHANGE
from agent.tools.check import CHECK
from agent.tools.describe import DESCRIBE
from agent.tools.distinct import DISTINCT
from agent.tools.expression import EXPRESSION
from agent.tools.frequency import FREQUENCY
from agent.tools.latest import LATEST
from agent.tools.per_entity import PER_ENTITY
from agent.tools.position import POSITION
from agent.tools.rank import RANK
from agent.tools.ratio import RATIO
from agent.tools.run import RUN
from agent.tools.statistic import STATISTIC
from agent.tools.subset import SUBSET

COMPUTE_TOOLS: dict[str, Tool] = {t.name: t for t in (AGGREGATE, RATIO, DESCRIBE)}
"""The first three tools (every question is offered these)."""
QUERY_TOOLS: dict[str, Tool] = {t.name: t for t in (CHECK, RANK, FREQUENCY, DISTINCT, STATISTIC, SUBSET, EXPRESSION,
                                                    CHANGE, LATEST, POSITION, PER_ENTITY, AGAINST)}
"""The typed query tools (agent/queries.py): yes/no tests, ranked rows, values, statistics."""
ALL_TOOLS: dict[str, Tool] = {**COMPUTE_TOOLS, **QUERY_TOOLS}
ROUTER_TOOLS: dict[str, Tool] = {RUN.name: RUN}
"""Tools that run the router's plans of kinds not yet offered to a model (their schemas are not
pinned as the offered tools' are): the longest run of consecutive rows."""
PLAN_TOOLS: dict[type, str] = {tool.args: name for name, tool in {**ALL_TOOLS, **ROUTER_TOOLS}.items()
                               if name != DESCRIBE.name}
"""Which tool runs a plan of each type."""

Plan = AggregateArgs | RatioArgs | QueryPlan


def run_plan(plan: Plan, *, engine: Engine, table: Table) -> ToolOutcome:
    """Run a typed plan through its tool: ToolSuccess with the result, or ToolFailure."""
    return call_tool({**ALL_TOOLS, **ROUTER_TOOLS}, PLAN_TOOLS[type(plan)], plan.model_dump(mode="json"),
                     engine=engine, table=table)


__all__ = ["ALL_TOOLS", "COMPUTE_TOOLS", "PLAN_TOOLS", "QUERY_TOOLS", "ROUTER_TOOLS", "Plan", "Tool", "ToolFailure", "ToolOutcome",
           "ToolSuccess", "call_tool", "run_plan"]
