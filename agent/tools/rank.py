"""rank: Rows ordered by a column (highest or lowest first), by closeness to a number, or in file order (by null."""

from agent.engine.query_engine import run_query
from agent.queries import RankArgs
from agent.tools.base import Tool

RANK = Tool(
    name="rank",
    description=("Rows ordered by a column (highest or lowest first), by closeness to a number, or in file order (by null: the first/last rows), returning other columns of those rows: 'the region of the person with the highest BMI', 'the 3 heights of the tallest'. Ties at the cut are reported. Use this to read a value off a record."),
    args=RankArgs,
    run=run_query,
)
