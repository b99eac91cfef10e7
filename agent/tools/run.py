"""run: the longest run of consecutive rows (or years) meeting a condition ('the longest winning streak')."""

from agent.engine.query_engine import run_query
from agent.runs import RunArgs
from agent.tools.base import Tool

RUN = Tool(
    name="run",
    description=("The longest run of consecutive rows meeting `condition` (and `outcome`: a result column's "
                 "win/loss/draw, read from each cell's first word, 'W 24-6'), in the file's order; with `by` "
                 "(a year column, unit 'years') the longest run of consecutive years held by such rows. "
                 "'how many consecutive games was attendance above 20,000': condition Attendance > 20000."),
    args=RunArgs,
    run=run_query,
)
