"""Verifier rule for a finishing place said by a placing verb: in 'which nation came in first?',
'first' right after 'came'/'finished'/'placed' ([in|at] [the] between) grounds a filter on a
standing column (a header holding 'place', 'rank', 'position'... whose cells read as standings:
router/standings.py) at 1, both its column and its value: the verb says a standing is meant, 'first'
which one. Without the verb, 'first' is the table's first row (file order), never this filter."""

from __future__ import annotations

from agent.router.reading import Item
from agent.router.standings import placed_before, standing_columns, standing_value
from agent.router.verify.context import Context, Strength
from agent.router.verify.parts import Part, Role


def placed_first(part: Part, item: Item, ctx: Context) -> Strength | None:
    """STRONG when `item` is 'first' right after a placing verb and `part` filters a standing
    column to the rows that read 1; None otherwise."""
    if part.role is not Role.filter or item.text.lower() != "first" or part.column is None:
        return None
    words = [t.lower for t in ctx.reading.tokens]
    if not placed_before(words, item.pos):
        return None
    values = [v for v in (part.value, *part.values) if v is not None]
    if part.op not in ("=", "in") or not values or any(standing_value(v) != 1 for v in values):
        return None
    return Strength.STRONG if part.column in standing_columns(ctx.table, None) else None


_SIDE_WORDS = frozenset({"place", "position", "rank"})
_ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                  "eighth": 8, "ninth": 9, "tenth": 10}


def _said_standing(word: str) -> int | None:
    """The standing a word says: 1 for 'first', '1st' or '1'; None for any other word."""
    if word in _ORDINAL_WORDS:
        return _ORDINAL_WORDS[word]
    digits = word.rstrip("stndrh") if word[-2:] in ("st", "nd", "rd", "th") else word
    return int(digits) if digits.isdigit() and len(digits) <= 3 else None


def standing_side(part: Part, item: Item, ctx: Context) -> Strength | None:
    """In a ChangeArgs between two rows of a standing column ('the difference in points between 6th
    place and 2nd place', 'between position 1 and position 2'): STRONG for the standing word
    ('place', 'position', 'rank') and for the ordinal or number beside it ('6th' before, '2' after),
    when the standing said is one of the change's two sides and the column is a standing column
    whose header holds that word. None otherwise."""
    if part.role is not Role.period or ctx.plan_kind != "ChangeArgs" or part.column is None:
        return None
    words = [t.lower for t in ctx.reading.tokens]
    p = item.pos
    pairs = [(p, p + 1), (p - 1, p)] if words[p] in _SIDE_WORDS else [(p - 1, p), (p, p + 1)]
    sides = {standing_value(v) for v in (part.value, part.upper) if v is not None}
    for a, b in pairs:
        if a < 0 or b >= len(words):
            continue
        said = _side(words[a], words[b])
        if said is not None and said[1] in sides and part.column in standing_columns(ctx.table, said[0]):
            return Strength.STRONG
    return None


def _side(first: str, second: str) -> tuple[str, int] | None:
    """(standing word, standing) for '6th place' (an ordinal before the word) or 'position 2' (a
    number after it); None for any other pair."""
    if second in _SIDE_WORDS and not first.isdigit() and _said_standing(first) is not None:
        return second, _said_standing(first)
    if first in _SIDE_WORDS and second.isdigit() and _said_standing(second) is not None:
        return first, _said_standing(second)
    return None
