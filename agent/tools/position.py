"""position: the row next to a named row in the file's order, or which of two values comes first."""

from agent.engine.query_engine import run_query
from agent.positions import PositionArgs
from agent.tools.base import Tool

POSITION = Tool(
    name="position",
    description=("Positions in the table's row order (the file's order): the row just before or after the one row "
                 "matching `anchor` ('which jockey is listed before TM Jones': kind neighbour, anchor Jockey = "
                 "'TM Jones', offset -1, columns [Jockey]), or which of two values of a column is listed first "
                 "(kind earlier, candidates [A, B]). The anchor must name exactly one row."),
    args=PositionArgs,
    run=run_query,
)
