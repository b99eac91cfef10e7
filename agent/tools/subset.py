"""subset: An aggregate over a ranked subset."""

from agent.engine.query_engine import run_query
from agent.queries import SubsetArgs
from agent.tools.base import Tool

SUBSET = Tool(
    name="subset",
    description=("An aggregate over a ranked subset: op(column) over the `limit` rows with the highest (desc) or lowest (asc) `by`: 'the mean rating of the top 10 by reviews'."),
    args=SubsetArgs,
    run=run_query,
)
