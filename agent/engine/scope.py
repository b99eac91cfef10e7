"""Which rows a plan runs over: the table's data rows, or, when a predicate names one of the
table's summary rows by its label ('Grand Total', 'North Total'), the data rows with the summary
rows put back, so a question about a total row still reaches it (agent.summary_rows)."""

from __future__ import annotations

import dataclasses


from agent.errors import UnknownColumn
from agent.plan import Op, Predicate
from agent.table import Table


_NAMING = (Op.eq, Op.in_, Op.contains)


def scope(table: Table, predicates: list[Predicate]) -> Table:
    """`table`, or its copy holding its summary rows too (built once, kept on the table) when an
    =, in or contains predicate names a summary row's label in that column (case and surrounding
    spaces ignored). Unknown columns are left for the engine to report."""
    if table.summary is None or not predicates:
        return table
    for p in predicates:
        try:
            labels = table.summary.labels(table.column(p.column)) if p.op in _NAMING else set()
        except UnknownColumn:
            continue
        wanted = [str(v).strip().casefold() for v in (p.values or [p.value]) if v is not None]
        if any(w in labels or (p.op is Op.contains and any(w in label for label in labels)) for w in wanted):
            return with_summary_rows(table)
    return table


def with_summary_rows(table: Table) -> Table:
    """The table with its summary rows appended after the data rows (no summary of its own)."""
    cached = table.__dict__.get("_with_summary")
    import pandas as pd
    if cached is None:
        frame = pd.concat([table.df, table.summary.frame.astype(table.df.dtypes.to_dict(), errors="ignore")],
                          ignore_index=True)
        cached = dataclasses.replace(table, df=frame, summary=None, rows_parquet=None)
        table.__dict__["_with_summary"] = cached
    return cached
