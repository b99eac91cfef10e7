"""expression: Arithmetic of two operands (columns or numbers) per row, then aggregated."""

from agent.engine.query_engine import run_query
from agent.queries import ExpressionArgs
from agent.tools.base import Tool

EXPRESSION = Tool(
    name="expression",
    description=("Arithmetic of two operands (columns or numbers) per row, then aggregated: 'the total of FGM plus FTM', 'the average height in cm' (height * 100)."),
    args=ExpressionArgs,
    run=run_query,
)
