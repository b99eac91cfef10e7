"""Tables read where they lie: a DuckDB view over the file with the column typing applied as SQL
(typed_view.py), for files too big to load. Nothing is loaded but a sample; every answer is a
query over every row of the file.

`df` of such a table is its *value frame*: the typed sample plus every distinct value of each
column with at most VALUE_FRAME_DISTINCT distinct values (and each month of each date column), so
the router can link words to the table's own values. Row counts, profiles and answers always come
from SQL over the whole file, never from the frame."""

from __future__ import annotations

import hashlib
import os
import pickle
from dataclasses import dataclass, field
from typing import ClassVar
from collections.abc import Mapping
from pathlib import Path

import duckdb
import pandas as pd
from sqlglot import exp

from agent.engine import typed_view as tv
from agent.engine.compile import Kind, column
from agent.errors import TableLoadError
from agent.list_columns import ListForm, as_json_text, is_native, list_form
from agent.table import ColumnRole, ParseReport, Table, infer_role

SAMPLE_ROWS = 5_000
VALUE_FRAME_DISTINCT = 20_000
_CSV = {".csv", ".tsv", ".txt", ".psv"}
_PARQUET = {".parquet", ".pq"}
_JSON = {".jsonl", ".ndjson", ".json"}


def _source(path: Path, delimiter: str | None) -> exp.Expression:
    """read_csv(...all_varchar) / read_parquet(...) / read_json_auto(...) of the file, as a tree."""
    suffix = path.suffix.lower()
    target = exp.Literal.string(str(path))
    if suffix in _PARQUET:
        return exp.Anonymous(this="read_parquet", expressions=[target])
    if suffix in _JSON:
        return exp.Anonymous(this="read_json_auto", expressions=[target])
    options = [exp.EQ(this=exp.var("all_varchar"), expression=exp.true()),
               exp.EQ(this=exp.var("header"), expression=exp.true())]
    if delimiter:
        options.append(exp.EQ(this=exp.var("delim"), expression=exp.Literal.string(delimiter)))
    return exp.Anonymous(this="read_csv", expressions=[target, *options])


@dataclass(eq=False)
class ViewTable(Table):
    """A Table whose rows stay in the file. `relation(connection, name)` creates the typed view;
    `rows` is the file's row count; `df` is the value frame (see the module doc)."""

    view_sql: exp.Select | None = field(default=None, repr=False)
    row_count: int = 0
    lies_in_file: ClassVar[bool] = True

    @property
    def rows(self) -> int:
        """Number of data rows in the file."""
        return self.row_count

    def relation(self, connection: duckdb.DuckDBPyConnection, name: str) -> None:
        """CREATE VIEW name AS the typed select over the file, on `connection`."""
        view = exp.Create(this=exp.Table(this=exp.to_identifier(name, quoted=True)), kind="VIEW",
                          expression=self.view_sql.copy())
        connection.execute(view.sql(dialect="duckdb"))


CACHE_DIR = Path(os.environ.get("TALLY_CACHE", "~/.cache/tally")).expanduser() / "tables"
"""Where what opening a big file learned (typing, roles, value frame) is kept, keyed by the file's
path, size and modification time, so later processes open it without scanning."""


def open_view_table(path: str | Path, *, delimiter: str | None = None, cache: bool = True) -> ViewTable:
    """Open `path` (CSV/TSV, Parquet, JSON lines) as a ViewTable; reuse what an earlier open of the
    same unchanged file learned (CACHE_DIR). Raises TableLoadError naming the file when DuckDB
    cannot read it or it has no rows."""
    path = Path(path)
    if not path.exists():
        raise TableLoadError(path, "file not found")
    stat = path.stat()
    key = hashlib.sha256(f"{path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}:{delimiter}".encode()).hexdigest()
    saved = CACHE_DIR / f"{key}.pickle"
    if cache and saved.exists():
        try:
            return pickle.loads(saved.read_bytes())
        except Exception:  # an unreadable cache entry is rebuilt
            saved.unlink(missing_ok=True)
    table = _open(path, delimiter, key)
    if cache:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        partial = saved.with_suffix(".tmp")
        partial.write_bytes(pickle.dumps(table))
        partial.replace(saved)
    return table


def _open(path: Path, delimiter: str | None, digest: str) -> ViewTable:
    connection = duckdb.connect(":memory:")
    source = _source(path.resolve(), delimiter)
    try:
        raw = connection.execute(exp.select("*").from_(source).limit(SAMPLE_ROWS).sql("duckdb")).df()
    except duckdb.Error as exc:
        raise TableLoadError(path, f"DuckDB could not read it: {str(exc).splitlines()[0]}") from None
    if raw.empty:
        raise TableLoadError(path, "no rows")
    names = [str(c) for c in raw.columns]
    if len(names) > 1 and tv.looks_like_index(names[0]):
        names, raw = names[1:], raw.iloc[:, 1:]
    display = tv.trimmed_headers(names)
    typings = [tv.decide(n, raw[n]) for n in names]
    view_sql = tv.view_select(source, typings, display)
    connection.execute(exp.Create(this=exp.to_identifier("v"), kind="VIEW", expression=view_sql).sql("duckdb"))
    rows = connection.execute("SELECT COUNT(*) FROM v").fetchone()[0]
    sample = connection.execute(exp.select("*").from_("v").limit(SAMPLE_ROWS).sql("duckdb")).df()
    lists = _list_columns(sample, typings, display)
    roles = {n: infer_role(n, sample[n]) for n in display}
    reports = LazyReports(path, source, dict(zip(display, zip(names, typings))))
    frame = _value_frame(connection, sample, {n: r for n, r in roles.items() if n not in lists}, rows)
    connection.close()
    return ViewTable(path, path.name, frame, display, reports, roles, digest, lists=lists, view_sql=view_sql,
                     row_count=int(rows))


def _list_columns(sample: pd.DataFrame, typings: list[tv.ColumnTyping], display: dict[str, str]) -> dict[str, ListForm]:
    """The list columns of the typed sample (agent/list_columns.py); a native LIST column's sample
    cells become JSON text, as in memory, while the view keeps the LIST."""
    lists: dict[str, ListForm] = {}
    for name, typing in zip(display, typings):
        if is_native(sample[name]):
            lists[name] = ListForm.native
            sample[name] = sample[name].map(as_json_text).astype("str")
        elif typing.kind == "text" and (form := list_form(sample[name])) is not None:
            lists[name] = form
    return lists


class LazyReports(Mapping[str, ParseReport]):
    """Parse reports computed over every row, one column at a time on first use (a full scan of
    that column), so opening a big file costs no scan."""

    def __init__(self, path: Path, source: exp.Expression, columns: dict[str, tuple[str, tv.ColumnTyping]]):
        self._path, self._source, self._columns = path, source, columns
        self._done: dict[str, ParseReport] = {}

    def __getitem__(self, key: str) -> ParseReport:
        if key not in self._done:
            raw, typing = self._columns[key]
            self._done[key] = _report(self._path, self._source, raw, typing)
        return self._done[key]

    def __iter__(self):
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)


def _report(path: Path, source: exp.Expression, name: str, typing: tv.ColumnTyping) -> ParseReport:
    """Missing cells, and non-missing cells the typing could not read, of one column."""
    connection = duckdb.connect(":memory:")
    present = tv._present(exp.cast(column(name), "VARCHAR"))
    unread = (exp.Sub(this=exp.Count(this=present.copy()), expression=exp.Count(this=typing.expression.copy()))
              if typing.kind != "text" else exp.Literal.number(0))
    missing_count = exp.Sub(this=exp.Count(this=exp.Star()), expression=exp.Count(this=present.copy()))
    missing, bad = connection.execute(exp.select(missing_count, unread).from_(source).sql("duckdb")).fetchone()
    examples: list[str] = []
    if bad:
        query = exp.select(column(name)).from_(source).where(
            exp.and_(exp.Not(this=exp.Is(this=present, expression=exp.Null())),
                     exp.Is(this=typing.expression.copy(), expression=exp.Null()))).limit(5)
        examples = [str(r[0]) for r in connection.execute(query.sql("duckdb")).fetchall()]
    connection.close()
    return ParseReport(int(missing), int(bad), examples, list(typing.notes))


def _value_frame(connection, sample: pd.DataFrame, roles: dict[str, ColumnRole], rows: int) -> pd.DataFrame:
    """The typed sample plus, for each categorical column, every distinct value (other columns
    missing in those rows; skipped past VALUE_FRAME_DISTINCT values), and the first day of each
    month of each date column."""
    if rows <= len(sample):
        return sample
    parts = [sample]
    for name, role in roles.items():
        if role not in (ColumnRole.categorical, ColumnRole.date):
            continue
        target = column(name)
        if role is ColumnRole.date:
            target = exp.Anonymous(this="date_trunc", expressions=[exp.Literal.string("month"), target])
        query = (exp.select(exp.alias_(target, name, quoted=True)).distinct().from_("v")
                 .where(exp.Not(this=exp.Is(this=column(name), expression=exp.Null())))
                 .limit(VALUE_FRAME_DISTINCT + 1))
        values = connection.execute(query.sql("duckdb")).df()
        if len(values) <= VALUE_FRAME_DISTINCT:
            parts.append(values.astype({name: sample[name].dtype}, errors="ignore"))
    return pd.concat(parts, ignore_index=True)


def view_profile(table: ViewTable, low_cardinality: int = 30):
    """The TableProfile of a table read where it lies, by SQL over every row: nulls and exact
    distinct counts per column, min/max of dates, the values of columns with few of them."""
    from agent.profile import ColumnProfile, TableProfile

    from agent.engine.sql_engine import kinds

    column_kinds = kinds(table)
    connection = duckdb.connect(":memory:")
    table.relation(connection, "v")
    names = list(table.display)
    counts = [item for n in names for item in (exp.Sub(this=exp.Count(this=exp.Star()), expression=exp.Count(this=column(n))),
                                               exp.Count(this=exp.Distinct(expressions=[column(n)])))]
    row = connection.execute(exp.select(*counts).from_("v").sql("duckdb")).fetchone()
    columns = []
    for i, name in enumerate(names):
        nulls, distinct = int(row[2 * i]), int(row[2 * i + 1])
        kind = column_kinds[name]
        profile = ColumnProfile(name=name, display=table.display[name], role=table.roles[name],
                                dtype={Kind.date: "datetime64[ns]", Kind.text: "str", Kind.list: "list"}.get(kind, "float64"),
                                nulls=nulls, distinct=distinct, unparseable=table.reports[name].unparseable)
        if kind is Kind.list:
            _list_profile(connection, profile, name, table.lists[name], low_cardinality)
        elif kind is Kind.date:
            low, high = connection.execute(exp.select(exp.Min(this=column(name)), exp.Max(this=column(name)))
                                           .from_("v").sql("duckdb")).fetchone()
            profile.min, profile.max = (str(v).removesuffix(" 00:00:00") if v is not None else None for v in (low, high))
        elif distinct <= low_cardinality and kind is Kind.text:
            query = exp.select(column(name)).distinct().from_("v").where(
                exp.Not(this=exp.Is(this=column(name), expression=exp.Null())))
            profile.values = sorted(str(r[0]) for r in connection.execute(query.sql("duckdb")).fetchall())
        columns.append(profile)
    connection.close()
    return TableProfile(file=table.name, sha256=table.sha256, rows=table.rows, columns=columns)


def _list_profile(connection, profile, name: str, form: str, low_cardinality: int) -> None:
    """A list column's profile by SQL: distinct items, rows with no item, the items when few."""
    from agent.engine import list_compile

    items = list_compile.items(name, form)
    empty = exp.Sum(this=exp.Case(ifs=[exp.If(this=exp.Paren(this=exp.or_(
        exp.Is(this=column(name), expression=exp.Null()),
        exp.EQ(this=exp.Anonymous(this="len", expressions=[items.copy()]), expression=exp.convert(0))
    )), true=exp.convert(1))], default=exp.convert(0)))
    distinct, nulls = connection.execute(exp.select(list_compile.distinct_items(name, form), empty).from_("v")
                                         .sql("duckdb")).fetchone()
    profile.distinct, profile.nulls = int(distinct or 0), int(nulls or 0)
    if profile.distinct <= low_cardinality:
        every = exp.select(exp.Anonymous(this="list_sort", expressions=[exp.Anonymous(
            this="list_distinct", expressions=[exp.Anonymous(this="flatten", expressions=[exp.ArrayAgg(this=items)])])]))
        (values,), = connection.execute(every.from_("v").sql("duckdb")).fetchall()
        profile.values = [str(v) for v in values or []]
