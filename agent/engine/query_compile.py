"""Typed query plans (agent/queries.py) to SQL syntax trees, on the compiler's helpers (compile.py):
names are quoted identifiers, values literals, nothing is SQL text. File order is the row number of
a scan (DuckDB keeps insertion order unless told otherwise)."""

from __future__ import annotations

from sqlglot import exp

from agent.engine import compile as c
from agent import list_sql as lists
from agent.plan import Agg
from agent.queries import ArithOp, Operand

POS = "__pos"
"""The row's position in the file (1-based), added by `numbered`."""


def alias(node: exp.Expression, name: str) -> exp.Alias:
    return exp.alias_(node, name, quoted=True)


def numbered(schema: c.Schema) -> exp.Subquery:
    """(SELECT *, ROW_NUMBER() OVER () AS __pos FROM t) AS n: rows with their file position."""
    inner = exp.select(exp.Star(), alias(exp.Window(this=exp.RowNumber()), POS)).from_(schema.relation())
    return exp.Subquery(this=inner, alias=exp.TableAlias(this=exp.to_identifier("n", quoted=True)))


def item_source(schema: c.Schema, name: str, where: exp.Expression | None) -> exp.Subquery:
    """(SELECT __pos, UNNEST(list_distinct(items)) AS item FROM numbered WHERE where) AS i: one row
    per row and distinct item of list column `name`."""
    inner = exp.select(c.column(POS), alias(exp.Unnest(expressions=[exp.Anonymous(
        this="list_distinct", expressions=[lists.items(name, schema.lists[name])])]), "item")).from_(numbered(schema))
    return exp.Subquery(this=filtered(inner, where), alias=exp.TableAlias(this=exp.to_identifier("i", quoted=True)))


def filtered(select: exp.Select, condition: exp.Expression | None) -> exp.Select:
    return select.where(condition) if condition is not None else select


def not_null(name: str) -> exp.Expression:
    return exp.Not(this=exp.Is(this=c.column(name), expression=exp.Null()))


def count_matching(schema: c.Schema, where: exp.Expression | None, test: exp.Expression) -> exp.Select:
    """SELECT COUNT(*) AS tested, COUNT(*) FILTER (test) AS matching FROM t WHERE where."""
    hits = exp.Sum(this=exp.Case(ifs=[exp.If(this=exp.Paren(this=test), true=exp.convert(1))], default=exp.convert(0)))
    select = exp.select(alias(exp.Count(this=exp.Star()), "tested"), alias(hits, "matching")).from_(schema.relation())
    return filtered(select, where)


def example_rows(schema: c.Schema, columns: list[str], where: exp.Expression | None, n: int = 3) -> exp.Select:
    """SELECT columns FROM t WHERE where ORDER BY file position LIMIT n."""
    select = exp.select(*[c.column(x) for x in columns]).from_(numbered(schema))
    return filtered(select, where).order_by(c.column(POS)).limit(n)


def uniqueness(schema: c.Schema, name: str, where: exp.Expression | None) -> exp.Select:
    """SELECT COUNT(column), COUNT(DISTINCT column) FROM t WHERE where."""
    select = exp.select(exp.Count(this=c.column(name)), exp.Count(this=exp.Distinct(expressions=[c.column(name)])))
    return filtered(select.from_(schema.relation()), where)


def repeated(schema: c.Schema, name: str, where: exp.Expression | None, n: int = 3) -> exp.Select:
    """Values of `name` that occur more than once (first n by value), each row with the number of
    such values (a window over the groups that pass HAVING)."""
    every = exp.Window(this=exp.Count(this=exp.Star()))
    select = filtered(exp.select(c.column(name), every).from_(schema.relation()), where)
    having = exp.GT(this=exp.Count(this=exp.Star()), expression=exp.convert(1))
    return select.where(not_null(name)).group_by(c.column(name)).having(having).order_by(c.column(name)).limit(n)


def ranked(schema: c.Schema, columns: list[str], key: exp.Expression, desc: bool,
           where: exp.Expression | None, offset: int, limit: int) -> exp.Select:
    """SELECT columns, key AS __key FROM numbered WHERE where AND key IS NOT NULL ORDER BY key, file
    position LIMIT limit OFFSET offset (ties at equal keys in file order)."""
    select = exp.select(*[c.column(x) for x in columns], alias(key, "__key")).from_(numbered(schema))
    select = filtered(select, where).where(exp.Not(this=exp.Is(this=key.copy(), expression=exp.Null())))
    order = [exp.Ordered(this=key.copy(), desc=desc, nulls_first=False), exp.Ordered(this=c.column(POS))]
    return select.order_by(*order).limit(limit).offset(offset) if offset else select.order_by(*order).limit(limit)


def file_rows(schema: c.Schema, columns: list[str], where: exp.Expression | None, last: bool, offset: int,
              limit: int) -> exp.Select:
    """The first (or last) `limit` rows in file order after `offset`, returned with their position."""
    select = exp.select(*[c.column(x) for x in columns], c.column(POS)).from_(numbered(schema))
    order = exp.Ordered(this=c.column(POS), desc=last)
    select = filtered(select, where).order_by(order).limit(limit)
    return select.offset(offset) if offset else select


def counted(schema: c.Schema, where: exp.Expression | None, extra: exp.Expression | None = None) -> exp.Select:
    """SELECT COUNT(*) FROM t WHERE where [AND extra]."""
    select = filtered(exp.select(exp.Count(this=exp.Star())).from_(schema.relation()), where)
    return select.where(extra) if extra is not None else select


def value_groups(schema: c.Schema, key: exp.Expression, where: exp.Expression | None, order: str,
                 limit: int | None, item_of: str | None = None) -> exp.Select:
    """SELECT key AS value, COUNT(*) AS rows, MIN(position) AS first, COUNT(*) OVER () AS total
    FROM numbered WHERE where AND key IS NOT NULL GROUP BY key ORDER BY (by `order`: rows desc/asc
    then first appearance; 'appearance'; or the value asc/desc) [LIMIT limit]. With `item_of` (a
    list column) the values are its items: rows counts the rows carrying each item."""
    source, key = (numbered(schema), key) if item_of is None else (item_source(schema, item_of, where), c.column("item"))
    select = exp.select(alias(key, "value"), alias(exp.Count(this=exp.Star()), "rows"),
                        alias(exp.Min(this=c.column(POS)), "first"),
                        alias(exp.Window(this=exp.Count(this=exp.Star())), "total")).from_(source)
    select = filtered(select, where if item_of is None else None)
    select = select.where(exp.Not(this=exp.Is(this=key.copy(), expression=exp.Null())))
    select = select.group_by(key.copy())
    rows, first, value = c.column("rows"), c.column("first"), c.column("value")
    match order:
        case "desc": keys = [exp.Ordered(this=rows, desc=True), exp.Ordered(this=first)]
        case "asc": keys = [exp.Ordered(this=rows), exp.Ordered(this=first)]
        case "appearance": keys = [exp.Ordered(this=first)]
        case "value_desc": keys = [exp.Ordered(this=value, desc=True)]
        case _: keys = [exp.Ordered(this=value)]
    select = select.order_by(*keys)
    return select.limit(limit) if limit is not None else select


def statistic(schema: c.Schema, op: str, name: str, other: str | None, q: float | None,
              where: exp.Expression | None) -> exp.Select:
    """MAX - MIN (range), QUANTILE_CONT(x, q) (percentile, linear interpolation), CORR(x, y) with
    the count of rows holding both."""
    x = c.column(name)
    match op:
        case "range": parts = [exp.Max(this=x), exp.Min(this=x.copy())]
        case "percentile": parts = [exp.Anonymous(this="QUANTILE_CONT", expressions=[x, exp.convert(q / 100)])]
        case _:
            y = c.column(other)
            parts = [exp.Corr(this=x, expression=y), exp.Count(this=exp.Mul(this=x.copy(), expression=y.copy()))]
    return filtered(exp.select(*parts).from_(schema.relation()), where)


def subset(schema: c.Schema, op: Agg, name: str | None, by: str, desc: bool, limit: int,
           where: exp.Expression | None) -> exp.Select:
    """op(column) over the `limit` rows ranked by `by` (ties at the cut by file order)."""
    inner = ranked(schema, [name] if name else [by], c.column(by), desc, where, 0, limit)
    sub = exp.Subquery(this=inner, alias=exp.TableAlias(this=exp.to_identifier("s", quoted=True)))
    return exp.select(c.aggregate_expr(schema, op, name), exp.Count(this=exp.Star())).from_(sub)


def operand(node: Operand) -> exp.Expression:
    return c.column(node.column) if node.column is not None else exp.convert(float(node.value))


def arithmetic(left: Operand, op: ArithOp, right: Operand) -> exp.Expression:
    """left op right as a DOUBLE expression; division by zero gives NULL (NULLIF)."""
    a, b = exp.cast(operand(left), "DOUBLE"), exp.cast(operand(right), "DOUBLE")
    match op:
        case ArithOp.add: return exp.Add(this=a, expression=b)
        case ArithOp.sub: return exp.Sub(this=a, expression=b)
        case ArithOp.mul: return exp.Mul(this=a, expression=b)
    return exp.Div(this=a, expression=exp.Nullif(this=b, expression=exp.convert(0.0)))


def expression(schema: c.Schema, value: exp.Expression, agg: Agg, where: exp.Expression | None) -> exp.Select:
    """agg(value) and the count of rows where it is present, over rows matching where."""
    match agg:
        case Agg.count: top = exp.Count(this=value)
        case Agg.count_distinct: top = exp.Count(this=exp.Distinct(expressions=[value]))
        case Agg.sum: top = exp.Sum(this=value)
        case Agg.mean: top = exp.Avg(this=value)
        case Agg.median: top = exp.Median(this=value)
        case Agg.std: top = exp.StddevSamp(this=value)
        case Agg.min: top = exp.Min(this=value)
        case _: top = exp.Max(this=value)
    return filtered(exp.select(top, exp.Count(this=value.copy())).from_(schema.relation()), where)


def latest_rows(schema: c.Schema, ident: str, date: str) -> exp.Subquery:
    """(SELECT * FROM numbered WHERE id and date present QUALIFY ROW_NUMBER() OVER (PARTITION BY
    id ORDER BY date DESC, position DESC) = 1) AS l: each id's latest row (ties: the later row)."""
    window = exp.Window(this=exp.RowNumber(), partition_by=[c.column(ident)],
                        order=exp.Order(expressions=[exp.Ordered(this=c.column(date), desc=True),
                                                     exp.Ordered(this=c.column(POS), desc=True)]))
    inner = exp.select(exp.Star()).from_(numbered(schema)).where(not_null(ident)).where(not_null(date))
    inner = inner.qualify(exp.EQ(this=window, expression=exp.convert(1)))
    return exp.Subquery(this=inner, alias=exp.TableAlias(this=exp.to_identifier("l", quoted=True)))


def over_latest(schema: c.Schema, ident: str, date: str, op: Agg, name: str | None,
                where: exp.Expression | None) -> exp.Select:
    """op(column) over each id's latest row matching where, and the rows that matched."""
    select = exp.select(c.aggregate_expr(schema, op, name), exp.Count(this=exp.Star()))
    return filtered(select.from_(latest_rows(schema, ident, date)), where)


def latest_ids(schema: c.Schema, ident: str, date: str) -> exp.Select:
    """SELECT COUNT(*) over each id's latest row: the number of ids."""
    return exp.select(exp.Count(this=exp.Star())).from_(latest_rows(schema, ident, date))


def anchor_rows(schema: c.Schema, where: exp.Expression | None) -> exp.Select:
    """SELECT COUNT(*), MIN(__pos) FROM numbered WHERE where: how many rows an anchor names, and the first."""
    return filtered(exp.select(exp.Count(this=exp.Star()), exp.Min(this=c.column(POS))).from_(numbered(schema)), where)


def row_at(schema: c.Schema, columns: list[str], position: int) -> exp.Select:
    """SELECT columns, __pos FROM numbered WHERE __pos = position: one row by its file position."""
    select = exp.select(*[c.column(x) for x in columns], c.column(POS)).from_(numbered(schema))
    return select.where(exp.EQ(this=c.column(POS), expression=exp.convert(position)))


def first_positions(schema: c.Schema, name: str, where: exp.Expression | None, desc: bool) -> exp.Select:
    """SELECT column, COUNT(*), MIN(__pos) FROM numbered WHERE where GROUP BY column ORDER BY
    MIN(__pos) [DESC]: each value's rows and first file position, earliest (or latest) first."""
    first = exp.Min(this=c.column(POS))
    select = exp.select(c.column(name), exp.Count(this=exp.Star()), first).from_(numbered(schema))
    select = filtered(select, where).group_by(c.column(name))
    return select.order_by(exp.Ordered(this=first.copy(), desc=desc))
