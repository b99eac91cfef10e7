"""The verifier's evidence for a difference of two rows' values and for an aggregate per entity,
written apart from their readers (router/differences.py, router/entity.py):

- 'how many more passengers did A have than B', 'how much taller is A than B': a comparative
  ('more', 'fewer', 'less', or an -er word naming the measure's noun: 'taller' for height) with
  'than' after it is the difference (a ChangeArgs over the key column naming A and B); the two
  values of the key column are its periods;
- 'the average order amount', 'the average amount per order': the entity (an identifier column
  named right after the outer aggregate word, or after 'per'/'each') groups the rows, and its
  rows are totalled first (the inner sum)."""

from __future__ import annotations

from agent.router.reading import Item
from agent.router.verify.context import Context, Strength
from agent.router.verify.parts import Part, Role
from agent.table import ColumnRole

DIFFERENCE = frozenset({"more", "fewer", "less"})
"""Comparatives of amount: with 'than', the difference of two rows' values."""
COMPARATIVES = {"taller": "height", "shorter": "height", "older": "age", "younger": "age", "heavier": "weight",
                "lighter": "weight", "longer": "length"}
"""Comparatives naming their measure's noun: the measure column holds that header word."""
_OUTER = frozenset({"average", "mean", "median", "typical"})


def _than_after(item: Item, ctx: Context) -> bool:
    return any(t.lower == "than" for t in ctx.reading.tokens[item.pos + 1:])


def difference_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """In a ChangeArgs, 'more'/'fewer'/'less' or a measure's comparative followed by 'than' says
    the operation: the difference of the two sides' values."""
    word = item.text.lower()
    if ctx.plan_kind != "ChangeArgs" or part.role is not Role.aggregate:
        return None
    if (word in DIFFERENCE or word in COMPARATIVES) and _than_after(item, ctx):
        return Strength.STRONG
    if word == "difference" and any(t.lower == "between" for t in ctx.reading.tokens[item.pos + 1:]):
        return Strength.STRONG  # 'the difference in attendance between july 7 and july 8'
    return None


def comparative_measure(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'taller' names a measure column whose header holds 'height' (the verifier's own table)."""
    noun = COMPARATIVES.get(item.text.lower())
    if noun is None or part.column is None or not _than_after(item, ctx):
        return None
    return Strength.STRONG if noun in ctx.lex.header_words.get(part.column, set()) else None


def period_value(part: Part, item: Item, ctx: Context) -> Strength | None:
    """A value of the key column equal to one of the change's two sides ('Los Angeles', 'Saskatoon')."""
    if item.kind != "value" or part.role is not Role.period:
        return None
    sides = {str(v).casefold() for v in (part.value, part.upper) if v is not None}
    said = [m for m in item.meanings if m.column == part.column and str(m.value).casefold() in sides]
    return Strength.STRONG if said else None


def than_read(parts: list[Part], ctx: Context) -> bool:
    """True when 'than' belongs to a difference the plan reads (a ChangeArgs over two sides)."""
    return ctx.plan_kind == "ChangeArgs" and any(p.role is Role.period for p in parts) and any(
        t.lower in DIFFERENCE or t.lower in COMPARATIVES for t in ctx.reading.tokens)


def _names(item: Item, entity: str, ctx: Context) -> bool:
    """True when the item is linked to the entity column, or its one word is a header word of it
    ('order' of order_id, read as the table's row noun)."""
    from agent.router.lexicon import singular

    if item.kind == "column":
        return item.column == entity
    words = item.text.lower().split()
    return len(words) == 1 and singular(words[0]) in ctx.lex.header_words.get(entity, set())


def entity_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """In a PerEntityArgs, the entity column named right after the outer aggregate word ('the
    average order amount') or after 'per'/'each' ('the average amount per order') groups the
    rows, and says its rows are totalled first (the inner aggregate)."""
    if ctx.plan_kind != "PerEntityArgs" or item.kind not in ("column", "row", "entity") or item.similar:
        return None
    entity = ctx.plan_groups[0] if ctx.plan_groups else None
    if entity is None or ctx.table.roles.get(entity) is not ColumnRole.identifier or not _names(item, entity, ctx):
        return None
    prev = ctx.reading.tokens[item.pos - 1].lower if item.pos else ""
    if prev not in _OUTER and prev not in ("per", "each"):
        return None
    if part.role is Role.group and part.column == entity:
        return Strength.STRONG
    return Strength.STRONG if part.role is Role.aggregate and part.path.endswith("inner") else None


_EXTREME = {"desc": "highest", "asc": "lowest"}
_SETS_OUT = frozenset({"between", "from"})


def range_words(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'the difference between the highest X and the lowest X' (also 'from the highest X to the
    lowest'): in a range statistic, 'difference', the word setting out its sides ('between'/'from'),
    and one order word of each direction after 'difference' say MAX - MIN. STRONG for those words
    when the question holds 'difference' and order words of both directions after it."""
    if part.role is not Role.statistic or part.op != "range":
        return None
    words = [t.lower for t in ctx.reading.tokens]
    if "difference" not in words:
        return None
    at = words.index("difference")
    directions = {i.meanings[0].value for i in ctx.reading.of("order") if i.pos > at and i.meanings}
    if not {"desc", "asc"} <= directions:
        return None
    word = item.text.lower()
    if word == "difference" or (word in _SETS_OUT and item.pos > at):
        return Strength.STRONG
    if item.kind == "order" and item.pos > at and item.meanings and item.meanings[0].value in _EXTREME:
        return Strength.STRONG
    return None
