"""Verifier rule: 'how many <X>' where X names a column counts either the rows read or the distinct
values of X among them, and the words do not say which. 'how many awards were won?' over two rows
that both won 'BET Comedy Awards' is 2 wins or 1 award; 'how many artists scored more than 30
points?' is 4 songs or 3 artists when an artist sang twice; 'how many episodes are below 2.00' over
songs is 160 songs or 27 episodes. When the two counts agree the reading stands; when they differ
and no word ('different', 'distinct', 'rows', 'times') picks one, the router refuses, naming both.
The distinct count stands where the rows cannot be X: an identifier names every row (a table of
transactions: 'how many cities have fraud'), or a row noun follows X ('how many status updates')."""

from __future__ import annotations

from pydantic import BaseModel

from agent.ops.common import selected
from agent.router import vocabulary as V
from agent.router.draft import Abstain
from agent.router.reading import Item, Reading
from agent.table import ColumnRole, Table
from agent.table_type import identifier_by_name

_COUNT_WORDS = {"how many", "number of", "count of", "count", "number", "total number of"}
_BETWEEN = {"the", "a", "an", "total", "all", "of"}
"""Words that may stand between the count words and the counted noun ('the total number of the ...')."""
_PICKS = {"distinct", "different", "unique", "rows", "row", "entries", "entry", "records", "record", "times",
          "separate", "individual"}
"""Words that say which count is meant: distinct values, or rows/occurrences."""


def counted_column(reading: Reading) -> Item | None:
    """The column item that 'how many' / 'number of' counts (the first item after the count words,
    past determiners and 'total'), or None when the counted noun is no column (a row noun, 'times')."""
    items = reading.items
    for at, item in enumerate(items):
        if item.text.lower() not in _COUNT_WORDS:
            continue
        for nxt in items[at + 1:]:
            if nxt.text.lower() in _BETWEEN or nxt.text.lower() in _COUNT_WORDS:
                continue
            return nxt if nxt.kind == "column" else None
    return None


_ROWS_COUNTED = {"times", "time"}
"""Words after 'how many' that count the rows themselves and need no item ('how many times')."""


def dropped_count_noun(reading: Reading) -> str | None:
    """The word right after 'how many' when no read item covers it and it is no counting word
    ('sentenced how many years?': 'years' was read as nothing), else None."""
    tokens = reading.tokens
    for item in reading.items:
        if item.text.lower() != "how many":
            continue
        at = item.pos + len(item.text.split())
        if at >= len(tokens) or not tokens[at].lower.isalpha() or tokens[at].lower in _ROWS_COUNTED:
            continue
        if not any(i.pos <= at < i.pos + max(1, len(i.text.split())) for i in reading.items):
            return tokens[at].text
    return None


def check_dropped_count_noun(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when a count (AggregateArgs, op count or count_distinct) answers 'how many
    <word>' and the reading read nothing for that word: what is counted rests on no word."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value not in ("count", "count_distinct"):
        return
    word = dropped_count_noun(reading)
    if word is not None:
        raise Abstain(f"'how many {word}': I read nothing in the table for '{word}', so I cannot tell what to count; "
                      f"name the column or say 'how many rows'.")


def rows_and_values(plan: BaseModel, table: Table, column: str) -> tuple[int, int]:
    """(rows the plan's conditions keep, distinct non-empty `column` values among them)."""
    series = table.df[column]
    if plan.where:
        import numpy as np
        series = series[np.asarray(selected(table, plan.where, allow_empty=True).mask)]
    return len(series), int(series.dropna().nunique())


def row_identifier(table: Table, counted: str) -> str | None:
    """An id column other than `counted` (named as one: trans_num, loan_id; agent.table_type.
    identifier_by_name) whose text codes are distinct on every row, or None: each row is then one
    entity of that id (a transaction, a loan), not one `counted` value, so 'how many cities have
    fraud' counts cities, never the rows read. A numbered or positional column (Rank, Pos, No.,
    Year, Edition) only orders the rows: it says nothing of what a row is."""
    import pandas as pd

    for name, role in table.roles.items():
        if role is ColumnRole.identifier and name != counted and identifier_by_name(name):
            values = table.df[name]
            if not pd.api.types.is_numeric_dtype(values) and not pd.api.types.is_datetime64_any_dtype(values) \
                    and bool(values.notna().all()) and values.is_unique:
                return name
    return None


def _rows_named_after(noun: Item, reading: Reading) -> bool:
    """True when a row noun follows the counted column's words ('how many status updates',
    'ticket entries'): the words say rows are counted (as agent/router/parse.py reads them)."""
    at = noun.pos + len(noun.text.split())
    return at < len(reading.tokens) and reading.tokens[at].lower in V.ROW_COUNT_NOUNS


def check_rows_or_distinct(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a count (AggregateArgs, op count or count_distinct, no grouping) of
    'how many <X>', X a column's word, gives another number than the other count would: rows read
    vs distinct X values among them. An identifier's distinct values count entities (a repeated id
    is one entity's rows), so a distinct count of ids stands; so does a distinct count of X where
    another identifier names every row (`row_identifier`: the rows are transactions, not X), and a
    count whose X is followed by a row noun ('status updates'). Cost: one pass over the rows read."""
    if type(plan).__name__ != "AggregateArgs" or plan.group_by or plan.op.value not in ("count", "count_distinct") \
            or table.lies_in_file or any(t.lower in _PICKS for t in reading.tokens):
        return
    noun = counted_column(reading)
    if noun is None or noun.column not in table.roles or _rows_named_after(noun, reading):
        return
    if plan.op.value == "count_distinct" and (plan.column != noun.column or not plan.where
                                              or table.roles.get(noun.column) is ColumnRole.identifier
                                              or row_identifier(table, noun.column) is not None):
        return  # over every row, 'how many states' counts a column's distinct values (shape.check_rows_or_values)
    rows, values = rows_and_values(plan, table, noun.column)
    if rows != values:
        raise Abstain(f"'{noun.text}' may count the {rows} rows read or the {values} different {noun.column} values "
                      f"among them; ask 'how many rows' or 'how many different {noun.column}'.")


def check_times_distinct(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when 'how many times' / 'the number of times' was read as a distinct count
    (AggregateArgs, op count_distinct): 'times' counts the rows that record each occurrence ('how
    many times has X made the chart' is the rows where X charted), never the distinct values of a
    column among them, unless the column dates the rows: distinct dates are the occasions ('the
    number of times X had been released' over Release Date)."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value != "count_distinct" or _dates_rows(plan, table):
        return
    words = [t.lower for t in reading.tokens]
    for at, word in enumerate(words[1:], start=1):
        if word in _ROWS_COUNTED and words[at - 1] in ("many", "of"):
            raise Abstain(f"'{words[at - 1]} {word}' counts the rows of each occurrence, but the reading counts the "
                          f"distinct {plan.column} values; ask 'how many different {plan.column}' for those.")


_WHEN_WORDS = {"date", "year", "day", "season", "time", "month"}


def _dates_rows(plan: BaseModel, table: Table) -> bool:
    """True when the counted column is a date column or its header names a time ('Release Date')."""
    from agent.router.words import header_words

    return table.roles.get(plan.column) is ColumnRole.date or bool(set(header_words(plan.column or "")) & _WHEN_WORDS)
