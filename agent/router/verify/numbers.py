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
