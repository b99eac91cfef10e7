"""Moved to agent.router.link; kept as an alias for agent.policies.lookup."""
from agent.router.link import Item, Reading, iso_date, parse_number, read  # noqa: F401
