"""Records straight from the table: the rows passing typed predicates, in a stated order (or the
file's), cut at a limit, with the exact count. No index, no embedding: this is the whole answer to
a lookup whose words the predicates cover ('a sample transaction from Texas'). One narrow function,
so its body can move to another engine (SQL) without touching its callers."""

from __future__ import annotations

from dataclasses import dataclass


from agent.plan import Predicate
from agent.predicates import select
from agent.results import Record, Value
from agent.search.text import cell
from agent.table import Table


@dataclass(frozen=True)
class OrderBy:
    """One sort key of exact records: a column, ascending unless `descending`; missing values last."""

    column: str
    descending: bool = False


EXACT_SCORE = 1.0
"""The score of an exact record: every one passes the filter fully; none is ranked above another."""


def exact_records(table: Table, predicates: list[Predicate], order_by: list[OrderBy] | None = None,
                  limit: int = 5) -> tuple[list[Record], int]:
    """(records, count): the first `limit` rows (0-based data-row numbers, all fields) passing every
    predicate (AND), sorted by `order_by` (stable; ties and no order keep file order), and how many
    rows of the whole table pass. Raises the engine's typed errors (UnknownColumn, BadPredicate,
    WrongType) for a predicate it rejects. Cost: one boolean mask over the table (O(rows)), plus
    a sort of the passing rows when ordered."""
    where = [p.model_copy(update={"column": table.column(p.column)}) for p in predicates]
    import numpy as np
    rows = np.flatnonzero(select(table, where).mask)
    if order_by and len(rows):
        keys = [table.column(o.column) for o in order_by]
        frame = table.df.iloc[rows][keys].reset_index(drop=True)
        ordered = frame.sort_values(keys, ascending=[not o.descending for o in order_by],
                                    kind="mergesort", na_position="last")
        rows = rows[ordered.index.to_numpy()]
    chosen = rows[:max(limit, 0)]
    return [Record(row=int(r), score=EXACT_SCORE, fields=record_fields(table, int(r))) for r in chosen], len(rows)


def record_fields(table: Table, row: int) -> dict[str, Value]:
    """Every field of data row `row` as JSON values: ints, finite floats, else text (dates without
    a midnight time), None for missing."""
    values = table.df.iloc[row]
    out: dict[str, Value] = {}
    import numpy as np
    for column in table.df.columns:
        v = values[column]
        if isinstance(v, (int, np.integer)):
            out[str(column)] = int(v)
        elif isinstance(v, (float, np.floating)) and not np.isnan(v):
            out[str(column)] = float(v)
        else:
            out[str(column)] = cell(v)
    return out
