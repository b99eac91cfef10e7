"""change: The change of an aggregate of a column between two values of a key column (years, periods)."""

from agent.engine.query_engine import run_query
from agent.queries import ChangeArgs
from agent.tools.base import Tool

CHANGE = Tool(
    name="change",
    description=("The change of an aggregate of a column between two values of a key column (years, periods): absolute (end - start) and percent. 'growth in exports from 2014 to 2015'."),
    args=ChangeArgs,
    run=run_query,
)
