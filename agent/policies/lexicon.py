"""Moved to agent.router.lexicon; kept as an alias for agent.policies.lookup and agent.search."""
from agent.router.lexicon import Lexicon, Meaning, build_lexicon, column_forms, lookup_word, stem  # noqa: F401
from agent.router.tokens import Token, tokenize  # noqa: F401
