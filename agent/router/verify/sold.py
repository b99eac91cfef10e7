"""Verifier rule: 'which region sold the most Gadgets?' read as a count of rows per region, on a
table with a quantity column (Qty, units): a selling verb says items, and a row may sell several,
so the rows and the quantity rank differently and the words do not say which (trial 5: a three-way
tie of 4 rows each was stated; by Qty sold, East led). Refused naming the verb and the column.
Unless the question names the rows by their own noun: 'how many shipments were shipped' where
'shipments' is the plural of an id holding one value per row (router/id_rows.py) counts shipments."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router import vocabulary as V
from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.router.words import header_words
from agent.table import ColumnRole, Table

SALE_VERBS = frozenset({"sold", "sell", "sells", "selling", "bought", "buy", "buys", "ordered", "shipped"})


def check_sold_rows(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a row count (AggregateArgs count over no column, or a frequency of
    values) answers a question with a selling verb and the table has a quantity column."""
    kind = type(plan).__name__
    counts_rows = (kind == "AggregateArgs" and plan.op.value == "count" and plan.column is None) \
        or kind == "FrequencyArgs"
    verb = next((t.text for t in reading.tokens if t.lower in SALE_VERBS), None)
    if not counts_rows or verb is None or reading.id_rows:
        return
    quantities = [c for c, r in table.roles.items() if r is ColumnRole.numeric
                  and {w.lower() for w in header_words(str(c))} & V.QUANTITY_WORDS]
    if quantities:
        raise Abstain(f"'{verb}' may count the rows or add up {quantities[0]} (a row may hold several items); "
                      f"ask for 'the most rows' or 'the highest total {quantities[0]}'.")
