"""Verifier rules: a count of rows answering a question about items, on a table with a quantity
column (Qty, units, stock), where a row may hold several items, so the rows and the quantity give
different numbers and the words do not say which.

- A selling verb: 'which region sold the most Gadgets?' read as a count of rows per region (trial
  5: a three-way tie of 4 rows each was stated; by Qty sold, East led).
- A counted value: 'how many ballpoint pens do we have?' where 'ballpoint pens' is a cell of Item
  Name, read as the 1 row holding it, while its Qty cell says 250 (trial 8). The noun counted is a
  thing the rows hold, not the rows; a quantity column held as text with units ('250 pcs') counts
  too (it is still how many there are, though it cannot be added up).

Both are refused naming the two readings. Unless the question names the rows by their own noun:
'how many shipments were shipped' where 'shipments' is the plural of an id holding one value per
row (router/id_rows.py) counts shipments, and 'rows', 'entries', 'records', 'lines' say the rows."""

from __future__ import annotations

import re

from pydantic import BaseModel

from agent import table_rows
from agent.router import vocabulary as V
from agent.router.draft import Abstain
from agent.router.reading import Item, Reading
from agent.router.words import header_words
from agent.table import ColumnRole, Table

SALE_VERBS = frozenset({"sold", "sell", "sells", "selling", "bought", "buy", "buys", "ordered", "shipped"})
STOCK_WORDS = frozenset({*V.QUANTITY_WORDS, "pcs", "stock", "onhand"})
"""Header words of a column saying how many items a row holds ('Qty', 'Units in Stock', 'Pcs')."""
ROW_WORDS = frozenset({*V.ROW_COUNT_NOUNS, "listings", "listing", "times"})
"""Words saying the rows themselves are counted ('how many rows are staplers')."""
_COUNT_WORDS = frozenset({"how many", "number of", "count of", "total number of"})
_BETWEEN = frozenset({"the", "a", "an", "all", "of"})
_WITH_UNIT = re.compile(r"^\s*\d[\d,]*(?:\.\d+)?\s*[A-Za-z]")
"""A cell holding a number then a unit word: '250 pcs', '3 boxes', '40 reams'."""


def quantity_columns(table: Table, skip: set[str] = frozenset()) -> list[str]:
    """The columns of `table` (not in `skip`) whose header has a quantity word (STOCK_WORDS) and
    whose cells are numbers: a numeric column, or a text column every non-empty cell of which is a
    number followed by a unit ('250 pcs'). In table order."""
    found = []
    for column, role in table.roles.items():
        if str(column) in skip or not {w.lower() for w in header_words(str(column))} & STOCK_WORDS:
            continue
        if role is ColumnRole.numeric:
            found.append(str(column))
        elif role in (ColumnRole.categorical, ColumnRole.text):
            cells = [v for v, _ in table_rows.values(table, column)]  # by SQL: no DataFrame on the cold path
            if cells and all(isinstance(c, str) and _WITH_UNIT.match(c) for c in cells):
                found.append(str(column))
    return found


def check_sold_rows(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a row count (AggregateArgs count over no column, or a frequency of
    values) answers a question with a selling verb and the table has a quantity column (quantity_columns)."""
    kind = type(plan).__name__
    counts_rows = (kind == "AggregateArgs" and plan.op.value == "count" and plan.column is None) \
        or kind == "FrequencyArgs"
    verb = next((t.text for t in reading.tokens if t.lower in SALE_VERBS), None)
    if not counts_rows or verb is None or reading.id_rows:
        return
    quantities = quantity_columns(table)
    if quantities:
        raise Abstain(f"'{verb}' may count the rows or add up {quantities[0]} (a row may hold several items); "
                      f"ask for 'the most rows' or 'the highest total {quantities[0]}'.")


def counted_value(reading: Reading) -> Item | None:
    """The value item right after 'how many' / 'number of' (past determiners): 'how many ballpoint
    pens' -> the Item Name value 'Ballpoint pens'; None when the counted noun is a column, the
    rows' noun, or anything but a value."""
    items = reading.items
    for at, item in enumerate(items):
        if item.text.lower() not in _COUNT_WORDS:
            continue
        nxt = next((i for i in items[at + 1:] if i.text.lower() not in _BETWEEN), None)
        return nxt if nxt is not None and nxt.kind == "value" else None
    return None


def check_counted_value_rows(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a count (AggregateArgs count or count_distinct, no grouping) answers
    'how many <value>' (counted_value) on a table with a quantity column other than the value's
    (quantity_columns), and no row word or row noun (ROW_WORDS, an id's plural) says rows."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value not in ("count", "count_distinct") \
            or plan.group_by or reading.id_rows or any(t.lower in ROW_WORDS for t in reading.tokens):
        return
    noun = counted_value(reading)
    if noun is None:
        return
    quantities = quantity_columns(table, skip={noun.column} if noun.column else set())
    if not quantities:
        return
    column = quantities[0]
    held = "" if table.roles.get(column) is ColumnRole.numeric else \
        f" ({column} holds numbers with units, such as '{_example(table, column, noun)}', which I cannot add up)"
    raise Abstain(f"'how many {noun.text}' may count the rows holding {noun.text} or the {column} they hold"
                  f"{held}; ask 'how many rows' or 'the total {column}'.")


def _example(table: Table, column: str, noun: Item) -> str:
    """A cell of `column` on a row holding the counted value, else its first non-empty cell."""
    cells = table.df[column]
    if noun.column in table.df.columns and noun.meanings and noun.meanings[0].value is not None:
        mine = cells[table.df[noun.column] == noun.meanings[0].value].dropna()
        if len(mine):
            return str(mine.iloc[0])
    return str(cells.dropna().iloc[0])
