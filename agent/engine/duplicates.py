"""Rows that are exact duplicates of another row (every column alike, blanks alike): they may be
one record entered twice or two real events, and nothing in the table says which, so they are
counted as they are (duplicates are data unless the user says otherwise), and an answer that
counts, sums or averages rows says how many there are ("3 rows are exact duplicates of an earlier
row ..."), as it says which summary rows it left out (agent.summary_rows).

The count is one query over the table as the engine holds it (summary rows left out, as every
computation runs): its rows less its distinct rows, by a SELECT DISTINCT over every column. It
runs once per table, on the first answer that needs it, and is kept on the table with the facts
of its rows (agent.table_cache.FACTS: the table cache keeps it, so a later process opening the
same file asks no query for it). A table over CHECKED_ROWS rows is not counted (the DISTINCT
reads every column of every row: on a 10M-row Parquet file it doubled a first question's CPU,
1.64 s -> 3.10 s, `bench/onepath.py --cold`), and its answers say so."""

from __future__ import annotations

from sqlglot import exp

from agent.plan import Agg
from agent.table_type import Table
from agent.typed_view import column

FACT = "_fact_duplicates"
"""The table attribute holding {'rows': duplicate rows} once counted (in agent.table_cache.FACTS)."""
CHECKED_ROWS = 1_000_000
"""The most rows whose duplicates are counted; a bigger table's answers say the check was skipped."""
COUNTED_OPS = (Agg.count, Agg.sum, Agg.mean)
"""Aggregates whose value a duplicate row changes (a min, a max or a distinct count it does not)."""


def duplicate_rows(table: Table, fetch, name: str) -> int | None:
    """Rows of `table` beyond the first of each set of rows alike in every column, counted by SQL
    (`fetch` runs a tree on the backend where the table is registered as `name`) once per table;
    None for a table over CHECKED_ROWS rows (not counted)."""
    if table.rows > CHECKED_ROWS:
        return None
    kept = table.__dict__.get(FACT)
    if not kept:
        columns = [column(c) for c in table.columns]
        distinct = exp.select(*columns).distinct().from_(exp.Table(this=exp.to_identifier(name, quoted=True)))
        ((count,),) = fetch(exp.select(exp.Count(this=exp.Star())).from_(distinct.subquery("d")))
        kept = table.__dict__[FACT] = {"rows": max(table.rows - int(count), 0)}
    return int(kept["rows"])


def note(count: int | None) -> list[str]:
    """The provenance note for `count` duplicate rows ([] for none; None: not counted)."""
    if count is None:
        return [f"exact duplicate rows not counted (a table over {CHECKED_ROWS:,} rows)"]
    if not count:
        return []
    rows = f"{count:,} rows are exact duplicates" if count > 1 else "1 row is an exact duplicate"
    return [f"{rows} of an earlier row (every column alike); counted as they are"]


def counted_note(table: Table, fetch, name: str, op: Agg | None = None) -> list[str]:
    """The duplicate-rows note for an answer that counts, sums or averages rows (`op`; None for a
    ratio, a share of rows), else []."""
    if op is not None and op not in COUNTED_OPS:
        return []
    return note(duplicate_rows(table, fetch, name))
