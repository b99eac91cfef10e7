"""against: rows compared with one named row (counted, listed, or a second named row tested)."""

from agent.against import AgainstArgs
from agent.engine.query_engine import run_query
from agent.tools.base import Tool

AGAINST = Tool(
    name="against",
    description=("Rows compared with one named row's own cell: 'how many nations won more gold than Japan' (ask "
                 "count, column Gold, cmp >, anchor Nation = 'Japan'), 'which buildings have more floors than the "
                 "Landmark Hotel' (ask list, columns [Name]), 'did A score more points than B' (ask check, subject "
                 "Player = 'A', anchor Player = 'B'). The anchor and subject must each name exactly one row."),
    args=AgainstArgs,
    run=run_query,
)
