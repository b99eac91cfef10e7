"""Verifier rule: the noun after 'which'/'what' read as an instruction verb.

'which show had the earliest opening date?' had been read as MIN(Opening date): 'show' was taken as
the verb of 'show me' and passed over as filler, so the date was answered where a show (a row's
title) was asked. Right after 'which' or 'what' a word is the noun of the thing asked, never the
verb of an instruction ('name', 'list', 'give', 'show', 'identify', 'tell', 'mention' open a
question only as verbs: 'list the shows'). Such a word read as filler there is refused, named."""

from __future__ import annotations

from agent.router import vocabulary as V
from agent.router.draft import Abstain
from agent.router.reading import Reading

_ASKING = {"which", "what"}


def check_which_verb(reading: Reading) -> None:
    """Raises Abstain when 'which'/'what' is followed by a naming verb (vocabulary.NAMING_VERBS) that
    the reading took as filler or left out (module docstring)."""
    tokens = reading.tokens
    for at in range(len(tokens) - 1):
        if tokens[at].lower not in _ASKING or tokens[at + 1].lower not in V.NAMING_VERBS:
            continue
        item = reading.at(at + 1)
        if item is None or item.kind == "stop":
            raise Abstain(f"'{tokens[at].text} {tokens[at + 1].text}' asks for a {tokens[at + 1].text}, which no column "
                          f"or value of the table names; I read '{tokens[at + 1].text}' as nothing.")
