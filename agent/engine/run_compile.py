"""Run plans (agent/runs.py) to SQL syntax trees: gaps and islands. In file order, each row in
scope gets its position among the scope's rows (ROW_NUMBER() over the file position); the rows
meeting the condition get a second number among themselves; rows of one run share the difference
of the two, so GROUP BY that difference gives each run's length and its first and last file
position. Over a year column, the distinct years of the rows meeting the condition minus their
ROW_NUMBER() in year order is constant within a run of consecutive years. Nothing is SQL text."""

from __future__ import annotations

from sqlglot import exp

from agent.engine import compile as c
from agent.engine import query_compile as q
from agent.runs import NO_RESULT_CELLS, NO_RESULT_WORDS, OUTCOME_WORDS

MAX_RUNS = 21
"""Runs fetched, longest first: the longest and up to 20 tied with it."""
_YEAR = r"(1[0-9]{3}|20[0-9]{2})"
"""A year in a text cell: its first four-digit number from 1000 to 2099 ('1987-88' -> 1987)."""


def _sub(select: exp.Select, name: str) -> exp.Subquery:
    return exp.Subquery(this=select, alias=exp.TableAlias(this=exp.to_identifier(name, quoted=True)))


def _rank_over(key: str) -> exp.Window:
    return exp.Window(this=exp.RowNumber(), order=exp.Order(expressions=[exp.Ordered(this=c.column(key))]))


def outcome(name: str, result: str) -> exp.Expression:
    """LOWER(REGEXP_EXTRACT(TRIM(CAST(name AS VARCHAR)), '^([A-Za-z]+)', 1)) IN (the outcome's
    words): the cell's first word records that outcome ('W 24-6', 'Won 3-1')."""
    return exp.In(this=_first_word(name), expressions=[exp.convert(w) for w in OUTCOME_WORDS[result]])


def _first_word(name: str) -> exp.Expression:
    text = exp.Trim(this=exp.cast(c.column(name), "VARCHAR"))
    return exp.Lower(this=exp.RegexpExtract(this=text, expression=exp.convert("^([A-Za-z]+)"), group=exp.convert(1)))


def played(name: str) -> exp.Expression:
    """NOT (name IS NULL OR LOWER(TRIM(name)) IN (blank, dashes) OR its first word IN ('bye', ...)):
    the cell records a game."""
    text = exp.Lower(this=exp.Trim(this=exp.cast(c.column(name), "VARCHAR")))
    empty = exp.In(this=text, expressions=[exp.convert(x) for x in NO_RESULT_CELLS])
    none = exp.In(this=_first_word(name), expressions=[exp.convert(w) for w in NO_RESULT_WORDS])
    missing = exp.Is(this=c.column(name), expression=exp.Null())
    return exp.Not(this=exp.Paren(this=exp.or_(missing, empty, exp.Coalesce(this=none, expressions=[exp.false()]))))


def year_of(schema: c.Schema, name: str) -> exp.Expression:
    """The year a cell of `name` holds, as a BIGINT: a number (whole years only), a date's year, or
    the first year written in a text cell (NULL when none)."""
    kind = schema.kinds[name]
    if kind is c.Kind.date:
        return exp.cast(exp.Extract(this=exp.var("YEAR"), expression=c.column(name)), "BIGINT")
    if kind in (c.Kind.number, c.Kind.money):
        value = exp.cast(c.column(name), "DOUBLE")
        whole = exp.EQ(this=value, expression=exp.Floor(this=value.copy()))
        return exp.Case(ifs=[exp.If(this=whole, true=exp.cast(value.copy(), "BIGINT"))])
    found = exp.RegexpExtract(this=exp.cast(c.column(name), "VARCHAR"), expression=exp.convert(_YEAR),
                              group=exp.convert(1))
    return exp.TryCast(this=exp.Nullif(this=found, expression=exp.convert("")), to=exp.DataType.build("BIGINT"))


def row_runs(schema: c.Schema, scope: exp.Expression | None, test: exp.Expression) -> exp.Select:
    """SELECT COUNT(*) AS length, MIN(__pos) AS first, MAX(__pos) AS last, COUNT(*) OVER () AS runs
    FROM (SELECT __pos, __k - ROW_NUMBER() OVER (ORDER BY __pos) AS __grp FROM (SELECT *,
    ROW_NUMBER() OVER (ORDER BY __pos) AS __k FROM numbered WHERE scope) AS s WHERE test) AS h
    GROUP BY __grp ORDER BY length DESC, first LIMIT MAX_RUNS: runs of consecutive rows in scope."""
    inner = q.filtered(exp.select(exp.Star(), q.alias(_rank_over(q.POS), "__k")).from_(q.numbered(schema)), scope)
    gaps = exp.Sub(this=c.column("__k"), expression=_rank_over(q.POS))
    hits = exp.select(c.column(q.POS), q.alias(gaps, "__grp")).from_(_sub(inner, "s")).where(test)
    return _islands(hits, q.POS)


def year_runs(schema: c.Schema, name: str, condition: exp.Expression | None) -> exp.Select:
    """The same over the distinct years (year_of) of the rows meeting `condition`: runs of
    consecutive years, first and last being years."""
    year = year_of(schema, name)
    years = exp.select(q.alias(year, "__y")).distinct().from_(q.numbered(schema))
    years = q.filtered(years, condition).where(exp.Not(this=exp.Is(this=year.copy(), expression=exp.Null())))
    gaps = exp.Sub(this=c.column("__y"), expression=_rank_over("__y"))
    hits = exp.select(c.column("__y"), q.alias(gaps, "__grp")).from_(_sub(years, "y"))
    return _islands(hits, "__y")


def _islands(hits: exp.Select, key: str) -> exp.Select:
    """Each run (rows of `hits` sharing __grp): its length, first and last `key`, and the number of runs."""
    select = exp.select(q.alias(exp.Count(this=exp.Star()), "length"), q.alias(exp.Min(this=c.column(key)), "first"),
                        q.alias(exp.Max(this=c.column(key)), "last"),
                        q.alias(exp.Window(this=exp.Count(this=exp.Star())), "runs")).from_(_sub(hits, "h"))
    order = [exp.Ordered(this=c.column("length"), desc=True), exp.Ordered(this=c.column("first"))]
    return select.group_by(c.column("__grp")).order_by(*order).limit(MAX_RUNS)
