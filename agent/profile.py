"""Column profiles of a loaded table: role, dtype, nulls, distinct counts, low-cardinality values
and date ranges. Never holds raw rows beyond the distinct values of low-cardinality columns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from agent.numbers import fmt_number
from agent.list_columns import split_items
from agent.table_type import ColumnRole, Table

if TYPE_CHECKING:
    import pandas as pd

_Model = ConfigDict(defer_build=True)


class ColumnProfile(BaseModel):
    """One column of the table, summarised."""

    model_config = _Model

    name: str
    """Column name as used in tool calls (trimmed header)."""
    display: str
    """Original header text."""
    role: ColumnRole
    """numeric / categorical / date / identifier / text."""
    dtype: str
    """pandas dtype after parsing (float64, int64, datetime64[ns], str...); 'list' for a list
    column (agent/list_columns.py), whose distinct count and values are its items and whose
    nulls are the rows with no item (missing or an empty list)."""
    nulls: int
    """Missing cells, including unparseable cells of numeric/date columns."""
    distinct: int
    """Distinct non-missing values."""
    values: list[str | float] | None = None
    """Sorted distinct values when distinct <= low_cardinality (dates as ISO strings); for numeric
    columns only codes and flags (at most 5 distinct whole numbers), so measures never leak rows."""
    unparseable: int = 0
    """Non-missing cells that could not be parsed as numbers/dates (counted in nulls too)."""
    min: str | float | None = None
    """Earliest value, ISO string; date columns only."""
    max: str | float | None = None
    """Latest value, ISO string; date columns only."""
    mixed_dates: str | None = None
    """For a text column of dates written several ways that do not read one way, why it is not
    read as dates ('05/03/2024' could be 5 March or 3 May: agent.mixed_dates); else None."""


class TableProfile(BaseModel):
    """The whole table, summarised for prompts and answers."""

    model_config = _Model

    file: str
    """File name."""
    sha256: str
    """Hex sha256 of the file bytes."""
    rows: int
    """Data rows."""
    columns: list[ColumnProfile]
    """One profile per column, in file order."""

    def to_prompt(self) -> str:
        """Compact text for an LLM system prompt: a header line, then one line per column
        `name (role, N distinct, K nulls): v1, v2, ...`. No raw rows."""
        lines = [f"Table {self.file}: {self.rows:,} rows, {len(self.columns)} columns."]
        for col in self.columns:
            head = f"{col.name} ({col.role}, {col.distinct:,} distinct, {col.nulls:,} nulls"
            if col.unparseable:
                head += f", {col.unparseable:,} unparseable"
            if col.display != col.name:
                head += f", header {col.display!r}"
            if col.mixed_dates:
                head += f"; not read as dates: {col.mixed_dates}"
            head += ")"
            if col.role == ColumnRole.date and col.min is not None:
                head += f": {col.min} .. {col.max}"
            elif col.values is not None:
                head += ": " + ", ".join(_show(v) for v in col.values)
            lines.append(head)
        return "\n".join(lines)


def _show(value: str | float) -> str:
    """A profile value as prompt text: numbers without trailing .0."""
    return fmt_number(value) if isinstance(value, float) else value


def _iso(values: pd.Series) -> list[str]:
    """Timestamps as ISO strings: dates only when every value is at midnight."""
    if (values == values.dt.normalize()).all():
        return [v.date().isoformat() for v in values]
    return [v.isoformat() for v in values]


def _column(table: Table, name: str, low_cardinality: int) -> ColumnProfile:
    """Profile of one column (one pass for distinct values)."""
    s = table.df[name]
    form = table.lists.get(name)
    import pandas as pd
    if form is not None:  # a list column: its items are the values
        cells = [split_items(v, form) for v in s.tolist()]
        s = pd.Series([None if not c else c[0] for c in cells], index=s.index, dtype="object")
        uniques = pd.Series(sorted({i for c in cells if c for i in c}), dtype="object")
    else:
        uniques = pd.Series(s.dropna().unique())
    role = table.roles[name]
    profile = ColumnProfile(name=name, display=table.display[name], role=role,
                            dtype="list" if form is not None else str(s.dtype),
                            nulls=int(s.isna().sum()), distinct=len(uniques),
                            unparseable=table.reports[name].unparseable,
                            mixed_dates=table.mixed_dates.get(name))
    if pd.api.types.is_datetime64_any_dtype(s):
        if len(uniques):
            low, high = _iso(pd.Series([uniques.min(), uniques.max()]))
            profile.min, profile.max = low, high
        if len(uniques) <= low_cardinality:
            profile.values = _iso(uniques.sort_values())
    elif len(uniques) <= low_cardinality:
        if pd.api.types.is_numeric_dtype(s):
            # Only codes and flags (few whole numbers): measures' values would leak the rows.
            if len(uniques) <= 5 and bool((uniques % 1 == 0).all()):
                profile.values = sorted(float(v) for v in uniques)
        else:
            profile.values = sorted(str(v) for v in uniques)
    return profile


def profile_table(table: Table, low_cardinality: int = 30) -> TableProfile:
    """Profile every column of `table`; values are listed for columns with at most
    `low_cardinality` distinct values. Cached on the table per `low_cardinality`."""
    cached = table._profile.get(low_cardinality)
    if cached is None and table.lies_in_file:  # its rows are not in memory: profiled by SQL
        cached = table._profile[low_cardinality] = _sql_profile(table, low_cardinality)
    if cached is None:
        columns = [_column(table, name, low_cardinality) for name in table.df.columns]
        cached = TableProfile(file=table.name, sha256=table.sha256, rows=table.rows, columns=columns)
        table._profile[low_cardinality] = cached
    return cached


def _dtype(table: Table, name: str) -> str:
    """The dtype label of a column whose rows stay in the file, from its typed sample."""
    series = table.df[name]
    if table.roles[name] is ColumnRole.date:
        return "datetime64[ns]"
    import pandas as pd
    if pd.api.types.is_numeric_dtype(series) and not pd.api.types.is_bool_dtype(series):
        return "float64"
    return "str"


def _sql_profile(table: Table, low_cardinality: int) -> TableProfile:
    """The profile of a table read where it lies, by SQL over every row: nulls and exact distinct
    counts per column, min/max of dates, the values of text columns with few of them. Errors of
    DuckDB reading the file (a file gone since it was loaded: duckdb.IOException) propagate."""
    from agent.scratch import connect

    with connect() as connection:  # closed (its scratch schema dropped) when a query fails too
        table.relation(connection, "v")
        columns = _sql_columns(connection, table, low_cardinality)
    return TableProfile(file=table.name, sha256=table.sha256, rows=table.rows, columns=columns)


def _sql_columns(connection, table: Table, low_cardinality: int) -> list[ColumnProfile]:
    """Each column's profile by SQL over view 'v' of `connection` (the table's typed relation)."""
    from sqlglot import exp

    from agent.typed_view import column

    names = list(table.display)
    counts = [item for n in names for item in (exp.Sub(this=exp.Count(this=exp.Star()), expression=exp.Count(this=column(n))),
                                               exp.Count(this=exp.Distinct(expressions=[column(n)])))]
    (row,) = connection.execute(exp.select(*counts).from_("v").sql("duckdb")).fetchall()
    columns = []
    for i, name in enumerate(names):
        nulls, distinct, dtype = int(row[2 * i]), int(row[2 * i + 1]), _dtype(table, name)
        profile = ColumnProfile(name=name, display=table.display[name], role=table.roles[name], dtype=dtype,
                                nulls=nulls, distinct=distinct, unparseable=table.reports[name].unparseable,
                                mixed_dates=table.mixed_dates.get(name))
        if name in table.lists:
            profile.dtype = "list"
            _list_profile(connection, profile, name, table.lists[name], low_cardinality)
        elif dtype.startswith("datetime"):
            ((low, high),) = connection.execute(exp.select(exp.Min(this=column(name)), exp.Max(this=column(name)))
                                                .from_("v").sql("duckdb")).fetchall()
            profile.min, profile.max = (str(v).removesuffix(" 00:00:00") if v is not None else None for v in (low, high))
        elif distinct <= low_cardinality and dtype == "str":
            query = exp.select(column(name)).distinct().from_("v").where(
                exp.Not(this=exp.Is(this=column(name), expression=exp.Null())))
            profile.values = sorted(str(r[0]) for r in connection.execute(query.sql("duckdb")).fetchall())
        columns.append(profile)
    return columns


def _list_profile(connection, profile: ColumnProfile, name: str, form: str, low_cardinality: int) -> None:
    """A list column's profile by SQL: distinct items, rows with no item, the items when few."""
    from sqlglot import exp

    from agent import list_sql
    from agent.typed_view import column

    items = list_sql.items(name, form)
    none = exp.or_(exp.Is(this=column(name), expression=exp.Null()),
                   exp.EQ(this=exp.Anonymous(this="len", expressions=[items.copy()]), expression=exp.convert(0)))
    empty = exp.Sum(this=exp.Case(ifs=[exp.If(this=exp.Paren(this=none), true=exp.convert(1))], default=exp.convert(0)))
    ((distinct, nulls),) = connection.execute(exp.select(list_sql.distinct_items(name, form), empty).from_("v")
                                              .sql("duckdb")).fetchall()
    profile.distinct, profile.nulls = int(distinct or 0), int(nulls or 0)
    if profile.distinct <= low_cardinality:
        every = exp.Anonymous(this="list_sort", expressions=[exp.Anonymous(this="list_distinct", expressions=[
            exp.Anonymous(this="flatten", expressions=[exp.ArrayAgg(this=items)])])])
        ((values,),) = connection.execute(exp.select(every).from_("v").sql("duckdb")).fetchall()
        profile.values = [str(v) for v in values or []]
