"""The compute tools, one a file, and the registry the loop and other agents use."""

from agent.tools.aggregate import AGGREGATE
from agent.tools.base import Tool, ToolFailure, ToolOutcome, ToolSuccess, call_tool
from agent.tools.describe import DESCRIBE
from agent.tools.ratio import RATIO

COMPUTE_TOOLS: dict[str, Tool] = {t.name: t for t in (AGGREGATE, RATIO, DESCRIBE)}

__all__ = ["COMPUTE_TOOLS", "Tool", "ToolFailure", "ToolOutcome", "ToolSuccess", "call_tool"]
