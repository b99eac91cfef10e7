"""The value frame of a table read where it lies (agent.relation `_in_place`) built by SQL, without
pandas: the typed sample (table `typed`, agent/whole_sql.py), then for each categorical column
every distinct value (the other columns missing in those rows; skipped past `limit` values) and
for each date column the first day of each month, in that order, as relation._value_frame builds
it with pandas. Written to a Parquet file (the table's `rows_parquet`), each column of the type
the pandas frame would give it (an integer column with missing cells as DOUBLE).

A date column that is a Parquet column passed through as is, every data page dictionary-encoded
(`dictionary_columns`), has its months taken from its distinct values (DuckDB groups the dictionary's codes, then
truncates a few values): truncating each of 10M rows cost 0.17 s of CPU a column, the distinct
values then their months 0.02-0.04 s. The set of months is the same either way; a column stored
plainly keeps the one-level query (10M distinct timestamps grouped first cost 1.2 s, where a
dictionary in every row group bounds the distinct values by the dictionaries' sizes)."""

from __future__ import annotations

from pathlib import Path

from sqlglot import exp

from agent import whole_sql
from agent.table_type import ColumnRole
from agent.typed_view import ColumnTyping, column

VALUED, PART = "valued", "__tally_part"


def dictionary_columns(connection, source: exp.Expression, typings: dict[str, ColumnTyping]) -> set[str]:
    """The columns of `typings` (by their names in view `v`) whose values are a column of the
    Parquet file `source` (a read_parquet tree) passed through as is, every data page of it in
    every row group dictionary-encoded by the file's own page statistics (metadata, no row read):
    the writer kept each row group's distinct values in a dictionary. A chunk without page
    statistics, or with a page stored plainly (a writer's fallback past its dictionary's size),
    leaves its column out; so does another source."""
    if source.name != "read_parquet":
        return set()
    bare = {t.name: name for name, t in typings.items() if t.expression == column(t.name)}
    if not bare:
        return set()
    metadata = exp.Anonymous(this="parquet_metadata", expressions=[source.expressions[0].copy()])
    query = exp.select("path_in_schema", "encoding_stats").from_(metadata).where(
        exp.column("path_in_schema").isin(*[exp.Literal.string(n) for n in bare]))
    coded: dict[str, bool] = {}
    for path, pages in connection.execute(query.sql("duckdb")).fetchall():
        data = [page["encoding"] for page in pages or () if str(page["page_type"]).startswith("DATA_PAGE")]
        coded[str(path)] = coded.get(str(path), True) and bool(data) and all(e.endswith("_DICTIONARY") for e in data)
    return {bare[path] for path, every in coded.items() if every and path in bare}


def _part_query(name: str, role: ColumnRole, limit: int, distinct_first: bool = False) -> exp.Select:
    """relation._value_frame's query of one column over view `v`; `distinct_first`: a date
    column's months from its distinct values (module doc), the same months."""
    if role is ColumnRole.date:
        values = exp.select(column(name)).distinct().from_("v").where(
            exp.Not(this=exp.Is(this=column(name), expression=exp.Null()))).subquery("d") if distinct_first else "v"
        target = exp.Anonymous(this="date_trunc", expressions=[exp.Literal.string("month"), column(name)])
        query = exp.select(exp.alias_(target, name, quoted=True)).distinct().from_(values)
    else:
        norm = exp.Lower(this=exp.Trim(this=column(name)))
        query = exp.select(column(name), exp.alias_(norm, "_norm"), exp.alias_(exp.Count(this=exp.Star()), "_rows")
                           ).from_("v").group_by(column(name), norm.copy())
    return query.where(exp.Not(this=exp.Is(this=column(name), expression=exp.Null()))).limit(limit + 1)


def value_rows(connection, whole: whole_sql.Whole, roles: dict[str, ColumnRole], rows: int, limit: int,
               spellings: dict[str, list[tuple[str, str, int]]], coded: set[str] | frozenset[str] = frozenset()) -> Path:
    """The value frame's rows as a Parquet file (module doc); `roles` of the columns to add values
    of (list columns left out), `rows` in the whole relation (view `v`). Each text column's
    spellings with their row counts go into `spellings` in the engine's form (spelling,
    LOWER(TRIM(spelling)), rows), as relation._value_frame gives them. `coded`: the columns that
    are dictionary-encoded Parquet columns as they are (`dictionary_columns`)."""
    connection.execute(exp.Create(this=exp.to_table(VALUED), kind="TABLE", replace=True, expression=exp.select(
        exp.Star(), exp.alias_(exp.convert(0), PART, quoted=True)).from_(whole_sql.TYPED)).sql("duckdb"))
    if rows > whole.rows:
        part = 0
        for name, role in roles.items():
            if role not in (ColumnRole.categorical, ColumnRole.date):
                continue
            connection.execute(exp.Create(this=exp.to_table("part"), kind="TABLE", replace=True,
                                          expression=_part_query(name, role, limit, name in coded)).sql("duckdb", copy=False))
            ((found,),) = connection.execute("SELECT COUNT(*) FROM part").fetchall()
            if found > limit:
                continue
            if role is not ColumnRole.date and whole.types[name] == "VARCHAR":
                listed = connection.execute(exp.select(column(name), "_norm", "_rows").from_("part").order_by(
                    "rowid").sql("duckdb")).fetchall()
                spellings[name] = [(str(v), str(n), int(k)) for v, n, k in listed]
            part += 1
            select = exp.select(column(name), exp.convert(part), exp.column("rowid")).from_("part")
            connection.execute(exp.insert(select, VALUED, columns=[exp.to_identifier(name, quoted=True),
                                          exp.to_identifier(PART, quoted=True),
                                          exp.to_identifier(whole_sql.POS, quoted=True)]).sql("duckdb"))
    return whole_sql.write_rows(connection, whole, VALUED, (PART, whole_sql.POS))
