"""Rows as labelled texts ('category: grocery_pos | amt: 107.23 | city: Orient'), the form that is
embedded and matched by BM25, and rows as typed payloads for Qdrant."""

from __future__ import annotations

import math


from agent.table import ColumnRole, Table


TEXT_VERSION = 3
"""Bumped whenever the text or payload layout changes: part of the index cache key."""


def dense_columns(table: Table, money: list[str]) -> list[str]:
    """Columns that describe a row in words: categorical, text and date columns, plus the money
    columns (`money`). Identifiers (card numbers, hashes) and coordinates are left to the
    exact-term signal: they add word pieces (cost: embedding time grows with length) and no meaning."""
    keep = (ColumnRole.categorical, ColumnRole.text, ColumnRole.date)
    return [c for c in table.df.columns if table.roles[c] in keep or c in money]


def vector_columns(table: Table) -> list[str]:
    """The columns composed into a row's vector (fields.py): the descriptive ones without money.
    An amount has nearly as many distinct values as rows (encoding each would cost a model pass
    per row) and is an exact filter ('over $200', 'around $66') or an exact term (BM25) instead."""
    return dense_columns(table, [])


def cell(value: object) -> str | None:
    """A cell as text: dates without a midnight time, floats without exponent or trailing zeros,
    None for missing."""
    import pandas as pd

    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NaT:
        return None
    if isinstance(value, pd.Timestamp):
        return str(value).removesuffix(" 00:00:00")
    import numpy as np
    if isinstance(value, (float, np.floating)):
        return np.format_float_positional(float(value), trim="-")
    return str(value)


def row_texts(table: Table, columns: list[str], start: int = 0, stop: int | None = None,
              rows: list[int] | None = None) -> list[str]:
    """Labelled texts of rows [start, stop) (or of the listed `rows`): 'column: value' joined by
    ' | ', missing cells left out."""
    frame = (table.df.iloc[start:stop] if rows is None else table.df.iloc[rows])[columns]
    out = []
    for values in frame.itertuples(index=False, name=None):
        out.append(" | ".join(f"{c}: {s}" for c, v in zip(columns, values) if (s := cell(v)) is not None))
    return out


def payloads(table: Table, start: int = 0, stop: int | None = None) -> list[dict[str, object]]:
    """Typed payloads of rows [start, stop): numbers as int/float, dates as RFC 3339 text (the
    form Qdrant's datetime index reads), text as str, missing as None."""
    frame = table.df.iloc[start:stop]
    columns = list(frame.columns)
    converters = []
    import pandas as pd
    for c in columns:
        if table.roles[c] is ColumnRole.date:
            converters.append(lambda v: None if v is pd.NaT or pd.isna(v) else v.strftime("%Y-%m-%dT%H:%M:%S.%f") + "Z")
        elif pd.api.types.is_integer_dtype(frame[c]):
            converters.append(lambda v: None if pd.isna(v) else int(v))
        elif pd.api.types.is_numeric_dtype(frame[c]):
            converters.append(lambda v: None if pd.isna(v) else float(v))
        else:
            converters.append(lambda v: None if not isinstance(v, str) and pd.isna(v) else str(v))
    return [{c: f(v) for c, f, v in zip(columns, converters, values)}
            for values in frame.itertuples(index=False, name=None)]
