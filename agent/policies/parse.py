"""Moved to agent.router.parse; kept as an alias for agent.policies.lookup."""
from agent.router.parse import Abstain, Draft, build_draft  # noqa: F401
