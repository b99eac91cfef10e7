"""Column typing as SQL: decided from a sample with the same rules the pandas loader applies
(agent/numbers.py), then applied to every row as typed expressions in a DuckDB view, so cleaning
runs inside the query and files bigger than memory are read where they lie.

Per text column the sample decides one of: number (with the currency, thousands-separator,
decimal-comma, percent and parentheses-negative forms it saw), ISO date/time, m/d/y or d/m/y date,
or text. The expression is a sqlglot tree over the raw VARCHAR column; missing tokens become NULL."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlglot import exp

from agent.durations import DurationForm
from agent.numbers import _GROUPED, MINUS_SIGN, MISSING_TOKENS, dotted, parse_cells

if TYPE_CHECKING:
    import pandas as pd

_CURRENCY = r"US\$|USD|EUR|GBP|[$€£¥]"


@dataclass(frozen=True)
class ColumnTyping:
    """How one raw column becomes typed: `kind` is number, date or text; `expression` is the SQL
    tree producing the typed value from the raw column; `notes` say how it was read (from the sample)."""

    name: str
    kind: str
    expression: exp.Expression
    notes: tuple[str, ...] = ()
    mixed: str = ""
    """Why a text column of dates written several ways is not read as dates (a cell that reads two
    ways: agent.mixed_dates.MixedReading.ambiguous), '' otherwise: date questions on it are refused."""
    duration: DurationForm | None = None
    """How a text column of durations writes its cells (agent.durations; its `expression` gives
    seconds), None for any other column."""


def column(name: str) -> exp.Column:
    """A column reference as a quoted identifier."""
    return exp.Column(this=exp.to_identifier(name, quoted=True))


def _fn(name: str, *args: exp.Expression) -> exp.Expression:
    return exp.Anonymous(this=name, expressions=list(args))


def _s(text: str) -> exp.Expression:
    return exp.Literal.string(text)


def _present(raw: exp.Expression) -> exp.Expression:
    """NULL for missing tokens ('', N/A, null, -...), else the trimmed text."""
    trimmed = exp.Trim(this=raw)
    tokens = [_s(t) for t in sorted(MISSING_TOKENS)]
    missing = exp.In(this=exp.Lower(this=trimmed.copy()), expressions=tokens)
    return exp.Case(ifs=[exp.If(this=missing, true=exp.Null())], default=trimmed)


def _number(raw: exp.Expression, decimal_comma: bool) -> exp.Expression:
    """'$1,234.50' -> 1234.5, '(120.00)' -> -120, '12%' -> 12, '1.234,50' -> 1234.5 (decimal comma),
    '\u22126' -> -6 (agent.numbers.MINUS_SIGN)."""
    text = _present(raw)
    negative = exp.and_(exp.Like(this=text.copy(), expression=_s("(%")), exp.Like(this=text.copy(), expression=_s("%)")))
    body = _fn("regexp_replace", text.copy(), _s(rf"[()%\s\x{{a0}}\x{{202f}}]|{_CURRENCY}"), _s(""), _s("g"))
    body = exp.Replace(this=body, expression=_s(MINUS_SIGN), replacement=_s("-"))
    mark = "." if decimal_comma else ","
    misplaced = exp.and_(exp.GT(this=exp.StrPosition(this=body.copy(), substr=_s(mark)), expression=exp.convert(0)),
                         exp.Not(this=exp.RegexpLike(this=body.copy(), expression=_s(f"^(?:{_GROUPED[decimal_comma].pattern})$"))))
    body = exp.Case(ifs=[exp.If(this=misplaced, true=exp.Null())], default=body)  # numbers.well_grouped
    if decimal_comma:
        body = exp.Replace(this=exp.Replace(this=body, expression=_s("."), replacement=_s("")),
                           expression=_s(","), replacement=_s("."))
    else:
        body = exp.Replace(this=body, expression=_s(","), replacement=_s(""))
    value = exp.TryCast(this=body, to=exp.DataType.build("DOUBLE"))
    return exp.Case(ifs=[exp.If(this=negative, true=exp.Neg(this=value.copy()))], default=value)


def _slash_date(raw: exp.Expression, dayfirst: bool, dotted: bool = False) -> exp.Expression:
    """A slash (or dotted) date in the column's order, with optional H:M[:S]. A four-digit year is
    read by %Y, a two-digit one by %y: DuckDB's %Y reads '24' as the year 24, not 2024."""
    order = "%d.%m" if dotted else "%d/%m" if dayfirst else "%m/%d"
    text = _present(raw)

    def read(year: str) -> exp.Expression:
        formats = [f"{order}{order[2]}{year}{clock}" for clock in (" %H:%M:%S", " %H:%M", "")]
        return exp.Coalesce(this=_fn("try_strptime", text.copy(), _s(formats[0])),
                            expressions=[_fn("try_strptime", text.copy(), _s(f)) for f in formats[1:]])

    four = exp.RegexpLike(this=text.copy(), expression=_s(r"^\d{1,2}[/.]\d{1,2}[/.]\d{4}(?:\s|$)"))
    return exp.Case(ifs=[exp.If(this=four, true=read("%Y"))], default=read("%y"))


def _iso_date(raw: exp.Expression) -> exp.Expression:
    return exp.TryCast(this=_present(raw), to=exp.DataType.build("TIMESTAMP"))


def decide(name: str, sample: pd.Series) -> ColumnTyping:
    """The typing of raw column `name` from `sample` (its first rows as text, NaN for missing),
    by the pandas loader's own rules (agent.numbers.parse_cells). Non-text samples pass through."""
    raw = column(name)
    import pandas as pd
    if not (sample.dtype == object or pd.api.types.is_string_dtype(sample)):
        kind = "date" if pd.api.types.is_datetime64_any_dtype(sample) else (
            "number" if pd.api.types.is_numeric_dtype(sample) and not pd.api.types.is_bool_dtype(sample) else "text")
        if kind == "text":
            return ColumnTyping(name, kind, exp.cast(raw, "VARCHAR"))
        return ColumnTyping(name, kind, raw)
    text = sample.astype("str") if sample.dtype != "str" else sample
    parsed = parse_cells(text)
    if parsed is None:
        return mixed_typing(name, text.iloc[:400].tolist(), text.tolist) or ColumnTyping(name, "text", raw)
    notes = tuple(parsed.conversions)
    if pd.api.types.is_datetime64_any_dtype(parsed.values):
        present = text.dropna().str.strip()
        if present.str.match(r"\d{4}-\d{2}-\d{2}").mean() >= 0.5:
            return ColumnTyping(name, "date", _iso_date(raw), notes)
        dayfirst = bool(present.str.match(r"(?:1[3-9]|[23]\d)/").any())
        return ColumnTyping(name, "date", _slash_date(raw, dayfirst, dotted(present)), notes)
    if _whole(text):
        return ColumnTyping(name, "number", exp.TryCast(this=exp.Trim(this=raw), to=exp.DataType.build("BIGINT")), notes)
    decimal_comma = any("decimal comma" in n for n in notes)
    return ColumnTyping(name, "number", _number(raw, decimal_comma), notes)


def mixed_typing(name: str, head: list[object], every: Callable[[], list[object]]) -> ColumnTyping | None:
    """The typing of a text column of dates written several ways (agent.mixed_dates): a date read
    form by form, or text with the reason (`mixed`) when a cell reads two ways; None when its
    cells are not such dates. `head`: its first cells, looked at first (a text column costs
    little); `every()`: every cell the typing is decided from (str, None or NaN missing)."""
    from agent import mixed_dates

    if not mixed_dates.looks_mixed(head) or (found := mixed_dates.reading(every())) is None:
        return None
    if found.ambiguous:
        return ColumnTyping(name, "text", column(name), mixed=found.ambiguous)
    return ColumnTyping(name, "date", mixed_dates.expression(column(name), found), mixed_dates.notes(found))


def typing_for(name: str, kind: str, notes: tuple[str, ...] = (), decimal_comma: bool = False) -> ColumnTyping:
    """The typing `decide` gives raw text column `name` once its kind is known: 'whole' (BIGINT),
    'number' (`decimal_comma` as its cells show), 'iso' (ISO dates) or 'text' (as it is)."""
    raw = column(name)
    if kind == "whole":
        return ColumnTyping(name, "number", exp.TryCast(this=exp.Trim(this=raw), to=exp.DataType.build("BIGINT")), notes)
    if kind == "number":
        return ColumnTyping(name, "number", _number(raw, decimal_comma), notes)
    if kind == "iso":
        return ColumnTyping(name, "date", _iso_date(raw), notes)
    return ColumnTyping(name, "text", raw, notes)


_TEXT_TYPES = ("BOOLEAN", "STRUCT", "MAP", "JSON", "UNION")


def read_as_text(native: str) -> bool:
    """True for a native DuckDB column type read as its text: a BOOLEAN (Parquet, JSON lines) is the
    'true'/'false' a CSV would hold, read as a yes/no column; a nested object (STRUCT, MAP, JSON,
    UNION) is its JSON-like text, one value a cell. LIST columns are list columns (list_columns.py)."""
    return native.upper().startswith(_TEXT_TYPES)


def as_text(name: str) -> ColumnTyping:
    """The typing of raw column `name` as its text (see read_as_text)."""
    return ColumnTyping(name, "text", exp.cast(column(name), "VARCHAR"))


def _whole(text: pd.Series) -> bool:
    """True when every cell of the sample is a plain whole number that fits BIGINT, none missing:
    the column CSV readers type as integers (a missing cell or a decimal makes it floating point)."""
    if not len(text) or not bool(text.notna().all()) or not bool(text.str.fullmatch(r"\s*[+-]?\d{1,19}\s*").all()):
        return False
    return all(-(2**63) <= int(v) < 2**63 for v in text.tolist())


PREFILTER_ROWS = 5_000
"""Rows a whole-table plain-number check first looks at: a column with a cell that is not a
number among them is not one over every row either, so only the others are scanned whole."""


def plain_numbers(connection, table: str, names: list[str], rows: int | None = None) -> dict[str, ColumnTyping]:
    """The typing of each text column of `table` (a DuckDB table with a rowid; its first `rows`
    rows, or all) whose every present cell is a plain number and none a code with leading zeros
    ('00789', agent.numbers.is_code), the columns a CSV reader types natively: BIGINT when every cell is a whole number that fits and none is missing, else DOUBLE;
    no notes. One scan for all `names` (after one over the first PREFILTER_ROWS rows, which
    rules out most text columns); the others are left to `decide`. A cell counts as a number
    when DuckDB casts it to DOUBLE (as pandas' CSV reader does, which the eval figures were made with)."""
    if rows is None:
        names = [n for n, (_, numbers, present, _, codes) in _counts(connection, table, names, PREFILTER_ROWS).items()
                 if numbers == present and not codes]
    found = {}
    for name, (total, numbers, present, whole, codes) in _counts(connection, table, names, rows).items():
        if numbers == present and not codes:
            raw = column(name)
            expression = (exp.TryCast(this=exp.Trim(this=raw), to=exp.DataType.build("BIGINT")) if whole == total
                          else exp.TryCast(this=raw, to=exp.DataType.build("DOUBLE")))
            found[name] = ColumnTyping(name, "number", expression)
    return found


def _code(raw: exp.Expression) -> exp.Expression:
    """agent.numbers.is_code as SQL: the cell is digits with leading zeros to a width ('00789')."""
    def matches(pattern: str) -> exp.Expression:
        return _fn("regexp_full_match", raw.copy(), _s(rf"[ \t]*{pattern}[ \t]*"))
    return exp.and_(matches("0[0-9]*[1-9][0-9]*"), exp.Not(this=matches("0[1-9]")), copy=False)


def _counts(connection, table: str, names: list[str], rows: int | None) -> dict[str, tuple[int, int, int, int, int]]:
    """Per column of `names`: (rows, cells that cast to DOUBLE, present cells, cells that are
    whole numbers fitting BIGINT, codes with leading zeros) over the first `rows` rows of `table`
    (all when None), one scan."""
    if not names:
        return {}
    items = []
    for name in names:
        raw = column(name)
        decimal = exp.or_(*[exp.GT(this=_fn("strpos", raw.copy(), _s(c)), expression=exp.Literal.number(0))
                            for c in (".", "e", "E", "x", "X", "_")], copy=False)  # BIGINT casts round '1.5', read '1e3'
        whole = exp.Case(ifs=[exp.If(this=decimal, true=exp.Null())],
                         default=exp.TryCast(this=exp.Trim(this=raw.copy()), to=exp.DataType.build("BIGINT")))
        items += [exp.Count(this=raw.copy()), exp.Count(this=exp.TryCast(this=raw.copy(), to=exp.DataType.build("DOUBLE"))),
                  exp.Count(this=whole), _fn("count_if", _code(raw))]
    query = exp.select(exp.Count(this=exp.Star()), *items, copy=False).from_(table, copy=False)  # fresh nodes: no copy
    if rows is not None:
        query = query.where(exp.LT(this=exp.column("rowid"), expression=exp.Literal.number(rows)), copy=False)
    (counts,) = connection.execute(query.sql("duckdb", copy=False)).fetchall()
    return {name: (counts[0], counts[2 + 4 * i], counts[1 + 4 * i], counts[3 + 4 * i], counts[4 + 4 * i])
            for i, name in enumerate(names)}


def view_select(source: exp.Expression, typings: list[ColumnTyping], display: dict[str, str]) -> exp.Select:
    """SELECT <typed expression> AS <trimmed header>, ... FROM source."""
    items = [exp.alias_(t.expression, trimmed, quoted=True)
             for trimmed, t in zip(display, typings)]
    return exp.select(*items).from_(source)


def trimmed_headers(names: list[str]) -> dict[str, str]:
    """{trimmed header: original header}, repeats made unique with '_' as the pandas loader does."""
    display: dict[str, str] = {}
    for original in names:
        trimmed = str(original).strip() or "column"
        while trimmed in display:
            trimmed += "_"
        display[trimmed] = str(original)
    return display


def looks_like_index(name: str) -> bool:
    """A leading unnamed index column ('', 'Unnamed: 0', 'column0' from DuckDB's sniffer)."""
    return not name.strip() or bool(re.fullmatch(r"Unnamed: 0|column0+", name))
