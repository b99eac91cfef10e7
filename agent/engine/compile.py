"""Typed plans to SQL syntax trees (sqlglot expressions), one compiler for every engine.

Names become quoted identifiers and values literals (`exp.convert`), so no plan text ever becomes
SQL text; the tree is rendered per dialect (`tree.sql("duckdb")`, `tree.sql("spark")`). Semantics
match the typed plan's docs (agent/plan.py): text compares ignore case and surrounding whitespace,
date values are ISO prefixes meaning a whole year, month or day, money columns are summed as
DECIMAL so totals are exact to the cent on every engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from sqlglot import exp

from agent.engine.blanks import blank_columns
from agent.errors import BadPredicate, WrongType
from agent import list_sql as lists
from agent.plan import Agg, AggregateArgs, Op, Predicate, RatioArgs
from agent.predicates import date_bounds, day_text, operands, period_reading, to_number

MONEY = exp.DataType.build("DECIMAL(18, 2)")
"""Money columns are cast to this before SUM/AVG: exact cents, and order-independent sums."""
_ORDER_OPS = {Op.gt, Op.ge, Op.lt, Op.le, Op.between}


class Kind(StrEnum):
    """How the compiler treats a column: compared as text, number, money (a number summed as
    DECIMAL) or date (a timestamp compared by ISO-prefix periods)."""

    text = "text"
    number = "number"
    money = "money"
    date = "date"
    list = "list"
    """Cells holding several items (agent/list_columns.py): compared and counted by item."""


@dataclass(frozen=True)
class Schema:
    """A table as the compiler sees it: its SQL name, the kind of each (resolved) column, and for
    text columns with a spelling index, {LOWER(TRIM(value)): [the exact spellings]}: with it a text
    predicate compiles to exact spellings (`category IN ('grocery_pos')`, a plain scan) instead of
    LOWER(TRIM(category)) = 'grocery_pos' over every row."""

    table: str
    kinds: dict[str, Kind]
    spellings: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    lists: dict[str, str] = field(default_factory=dict)
    """List columns: name -> ListForm (how the cells hold their items)."""

    source: exp.Select | None = None
    """A select standing for the table (its list columns unnested, see `exploded`), or None."""
    merged: frozenset[str] = frozenset()
    """Text columns whose distinct values are counted as LOWER(TRIM(value)): spellings differing only
    in case or surrounding spaces are one value, as a group-by and a distinct list count them."""

    def relation(self) -> exp.Expression:
        """The table as a quoted identifier (or its `source`, aliased as the table)."""
        if self.source is not None:
            return exp.Subquery(this=self.source.copy(), alias=exp.TableAlias(this=exp.to_identifier(self.table, quoted=True)))
        return exp.Table(this=exp.to_identifier(self.table, quoted=True))


def exploded(schema: Schema, names: list[str]) -> Schema:
    """`schema` with list columns `names` replaced by one row per distinct item of the cell
    (SELECT * REPLACE (UNNEST(list_distinct(items)) AS name) FROM t): grouping by such a column
    groups by item; a row with no item is in no group."""
    replace = [exp.alias_(exp.Unnest(expressions=[exp.Anonymous(this="list_distinct", expressions=[
        lists.items(n, schema.lists[n])])]), n, quoted=True) for n in names]
    star = exp.Star(replace=replace)
    source = exp.select(star).from_(exp.Table(this=exp.to_identifier(schema.table, quoted=True)))
    kinds = {**schema.kinds, **{n: Kind.text for n in names}}
    return Schema(schema.table, kinds, dict(schema.spellings), {k: v for k, v in schema.lists.items() if k not in names},
                  source)


@dataclass
class Compiled:
    """A query tree plus what the compiler resolved on the way (e.g. how a date was read)."""

    tree: exp.Select
    resolved: dict[str, str] = field(default_factory=dict)


def column(name: str) -> exp.Column:
    """A column reference as a quoted identifier."""
    return exp.Column(this=exp.to_identifier(name, quoted=True))


def normalized(name: str) -> exp.Expression:
    """LOWER(TRIM(column)): the key text compares and text group-bys use."""
    return exp.Lower(this=exp.Trim(this=column(name)))


def _compare(left: exp.Expression, op: Op, values: list[exp.Expression]) -> exp.Expression:
    match op:
        case Op.eq: return exp.EQ(this=left, expression=values[0])
        case Op.ne: return exp.NEQ(this=left, expression=values[0])
        case Op.gt: return exp.GT(this=left, expression=values[0])
        case Op.ge: return exp.GTE(this=left, expression=values[0])
        case Op.lt: return exp.LT(this=left, expression=values[0])
        case Op.le: return exp.LTE(this=left, expression=values[0])
        case Op.between: return exp.Between(this=left, low=values[0], high=values[1])
        case Op.in_: return exp.In(this=left, expressions=values)
        case Op.not_in: return exp.and_(exp.Not(this=exp.In(this=left, expressions=values)),
                                        exp.Not(this=exp.Is(this=left, expression=exp.Null())))
    raise AssertionError(op)


def _extreme(schema: Schema, name: str, op: Op, date: bool) -> exp.Expression:
    """column = (SELECT MAX(column) FROM t), by day for dates."""
    target = exp.cast(column(name), "DATE") if date else column(name)
    agg = exp.Max(this=target.copy()) if op is Op.latest else exp.Min(this=target.copy())
    sub = exp.Subquery(this=exp.select(agg).from_(schema.relation(), copy=False))
    return exp.EQ(this=target, expression=sub)


def _text(schema: Schema, name: str, p: Predicate) -> exp.Expression:
    if p.op in _ORDER_OPS or p.op in (Op.latest, Op.earliest):
        raise BadPredicate(name, p.op, f"ordering does not apply to the text column {name!r}")
    index = schema.spellings.get(name)
    if index is not None and (exact := matching_spellings(index, p)) is not None:
        values = [exp.convert(s) for s in exact]
        if p.op in (Op.ne, Op.not_in):
            return exp.and_(exp.Not(this=exp.In(this=column(name), expressions=values)), _not_null(name)) if values \
                else _not_null(name)
        return exp.In(this=column(name), expressions=values) if values else exp.false()
    wanted = [exp.convert(str(v).strip().lower()) for v in operands(p)]
    if p.op is Op.contains:
        hits = [exp.GT(this=exp.StrPosition(this=normalized(name), substr=w), expression=exp.convert(0))
                for w in wanted]
        return exp.or_(*hits) if len(hits) > 1 else hits[0]
    return _compare(normalized(name), p.op, wanted)


MAX_SPELLINGS = 1000
"""Past this many matching spellings, a text predicate compiles to LOWER(TRIM(...)) instead."""


def matching_spellings(index: dict[str, list[str]], p: Predicate) -> list[str] | None:
    """The exact spellings a text predicate matches (for != / not in: the ones it excludes), from a
    {normalized: spellings} index; None when there are more than MAX_SPELLINGS."""
    wanted = [str(v).strip().lower() for v in operands(p)]
    if p.op is Op.contains:
        found = [s for norm, spellings in index.items() if any(w in norm for w in wanted) for s in spellings]
    else:
        found = [s for w in wanted for s in index.get(w, [])]
    return sorted(set(found)) if len(found) <= MAX_SPELLINGS else None


def _numeric(schema: Schema, name: str, p: Predicate) -> exp.Expression:
    if p.op in (Op.latest, Op.earliest):
        return _extreme(schema, name, p.op, date=False)
    if p.op is Op.contains:
        raise BadPredicate(name, p.op, "'contains' applies to text columns; the column is numeric")
    return _compare(column(name), p.op, [number(to_number(name, p.op, v)) for v in operands(p)])


def number(value: float) -> exp.Expression:
    """A numeric literal: a whole value as an integer (`is_fraud = 1`, not `= 1.0`), which compares
    the same with a column of any numeric type but spares an integer column a cast of every row
    to DOUBLE; any other value as it is."""
    return exp.convert(int(value)) if value.is_integer() and abs(value) < 2 ** 53 else exp.convert(value)


def _timestamp(value: object) -> exp.Expression:
    return exp.cast(exp.convert(str(value)), "TIMESTAMP")


def _date(schema: Schema, name: str, p: Predicate, resolved: dict[str, str]) -> exp.Expression:
    if p.op in (Op.latest, Op.earliest):
        return _extreme(schema, name, p.op, date=True)
    if p.op is Op.contains:
        raise BadPredicate(name, p.op, "'contains' applies to text columns; the column is a date")
    if p.op in (Op.in_, Op.not_in):
        inside = exp.or_(*[_date(schema, name, Predicate(column=name, op=Op.eq, value=v), resolved)
                           for v in operands(p)])
        return inside if p.op is Op.in_ else exp.and_(exp.Not(this=exp.Paren(this=inside)), _not_null(name))
    low, high = date_bounds(name, p)
    parts = [exp.GTE(this=column(name), expression=_timestamp(day_text(low))) if low is not None else None,
             exp.LT(this=column(name), expression=_timestamp(day_text(high))) if high is not None else None]
    inside = exp.and_(*[x for x in parts if x is not None])
    resolved.update(period_reading(name, p, low, high))
    return exp.and_(exp.Not(this=exp.Paren(this=inside)), _not_null(name)) if p.op is Op.ne else inside


def _not_null(name: str) -> exp.Expression:
    return exp.Not(this=exp.Is(this=column(name), expression=exp.Null()))


def condition(schema: Schema, p: Predicate, resolved: dict[str, str]) -> exp.Expression:
    """One predicate (its column already resolved) as a boolean expression. Raises BadPredicate."""
    name = p.column
    if schema.kinds.get(name) is Kind.list:
        return lists.condition(name, schema.lists[name], p)
    if p.op is Op.is_null:
        return exp.Is(this=column(name), expression=exp.Null())
    if p.op is Op.not_null:
        return _not_null(name)
    kind = schema.kinds[name]
    if kind is Kind.date:
        return _date(schema, name, p, resolved)
    if kind in (Kind.number, Kind.money):
        return _numeric(schema, name, p)
    return _text(schema, name, p)


def where(schema: Schema, predicates: list[Predicate], resolved: dict[str, str]) -> exp.Expression | None:
    """AND of the predicates, or None for none."""
    parts = [exp.Paren(this=condition(schema, p, resolved)) for p in predicates]
    return exp.and_(*parts) if parts else None


def check_type(schema: Schema, op: Agg, name: str | None, role: str) -> None:
    """Raise WrongType for an aggregate that does not apply to the column's kind."""
    if name is None:
        if op is not Agg.count:
            raise WrongType("(none)", "missing", f"{op.value.upper()} needs a column;")
        return
    kind = schema.kinds[name]
    if op in (Agg.sum, Agg.mean, Agg.median, Agg.std) and kind not in (Kind.number, Kind.money):
        raise WrongType(name, role, op.value.upper())
    if op in (Agg.min, Agg.max) and kind in (Kind.text, Kind.list):
        raise WrongType(name, role, op.value.upper())


def measure(schema: Schema, name: str) -> exp.Expression:
    """The column as summed: CAST(... AS DECIMAL(18, 2)) for money, itself otherwise."""
    return exp.cast(column(name), MONEY) if schema.kinds[name] is Kind.money else column(name)


def mean(schema: Schema, name: str) -> exp.Expression:
    """AVG(column); for money CAST(SUM(CAST(column AS DECIMAL(18, 2))) AS DOUBLE) / NULLIF(COUNT(column), 0):
    the exact sum divided once in DOUBLE, so every engine gives the same value (Spark's AVG of a
    DECIMAL rounds to 6 decimal places; DuckDB's is this DOUBLE)."""
    if schema.kinds[name] is not Kind.money:
        return exp.Avg(this=column(name))
    total = exp.cast(exp.Sum(this=measure(schema, name)), "DOUBLE")
    return exp.Div(this=total, expression=exp.Nullif(this=exp.Count(this=column(name)), expression=exp.convert(0)))


def aggregate_expr(schema: Schema, op: Agg, name: str | None) -> exp.Expression:
    """COUNT(*), SUM(CAST(amt AS DECIMAL(18, 2))), COUNT(DISTINCT merchant), STDDEV_SAMP(x), ..."""
    if name is None:
        return exp.Count(this=exp.Star())
    match op:
        case Agg.count: return exp.Count(this=column(name))
        case Agg.count_distinct if schema.kinds.get(name) is Kind.list: return lists.distinct_items(name, schema.lists[name])
        case Agg.count_distinct if name in schema.merged: return exp.Count(this=exp.Distinct(expressions=[normalized(name)]))
        case Agg.count_distinct: return exp.Count(this=exp.Distinct(expressions=[column(name)]))
        case Agg.sum: return exp.Sum(this=measure(schema, name))
        case Agg.mean: return mean(schema, name)
        case Agg.median: return exp.Median(this=column(name))
        case Agg.std: return exp.StddevSamp(this=column(name))
        case Agg.min: return exp.Min(this=column(name))
        case Agg.max: return exp.Max(this=column(name))
    raise AssertionError(op)


def _alias(expression: exp.Expression, name: str) -> exp.Alias:
    return exp.alias_(expression, name, quoted=True)


def _ordered(node: exp.Expression, desc: bool) -> exp.Ordered:
    return exp.Ordered(this=node, desc=desc, nulls_first=False)


def grouped(select: exp.Select, keys: list[exp.Expression], value: str, order: str | None,
            keep: int, *, windows: bool = True) -> exp.Select:
    """Group `select` by `keys` (aliased k0, k1...), add the total group count and the matched rows
    as windows, and keep the first `keep` groups: by `value` when ordered (ties at the cut kept:
    RANK), else by key. Without `windows`, every group in that order, nothing added (for few
    groups, the caller adds them: agent/engine/cut.py)."""
    aliases = [f"k{i}" for i in range(len(keys))]
    measures = list(select.expressions)
    select = select.select(*[_alias(k, a) for k, a in zip(keys, aliases)], *measures, append=False, copy=False)
    select = select.group_by(*[k.copy() for k in keys], copy=False)
    by_key = [_ordered(column(a), desc=False) for a in aliases]
    ranking = [_ordered(column(value), desc=order == "desc")] if order else []
    if not windows:
        return select.order_by(*ranking, *by_key, copy=False)
    select = select.select(_alias(exp.Window(this=exp.Count(this=exp.Star())), "total_groups"),
                           _alias(exp.Window(this=exp.Sum(this=exp.Count(this=exp.Star()))), "matched"), copy=False)
    if order:
        rank = exp.Window(this=exp.Anonymous(this="RANK"), order=exp.Order(expressions=ranking))
        return select.qualify(exp.LTE(this=rank, expression=exp.convert(keep)), copy=False).order_by(
            *[r.copy() for r in ranking], *by_key, copy=False)
    number = exp.Window(this=exp.RowNumber(), order=exp.Order(expressions=[o.copy() for o in by_key]))
    return select.qualify(exp.LTE(this=number, expression=exp.convert(keep)), copy=False).order_by(*by_key, copy=False)


def aggregate_query(schema: Schema, args: AggregateArgs, keys: list[exp.Expression], keep: int, *,
                    windows: bool = True) -> Compiled:
    """SELECT [keys,] op(column) AS value, COUNT(*) AS rows, COUNT(column) AS present FROM t WHERE ...
    [GROUP BY keys ... QUALIFY the cut; without `windows`, see `grouped`]. Columns of `args` are
    already resolved."""
    resolved: dict[str, str] = {}
    present = exp.Count(this=column(args.column)) if args.column else exp.Count(this=exp.Star())
    select = exp.select(_alias(aggregate_expr(schema, args.op, args.column), "value"),
                        _alias(exp.Count(this=exp.Star()), "rows"), _alias(present, "present"))
    select = select.from_(schema.relation(), copy=False)
    if (condition_ := where(schema, args.where, resolved)) is not None:
        select = select.where(condition_, copy=False)
    if keys and not windows:
        select = grouped(select, keys, "value", args.order, keep, windows=False)
    elif keys:
        present_all = exp.Window(this=exp.Sum(this=present.copy()))
        select = grouped(select.select(_alias(present_all, "present_all"), copy=False), keys, "value", args.order, keep)
    return Compiled(select, resolved)


def blank_conditions(predicates: list[Predicate]) -> exp.Expression:
    """SUM(CASE WHEN a IS NULL OR b IS NULL ... THEN 1 ELSE 0 END) over the columns the numerator's
    conditions test (a test of blankness itself aside): the rows the denominator counts whose
    condition cannot hold because the cell is blank. 0 when there are none."""
    columns = blank_columns(predicates)
    if not columns:
        return exp.convert(0)
    blank = exp.or_(*[exp.Is(this=column(c), expression=exp.Null()) for c in columns])
    return exp.Sum(this=exp.Case(ifs=[exp.If(this=blank, true=exp.convert(1))], default=exp.convert(0)))


def ratio_query(schema: Schema, args: RatioArgs, keys: list[exp.Expression], keep: int, *,
                windows: bool = True) -> Compiled:
    """SELECT [keys,] SUM(CASE WHEN where THEN column ELSE 0 END) AS num, SUM(den) AS den,
    100 * num / NULLIF(den, 0) AS rate, hits, rows, nulls, blanks (blank_conditions) FROM t WHERE base [GROUP BY keys ...;
    `windows` as for `grouped`]."""
    resolved: dict[str, str] = {}
    hit = where(schema, args.where, resolved) or exp.true()
    zero, one = exp.convert(0), exp.convert(1)
    top = measure(schema, args.column) if args.column else one
    den_column = args.denominator_column or args.column
    num = exp.Sum(this=exp.Case(ifs=[exp.If(this=hit, true=top)], default=zero))
    den = exp.Sum(this=measure(schema, den_column)) if den_column else exp.Count(this=exp.Star())
    hits = exp.Sum(this=exp.Case(ifs=[exp.If(this=hit.copy(), true=one)], default=zero))
    rate = exp.Div(this=exp.Mul(this=exp.convert(100.0), expression=exp.cast(num.copy(), "DOUBLE")),
                   expression=exp.Nullif(this=exp.cast(den.copy(), "DOUBLE"), expression=exp.convert(0)))
    nulls = [exp.Sub(this=exp.Count(this=exp.Star()), expression=exp.Count(this=column(c)))
             for c in dict.fromkeys(c for c in (args.column, den_column) if c)]
    missing = nulls[0] if len(nulls) == 1 else exp.Add(this=nulls[0], expression=nulls[1]) if nulls else zero
    select = exp.select(_alias(num, "num"), _alias(den, "den"), _alias(rate, "value"), _alias(hits, "hits"),
                        _alias(exp.Count(this=exp.Star()), "rows"), _alias(missing, "nulls"),
                        _alias(blank_conditions(args.where), "blanks"))
    select = select.from_(schema.relation(), copy=False)
    if (base := where(schema, args.base, resolved)) is not None:
        select = select.where(base, copy=False)
    if keys:
        select = grouped(select, keys, "value", args.order, keep, windows=windows)
    return Compiled(select, resolved)


def value_counts(schema: Schema, name: str, keep: int) -> exp.Select:
    """SELECT column AS value, COUNT(*) AS rows, COUNT(*) OVER () AS total FROM t GROUP BY column
    ORDER BY rows DESC, value LIMIT keep."""
    select = exp.select(_alias(column(name), "value"), _alias(exp.Count(this=exp.Star()), "rows"),
                        _alias(exp.Window(this=exp.Count(this=exp.Star())), "total"))
    return (select.from_(schema.relation(), copy=False).group_by(column(name), copy=False)
            .order_by(_ordered(column("rows"), desc=True), _ordered(column("value"), desc=False), copy=False).limit(keep, copy=False))


def spellings(schema: Schema, name: str, predicate: exp.Expression | None = None) -> exp.Select:
    """SELECT DISTINCT column [WHERE predicate] ORDER BY column: the spellings a text predicate
    matched, or (with none) every spelling of the column."""
    select = exp.select(column(name)).distinct(copy=False).from_(schema.relation(), copy=False)
    if predicate is not None:
        select = select.where(predicate, copy=False)
    return select.where(_not_null(name), copy=False).order_by(column(name), copy=False)


def spelling_counts(schema: Schema, name: str) -> exp.Select:
    """SELECT column, LOWER(TRIM(column)), COUNT(*) GROUP BY ALL: for merging case/space variants."""
    select = exp.select(column(name), _alias(normalized(name), "norm"), _alias(exp.Count(this=exp.Star()), "n"))
    return select.from_(schema.relation(), copy=False).where(_not_null(name), copy=False).group_by(column(name), normalized(name), copy=False)


def records_query(schema: Schema, predicates: list[Predicate], order_by: list[tuple[str, bool]],
                  limit: int) -> Compiled:
    """SELECT * FROM t WHERE ... ORDER BY (column, descending)... LIMIT limit: records straight from
    the exact filter (the search pre-filter)."""
    resolved: dict[str, str] = {}
    select = exp.select(exp.Star()).from_(schema.relation(), copy=False)
    if (condition_ := where(schema, predicates, resolved)) is not None:
        select = select.where(condition_, copy=False)
    if order_by:
        select = select.order_by(*[_ordered(column(c), desc=d) for c, d in order_by], copy=False)
    return Compiled(select.limit(limit, copy=False), resolved)


def count_query(schema: Schema, predicates: list[Predicate]) -> Compiled:
    """SELECT COUNT(*) FROM t WHERE ...: the exact number of rows passing a filter."""
    resolved: dict[str, str] = {}
    select = exp.select(exp.Count(this=exp.Star())).from_(schema.relation(), copy=False)
    if (condition_ := where(schema, predicates, resolved)) is not None:
        select = select.where(condition_, copy=False)
    return Compiled(select, resolved)
