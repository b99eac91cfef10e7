"""frequency: The most (desc) or least (asc) common values of a column with their row counts."""

from agent.engine.query_engine import run_query
from agent.queries import FrequencyArgs
from agent.tools.base import Tool

FREQUENCY = Tool(
    name="frequency",
    description=("The most (desc) or least (asc) common values of a column with their row counts: 'the 3 most common job roles'. Ties at the cut are reported."),
    args=FrequencyArgs,
    run=run_query,
)
