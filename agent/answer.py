"""Plain-English answers composed from typed results (used when the router answers, and for the
terminal view of any result). Every number here comes from the result object."""

from __future__ import annotations

from agent.plan import AggregateArgs, Agg, RatioArgs
from agent.results import AggregateResult, DescribeResult, Group, RatioResult, Result, Value

_LABELS = {Agg.sum: "total", Agg.mean: "average", Agg.median: "median", Agg.count: "count",
           Agg.count_distinct: "distinct count", Agg.min: "minimum", Agg.max: "maximum",
           Agg.std: "standard deviation"}


def fmt(value: Value) -> str:
    """A number with thousands separators and at most 4 decimals (trailing zeros dropped);
    text and dates as they are; None as 'missing'."""
    if value is None:
        return "missing"
    if isinstance(value, str):
        return value
    if float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def fmt_percent(value: float) -> str:
    """0.14881 -> '0.149%', 12.3456 -> '12.35%'."""
    return f"{value:.3g}%" if abs(value) < 1 else f"{value:,.2f}%"


def label(op: Agg, column: str | None) -> str:
    """'total amt', 'count of rows', 'average age'."""
    op = Agg(op)
    if op is Agg.count and column is None:
        return "count of rows"
    return f"{_LABELS[op]} {column}"


def key_text(group: Group) -> str:
    return ", ".join(fmt(k) for k in group.key)


def describe_result(result: Result, plan: AggregateArgs | RatioArgs | None = None) -> str:
    """One or a few sentences stating the result; group lists are left to the table view."""
    if isinstance(result, RatioResult):
        return f"{fmt_percent(result.percent)} ({fmt(result.numerator)} of {fmt(result.denominator)})."
    if isinstance(result, DescribeResult):
        return (f"{result.column} has {result.total_distinct:,} distinct values." if result.column
                else f"Profile of {result.provenance.file}.")
    return _aggregate_text(result, plan if isinstance(plan, AggregateArgs) else None)


def _aggregate_text(result: AggregateResult, plan: AggregateArgs | None) -> str:
    what = label(result.op, result.column)
    if not result.group_by:
        return f"The {what} is {fmt(result.value)}."
    by = ", ".join(result.group_by)
    if plan is not None and plan.limit == 1 and result.groups:
        top = result.groups[0]
        rank = {"desc": "highest", "asc": "lowest"}.get(plan.order or "", "first")
        if result.op in (Agg.min, Agg.max) and plan.order:
            rank = "earliest" if plan.order == "asc" else "latest"
            text = f"{key_text(top)} (its {rank} {result.column} is {fmt(top.value)})."
        else:
            text = f"{key_text(top)} has the {rank} {what}: {fmt(top.value)}."
        if result.ties:
            text += f" Tied at the same value: {', '.join(key_text(g) for g in result.ties)}."
        return text
    shown = len(result.groups)
    direction = {"desc": ", highest first", "asc": ", lowest first"}.get(plan.order if plan else "", "")
    text = f"The {what} by {by} ({result.total_groups:,} groups{direction}"
    text += f", top {shown} shown" if shown < result.total_groups else ""
    listed = result.groups if shown <= 5 else result.groups[:3]
    text += "): " + "; ".join(f"{key_text(g)}: {fmt(g.value)}" for g in listed)
    text += "; ... (see the table)." if len(listed) < shown else "."
    if result.ties:
        text += f" Tied with the last shown: {', '.join(key_text(g) for g in result.ties)}."
    return text


def provenance_lines(result: Result) -> list[str]:
    """Lines stating where the number came from: notes, matched spellings, resolved values."""
    p = result.provenance
    lines = [f"{column} matched: {', '.join(repr(v) for v in values)}"
             for column, values in p.matched_values.items() if values]
    lines += [f"{expr} = {value}" for expr, value in p.resolved.items()]
    lines += p.notes
    return lines
