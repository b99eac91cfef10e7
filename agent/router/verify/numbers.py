"""Verifier rule (d): every number in the question is used by the plan (a threshold, a limit, an
offset, a period, a value); list markers ('2. What is ...') are layout, dropped before reading
(see layout.py) and noted. A number no part uses names itself in the abstention."""

from __future__ import annotations

from agent.router.reading import Item
from agent.router.draft import Abstain
from agent.router.verify.evidence import Context, supports
from agent.router.verify.parts import Part


def check_numbers(parts: list[Part], items: list[Item], ctx: Context) -> None:
    """Raises Abstain naming a number of the question no part of the plan uses."""
    for item in items:
        if item.kind == "number" and not any(supports(p, item, ctx) is not None for p in parts):
            raise Abstain(f"The question says {item.text}, but the reading I could build does not use it "
                          "(as a threshold, a limit or a value); say what it applies to.")


_LINKED = ("row", "column", "value", "entity", "measure")
_PRONOUN_BEFORE = {"the", "which", "each", "every", "this", "that", "any", "no"}
_SINGLE_BEFORE = {"in", "per", "during", "within", "for", "at", "on", "of", "by", "over", "from", "to", "with", "into"}
"""'in one season', 'per one game': 'one' there is 'a single' (the grain of each row), no count."""


def check_counted_one(reading) -> None:
    """Raises Abstain when 'one' stands right before a word read as the table's (the rows, a column
    or a value: 'how many nations only took one medal') and was read as nothing: there it counts
    ('one medal' is Total = 1), not the pronoun of 'which one' or 'one of the', and a plan that drops
    it answers another question (every nation). 'the one team', 'each one' stay pronouns, and after a
    preposition 'one' is 'a single' ('the most points in one season': each row is a season)."""
    tokens = reading.tokens
    kinds = {i.pos: i.kind for i in reading.items}
    for at, token in enumerate(tokens[:-1]):
        if token.lower != "one" or kinds.get(at, "stop") != "stop":
            continue
        if at and tokens[at - 1].lower in _PRONOUN_BEFORE | _SINGLE_BEFORE:
            continue
        if kinds.get(at + 1) in _LINKED:
            raise Abstain(f"The question says 'one {tokens[at + 1].text}', but the reading I could build does not "
                          "count it (as a threshold or a value); say what it applies to.")
