"""A table typed whole without pandas: its typed rows are written by DuckDB to a Parquet file
(`Table.rows_parquet`: `Table.df` is built from it only when something reads it), and its roles,
list columns and summary-row check come from SQL over them, by the rules of
agent.table_type.infer_role, agent.list_columns and agent.summary_rows.

Each function answers only where it agrees with the pandas reading by construction, else says so
(None, or True for 'a summary row may be there'), and the loader then types the table from a
DataFrame as before: a LIST column, NaN or infinite numbers, a date outside datetime64[ns], a type
pandas reads another way, a cell that may label a summary row or a row with every text cell blank.
The Parquet file holds the types the DataFrame would (an integer column with a missing cell as
DOUBLE, DECIMAL as DOUBLE, dates as TIMESTAMP_NS), so the rows read back are the same."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlglot import exp

from agent import typed_view as tv
from agent.list_columns import SAMPLE, ListForm, text_list_form
from agent.parse_reports import RAW, has_label_stem
from agent.summary_rows import names_total
from agent.table_type import ColumnRole, identifier_by_name
from agent.typed_view import column

if TYPE_CHECKING:
    from agent.table_type import Table

TYPED, POS = "typed", "__tally_pos"
_INTEGERS = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT")
_FLOATS = ("FLOAT", "DOUBLE")
_DATES = ("DATE", "TIMESTAMP", "TIMESTAMP_S", "TIMESTAMP_MS", "TIMESTAMP_NS")
_folder: list[Path] = []


@dataclass(frozen=True)
class Whole:
    """What SQL learned of a table typed whole: `rows`, each column's `roles`, its `lists`, its
    count of `present` (non-NULL) typed cells, and `types` (DuckDB type names of the typed rows)."""

    rows: int
    roles: dict[str, ColumnRole]
    lists: dict[str, ListForm]
    present: dict[str, int]
    types: dict[str, str]


def _kind(native: str) -> str | None:
    if native == "VARCHAR":
        return "text"
    if native in _INTEGERS or native in _FLOATS or native.startswith("DECIMAL("):
        return "number"
    return "date" if native in _DATES else None


def typed_whole(connection, typings: dict[str, tv.ColumnTyping], limit: int | None = None) -> Whole | None:
    """Type table `raw` (its first `limit` rows, or all) into table `typed` (the typed columns,
    named as `typings`, plus POS, each row's position) and read its facts; None where pandas must
    read it (module doc)."""
    query = tv.view_select(exp.to_table(RAW), list(typings.values()), dict.fromkeys(typings))
    query = query.select(exp.alias_(exp.column("rowid"), POS, quoted=True)).order_by("rowid")
    if limit is not None:
        query = query.where(exp.LT(this=exp.column("rowid"), expression=exp.convert(limit)))
    connection.execute(exp.Create(this=exp.to_table(TYPED), kind="TABLE", replace=True, expression=query).sql(
        "duckdb", copy=False))
    types = {str(r[0]): str(r[1]) for r in connection.execute(f"DESCRIBE {TYPED}").fetchall() if str(r[0]) != POS}
    kinds = {name: _kind(native) for name, native in types.items()}
    if None in kinds.values():
        return None
    facts = _facts(connection, kinds)
    if facts is None:
        return None
    rows, stats = facts
    roles = {name: _role(connection, name, kinds[name], stats[name], types[name]) for name in typings}
    lists = {}
    for name, typing in typings.items():
        if typing.kind == "text" and kinds[name] == "text" and (form := text_list_form(_first(connection, name))):
            lists[name] = form
    return Whole(rows, roles, lists, {n: s["present"] for n, s in stats.items()}, types)


def _filtered(aggregate: exp.Expression, condition: exp.Expression) -> exp.Expression:
    return exp.Filter(this=aggregate, expression=exp.Where(this=condition))


def _facts(connection, kinds: dict[str, str]) -> tuple[int, dict[str, dict[str, object]]] | None:
    """(rows, per column: present, distinct, head_present / head_distinct / head_spaced (first
    1000 rows), low, high, whole, odd (NaN or infinite)), one scan; None when a number is NaN or
    infinite or a date lies outside datetime64[ns]."""
    head = exp.LT(this=exp.column(POS, quoted=True), expression=exp.convert(1000))
    items, keys = [exp.Count(this=exp.Star())], []
    for name, kind in kinds.items():
        x = column(name)
        named = {"present": exp.Count(this=x.copy())}
        if kind == "text":
            spaced = exp.func("count_if", exp.and_(head.copy(), exp.GT(this=exp.func("strpos", x.copy(), exp.Literal.string(
                " ")), expression=exp.convert(0))))
            named |= {"head_present": _filtered(exp.Count(this=x.copy()), head.copy()), "head_spaced": spaced,
                      "head_distinct": _filtered(exp.Count(this=exp.Distinct(expressions=[x.copy()])), head.copy())}
        elif kind == "number":
            d = exp.cast(x.copy(), "DOUBLE")
            odd = exp.or_(exp.func("isnan", d.copy()), exp.func("isinf", d.copy()))
            named |= {"low": exp.Min(this=d.copy()), "high": exp.Max(this=d.copy()), "odd": exp.func("bool_or", odd),
                      "whole": exp.func("bool_and", exp.EQ(this=d.copy(), expression=exp.func("floor", d.copy())))}
        else:
            years = exp.func("year", x.copy())
            named |= {"low": exp.Min(this=years), "high": exp.Max(this=years.copy())}
        items += list(named.values())
        keys += [(name, key) for key in named]
    (found,) = connection.execute(exp.select(*items).from_(TYPED).sql("duckdb", copy=False)).fetchall()
    stats: dict[str, dict[str, object]] = {name: {} for name in kinds}
    for (name, key), value in zip(keys, found[1:]):
        stats[name][key] = value
    for name, kind in kinds.items():
        low, high = stats[name].get("low"), stats[name].get("high")
        if (kind == "number" and stats[name]["odd"]) or (kind == "date" and low is not None and not (
                1678 <= low and high <= 2261)):
            return None
    _distinct(connection, kinds, stats)
    return int(found[0]), stats


def _distinct(connection, kinds: dict[str, str], stats: dict[str, dict[str, object]]) -> None:
    """Each column's COUNT(DISTINCT) into its stats, in one scan, where `_role` reads it: a whole
    number column of more than 20 values, a text column whose first 1000 rows mostly differ."""
    wanted = [n for n, kind in kinds.items() if not identifier_by_name(n) and (
        (kind == "number" and stats[n]["whole"] is not False and stats[n]["present"] > 20)
        or (kind == "text" and stats[n]["head_distinct"] > 0.5 * stats[n]["head_present"]))]
    if wanted:
        items = [exp.Count(this=exp.Distinct(expressions=[column(n)])) for n in wanted]
        (found,) = connection.execute(exp.select(*items).from_(TYPED).sql("duckdb")).fetchall()
        for name, value in zip(wanted, found):
            stats[name]["distinct"] = value


def _role(connection, name: str, kind: str, stats: dict[str, object], native: str) -> ColumnRole:
    """agent.table_type.infer_role of a typed column from its facts (the same rule, read by SQL)."""
    if kind == "date":
        return ColumnRole.date
    if identifier_by_name(name):
        return ColumnRole.identifier
    present, distinct = int(stats["present"]), stats.get("distinct")
    if kind == "number":
        integral = native in _INTEGERS or stats["whole"] is not False
        if integral and present > 20 and distinct == present and _id_like(connection, name, stats):
            return ColumnRole.identifier
        return ColumnRole.numeric
    head, spaced = int(stats["head_present"]), int(stats["head_spaced"])
    if int(stats["head_distinct"]) <= 0.5 * head:
        return ColumnRole.categorical
    share = spaced / head if head else 0.0
    if distinct <= 20:
        return ColumnRole.categorical
    if share == 0 and distinct == present > 20:
        return ColumnRole.identifier
    if share > 0.5 and distinct > 0.5 * present:
        return ColumnRole.text
    return ColumnRole.categorical


def _id_like(connection, name: str, stats: dict[str, object]) -> bool:
    """table_type._id_like: the present values never decrease in file order, or are dense."""
    if float(stats["high"]) - float(stats["low"]) + 1 <= 2 * int(stats["present"]):
        return True
    x = column(name)
    previous = exp.Window(this=exp.func("lag", x.copy()), order=exp.Order(expressions=[
        exp.Ordered(this=exp.column(POS, quoted=True))]))
    inner = exp.select(exp.alias_(x.copy(), "x"), exp.alias_(previous, "p")).from_(TYPED).where(
        exp.Not(this=exp.Is(this=x.copy(), expression=exp.Null())))
    query = exp.select(exp.func("bool_and", exp.GTE(this=exp.column("x"), expression=exp.column("p")))).from_(
        inner.subquery("s"))
    ((rising,),) = connection.execute(query.sql("duckdb")).fetchall()
    return rising is not False


def _first(connection, name: str) -> list[object]:
    """The first 2 x SAMPLE present cells of a typed column, file order."""
    x = column(name)
    query = exp.select(x.copy()).from_(TYPED).where(exp.Not(this=exp.Is(this=x.copy(), expression=exp.Null()))).order_by(
        exp.column(POS, quoted=True)).limit(2 * SAMPLE)
    return [row[0] for row in connection.execute(query.sql("duckdb")).fetchall()]


def summary_possible(connection, text: list[str], labelled: list[str]) -> bool:
    """True when agent.summary_rows may find a summary row among table `typed`'s rows: some row
    has every `text` column blank, or a cell of a `labelled` column names a total (TOTAL_WORDS, on
    its distinct spellings; a cell with a character outside ASCII is taken as one, to be read by pandas)."""
    if not text:
        return False
    blank = exp.func("count_if", exp.and_(*[exp.Is(this=column(c), expression=exp.Null()) for c in text]))
    ((blanks,),) = connection.execute(exp.select(blank).from_(TYPED).sql("duckdb")).fetchall()
    if blanks:
        return True
    for name in labelled:
        hint = exp.or_(has_label_stem(column(name)),
                       exp.func("regexp_matches", column(name), exp.Literal.string("[^\\x00-\\x7f]")))
        query = exp.select(column(name)).distinct().from_(TYPED).where(hint)
        for (cell,) in connection.execute(query.sql("duckdb")).fetchall():
            value = str(cell).strip()
            if not value.isascii() or names_total(value):
                return True
    return False


def write_rows(connection, whole: Whole, source: str = TYPED, order: tuple[str, ...] = (POS,)) -> Path:
    """The rows of table `source` (`whole`'s columns, by `order`) as a Parquet file in this
    process's temporary folder, each column of the type its DataFrame column would have (module doc)."""
    items = []
    counted = _present(connection, source, list(whole.types)) if source != TYPED else (whole.rows, whole.present)
    for name, native in whole.types.items():
        x = column(name)
        if native in _DATES and native != "TIMESTAMP_NS":
            x = exp.cast(x, exp.DataType.build("TIMESTAMP_NS", dialect="duckdb"))
        elif native.startswith("DECIMAL(") or (native in _INTEGERS and counted[1][name] < counted[0]):
            x = exp.cast(x, "DOUBLE")
        items.append(exp.alias_(x, name, quoted=True))
    if not _folder:
        _folder.append(Path(tempfile.mkdtemp(prefix="tally-rows-")))
        atexit.register(shutil.rmtree, _folder[0], True)
    handle, name = tempfile.mkstemp(suffix=".parquet", dir=_folder[0])
    os.close(handle)  # DuckDB writes the file by its name
    path = Path(name)
    query = exp.select(*items).from_(source).order_by(*[exp.column(o, quoted=True) for o in order])
    connection.execute(f"COPY ({query.sql('duckdb')}) TO {exp.Literal.string(str(path)).sql('duckdb')} (FORMAT PARQUET)")
    return path


def _present(connection, source: str, names: list[str]) -> tuple[int, dict[str, int]]:
    """(rows, each column's non-NULL cells) of table `source`."""
    items = [exp.Count(this=exp.Star())] + [exp.Count(this=column(n)) for n in names]
    ((rows, *present),) = connection.execute(exp.select(*items).from_(source).sql("duckdb")).fetchall()
    return rows, dict(zip(names, present))


def temporary(path: Path | None) -> bool:
    """True for a rows file `write_rows` made (kept only while its table lives)."""
    return path is not None and bool(_folder) and Path(path).parent == _folder[0]


def forget_with(table: Table, path: Path) -> None:
    """Remove the temporary rows file `path` when `table` is collected."""
    weakref.finalize(table, _unlink, path)


def _unlink(path: Path) -> None:
    Path(path).unlink(missing_ok=True)
