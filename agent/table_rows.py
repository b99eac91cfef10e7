"""A table's typed rows in DuckDB, and the facts the router reads about them by SQL, so a question
needs no DataFrame (`tally ask` on a cached table never imports pandas for them).

The rows are the ones `Table.df` holds (every typed row in file order, or a big table's value
frame), registered once per process as a view in one shared in-memory DuckDB connection (one
database for every table: a database apiece would cost megabytes each): over `Table.rows_parquet`
when the table cache wrote one and `df` is not in memory, else over `df` itself (scanned in
place, not copied). Its ROW column is the row's 0-based position in `df`. The view is dropped when
the table is collected. Each fact follows the pandas reading it replaces (noted per function):
missing cells (SQL NULL; pandas NaN) are skipped, text compares exactly, and each fact is cached on
the table (FACTS), and kept in the table cache with its rows, so a later process reads it back
without a query."""

from __future__ import annotations

import collections
import itertools
import threading
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb
from sqlglot import exp

from agent.typed_view import column as col

if TYPE_CHECKING:
    from agent.table_type import Table

ROW = "__tally_row"
"""The column of a table's view holding each row's 0-based position."""
FACTS = ("_sql_types", "_fact_counts", "_fact_numbers", "_fact_cents", "_fact_values", "_fact_cells", "_fact_lines",
         "_fact_has", "_fact_numbering")
"""The table attributes holding this module's facts, each a dict filled on first read: properties
of the typed rows alone, so the table cache keeps them with the rows (agent/table_cache.py)."""
_NUMERIC = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT",
            "FLOAT", "DOUBLE", "REAL", "BOOLEAN")
_lock = threading.RLock()  # re-entrant: a finalizer may run while this thread holds it
_names = itertools.count()
_shared: list[duckdb.DuckDBPyConnection] = []
_collected: collections.deque[tuple[str, bool]] = collections.deque()
"""Views of collected tables, dropped at the next use of the connection: a finalizer runs inside
whatever the thread is doing, which may be a query on this very connection, and a DROP or
unregister issued then left DuckDB's state broken ('INTERNAL Error: Attempted to dereference
unique_ptr that is NULL' on a later query)."""


def _connection() -> duckdb.DuckDBPyConnection:
    """The shared connection (call under _lock), with the views of collected tables dropped first."""
    if not _shared:
        connection = duckdb.connect(":memory:")
        connection.execute("SET enable_progress_bar = false")
        _shared.append(connection)
    while _collected:
        name, registered = _collected.popleft()
        try:
            if registered:
                _shared[0].unregister(name)
            else:
                _shared[0].execute(f"DROP VIEW IF EXISTS {name}")
        except duckdb.Error:
            pass
    return _shared[0]


def _view(table: Table) -> str:
    """The name of the table's rows in the shared connection, registered on first use (call under _lock)."""
    name = table.__dict__.get("_rows_view")
    if name is not None:
        return name
    name, connection = f"rows_{next(_names)}", _connection()
    if not table.frame_loaded and table.rows_parquet is not None:
        source = exp.Anonymous(this="read_parquet", expressions=[
            exp.Literal.string(str(table.rows_parquet)), exp.EQ(this=exp.var("file_row_number"), expression=exp.true())])
        query = exp.select(*[col(c) for c in table.columns], exp.alias_(exp.column("file_row_number"), ROW, quoted=True)
                           ).from_(source)
        connection.execute(exp.Create(this=exp.to_identifier(name), kind="VIEW", expression=query).sql("duckdb"))
        weakref.finalize(table, _drop, name, False)
    else:
        import numpy as np

        connection.register(name, table.df.assign(**{ROW: np.arange(len(table.df))}))  # a view: not copied
        weakref.finalize(table, _drop, name, True)
    table.__dict__["_rows_view"] = name
    return name


def _drop(name: str, registered: bool) -> None:
    """Forget a collected table's view (its frame is then freed) at the connection's next use."""
    _collected.append((name, registered))


def _rows(table: Table, build) -> list[tuple]:
    """The rows of the query `build(view name)` returns, run on the shared connection."""
    with _lock:
        return _connection().execute(build(_view(table)).sql("duckdb", copy=False)).fetchall()  # a fresh tree


def _one(table: Table, build) -> tuple:
    (row,) = _rows(table, build)
    return row


def write_parquet(table: Table, path: Path) -> None:
    """Write the table's typed rows, in file order, to the Parquet file `path`."""
    with _lock:
        query = exp.select(*[col(c) for c in table.columns]).from_(_view(table)).order_by(exp.column(ROW, quoted=True))
        _connection().execute(f"COPY ({query.sql('duckdb')}) TO {exp.Literal.string(str(path)).sql('duckdb')} "
                              "(FORMAT PARQUET)")


def sql_type(table: Table, column: str) -> str:
    """DuckDB's type name of a column of the table's rows ('VARCHAR', 'DOUBLE', 'BIGINT', 'TIMESTAMP_NS', ...)."""
    cache = table.__dict__.setdefault("_sql_types", {})
    if not cache:
        with _lock:
            query = exp.select(*[col(c) for c in table.columns]).from_(_view(table))
            described = _connection().execute(f"DESCRIBE {query.sql('duckdb')}").fetchall()
        cache.update({str(r[0]): str(r[1]) for r in described})
    return cache[column]


def is_numeric(table: Table, column: str) -> bool:
    """pandas' is_numeric_dtype: a number column (booleans count, as in pandas)."""
    return sql_type(table, column) in _NUMERIC or sql_type(table, column).startswith("DECIMAL")


def is_text(table: Table, column: str) -> bool:
    """True for a column of strings (VARCHAR)."""
    return sql_type(table, column) == "VARCHAR"


@dataclass(frozen=True)
class Counts:
    """Of one column: `present` non-missing cells, `distinct` values among them, `rows` in all."""

    present: int
    distinct: int
    rows: int

    @property
    def unique(self) -> bool:
        """pandas' Series.is_unique: no value repeats, a missing cell counting as one value."""
        return self.distinct + (1 if self.rows > self.present else 0) == self.rows


def counts(table: Table, column: str) -> Counts:
    """COUNT, COUNT(DISTINCT) and COUNT(*) of a column (pandas count, nunique, len)."""
    cache = table.__dict__.setdefault("_fact_counts", {})
    if column not in cache:
        present, distinct, rows = _one(table, lambda view: exp.select(exp.Count(this=col(column)), exp.Count(
            this=exp.Distinct(expressions=[col(column)])), exp.Count(this=exp.Star())).from_(view))
        cache[column] = Counts(int(present), int(distinct), int(rows))
    return cache[column]


@dataclass(frozen=True)
class Numbers:
    """Of one numeric column's present values: `low` and `high` (None when none), whether all are
    `whole`, all 0 or 1 (`zero_one`), and whether one equals 1 (`has_one`). Empty: whole and
    zero_one True, has_one False (pandas' all() and any() of nothing)."""

    low: float | None
    high: float | None
    whole: bool
    zero_one: bool
    has_one: bool


def numbers(table: Table, column: str) -> Numbers:
    """MIN, MAX and the whole / 0-1 / equals-1 tests of a numeric column (booleans read as 0 and 1).
    One scan computes them for `column` and every numeric-role column not yet known (the router's
    lexicon asks for each of those: a scan apiece was a query a column on a first open)."""
    cache = table.__dict__.setdefault("_fact_numbers", {})
    if column not in cache:
        names = [column, *[n for n in table.columns if n != column and n not in cache
                           and table.roles.get(n) == "numeric" and is_numeric(table, n)]]
        found = _one(table, lambda view: exp.select(*[item for n in names for item in _number_items(n)]).from_(view))
        for i, name in enumerate(names):
            low, high, w, z, o = found[5 * i:5 * i + 5]
            cache[name] = Numbers(low, high, w is not False, z is not False, o is True)
    return cache[column]


def _number_items(column: str) -> list[exp.Expression]:
    """`numbers`' five aggregates of one column."""
    x = exp.cast(col(column), "DOUBLE")
    whole = exp.func("bool_and", exp.EQ(this=exp.Mod(this=x.copy(), expression=exp.convert(1)), expression=exp.convert(0)))
    zero_one = exp.func("bool_and", exp.In(this=x.copy(), expressions=[exp.convert(0), exp.convert(1)]))
    one = exp.func("bool_or", exp.EQ(this=x.copy(), expression=exp.convert(1)))
    return [exp.Min(this=x.copy()), exp.Max(this=x.copy()), whole, zero_one, one]


_FLOATING = ("DOUBLE", "FLOAT", "REAL")


def cents(table: Table, column: str) -> bool:
    """True when a floating-point column's values are all whole cents and some are not whole units
    (money: 12.50), under 1e15 in size; False for an integer column or one with no value. One scan
    answers for `column` and every floating-point column not yet known, not a date nor a list
    (the engine's compile kinds ask for each of those)."""
    if sql_type(table, column) not in _FLOATING:
        return False
    cache = table.__dict__.setdefault("_fact_cents", {})
    if column not in cache:
        lists = table.lists
        names = [column, *[n for n in table.columns if n != column and n not in cache and n not in lists
                           and table.roles.get(n) != "date" and sql_type(table, n) in _FLOATING]]
        found = _one(table, lambda view: exp.select(*[item for n in names for item in _cents_items(n)]).from_(view))
        for i, name in enumerate(names):
            present, top, whole_cents, fraction = found[4 * i:4 * i + 4]
            cache[name] = bool(present) and top < 1e15 and bool(whole_cents) and bool(fraction)
    return cache[column]


def _cents_items(column: str) -> list[exp.Expression]:
    """`cents`' four aggregates of one column: present cells, largest size, all whole cents, some fraction."""
    x = col(column)
    cents_ = exp.Mul(this=x.copy(), expression=exp.convert(100))
    off = exp.Abs(this=exp.Sub(this=cents_, expression=exp.func("round", cents_.copy())))
    return [exp.Count(this=x.copy()), exp.Max(this=exp.Abs(this=x.copy())),
            exp.func("bool_and", exp.LT(this=off, expression=exp.Literal.number("1e-6"))),
            exp.func("bool_or", exp.NEQ(this=x.copy(), expression=exp.func("round", x.copy())))]


def values(table: Table, column: str) -> list[tuple[object, int]]:
    """The column's distinct present values in order of first appearance (pandas' unique of the
    non-missing cells), each with its row count."""
    cache = table.__dict__.setdefault("_fact_values", {})
    if column not in cache:
        first = exp.Min(this=exp.column(ROW, quoted=True))
        found = _rows(table, lambda view: exp.select(col(column), exp.Count(this=exp.Star())).from_(view).where(
            exp.Not(this=exp.Is(this=col(column), expression=exp.Null()))).group_by(col(column)).order_by(first))
        cache[column] = [(v, int(n)) for v, n in found]
    return cache[column]


def text_cells(table: Table, column: str, n: int = 6) -> tuple[str, ...]:
    """Up to `n` distinct present values of `column` as text, in order of first appearance: what a
    refusal shows of a text column (agent.text_reason.why_not_numbers)."""
    return tuple(str(v) for v, _ in values(table, column)[:n])


def distinct(table: Table, column: str) -> list[object]:
    """The column's distinct present values in order of first appearance."""
    return [v for v, _ in values(table, column)]


def row_cells(table: Table, positions: list[int]) -> dict[int, dict[str, object]]:
    """The cells of the rows at these 0-based positions: {position: {column: cell (None if missing)}}."""
    if not positions:
        return {}
    cache = table.__dict__.setdefault("_fact_cells", {})
    key = tuple(positions)
    if key not in cache:
        row, names = exp.column(ROW, quoted=True), table.columns
        found = _rows(table, lambda view: exp.select(row, *[col(c) for c in names]).from_(view).where(
            exp.In(this=row.copy(), expressions=[exp.convert(p) for p in positions])))
        cache[key] = {int(r[0]): dict(zip(names, r[1:])) for r in sorted(found)}
    return {p: dict(cells) for p, cells in cache[key].items()}


def many_lines(table: Table, column: str) -> tuple[int, int]:
    """(present text cells, those holding two line breaks or more) of a column; (0, 0) when it is
    not text."""
    if not is_text(table, column):
        return 0, 0
    cache = table.__dict__.setdefault("_fact_lines", {})
    if column not in cache:
        cache[column] = _many_lines(table, column)
    return cache[column]


def _many_lines(table: Table, column: str) -> tuple[int, int]:
    x = col(column)
    breaks = exp.Sub(this=exp.Length(this=x.copy()), expression=exp.Length(this=exp.Replace(
        this=x.copy(), expression=exp.func("chr", exp.convert(10)), replacement=exp.Literal.string(""))))
    present, listed = _one(table, lambda view: exp.select(exp.Count(this=x.copy()), exp.func("count_if", exp.GTE(
        this=breaks, expression=exp.convert(2)))).from_(view))
    return int(present), int(listed or 0)


def has_number(table: Table, column: str, number: float) -> bool:
    """True when some cell of a numeric column equals `number` (pandas `(series == number).any()`)."""
    cache = table.__dict__.setdefault("_fact_has", {})
    key = (column, number)
    if key not in cache:
        (found,) = _one(table, lambda view: exp.select(exp.func("bool_or", exp.EQ(
            this=exp.cast(col(column), "DOUBLE"), expression=exp.convert(float(number))))).from_(view))
        cache[key] = found is True
    return cache[key]


def header_repeats(table: Table, least: int) -> list[int]:
    """0-based positions, in file order, of the rows at least `least` of whose cells read (as text,
    outer spaces stripped) as their own column's header, stripped (pandas `astype(str).str.strip()
    == name` summed over the columns). Missing cells never match."""
    hits = [exp.If(this=exp.EQ(this=exp.Trim(this=exp.cast(col(c), "VARCHAR")), expression=exp.Literal.string(
        str(c).strip())), true=exp.convert(1), false=exp.convert(0)) for c in table.columns]
    total = hits[0]
    for hit in hits[1:]:
        total = exp.Add(this=total, expression=hit)
    found = _rows(table, lambda view: exp.select(exp.column(ROW, quoted=True)).from_(view).where(
        exp.GTE(this=exp.paren(total), expression=exp.convert(least))).order_by(exp.column(ROW, quoted=True)))
    return [int(r[0]) for r in found]



def numbering(table: Table, column: str) -> tuple[int, tuple[float, ...], float] | None:
    """(cells, the first four, the last) of a numeric column that numbers the rows in file order:
    no blank, whole numbers, the first 1 and each next cell the same or one more (1, 2, 3 ... or
    1, 1, 2, 2 ...); None for any other column (a text column too). Cached on the table (and so
    kept in the table cache: the verifier asks it of every amount's column, agent/router/verify/numbering.py)."""
    cache = table.__dict__.setdefault("_fact_numbering", {})
    if column not in cache:
        cache[column] = _numbering(table, column)
    return cache[column]


def _numbering(table: Table, column: str) -> tuple[int, tuple[float, ...], float] | None:
    if not is_numeric(table, column):
        return None
    x, row = exp.cast(col(column), "DOUBLE"), exp.column(ROW, quoted=True)
    lag = exp.Window(this=exp.func("lag", x.copy()), order=exp.Order(expressions=[exp.Ordered(this=row.copy())]))
    cell, prev, at = exp.column("x"), exp.column("p"), exp.column("r")
    step = exp.Sub(this=cell.copy(), expression=prev.copy())

    def build(view: str) -> exp.Select:
        rows = exp.select(exp.alias_(x.copy(), "x"), exp.alias_(lag.copy(), "p"), exp.alias_(row.copy(), "r")).from_(view)
        return exp.select(
            exp.Count(this=exp.Star()), exp.Count(this=cell.copy()),
            exp.func("bool_and", exp.EQ(this=cell.copy(), expression=exp.func("round", cell.copy()))),
            exp.func("bool_and", exp.or_(exp.Is(this=prev.copy(), expression=exp.Null()),
                                         exp.In(this=step, expressions=[exp.convert(0), exp.convert(1)]))),
            exp.func("arg_min", cell.copy(), at.copy()), exp.func("arg_max", cell.copy(), at.copy()),
            exp.func("min_by", cell.copy(), at.copy(), exp.convert(4))).from_(rows.subquery("s"))

    rows, present, whole, by_one, first, last, head = _one(table, build)
    if not rows or present != rows or not whole or not by_one or first != 1 or last is None or last <= 1:
        return None
    return int(rows), tuple(head), float(last)
