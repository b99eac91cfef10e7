"""Shared parts of the typed query operations over pandas: row selection, provenance, the
operation written SQL-like, and column checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import time


from agent.engine.values import scalar
from agent.errors import WrongType
from agent.plan import Agg, Op, Predicate
from agent.predicates import Selection, canonical_labels, select, selected
from agent.results import Provenance, Value
from agent.sqlish import aggregate_expr as agg_text, literal, predicate_sql as predicate_text, where_sql as where_text
from agent.table_type import TEXT_ROLES, Table, table_notes

if TYPE_CHECKING:
    import pandas as pd



def provenance(table: Table, operation: str, selection: Selection, started: float, **fields: object) -> Provenance:
    """Provenance of an operation run over `selection` since `started` (perf_counter seconds)."""
    fields["notes"] = table_notes(table, list(fields.get("notes") or []))
    return Provenance(operation=operation, rows_scanned=table.rows, rows_matched=int(selection.mask.sum()),
                      matched_values=selection.matched_values, resolved=selection.resolved,
                      elapsed_ms=(time.perf_counter() - started) * 1000, file=table.name, sha256=table.sha256,
                      **fields)


def numeric(table: Table, column: str, operation: str) -> str:
    """`column` resolved; WrongType unless it holds numbers."""
    column = table.column(column)
    import pandas as pd
    if not pd.api.types.is_numeric_dtype(table.df[column]):
        raise WrongType(column, table.roles[column].value, operation)
    return column


def labels(table: Table, column: str) -> pd.Series:
    """The column's values as a Series of shape (rows,); text spellings that differ only in case or
    surrounding whitespace merged under the most frequent one, as the engine's group-by does."""
    import numpy as np

    import pandas as pd

    if table.roles[column] in TEXT_ROLES and not pd.api.types.is_numeric_dtype(table.df[column]):
        return pd.Series(np.asarray(canonical_labels(table, column)[0], dtype=object), index=table.df.index)
    return table.df[column]


def apply(values: pd.Series, op: Agg) -> Value:
    """op over `values` (count counts non-missing values)."""
    match op:
        case Agg.count: result = values.count()
        case Agg.sum: result = values.sum()
        case Agg.mean: result = values.mean()
        case Agg.median: result = values.median()
        case Agg.count_distinct: result = values.nunique()
        case Agg.min: result = values.min()
        case Agg.max: result = values.max()
        case Agg.std: result = values.std()
    return scalar(result)


def row_dict(df: pd.DataFrame, index: object, columns: list[str]) -> dict[str, Value]:
    """The `columns` of row `index` as JSON-friendly values."""
    return {c: scalar(df.at[index, c]) for c in columns}
