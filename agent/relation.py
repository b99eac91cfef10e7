"""The one path every table takes: a DuckDB relation under the typed view decided from a sample
(agent/typed_view.py), whatever the file's size or kind (CSV/TSV, Parquet, JSON lines, an Excel
sheet or a DataFrame handed in).

The raw rows are read by DuckDB; the typing of each column is decided from the first rows and
applied as SQL. A table of at most FRAME_ROWS rows is typed whole (its typing decided from every
row), and its typed rows become `df`, which the engines copy into their own columnar storage and
the router reads. A bigger one stays where it lies: the engines run `view_sql` over the file and
`df` is its *value frame* (the typed sample plus every distinct value of each column with at most
VALUE_FRAME_DISTINCT of them, and each month of each date column), so the router can link words
to the table's own values; row counts, reports and profiles then come from SQL over every row."""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Mapping
from pathlib import Path

import duckdb
import pandas as pd
from sqlglot import exp

from agent import typed_view as tv
from agent.errors import TableLoadError
from agent.summary_rows import drop_summary_rows
from agent.table_type import ColumnRole, ParseReport, Table, infer_role
from agent.typed_view import column

SAMPLE_ROWS = 5_000
"""Rows the typing of a table bigger than FRAME_ROWS is decided from."""
FRAME_ROWS = 250_000
"""Tables up to this many rows are typed whole and keep every typed row in `df`."""
VALUE_FRAME_DISTINCT = 20_000
_RAW = "raw"

CACHE_DIR = Path(os.environ.get("TALLY_CACHE", "~/.cache/tally")).expanduser() / "tables"
"""Where what opening a big file learned (typing, roles, value frame) is kept, keyed by the file's
path, size and modification time, so later processes open it without scanning."""


def _call(name: str, *args: exp.Expression) -> exp.Expression:
    return exp.Anonymous(this=name, expressions=list(args))


def file_source(path: Path, delimiter: str | None = None, null_tokens: list[str] | None = None) -> exp.Expression:
    """read_parquet(...) / read_json_auto(...) / read_csv(..., all_varchar) of the file as a tree;
    `null_tokens` are the exact cell spellings a CSV read makes NULL."""
    suffix = path.suffix.lower()
    target = exp.Literal.string(str(path))
    if suffix in {".parquet", ".pq"}:
        return _call("read_parquet", target)
    if suffix in {".jsonl", ".ndjson", ".json"}:
        return _call("read_json_auto", target)
    options = [("all_varchar", exp.true()), ("header", exp.true())]
    if delimiter:
        options.append(("delim", exp.Literal.string(delimiter)))
    if null_tokens is not None:
        options += [("nullstr", exp.Array(expressions=[exp.Literal.string(t) for t in null_tokens])),
                    ("null_padding", exp.true())]
    return _call("read_csv", target, *[exp.EQ(this=exp.var(k), expression=v) for k, v in options])


def open_relation(label: Path, source: exp.Expression | None, digest: str, *, frame: pd.DataFrame | None = None,
                  headers: list[str] | None = None, frame_rows: int = FRAME_ROWS) -> Table:
    """The Table of `source` (a read_* tree over a file) or of `frame` (rows in memory, always
    typed whole), named by `label`. `headers`: the file's own header texts, one per raw column,
    when they differ from DuckDB's names. Raises TableLoadError naming `label` when DuckDB cannot
    read it or it has no rows."""
    connection = duckdb.connect(":memory:")
    if frame is not None:
        connection.register("_frame", frame)
        source, frame_rows = exp.to_table("_frame"), max(frame_rows, len(frame))
    try:
        connection.execute(exp.Create(this=exp.to_table(_RAW), kind="TABLE", expression=exp.select("*").from_(
            source.copy()).limit(frame_rows + 1)).sql("duckdb"))
    except duckdb.Error as exc:
        raise TableLoadError(label, f"DuckDB could not read it: {str(exc).splitlines()[0]}") from None
    (count,), = connection.execute(f"SELECT COUNT(*) FROM {_RAW}").fetchall()
    if not count:
        raise TableLoadError(label, "no rows")
    complete = count <= frame_rows
    query = exp.select("*").from_(_RAW).order_by("rowid")
    raw = connection.execute((query if complete else query.limit(SAMPLE_ROWS)).sql("duckdb")).df()
    names = [str(c) for c in raw.columns]
    headers = headers if headers is not None and len(headers) == len(names) else names
    if len(names) > 1 and tv.looks_like_index(headers[0]) and _index(raw[names[0]]):
        names, headers = names[1:], headers[1:]
    display = tv.trimmed_headers(headers)
    typings = {trimmed: tv.decide(name, raw[name]) for trimmed, name in zip(display, names)}
    view_sql = tv.view_select(source, list(typings.values()), display)
    if complete:
        table = _whole(connection, label, digest, typings, display)
    else:
        table = _in_place(connection, label, digest, typings, display, source)
    table.view_sql = view_sql
    connection.close()
    return table


def _index(values: pd.Series) -> bool:
    """A leading unnamed column is an index when it holds distinct or increasing whole numbers."""
    numbers = pd.to_numeric(values, errors="coerce")
    if numbers.isna().any() or not bool((numbers % 1 == 0).all()):
        return False
    return bool(numbers.is_monotonic_increasing and numbers.is_unique) or bool(numbers.is_unique)


def _typed(connection, typings: dict[str, tv.ColumnTyping], source: exp.Expression, order: bool) -> pd.DataFrame:
    query = tv.view_select(source, list(typings.values()), dict.fromkeys(typings))
    frame = connection.execute((query.order_by("rowid") if order else query).sql("duckdb")).df()
    for name in frame.columns:  # DuckDB hands timestamps over in microseconds; the loaders' unit is ns
        if pd.api.types.is_datetime64_any_dtype(frame[name]):
            frame[name] = frame[name].astype("datetime64[ns]")
    return frame


def _whole(connection, label: Path, digest: str, typings: dict[str, tv.ColumnTyping],
           display: dict[str, str]) -> Table:
    """A table typed whole: every typed row in `df` (file order), summary rows left out."""
    df = _typed(connection, typings, exp.to_table(_RAW), order=True)
    reports = {name: _report(connection, exp.to_table(_RAW), typing) for name, typing in typings.items()}
    roles = {name: infer_role(name, df[name]) for name in df.columns}
    df = drop_summary_rows(df, [c for c, r in roles.items() if r in (ColumnRole.categorical, ColumnRole.text)],
                           [c for c, r in roles.items() if r is ColumnRole.numeric], reports)
    return Table(label, label.name, df, display, reports, roles, digest)


def _in_place(connection, label: Path, digest: str, typings: dict[str, tv.ColumnTyping], display: dict[str, str],
              source: exp.Expression) -> Table:
    """A table bigger than FRAME_ROWS: rows stay in the file, `df` is the value frame."""
    connection.execute(exp.Create(this=exp.to_identifier("v"), kind="VIEW", expression=tv.view_select(
        source, list(typings.values()), display)).sql("duckdb"))
    (rows,), = connection.execute("SELECT COUNT(*) FROM v").fetchall()
    sample = _typed(connection, typings, exp.to_table(_RAW), order=True).head(SAMPLE_ROWS)
    roles = {n: infer_role(n, sample[n]) for n in display}
    reports = LazyReports(source, typings)
    frame = _value_frame(connection, sample, roles, rows)
    return Table(label, label.name, frame, display, reports, roles, digest, lies_in_file=True, row_count=int(rows))


def open_file(path: Path, *, delimiter: str | None = None, cache: bool = True, frame_rows: int = FRAME_ROWS,
              null_tokens: list[str] | None = None, headers: list[str] | None = None,
              digest: str | None = None) -> Table:
    """Open a CSV/TSV, Parquet or JSON-lines file on the one path. A table bigger than `frame_rows`
    reuses what an earlier open of the same unchanged file learned (CACHE_DIR); its digest is of
    the path, size and time (hashing gigabytes is not done), a smaller one's is `digest`."""
    path = Path(path)
    if not path.exists():
        raise TableLoadError(path, "file not found")
    stat = path.stat()
    key = hashlib.sha256(f"{path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}:{delimiter}:{frame_rows}".encode()).hexdigest()
    saved = CACHE_DIR / f"{key}.pickle"
    if cache and saved.exists():
        try:
            return pickle.loads(saved.read_bytes())
        except Exception:  # an unreadable cache entry is rebuilt
            saved.unlink(missing_ok=True)
    source = file_source(path.resolve(), delimiter, null_tokens)
    table = open_relation(path, source, digest or key, headers=headers, frame_rows=frame_rows)
    if table.lies_in_file:
        table.digest = key
        if cache:
            CACHE_DIR.mkdir(parents=True, exist_ok=True)
            partial = saved.with_suffix(".tmp")
            partial.write_bytes(pickle.dumps(table))
            partial.replace(saved)
    return table


class LazyReports(Mapping[str, ParseReport]):
    """Parse reports computed over every row, one column at a time on first use (a full scan of
    that column), so opening a big file costs no scan."""

    def __init__(self, source: exp.Expression, typings: dict[str, tv.ColumnTyping]):
        self._source, self._typings = source, typings
        self._done: dict[str, ParseReport] = {}

    def __getitem__(self, key: str) -> ParseReport:
        if key not in self._done:
            connection = duckdb.connect(":memory:")
            self._done[key] = _report(connection, self._source, self._typings[key])
            connection.close()
        return self._done[key]

    def __iter__(self):
        return iter(self._typings)

    def __len__(self) -> int:
        return len(self._typings)


def _report(connection, source: exp.Expression, typing: tv.ColumnTyping) -> ParseReport:
    """Missing cells, and non-missing cells the typing could not read (with up to 5 of them, in
    file order), of one column. A column that passes through (already typed, or text) counts
    NULLs as missing."""
    raw = column(typing.name)
    typed = typing.kind != "text" and typing.expression != raw
    present = tv._present(exp.cast(raw.copy(), "VARCHAR")) if typed else raw.copy()
    unread = (exp.Sub(this=exp.Count(this=present.copy()), expression=exp.Count(this=typing.expression.copy()))
              if typed else exp.Literal.number(0))
    missing_count = exp.Sub(this=exp.Count(this=exp.Star()), expression=exp.Count(this=present.copy()))
    (missing, bad), = connection.execute(exp.select(missing_count, unread).from_(source.copy()).sql("duckdb")).fetchall()
    examples: list[str] = []
    if bad:
        query = exp.select(raw.copy()).from_(source.copy()).where(
            exp.and_(exp.Not(this=exp.Is(this=present, expression=exp.Null())),
                     exp.Is(this=typing.expression.copy(), expression=exp.Null())))
        if source.name == _RAW:
            query = query.order_by("rowid")
        examples = [str(r[0]) for r in connection.execute(query.limit(5).sql("duckdb")).fetchall()]
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
            target = _call("date_trunc", exp.Literal.string("month"), target)
        query = (exp.select(exp.alias_(target, name, quoted=True)).distinct().from_("v")
                 .where(exp.Not(this=exp.Is(this=column(name), expression=exp.Null())))
                 .limit(VALUE_FRAME_DISTINCT + 1))
        values = connection.execute(query.sql("duckdb")).df()
        if len(values) <= VALUE_FRAME_DISTINCT:
            parts.append(values.astype({name: sample[name].dtype}, errors="ignore"))
    return pd.concat(parts, ignore_index=True)
