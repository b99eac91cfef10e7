"""latest: For a history table (an id repeating with a date, like a status log)."""

from agent.engine.query_engine import run_query
from agent.queries import LatestArgs
from agent.tools.base import Tool

LATEST = Tool(
    name="latest",
    description=("For a history table (an id repeating with a date, like a status log): keep each id's latest row, then count the rows matching `where` or aggregate a column over them. 'How many tickets are open' counts each ticket's latest status."),
    args=LatestArgs,
    run=run_query,
)
