"""Exact cell values named in a question: a run of the question's tokens that spells one cell of
the table, word for word (case, punctuation and quotes aside; a name before a three-letter country
code in parentheses spells its cell: 'russia' for 'Russia (RUS)'). Strong evidence for a row, used by
the position and row-difference readings; a run that spells several cells names none."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agent.router.draft import Abstain
from agent.router.tokens import Token, tokenize
from agent.table import ColumnRole, Table
from agent.table_type import TEXT_ROLES

if TYPE_CHECKING:
    import pandas as pd

_MAX_TOKENS = 12
_COUNTRY_CODE = re.compile(r"(.*[^\s(])\s*\([A-Z]{3}\)[\s*\u2020\u2021^]*")
"""A name followed by a three-letter country code ('Russia (RUS)', 'Great Britain (GBR)*' in medal
tables): the name alone spells the cell too."""


@dataclass(frozen=True)
class Cell:
    """A value as it is stored in `column` (text, or a float for a number), and how many rows hold it."""

    column: str
    value: str | float
    rows: int


def _plain(text: str) -> str:
    """`text` without accents ('Möller' -> 'Moller'): questions are often typed without them."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def _key(tokens: list[Token]) -> tuple[str, ...]:
    return tuple(_plain(t.lower) for t in tokens)


def _index(table: Table) -> dict[tuple[str, ...], list[Cell]]:
    """{lowercase token texts: the cells that spell them}, over text and numeric columns; cached on the table."""
    cache = table.__dict__.get("_cell_index")
    if cache is not None:
        return cache
    index: dict[tuple[str, ...], list[Cell]] = {}
    for column in table.df.columns:
        role = table.roles[column]
        if role not in TEXT_ROLES and role is not ColumnRole.numeric:
            continue
        counts = table.df[column].dropna().value_counts(sort=False)
        for value, rows in counts.items():
            text = _number_text(value) if isinstance(value, float) else str(value).strip()
            key = _key(tokenize(_plain(text)))
            if key and len(key) <= _MAX_TOKENS:  # an id of whole numbers as written: '1050', never '1050.0'
                stored = float(value) if role is ColumnRole.numeric else _cell_text(value)
                index.setdefault(key, []).append(Cell(str(column), stored, int(rows)))
                coded = _COUNTRY_CODE.fullmatch(text) if role is not ColumnRole.numeric else None
                if coded:  # 'China (CHN)' is also spelled 'china'; a cell 'China' too makes both ambiguous
                    index.setdefault(_key(tokenize(_plain(coded.group(1)))), []).append(Cell(str(column), stored, int(rows)))
    table.__dict__["_cell_index"] = index
    return index


def cells(tokens: list[Token], table: Table) -> list[Cell]:
    """The cells `tokens` spell exactly (a number token also matches a numeric cell of that value);
    a leading 'the' is tried without it when nothing matches with it."""
    index = _index(table)
    key = _key(tokens)
    found = index.get(key, [])
    if not found and len(key) > 1 and key[0] == "the":
        found = index.get(key[1:], [])
    if not found and len(tokens) == 1 and tokens[0].kind == "number":
        try:
            number = float(tokens[0].text.replace(",", ""))
        except ValueError:
            return []
        found = index.get((_number_text(number),), [])
    return list(found)


def _number_text(value: float) -> str:
    """A number cell as a question writes it: a whole number without '.0' or an exponent ('1050',
    '2500000'), any other in short form ('2.5')."""
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:g}"


def _cell_text(value: object) -> str:
    """A text column's cell as the index stores it (stripped); a whole number of a column of numbers
    with blanks (a float to pandas: 1050.0) as written, '1050'."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return str(value).strip()


def cell_texts(series: pd.Series) -> pd.Series:
    """Every cell of `series` as the index stores a text column's cells (`_cell_text`), to compare
    with a Cell's text value."""
    if series.dtype.kind == "f":
        return series.map(_cell_text)
    return series.astype(str).str.strip()


def one_cell(tokens: list[Token], table: Table, header_words: dict[str, tuple[str, ...]] | None = None) -> Cell | None:
    """The one cell `tokens` name, in one row: spelled exactly, or as '<words of its column's header>
    <value>' ('the episode "Target"' for Episode title = '"Target"'). None when no cell or several
    (of several columns or rows) match."""
    found = cells(tokens, table)
    if not found and header_words:
        words = [t.lower for t in tokens]
        start = 1 if words[:1] == ["the"] else 0
        for k in range(start + 1, len(tokens)):
            said = set(words[start:k])
            found += [c for c in cells(tokens[k:], table) if said <= set(header_words.get(c.column, ()))]
    return found[0] if len(found) == 1 and found[0].rows == 1 else None


def header_tokens(table: Table) -> dict[str, tuple[str, ...]]:
    """{column: its header's lowercase tokens}."""
    return {str(c): tuple(t.lower for t in tokenize(str(c))) for c in table.df.columns}


def describe(tokens: list[Token], table: Table) -> str:
    """Why `tokens` name no one row: 'no cell', or the cells and row counts they match."""
    found = cells(tokens, table)
    text = " ".join(t.text for t in tokens)
    if not found:
        return f"'{text}' is not a value of any column"
    held = ", ".join(f"{c.column} ({c.rows} rows)" for c in found)
    return f"'{text}' is a value of {held}, not of one row"


__all__ = ["Cell", "cell_texts", "cells", "describe", "header_tokens", "one_cell", "tokenize"]


def one_measure(measures: list[str], unknown: list[str], shape: str, need: str) -> str:
    """The one numeric column a two-row reading compares (`measures`, repeats allowed, in order).
    `shape` names the reading ('a difference between two rows'), `need` how the column is wanted
    ('named'). Raises Abstain naming the words no part accounts for (`unknown`), else when not
    exactly one column is named."""
    measures = list(dict.fromkeys(measures))
    if unknown:
        raise Abstain(f"I read {shape}, but not the words {', '.join(map(repr, unknown))}.")
    if len(measures) != 1:
        raise Abstain(f"{shape[0].upper()}{shape[1:]} needs one numeric column {need} "
                      f"({', '.join(measures) or 'none named'}).")
    return measures[0]
