"""Parse reports of a typed table (how each column's raw text became typed values: missing
cells, cells the typing could not read with examples, conversion notes), counted by SQL over the
raw rows, and the label scan summary-row detection starts from (agent.summary_rows)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from sqlglot import exp

from agent import scratch, typed_view as tv
from agent.scratch import Scratch
from agent.summary_rows import LABEL_STEMS
from agent.table_type import ParseReport
from agent.typed_view import column

RAW = "raw"
"""The table the loader copies a file's raw rows into (agent.relation), file order by rowid."""


def connect() -> Scratch:
    """A scratch DuckDB connection for the loader's scans (agent.scratch: its tables are its own,
    dropped on close; the progress bar off)."""
    return scratch.connect()


def call(name: str, *args: exp.Expression) -> exp.Expression:
    """The SQL function call `name(args...)` as a syntax tree (a function sqlglot has no node for)."""
    return exp.Anonymous(this=name, expressions=list(args))


def label_flags(typings: dict[str, tv.ColumnTyping], names: list[str]) -> list[exp.Expression]:
    """Per column of `names` (text columns), whether a cell contains one of LABEL_STEMS in any case:
    the cells a summary-row label can be (agent.summary_rows), as aggregates over the raw rows."""
    return [exp.func("bool_or", has_label_stem(exp.cast(typings[name].expression.copy(), "VARCHAR")))
            for name in names]


def has_label_stem(text: exp.Expression) -> exp.Expression:
    """Whether the text `text` contains one of LABEL_STEMS in any case, as a SQL predicate: one
    regexp_matches of the lower-cased text against the stems' alternation (metacharacters
    escaped), where one strpos per stem cost a node per stem to build, copy and print."""
    return exp.RegexpLike(this=exp.Lower(this=text), expression=exp.Literal.string(_STEMS))


_STEMS = "|".join(re.sub(r"([\\.^$|?*+()\[\]{}])", r"\\\1", w) for w in LABEL_STEMS)


class LazyReports(Mapping[str, ParseReport]):
    """Parse reports computed over every row on first use, so opening a big file costs no scan:
    the first report asked for computes every column's not yet known in one scan (`reports`).
    The router's lexicon asks for each column's report: one scan a column was 22 queries on the
    10M-row Parquet file, 22 scans of a big CSV."""

    def __init__(self, source: exp.Expression, typings: dict[str, tv.ColumnTyping]):
        self._source, self._typings = source, typings
        self._done: dict[str, ParseReport] = {}

    def __getitem__(self, key: str) -> ParseReport:
        """The report of column `key`; KeyError for a column the table does not have."""
        if key not in self._done:
            if key not in self._typings:
                raise KeyError(key)
            pending = {name: typing for name, typing in self._typings.items() if name not in self._done}
            connection = connect()
            try:
                self._done.update(reports(connection, self._source, pending)[0])
            finally:
                connection.close()
        return self._done[key]

    def computed(self) -> dict[str, ParseReport]:
        """The reports computed so far, by column (the table cache keeps them: agent/table_cache.py)."""
        return dict(self._done)

    def remember(self, computed: dict[str, ParseReport]) -> None:
        """Take reports an earlier process computed for the same rows (`computed`)."""
        self._done.update({k: v for k, v in computed.items() if k in self._typings})

    def __iter__(self):
        return iter(self._typings)

    def __len__(self) -> int:
        return len(self._typings)


def _typed_cells(typing: tv.ColumnTyping) -> bool:
    """True when the column's typing reads its raw text (a number or date typed from VARCHAR);
    False for a column that passes through (already typed, or text), whose cells never fail to read."""
    return typing.kind != "text" and typing.expression != column(typing.name)


def _present(typing: tv.ColumnTyping) -> exp.Expression:
    """The present (non-missing) cell of the column: NULL for missing tokens when its text is read."""
    raw = column(typing.name)
    return tv._present(exp.cast(raw, "VARCHAR")) if _typed_cells(typing) else raw


def reports(connection, source: exp.Expression, typings: dict[str, tv.ColumnTyping],
             typed: dict[str, int] | None = None, extra: list[exp.Expression] | None = None,
             ) -> tuple[dict[str, ParseReport], tuple]:
    """(Each column's ParseReport, the values of the `extra` aggregates) in one scan of `source`,
    plus one query per column with unread cells. A report counts missing cells and non-missing
    cells the typing could not read, with up to 5 of them in file order. `typed`: each column's
    count of non-NULL typed cells over `source` when already known (from the typed rows), so the
    typing is not evaluated again."""
    counted = {n for n, t in typings.items() if _typed_cells(t) and (typed is None or n not in typed)}
    items = [exp.Count(this=exp.Star())] + [exp.Count(this=_present(t)) for t in typings.values()]
    items += [exp.Count(this=typings[n].expression.copy()) for n in counted] + list(extra or [])
    (counts,) = connection.execute(exp.select(*items, copy=False).from_(source.copy()).sql("duckdb")).fetchall()
    total, present = counts[0], dict(zip(typings, counts[1:]))
    reads = dict(zip(counted, counts[1 + len(typings):]))
    reports = {}
    for name, typing in typings.items():
        readable = reads[name] if name in reads else typed[name] if _typed_cells(typing) else present[name]
        missing, bad = int(total - present[name]), int(present[name] - readable)
        examples: list[str] = []
        if bad:
            query = exp.select(column(typing.name)).from_(source.copy()).where(
                exp.and_(exp.Not(this=exp.Is(this=_present(typing), expression=exp.Null())),
                         exp.Is(this=typing.expression.copy(), expression=exp.Null())))
            if source.name == RAW:
                query = query.order_by("rowid")
            examples = [str(r[0]) for r in connection.execute(query.limit(5).sql("duckdb")).fetchall()]
        reports[name] = ParseReport(missing, bad, examples, list(typing.notes))
    return reports, tuple(counts[1 + len(typings) + len(counted):])
