"""The verifier's evidence for a choice between two rows and for the difference between two rows,
written apart from their readers (router/which_of.py, router/between.py):

- 'who scored more goals, A or B', 'who is taller, A or B': with 'or' in the question, a comparative
  of amount ('more', 'higher', ...) says the order of a one-row ranking (up: highest first; down:
  lowest first), and a comparative naming its measure's noun ('taller' for height) names the column
  ranked by when that column's header holds the noun, and keeps one row (the one of the two it picks);
- 'the difference in attendance between July 7 and July 8': 'between' after 'difference' says the
  two sides of the difference (its periods)."""

from __future__ import annotations

from agent.router.reading import Item
from agent.router.verify.context import Context, Strength
from agent.router.verify.differences import COMPARATIVES
from agent.router.verify.parts import Part

UP = frozenset({"more", "higher", "greater", "larger", "bigger", "taller", "older", "heavier", "longer"})
DOWN = frozenset({"fewer", "less", "lower", "smaller", "shorter", "younger", "lighter"})


def _choice(ctx: Context) -> bool:
    return ctx.plan_kind == "RankArgs" and sum(t.lower == "or" for t in ctx.reading.tokens) == 1


def choice_order(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'more'/'taller' (desc) or 'fewer'/'shorter' (asc) as the order of a choice 'A or B'."""
    word = item.text.lower()
    if not _choice(ctx) or part.op not in ("desc", "asc"):
        return None
    wanted = "desc" if word in UP else "asc" if word in DOWN else None
    return Strength.STRONG if wanted == part.op else None


def choice_measure(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'taller' names the column a choice 'A or B' ranks by when its header holds 'height'."""
    noun = COMPARATIVES.get(item.text.lower())
    if noun is None or part.column is None or not _choice(ctx):
        return None
    return Strength.STRONG if noun in ctx.lex.header_words.get(part.column, set()) else None


def between_sides(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'between' after 'difference' in a ChangeArgs: the word that sets out its two sides."""
    if ctx.plan_kind != "ChangeArgs" or item.text.lower() != "between":
        return None
    return Strength.STRONG if any(t.lower == "difference" for t in ctx.reading.tokens[:item.pos]) else None


def choice_limit(part: Part, item: Item, ctx: Context) -> Strength | None:
    """In a choice 'A or B', the comparative keeps one row: the one of the two it picks."""
    word = item.text.lower()
    return Strength.STRONG if part.value == 1 and _choice(ctx) and (word in UP or word in DOWN) else None
