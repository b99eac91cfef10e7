"""distinct: The distinct values of a column (in order of first appearance, or sorted), with row counts."""

from agent.engine.query_engine import run_query
from agent.queries import DistinctArgs
from agent.tools.base import Tool

DISTINCT = Tool(
    name="distinct",
    description=("The distinct values of a column (in order of first appearance, or sorted), with row counts: 'list the unique departments'."),
    args=DistinctArgs,
    run=run_query,
)
