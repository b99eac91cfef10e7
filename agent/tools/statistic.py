"""statistic: A statistic of a numeric column over every matching row."""

from agent.engine.query_engine import run_query
from agent.queries import StatisticArgs
from agent.tools.base import Tool

STATISTIC = Tool(
    name="statistic",
    description=('A statistic of a numeric column over every matching row: range (max minus min), percentile (q 0-100), correlation (Pearson, with a second column).'),
    args=StatisticArgs,
    run=run_query,
)
