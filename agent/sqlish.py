"""Plans written SQL-like for provenance: SUM(amt) WHERE category = 'grocery_pos' GROUP BY ..."""

from __future__ import annotations

from agent.plan import AggregateArgs, Agg, Op, Predicate, RatioArgs


def literal(value: object) -> str:
    """A value as a SQL literal: numbers bare (no trailing .0), text single-quoted."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (int, float)):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def predicate_sql(p: Predicate) -> str:
    """One predicate as SQL text, e.g. amt > 500, day = MAX(day)."""
    match p.op:
        case Op.is_null | Op.not_null: return f"{p.column} {p.op.value.upper()}"
        case Op.latest: return f"{p.column} = MAX({p.column})"
        case Op.earliest: return f"{p.column} = MIN({p.column})"
        case Op.between: return f"{p.column} BETWEEN {literal(p.value)} AND {literal(p.upper)}"
        case Op.in_: return f"{p.column} IN ({', '.join(literal(v) for v in p.values or [])})"
        case Op.not_in: return f"{p.column} NOT IN ({', '.join(literal(v) for v in p.values or [])})"
        case Op.contains: return f"{p.column} CONTAINS {literal(p.value)}"
    return f"{p.column} {p.op.value} {literal(p.value)}"


def where_sql(predicates: list[Predicate]) -> str:
    """' WHERE a AND b', or '' for no predicates."""
    return " WHERE " + " AND ".join(predicate_sql(p) for p in predicates) if predicates else ""


def aggregate_expr(op: Agg, column: str | None) -> str:
    """COUNT(*), SUM(amt), COUNT(DISTINCT merchant), ..."""
    if op is Agg.count:
        return f"COUNT({column or '*'})"
    if op is Agg.count_distinct:
        return f"COUNT(DISTINCT {column})"
    return f"{op.value.upper()}({column})"


def aggregate_sql(args: AggregateArgs) -> str:
    """The whole aggregate as one SQL-like line."""
    expr = aggregate_expr(args.op, args.column)
    text = expr + where_sql(args.where)
    if args.group_by:
        text = f"{', '.join(args.group_by)}, {text} GROUP BY {', '.join(args.group_by)}"
    return text + _order_limit(expr, args.order, args.limit)


def _order_limit(expr: str, order: str | None, limit: int | None) -> str:
    return (f" ORDER BY {expr} {order.upper()}" if order else "") + (f" LIMIT {limit}" if limit is not None else "")


def ratio_sql(args: RatioArgs) -> str:
    """100 * numerator / denominator, the numerator with its own filter; per group when grouped."""
    numerator = f"SUM({args.column})" if args.column else "COUNT(*)"
    den_column = args.denominator_column or args.column
    denominator = f"SUM({den_column})" if den_column else "COUNT(*)"
    if args.where:
        numerator += " FILTER (WHERE " + " AND ".join(predicate_sql(p) for p in args.where) + ")"
    rate = f"100 * {numerator} / {denominator}"
    if not args.group_by:
        return rate + where_sql(args.base)
    by = ", ".join(args.group_by)
    return f"{by}, {rate} AS rate{where_sql(args.base)} GROUP BY {by}" + _order_limit("rate", args.order, args.limit)
