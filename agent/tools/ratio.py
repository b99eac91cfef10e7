"""ratio: a share as a percentage, of rows or of a column's sum, computed as a ratio of sums."""

from agent.plan import RatioArgs
from agent.tools.base import Tool

RATIO = Tool(
    name="ratio",
    description=("Compute a percentage over EVERY row: the share of rows (or of SUM(column)) meeting "
                 "`where` within the `base` population; denominator_column for rates like "
                 "SUM(crashes)/SUM(users). Always a ratio of sums, never a mean of per-row percentages."),
    args=RatioArgs,
    run=lambda engine, table, args: engine.ratio(table, args),
)
