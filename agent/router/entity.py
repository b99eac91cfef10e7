"""Reading of an aggregate per entity: 'the average order amount' / 'the average amount per order'
on a table where an order spans rows (order_id repeats) is each order's total amount, then the mean
(PerEntityArgs), not the mean line amount. The entity is a word naming an identifier column
('order' for order_id) whose values repeat; the measure a numeric column named by its header.
A bare 'order value' (which column?) refuses; None for any other shape."""

from __future__ import annotations

import re

from agent.plan import Agg
from agent.per_entity import PerEntityArgs
from agent.router.draft import Abstain
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.router.rows import distinct_count
from agent.router.words import header_words
from agent.table import Table

OUTER = {"average": Agg.mean, "mean": Agg.mean, "median": Agg.median, "typical": Agg.mean}
_LEAD = ("what", "is", "was", "the", "s")
_ID_PARTS = frozenset({"id", "no", "number", "num", "code", "key", "ref"})
_VAGUE = frozenset({"value", "size", "total", "worth"})
_TOTAL = frozenset({"total", "overall"})
ADDS = frozenset({"amount", "amounts", "amt", "sales", "sale", "revenue", "revenues", "cost", "costs", "spend",
                  "spending", "spent", "charge", "charges", "payment", "payments", "paid", "quantity", "qty",
                  "units", "subtotal", "total", "sum", "income", "profit", "fee", "fees", "tax"})
"""Header words of a column whose cells are parts of an entity's amount (an order's lines add up
to its total); any other measure is read on each row, and its mean per entity is no mean of sums."""


def read_per_entity(reading: Reading, lex: Lexicon, table: Table) -> PerEntityArgs | None:
    """The plan for 'what is the average <entity> <measure>' / 'the average <measure> per <entity>',
    or None. Raises Abstain when the entity repeats but the measure is not one numeric column."""
    words = [t.lower for t in reading.tokens]
    i = 0
    while i < len(words) and words[i] in _LEAD:
        i += 1
    if i >= len(words) or words[i] not in OUTER:
        return None
    rest = words[i + 1:]
    total = bool(rest) and rest[0] in _TOTAL  # 'the average total spend per customer': the words say total
    if total:
        rest = rest[1:]
        i += 1
    if len(rest) == 3 and rest[1] == "per":
        measure_at, noun = i + 1, rest[2]
    elif len(rest) == 2:
        measure_at, noun = i + 2, rest[0]
    else:
        return None
    entity = _entity_column(noun, table)
    if entity is None:
        return None
    if words[measure_at] in _VAGUE and not total:
        raise Abstain(f"'{words[i]} {noun} {words[measure_at]}': {entity} spans several rows; name the column "
                      f"to total per {noun} (e.g. 'the average {noun} amount').")
    item = next((x for x in reading.items if x.pos == measure_at and x.kind == "column" and not x.similar), None)
    if item is None or item.column not in lex.numeric_columns:
        return None
    outer = words[i - 1] if total else words[i]
    if not total and not adds_up(item.column):
        # 'the average temperature per sensor': each sensor's own mean, never the mean of its sums;
        # the aggregate reading takes it (and asks whether 'per sensor' is a unit or a grouping)
        return None
    reading.notes.append(f"read '{noun}' as {entity} (it repeats: a {noun} spans rows): the {outer} over "
                         f"{entity} of each one's total {item.column}")
    return PerEntityArgs(entity=entity, inner=Agg.sum, column=item.column, outer=OUTER[outer])


def adds_up(column: str) -> bool:
    """True when a header word of `column` names an amount that an entity's rows add up to (amount,
    sales, cost, quantity: ADDS), so 'the average amount per order' is each order's total, then
    their mean; False for a reading of each row (temperature, price, rating, score)."""
    return bool(set(header_words(column)) & ADDS)


def _entity_column(noun: str, table: Table) -> str | None:
    """The one identifier-like column named '<noun> id' (order_id, 'Order No') whose values repeat."""
    singular = noun[:-1] if noun.endswith("s") and len(noun) > 3 else noun
    found = []
    for column in table.df.columns:
        parts = [p for p in re.split(r"[\W_]+|(?<=[a-z])(?=[A-Z])", str(column)) if p]
        lowered = [p.lower() for p in parts]
        if singular in lowered and set(lowered) - {singular} and set(lowered) - {singular} <= _ID_PARTS:
            distinct, present = distinct_count(table, column)
            if distinct < present:
                found.append(str(column))
    return found[0] if len(found) == 1 else None
