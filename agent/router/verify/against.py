"""The verifier's evidence for rows compared against a named row, written apart from the reader
(router/than_row.py): 'how many nations won more gold medals than Japan', 'which buildings have
more floors than the Landmark Hotel', 'did A score more points than B'.

- a comparative followed by 'than' says the comparison: up words ('more', 'higher', 'taller') for
  '>', down words ('fewer', 'less', 'shorter') for '<';
- the named row's value names the column a list shows (the rows are of its kind: 'which nations ...
  than Japan' lists Nation);
- a comparative that says the other way, or a compared column that is a standing (rank 1 comes
  first: 'higher' could mean either end), refuses (check_against)."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import Abstain
from agent.router.reading import Item, Reading
from agent.router.tokens import tokenize
from agent.router.verify.choices import DOWN, UP
from agent.router.verify.context import Context, Strength
from agent.router.verify.parts import Part, Role

_KIND = "AgainstArgs"
_STANDINGS = frozenset({"rank", "ranking", "place", "position", "pos", "seed", "standing"})
_VERBS = frozenset({"have", "has", "had", "get", "gets", "got", "receive", "receives", "received", "win", "wins",
                    "won", "earn", "earns", "earned", "score", "scores", "scored", "gain", "gains", "gained",
                    "play", "plays", "played", "hold", "holds", "held"})
"""Verbs of having a quantity ('did A receive more points than B'): they say nothing the comparison does not."""


def _than_after(item: Item, ctx: Context) -> bool:
    return any(t.lower == "than" for t in ctx.reading.tokens[item.pos + 1:])


def than_comparison(part: Part, item: Item, ctx: Context) -> Strength | None:
    """An up word for '>', a down word for '<', with 'than' after it, in a plan against a named row."""
    if ctx.plan_kind != _KIND or part.role is not Role.check or not _than_after(item, ctx):
        return None
    word = item.text.lower()
    wanted = ">" if word in UP else "<" if word in DOWN else None
    return Strength.STRONG if wanted is not None and wanted == part.op else None


def named_row_shown(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The named row's value (after 'than') names the column a list shows: the rows are of its kind."""
    if ctx.plan_kind != _KIND or part.role is not Role.shown or item.kind != "value" or not any(
            t.lower == "than" for t in ctx.reading.tokens[:item.pos]):
        return None
    return Strength.STRONG if any(m.column == part.column for m in item.meanings) else None


def against_filler(item: Item, parts: list[Part], ctx: Context) -> bool:
    """True, in a plan against a named row, for a verb of having before the comparison ('did A
    receive more points'): it says nothing the comparison does not. (A noun no stage read, 'which
    building', stays unaccounted for: nothing tells it from an unrelated word.)"""
    del parts
    return ctx.plan_kind == _KIND and len(item.text.split()) == 1 and item.text.lower() in _VERBS \
        and item.kind in ("unread", "stop") and _than_after(item, ctx)


def check_against(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when a plan against a named row meets a comparative saying the other way, or
    compares a standing column."""
    if type(plan).__name__ != _KIND:
        return
    other = DOWN if plan.cmp == ">" else UP
    wrong = [t.text for t in reading.tokens if t.lower in other]
    if wrong:
        raise Abstain(f"The question says {', '.join(map(repr, wrong))}, but the reading I could build compares "
                      f"{plan.column} {plan.cmp} the named row's; say which way.")
    if {t.lower for t in tokenize(plan.column)} & _STANDINGS:
        raise Abstain(f"{plan.column} is a standing (1 comes first): a comparison with the named row could mean "
                      "either end; say 'a lower number' or name another column.")
