"""Each raw column's typing decided from DuckDB without pandas where the rules allow
(agent/cell_rules.py over the column's cells as Python strings; a natively typed column by its
DuckDB type), else from a pandas sample (agent.typed_view.decide), column by column. The same
decisions either way: cell_rules answers only where it is sure to agree."""

from __future__ import annotations

import re

from sqlglot import exp

from agent import cell_rules, durations
from agent import typed_view as tv
from agent.parse_reports import RAW
from agent.typed_view import ColumnTyping, column

_NUMBER_TYPES = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT",
                 "FLOAT", "DOUBLE")
_DATE_TYPES = ("DATE", "TIMESTAMP", "TIMESTAMP_S", "TIMESTAMP_MS", "TIMESTAMP_NS", "TIMESTAMP WITH TIME ZONE")


def cells(connection, name: str, limit: int | None) -> list[object]:
    """The raw column's cells in file order (its first `limit`, or all), None for NULL."""
    query = exp.select(column(name)).from_(RAW).order_by("rowid")
    found = connection.execute((query if limit is None else query.limit(limit)).sql("duckdb")).fetchall()
    return [row[0] for row in found]


def native_typing(name: str, native: str) -> ColumnTyping | None:
    """`decide` of a natively typed column from its DuckDB type: a number or date passes through;
    None for other types (pandas decides them)."""
    if native in _NUMBER_TYPES or re.fullmatch(r"DECIMAL\(\d+,\s*\d+\)", native):
        return ColumnTyping(name, "number", column(name))
    if native in _DATE_TYPES:
        return ColumnTyping(name, "date", column(name))
    return None


def sql_typing(connection, name: str, native: str, rows: int, limit: int | None) -> ColumnTyping | None:
    """`decide` of raw column `name` (DuckDB type `native`; `rows` in the typing sample, its first
    `limit` rows or all) without pandas, or None when pandas must decide it."""
    if native != "VARCHAR":
        return native_typing(name, native)
    every = None
    head = cell_rules.sample(cells(connection, name, 2 * cell_rules._SAMPLE), rows)
    if head is None:
        every = cells(connection, name, limit)
        head = cell_rules.sample(every, rows)
    if not cell_rules.needs_every_cell(head):
        return _text(connection, name, head, every, limit)
    if cell_rules.iso_sample(head) and _clean_iso(connection, name, limit):
        return tv.typing_for(name, "iso")
    every = every if every is not None else cells(connection, name, limit)
    decision = cell_rules.decide_cells(head, every)
    if decision is None:
        return None
    if decision.kind == "text":
        return _text(connection, name, head, every, limit)
    return tv.typing_for(name, decision.kind, decision.notes, decision.decimal_comma)


def _text(connection, name: str, head: list[str], every: list[object] | None, limit: int | None) -> ColumnTyping:
    """The typing of a column the one-format rules leave text: dates written several ways when its
    cells are (typed_view.mixed_typing over every cell the typing reads), else its text."""
    found = tv.mixed_typing(name, head, lambda: every if every is not None else cells(connection, name, limit))
    return found or tv.typing_for(name, "text")


_ISO_SQL = (r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ](?:[01][0-9]|2[0-3])(?::[0-5][0-9](?::[0-5][0-9](?:\.[0-9]{1,9})?)?)?)?")


def _where_limit(limit: int | None) -> exp.Expression:
    return exp.true() if limit is None else exp.LT(this=exp.column("rowid"), expression=exp.convert(limit))


def _clean_iso(connection, name: str, limit: int | None) -> bool:
    """True when every present cell of the raw column (its first `limit` rows) is ISO 8601 text
    Arrow's cast to timestamp[ns] surely reads (cell_rules._clean_iso: a valid date from 1678 to
    2261, hours 00-23, no offset), checked in one scan; False when some cell may not be."""
    x = column(name)
    clean = exp.and_(exp.func("regexp_full_match", x.copy(), exp.Literal.string(_ISO_SQL)),
                     exp.Not(this=exp.Is(this=exp.TryCast(this=x.copy(), to=exp.DataType.build("TIMESTAMP")),
                                         expression=exp.Null())),
                     exp.Between(this=exp.func("left", x.copy(), exp.convert(4)), low=exp.Literal.string("1678"),
                                 high=exp.Literal.string("2261")))
    query = exp.select(exp.func("count_if", exp.Not(this=exp.paren(clean)))).from_(RAW).where(exp.and_(
        exp.Not(this=exp.Is(this=x.copy(), expression=exp.Null())), _where_limit(limit)))
    ((unclean,),) = connection.execute(query.sql("duckdb")).fetchall()
    return not unclean


def leading_index(connection, name: str, limit: int | None) -> bool | None:
    """relation._index of the raw first column without pandas, or None when pandas must say: by
    SQL when every cell is plain digits (under 2**53), else by cell_rules over its cells."""
    digits = exp.func("coalesce", exp.func("regexp_full_match", exp.cast(column(name), "VARCHAR"), exp.Literal.string(
        "[0-9]{1,15}")), exp.false())
    value = exp.case().when(digits, exp.TryCast(this=column(name), to=exp.DataType.build("BIGINT"))).else_(exp.Null())
    previous = exp.Window(this=exp.func("lag", value.copy()), order=exp.Order(expressions=[
        exp.Ordered(this=exp.column("rowid"))]))
    inner = exp.select(exp.alias_(digits.copy(), "d"), exp.alias_(value.copy(), "v"), exp.alias_(previous, "p")).from_(
        RAW).where(_where_limit(limit))
    query = exp.select(exp.func("bool_and", exp.column("d")), exp.func("bool_and", exp.GT(
        this=exp.column("v"), expression=exp.column("p")))).from_(inner.subquery("s"))
    ((all_digits, rising),) = connection.execute(query.sql("duckdb")).fetchall()
    if all_digits:
        return rising is not False
    return cell_rules.leading_index(cells(connection, name, limit))


_HEAD = 64
"""Cells looked at first: a column with one among them that is no duration is passed over."""


def duration_typing(connection, name: str, header: str, limit: int | None) -> ColumnTyping | None:
    """The typing (kind number: the cell's seconds) of raw text column `name` of the loader's raw
    table (`header`: its header text; `limit`: the rows the typing reads, all when None) when its
    cells are durations by agent.durations.form_of, else None. Its first _HEAD cells are looked
    at first: most text columns are ruled out by them."""
    head = cells(connection, name, _HEAD)
    if not any(isinstance(c, str) and ":" in c for c in head) or not all(durations.cell_form(c) for c in head):
        return None
    form = durations.form_of(header, cells(connection, name, limit))
    if form is None:
        return None
    written = ("h:mm:ss" if form.hours else "m:ss") + ("." + "f" * form.decimals if form.decimals else "")
    return ColumnTyping(name, "number", durations.expression(column(name)), (f"durations ({written}) read as seconds",),
                        duration=form)
