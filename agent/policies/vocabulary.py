"""Moved to agent.router.vocabulary; kept as an alias for agent.policies.lookup (another branch edits it)."""
from agent.router.vocabulary import *  # noqa: F401,F403
