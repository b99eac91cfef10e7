"""check: Answer a yes/no question with a test over EVERY row."""

from agent.engine.query_engine import run_query
from agent.queries import CheckArgs
from agent.tools.base import Tool

CHECK = Tool(
    name="check",
    description=("Answer a yes/no question with a test over EVERY row: any (some row satisfies condition), none, all (every row of the population does), compare (an aggregate against a number or another aggregate: 'is the average age above 35', 'is department A bigger than B'), unique (no value of a column repeats). Returns answer true/false with the numbers that decide it. Use this for every yes/no question."),
    args=CheckArgs,
    run=run_query,
)
