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
