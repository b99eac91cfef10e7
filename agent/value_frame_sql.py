"""The value frame of a table read where it lies (agent.relation `_in_place`) built by SQL, without
pandas: the typed sample (table `typed`, agent/whole_sql.py), then for each categorical column
every distinct value (the other columns missing in those rows; skipped past `limit` values) and
for each date column the first day of each month, in that order, as relation._value_frame builds
it with pandas. Written to a Parquet file (the table's `rows_parquet`), each column of the type
the pandas frame would give it (an integer column with missing cells as DOUBLE)."""

from __future__ import annotations

from pathlib import Path

from sqlglot import exp

from agent import whole_sql
from agent.table_type import ColumnRole
from agent.typed_view import column

VALUED, PART = "valued", "__tally_part"


def _part_query(name: str, role: ColumnRole, limit: int) -> exp.Select:
    """relation._value_frame's query of one column over view `v`."""
    if role is ColumnRole.date:
        target = exp.Anonymous(this="date_trunc", expressions=[exp.Literal.string("month"), column(name)])
        query = exp.select(exp.alias_(target, name, quoted=True)).distinct().from_("v")
    else:
        norm = exp.Lower(this=exp.Trim(this=column(name)))
        query = exp.select(column(name), exp.alias_(norm, "_norm"), exp.alias_(exp.Count(this=exp.Star()), "_rows")
                           ).from_("v").group_by(column(name), norm.copy())
    return query.where(exp.Not(this=exp.Is(this=column(name), expression=exp.Null()))).limit(limit + 1)


def value_rows(connection, whole: whole_sql.Whole, roles: dict[str, ColumnRole], rows: int, limit: int,
               spellings: dict[str, list[tuple[str, str, int]]]) -> Path:
    """The value frame's rows as a Parquet file (module doc); `roles` of the columns to add values
    of (list columns left out), `rows` in the whole relation (view `v`). Each text column's
    spellings with their row counts go into `spellings` in the engine's form (spelling,
    LOWER(TRIM(spelling)), rows), as relation._value_frame gives them."""
    connection.execute(exp.Create(this=exp.to_table(VALUED), kind="TABLE", replace=True, expression=exp.select(
        exp.Star(), exp.alias_(exp.convert(0), PART, quoted=True)).from_(whole_sql.TYPED)).sql("duckdb"))
    if rows > whole.rows:
        part = 0
        for name, role in roles.items():
            if role not in (ColumnRole.categorical, ColumnRole.date):
                continue
            connection.execute(exp.Create(this=exp.to_table("part"), kind="TABLE", replace=True,
                                          expression=_part_query(name, role, limit)).sql("duckdb"))
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
