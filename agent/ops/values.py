"""`frequency` (the most or least common values, top-N by count) and `distinct` (the distinct
values, in order of first appearance or sorted). Text spellings differing only in case or
surrounding whitespace count as one value."""

from __future__ import annotations

from typing import TYPE_CHECKING

import time


from agent.engine import Engine
from agent.engine.values import scalar
from agent.ops.common import labels, provenance, selected, where_text
from agent.queries import DistinctArgs, FrequencyArgs
from agent.results import ValueCount, ValuesResult
from agent.table_type import Table

if TYPE_CHECKING:
    import pandas as pd


def _counts(table: Table, column: str, mask) -> pd.DataFrame:
    """value, rows, first (position of first appearance), one line per distinct value."""
    values = labels(table, column)[mask].dropna()
    import pandas as pd
    frame = pd.DataFrame({"value": values.to_numpy(), "pos": range(len(values))})
    grouped = frame.groupby("value", sort=False, observed=True)["pos"]
    return pd.DataFrame({"rows": grouped.size(), "first": grouped.min()}).reset_index()


def frequency(engine: Engine, table: Table, args: FrequencyArgs) -> ValuesResult:
    """Values by row count (desc: most common first), ties broken by first appearance; values
    cut by the limit with the same count as the last kept are in `ties`."""
    started = time.perf_counter()
    column = table.column(args.column)
    selection = selected(table, args.where)
    counts = _counts(table, column, selection.mask)
    ascending = args.order == "asc"
    ordered = counts.sort_values(["rows", "first"], ascending=[ascending, True], kind="stable")
    kept, rest = ordered.iloc[: args.limit], ordered.iloc[args.limit:]
    tied = rest[rest["rows"] == kept["rows"].iloc[-1]] if len(kept) and len(rest) else rest.iloc[:0]
    as_counts = lambda f: [ValueCount(value=scalar(v), rows=int(n)) for v, n in zip(f["value"], f["rows"])]
    operation = (f"SELECT {column}, COUNT(*){where_text(args.where)} GROUP BY {column} ORDER BY COUNT(*) "
                 f"{'ASC' if ascending else 'DESC'} LIMIT {args.limit}")
    return ValuesResult(column=column, values=as_counts(kept), ties=as_counts(tied), total_distinct=len(counts),
                        provenance=provenance(table, operation, selection, started))


def distinct(engine: Engine, table: Table, args: DistinctArgs) -> ValuesResult:
    """Every distinct value with its row count, in order of first appearance or sorted."""
    started = time.perf_counter()
    column = table.column(args.column)
    selection = selected(table, args.where)
    counts = _counts(table, column, selection.mask)
    if args.order != "appearance":
        counts = counts.sort_values("value", ascending=args.order == "asc", kind="stable")
    values = [ValueCount(value=scalar(v), rows=int(n)) for v, n in zip(counts["value"], counts["rows"])]
    order = "" if args.order == "appearance" else f" ORDER BY {column} {args.order.upper()}"
    return ValuesResult(column=column, values=values, total_distinct=len(values),
                        provenance=provenance(table, f"SELECT DISTINCT {column}{where_text(args.where)}{order}",
                                              selection, started))
