"""describe: the table profile, or the distinct values of one column with row counts."""

from agent.plan import DescribeArgs
from agent.tools.base import Tool

DESCRIBE = Tool(
    name="describe",
    description=("Show the table profile (columns, roles, null and distinct counts), or the distinct "
                 "values of one column with their row counts. Use it to find exact spellings of values."),
    args=DescribeArgs,
    run=lambda engine, table, args: engine.describe(table, args),
)
