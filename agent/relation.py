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

from typing import TYPE_CHECKING

from concurrent.futures import Future
from pathlib import Path

import duckdb
from sqlglot import exp

from agent import mixed_dates, table_cache
from agent import typed_view as tv
from agent import typing_sql, value_frame_sql, whole_sql
from agent.frames import fetch_frame
from agent.errors import TableLoadError
from agent.list_columns import ListForm, as_json_text, is_native, list_form
from agent.parse_reports import RAW as _RAW, LazyReports, call as _call, connect as _connect, label_flags, reports as _reports
from agent.summary_rows import drop_summary_rows
from agent.table_type import ColumnRole, Table, infer_role
from agent.typed_view import column

if TYPE_CHECKING:
    import pandas as pd

SAMPLE_ROWS = 5_000
"""Rows the typing of a table bigger than FRAME_ROWS is decided from."""
FRAME_ROWS = 250_000
"""Tables up to this many rows are typed whole and keep every typed row in `df`."""
VALUE_FRAME_DISTINCT = 20_000


def file_source(path: Path, delimiter: str | None = None, null_tokens: list[str] | None = None,
                skip: int = 0) -> exp.Expression:
    """read_parquet(...) / read_json_auto(...) / read_csv(..., all_varchar) of the file as a tree;
    `null_tokens` are the exact cell spellings a CSV read makes NULL; `skip` lines above the
    header (a title) are passed over."""
    suffix = path.suffix.lower()
    target = exp.Literal.string(str(path))
    if suffix in {".parquet", ".pq"}:
        return _call("read_parquet", target)
    if suffix in {".jsonl", ".ndjson", ".json"}:
        return _call("read_json_auto", target)
    options = [("all_varchar", exp.true()), ("header", exp.true())]
    if delimiter:
        options.append(("delim", exp.Literal.string(delimiter)))
    if skip:
        options.append(("skip", exp.convert(skip)))
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
    connection = _connect()
    try:
        if frame is not None:
            connection.register("_frame", frame)
            source, frame_rows = exp.to_table("_frame"), max(frame_rows, len(frame))
        try:
            count = _read_raw(connection, source, frame_rows)
        except duckdb.Error as exc:
            raise TableLoadError(label, f"DuckDB could not read it: {str(exc).splitlines()[0]}") from None
        if not count:
            raise TableLoadError(label, "no rows")
        complete = count <= frame_rows
        names, headers, typings = _typings(connection, headers, None if complete else min(count, SAMPLE_ROWS),
                                           count if complete else min(count, SAMPLE_ROWS), by_sql=frame is None)
        display = tv.trimmed_headers(headers)
        typings = dict(zip(display, (typings[name] for name in names)))
        view_sql = tv.view_select(source, list(typings.values()), display)
        if complete:
            table = _whole(connection, label, digest, typings, display)
        else:
            table = _in_place(connection, label, digest, typings, display, source, count)
        table.view_sql = view_sql
        table.mixed_dates = {name: mixed_dates.reason(name, typing.mixed) for name, typing in typings.items()
                             if typing.mixed}
        table.durations = {name: typing.duration for name, typing in typings.items() if typing.duration is not None}
        return table
    finally:
        connection.close()


def _typings(connection, headers: list[str] | None, limit: int | None, rows: int, by_sql: bool,
             ) -> tuple[list[str], list[str], dict[str, tv.ColumnTyping]]:
    """(The raw columns kept, their headers, raw column -> typing) of table `raw`, decided from its
    first `limit` rows (all when None; `rows` of them): plain numbers by SQL, then (`by_sql`) each
    other column by agent.typing_sql, and what that leaves from a pandas sample (typed_view.decide).
    A leading unnamed column of strictly increasing whole numbers is a saved index, dropped."""
    described = connection.execute(f"DESCRIBE {_RAW}").fetchall()
    names, native = [str(r[0]) for r in described], {str(r[0]): str(r[1]) for r in described}
    headers = headers if headers is not None and len(headers) == len(names) else names
    plain = tv.plain_numbers(connection, _RAW, [n for n in names if native[n] == "VARCHAR"], limit)
    typings: dict[str, tv.ColumnTyping | None] = {
        n: plain[n] if n in plain else tv.as_text(n) if tv.read_as_text(native[n])
        else typing_sql.sql_typing(connection, n, native[n], rows, limit) if by_sql else None for n in names}
    index = len(names) > 1 and tv.looks_like_index(headers[0])
    dropped = typing_sql.leading_index(connection, names[0], limit) if index and by_sql else None
    wanted = [n for n in names if typings[n] is None] + ([names[0]] if index and dropped is None else [])
    if wanted:
        query = exp.select(*[column(n) for n in dict.fromkeys(wanted)]).from_(_RAW).order_by("rowid")
        raw = fetch_frame(connection, query if limit is None else query.limit(limit))
        typings.update({n: tv.decide(n, raw[n]) for n in names if typings[n] is None})
        dropped = _index(raw[names[0]]) if index and dropped is None else dropped
    if dropped:
        names, headers = names[1:], headers[1:]
    for name, header in zip(names, headers):
        if native[name] == "VARCHAR" and typings[name].kind == "text" and not typings[name].mixed:
            typings[name] = typing_sql.duration_typing(connection, name, header, limit) or typings[name]
    return names, headers, typings


def _read_raw(connection, source: exp.Expression, frame_rows: int) -> int:
    """Copy the raw rows into table `raw` (file order kept by its rowid): every row when there
    are at most `frame_rows`, else the first SAMPLE_ROWS. Returns the source's row count (a
    Parquet file's comes from its metadata; a text file that by its size likely has at most
    `frame_rows` rows is parsed once, into `raw`, and counted by a second scan only when it has
    more)."""
    def copy(limit: int) -> int:
        connection.execute(exp.Create(this=exp.to_table(_RAW), kind="TABLE", replace=True, expression=exp.select(
            "*").from_(source.copy()).limit(limit)).sql("duckdb"))
        (rows,), = connection.execute(f"SELECT COUNT(*) FROM {_RAW}").fetchall()
        return rows

    def scan() -> int:
        (rows,), = connection.execute(exp.select(exp.Count(this=exp.Star())).from_(source.copy()).sql("duckdb")).fetchall()
        return rows

    if source.name != "read_parquet" and not _lines_beyond(source, 2 * frame_rows):
        count = copy(frame_rows + 1)  # no first copy of SAMPLE_ROWS rows: a text file's parse is the cost
        if count <= frame_rows:
            return count
    else:
        count = copy(SAMPLE_ROWS + 1)
        if count <= SAMPLE_ROWS:
            return count
        if source.name == "read_parquet":  # its count is metadata: no row is read for it
            count = scan()
            if count <= frame_rows:
                copy(frame_rows + 1)
            return count
        return scan()
    count = scan()
    copy(SAMPLE_ROWS + 1)  # a table read where it lies keeps only its sample here
    return count


def _lines_beyond(source: exp.Expression, lines: int) -> bool:
    """True when the text file `source` reads has, by the line length of its first MiB, likely
    more than `lines` lines (copying its first rows whole would then be wasted work)."""
    try:
        path = Path(source.expressions[0].name)
        size = path.stat().st_size
        with path.open("rb") as file:
            head = file.read(1 << 20)
    except (OSError, IndexError):
        return False
    return size > len(head) and head.count(b"\n") * size / max(len(head), 1) > lines


def _index(values: pd.Series) -> bool:
    """A leading unnamed column is a saved row index (pandas' to_csv) when it holds strictly
    increasing whole numbers (0, 1, 2, ... or a filtered frame's 3, 7, 12): distinct numbers in any
    order (500, 7, 42) are data, and dropping data is worse than keeping an index."""
    import pandas as pd

    numbers = pd.to_numeric(values, errors="coerce")
    if numbers.isna().any() or not bool((numbers % 1 == 0).all()):
        return False
    return bool(numbers.is_monotonic_increasing and numbers.is_unique)


def _typed(connection, typings: dict[str, tv.ColumnTyping], source: exp.Expression, order: bool,
           nulls: dict[str, int] | None = None) -> pd.DataFrame:
    query = tv.view_select(source, list(typings.values()), dict.fromkeys(typings))
    return fetch_frame(connection, query.order_by("rowid") if order else query, nulls)


def _whole(connection, label: Path, digest: str, typings: dict[str, tv.ColumnTyping],
           display: dict[str, str]) -> Table:
    """A table typed whole: every typed row in `df` (file order), summary rows left out. Typed by
    SQL into a Parquet file of its rows where agent.whole_sql can read it without pandas."""
    if (table := _whole_by_sql(connection, label, digest, typings, display)) is not None:
        return table
    nulls: dict[str, int] = {}
    df = _typed(connection, typings, exp.to_table(_RAW), order=True, nulls=nulls)
    lists = list_columns(df, typings)
    roles = {name: infer_role(name, df[name]) for name in df.columns}
    import pandas as pd
    text = [c for c, r in roles.items() if r in (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier)
            and not pd.api.types.is_numeric_dtype(df[c]) and c not in lists]
    numeric = [c for c, r in roles.items() if r is ColumnRole.numeric]
    text = text if numeric and len(df) >= 3 else []
    reports, flags = _reports(connection, exp.to_table(_RAW), typings, {n: len(df) - k for n, k in nulls.items()},
                              label_flags(typings, text))
    labelled = [name for name, flag in zip(text, flags) if flag]
    df, summary = drop_summary_rows(df, text, numeric, reports, labelled)
    if summary is not None:
        roles = {name: infer_role(name, df[name]) for name in df.columns}
    return Table(label, label.name, df, display, reports, roles, digest, lists=lists, summary=summary)


def _whole_by_sql(connection, label: Path, digest: str, typings: dict[str, tv.ColumnTyping],
                  display: dict[str, str]) -> Table | None:
    """`_whole` without a DataFrame: the typed rows in a temporary Parquet file (agent/whole_sql.py);
    None when only the pandas reading can be sure of the roles, list columns or summary rows."""
    whole = whole_sql.typed_whole(connection, typings)
    if whole is None:
        return None
    roles, lists = whole.roles, whole.lists
    text = [c for c, r in roles.items() if r in (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier)
            and whole.types[c] == "VARCHAR" and c not in lists]
    numeric = [c for c, r in roles.items() if r is ColumnRole.numeric]
    text = text if numeric and whole.rows >= 3 else []
    reports, flags = _reports(connection, exp.to_table(_RAW), typings, whole.present, label_flags(typings, text))
    if whole_sql.summary_possible(connection, text, [name for name, flag in zip(text, flags) if flag]):
        return None
    path = whole_sql.write_rows(connection, whole)
    table = Table(label, label.name, None, display, reports, roles, digest, lists=lists, rows_parquet=path)
    whole_sql.forget_with(table, path)
    return table


def list_columns(frame: pd.DataFrame, typings: dict[str, tv.ColumnTyping]) -> dict[str, ListForm]:
    """The list columns of a typed frame (agent/list_columns.py): a native LIST column's cells
    become JSON text in `frame` (its form then json; the view over the file keeps the LIST:
    native), a text column is tried by the sampling rule."""
    lists: dict[str, ListForm] = {}
    for name in frame.columns:
        if is_native(frame[name]):
            lists[name] = ListForm.json
            frame[name] = frame[name].map(as_json_text).astype("str")
        elif typings[name].kind == "text" and (form := list_form(frame[name])):
            lists[name] = form
    return lists


def _in_place(connection, label: Path, digest: str, typings: dict[str, tv.ColumnTyping], display: dict[str, str],
              source: exp.Expression, rows: int) -> Table:
    """A table bigger than FRAME_ROWS: rows stay in the file, `df` is the value frame. `rows`: the
    source's row count (`_read_raw`'s), the typed view's too (not counted again: a scan of a CSV)."""
    connection.execute(exp.Create(this=exp.to_identifier("v"), kind="VIEW", expression=tv.view_select(
        source, list(typings.values()), display)).sql("duckdb"))
    if (table := _in_place_by_sql(connection, label, digest, typings, display, source, int(rows))) is not None:
        return table
    sample = _typed(connection, typings, exp.to_table(_RAW), order=True).head(SAMPLE_ROWS).copy()
    lists = {n: ListForm.native if f is ListForm.json else f for n, f in list_columns(sample, typings).items()}
    roles = {n: infer_role(n, sample[n]) for n in display}
    reports = LazyReports(source, typings)
    spellings: dict[str, list[tuple[str, str, int]]] = {}
    frame = _value_frame(connection, sample, {n: r for n, r in roles.items() if n not in lists}, rows, spellings)
    table = Table(label, label.name, frame, display, reports, roles, digest, lies_in_file=True, row_count=int(rows),
                  lists=lists)
    table.__dict__["_spelling_counts"] = spellings  # the engine's cache (agent/engine/sql_engine.py)
    return table


def _in_place_by_sql(connection, label: Path, digest: str, typings: dict[str, tv.ColumnTyping],
                     display: dict[str, str], source: exp.Expression, rows: int) -> Table | None:
    """`_in_place` without a DataFrame: roles and list columns by SQL over the typed sample, the
    value frame built by SQL into a temporary Parquet file (agent/value_frame_sql.py); None when
    only the pandas reading can be sure of the sample (agent/whole_sql.py)."""
    whole = whole_sql.typed_whole(connection, typings, SAMPLE_ROWS)
    if whole is None:
        return None
    spellings: dict[str, list[tuple[str, str, int]]] = {}
    roles = {n: r for n, r in whole.roles.items() if n not in whole.lists}
    dates = {n: typings[n] for n, r in roles.items() if r is ColumnRole.date} if rows > whole.rows else {}
    coded = value_frame_sql.dictionary_columns(connection, source, dates) if dates else set()
    path = value_frame_sql.value_rows(connection, whole, roles, rows, VALUE_FRAME_DISTINCT, spellings, coded)
    table = Table(label, label.name, None, display, LazyReports(source, typings), whole.roles, digest,
                  lies_in_file=True, row_count=rows, lists=whole.lists, rows_parquet=path)
    whole_sql.forget_with(table, path)
    table.__dict__["_spelling_counts"] = spellings  # the engine's cache (agent/engine/sql_engine.py)
    return table


CACHE_BYTES = 4 * 1024 * 1024
"""Files of at least this size are kept in the table cache once opened, typed rows and all (reading
the cache back takes a small share of typing the file again); smaller ones open fast anyway."""


def cached_table(path: Path, *, delimiter: str | None = None, frame_rows: int = FRAME_ROWS,
                 null_tokens: list[str] | None = None, headers: list[str] | None = None, skip: int = 0) -> Table | None:
    """The table an earlier `open_file` of the same unchanged file with the same options kept in
    the table cache (agent/table_cache.py), or None."""
    return table_cache.load(Path(path), **_options(delimiter, frame_rows, null_tokens, headers, skip))


def _options(delimiter: str | None, frame_rows: int, null_tokens: list[str] | None, headers: list[str] | None,
             skip: int) -> dict[str, object]:
    """An open's options in the one order the cache key spells them."""
    return {"delimiter": delimiter, "frame_rows": frame_rows, "skip": skip, "null_tokens": null_tokens,
            "headers": headers}


def open_file(path: Path, *, delimiter: str | None = None, cache: bool = True, frame_rows: int = FRAME_ROWS,
              null_tokens: list[str] | None = None, headers: list[str] | None = None,
              digest: str | Future[str] | None = None, skip: int = 0) -> Table:
    """Open a CSV/TSV, Parquet or JSON-lines file on the one path. A table bigger than `frame_rows`,
    or a file of at least CACHE_BYTES, reuses what an earlier open of the same unchanged file (same
    path, size and modification time) by the same loader code learned (agent/table_cache.py).
    A table bigger than `frame_rows` has the digest of the path, size and time (hashing gigabytes
    is not done), a smaller one's is `digest`."""
    path = Path(path)
    if not path.exists():
        raise TableLoadError(path, "file not found")
    options = _options(delimiter, frame_rows, null_tokens, headers, skip)
    if cache and (table := table_cache.load(path, **options)) is not None:
        return table
    saved = table_cache.entry(path, **options)
    source = file_source(path.resolve(), delimiter, null_tokens, skip)
    table = open_relation(path, source, digest or saved.stem, headers=headers, frame_rows=frame_rows)
    if table.lies_in_file:
        table.digest = saved.stem
    if cache and (table.lies_in_file or path.stat().st_size >= CACHE_BYTES):
        table.digest = table.sha256  # the file's hash, done in the background, is kept with it
        table_cache.save(table, saved)
    return table




def _value_frame(connection, sample: pd.DataFrame, roles: dict[str, ColumnRole], rows: int,
                 spellings: dict[str, list[tuple[str, str, int]]]) -> pd.DataFrame:
    """The typed sample plus, for each categorical column, every distinct value (other columns
    missing in those rows; skipped past VALUE_FRAME_DISTINCT values), and the first day of each
    month of each date column. The same scan gives each text column's spellings with their row
    counts, put in `spellings` in the engine's form (spelling, LOWER(TRIM(spelling)), rows), so
    the engine need not scan the file again for them (they are cached with the table)."""
    if rows <= len(sample):
        return sample
    parts = [sample]
    import pandas as pd
    for name, role in roles.items():
        if role not in (ColumnRole.categorical, ColumnRole.date):
            continue
        if role is ColumnRole.date:
            target = _call("date_trunc", exp.Literal.string("month"), column(name))
            query = exp.select(exp.alias_(target, name, quoted=True)).distinct().from_("v")
        else:
            norm = exp.Lower(this=exp.Trim(this=column(name)))
            query = exp.select(column(name), exp.alias_(norm, "_norm"), exp.alias_(exp.Count(this=exp.Star()), "_rows")
                               ).from_("v").group_by(column(name), norm.copy())
        query = query.where(exp.Not(this=exp.Is(this=column(name), expression=exp.Null()))).limit(VALUE_FRAME_DISTINCT + 1)
        values = fetch_frame(connection, query)
        if len(values) > VALUE_FRAME_DISTINCT:
            continue
        if role is not ColumnRole.date:
            if not pd.api.types.is_numeric_dtype(sample[name]):
                spellings[name] = [(str(v), str(n), int(k)) for v, n, k in values.itertuples(index=False)]
            values = values[[name]]
        parts.append(values.astype({name: sample[name].dtype}, errors="ignore"))
    return pd.concat(parts, ignore_index=True)
