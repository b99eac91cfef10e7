"""Plain-English answers composed from typed results (used when the router answers, and for the
terminal view of any result). Every number here comes from the result object."""

from __future__ import annotations

from agent.plan import AggregateArgs, Agg, RatioArgs
from agent.results import AggregateResult, DescribeResult, Group, RatioResult, Result, SearchResult
from agent.phrasing import plural, query_text
from agent.value_format import fmt, fmt_key, fmt_percent, fmt_year, year_header

_LABELS = {Agg.sum: "total", Agg.mean: "average", Agg.median: "median", Agg.min: "minimum",
           Agg.max: "maximum", Agg.std: "standard deviation"}


def label(op: Agg | str, column: str | None) -> str:
    """'total amt', 'number of rows', 'number of distinct merchant values', 'average age'."""
    op = Agg(op)
    if op is Agg.count:
        return f"number of rows with a {column}" if column else "number of rows"
    if op is Agg.count_distinct:
        return f"number of distinct {column} values"
    return f"{_LABELS[op]} {column}"


def key_text(group: Group) -> str:
    """A group's key as labels, 'TX, 1998' for a key of two columns."""
    return ", ".join(fmt_key(k) for k in group.key)


def describe_result(result: Result, plan: object = None) -> str:
    """One or a few sentences stating the result; long group lists are left to the table view."""
    if isinstance(result, SearchResult):
        return _search_text(result)
    if isinstance(result, RatioResult):
        return _ratio_text(result, plan if isinstance(plan, RatioArgs) else None)
    if isinstance(result, DescribeResult):
        return (f"{result.column} has {result.total_distinct:,} distinct values." if result.column
                else f"Profile of {result.provenance.file}.")
    if not isinstance(result, AggregateResult):
        return query_text(result, plan)
    return _aggregate_text(result, plan if isinstance(plan, AggregateArgs) else None)


def _search_text(result: SearchResult) -> str:
    p = result.provenance
    shown = len(result.records)
    noun = "record" if p.rows_matched == 1 else "records"
    scope = f"match {result.filter}" if result.filter else "are searched (no exact condition was given)"
    text = f"{p.rows_matched:,} {noun} of {p.rows_scanned:,} {scope}"
    if shown < p.rows_matched and result.exact:
        text += f"; the first {shown} in file order are below (a sample, not all of them)."
    elif shown < p.rows_matched:
        text += f"; the {shown} best matches for the search are below (ranked, not all of them)."
    else:
        text += f"; {'it is' if shown == 1 else f'all {shown} are'} below."
    return text


def _rank(order: str | None) -> str:
    return {"desc": "highest", "asc": "lowest"}.get(order or "", "first")


def _ratio_text(result: RatioResult, plan: RatioArgs | None) -> str:
    overall = f"{fmt_percent(result.percent)} ({fmt(result.numerator)} of {fmt(result.denominator)})"
    if not result.group_by:
        return overall + "."
    groups = "; ".join(f"{key_text(g)}: {fmt_percent(g.value)} ({fmt(g.numerator)} of {fmt(g.denominator)})"
                       for g in result.groups[:5])
    if plan is not None and plan.limit == 1 and result.groups:
        top = result.groups[0]
        text = (f"{key_text(top)} has the {_rank(plan.order)} rate: {fmt_percent(top.value)} "
                f"({fmt(top.numerator)} of {fmt(top.denominator)}).")
    else:
        more = "; ... (see the table)" if len(result.groups) > 5 else ""
        text = f"By {', '.join(result.group_by)} ({result.total_groups:,} {plural('group', result.total_groups)}): {groups}{more}."
    if result.ties:
        text += f" Tied at the same rate: {', '.join(key_text(g) for g in result.ties)}."
    return text + f" Overall: {overall}."


def _plain_presence(condition: str) -> str:
    """'Insurance IS NOT NULL' as 'a value in Insurance' ('IS NULL': 'no value in'), when it is the
    whole condition; any other condition as it ran."""
    for test, words in ((" IS NOT NULL", "a value in"), (" IS NULL", "no value in")):
        column = condition.removesuffix(test)
        if column != condition and " AND " not in column and " OR " not in column:
            return f"{words} {column}"
    return condition


def _aggregate_text(result: AggregateResult, plan: AggregateArgs | None) -> str:
    what = label(result.op, result.column)
    if not result.group_by and result.op == Agg.count and not result.column and " WHERE " in result.provenance.operation:
        condition = _plain_presence(result.provenance.operation.split(" WHERE ", 1)[1])
        return f"{fmt(result.value)} of {result.provenance.rows_scanned:,} rows have {condition}."
    if not result.group_by:
        return f"The {what} is {fmt_value(result)(result.value)}."
    by = ", ".join(result.group_by)
    if plan is not None and plan.limit == 1 and result.groups:
        top = result.groups[0]
        dated = isinstance(top.value, str) and result.op in (Agg.min, Agg.max)
        if dated:
            text = f"{key_text(top)} (its {'earliest' if plan.order == 'asc' else 'latest'} {result.column} is {fmt(top.value)})."
        elif result.ties:
            names = [key_text(g) for g in (top, *result.ties)]
            joined = ", ".join(names[:-1]) + " and " + names[-1]
            return f"{joined} tie with the {_rank(plan.order)} {what}: {fmt_value(result)(top.value)}."
        else:
            text = f"{key_text(top)} has the {_rank(plan.order)} {what}: {fmt_value(result)(top.value)}."
        if result.ties:
            text += f" Tied at the same value: {', '.join(key_text(g) for g in result.ties)}."
        return text
    shown = len(result.groups)
    direction = {"desc": ", highest first", "asc": ", lowest first"}.get(plan.order if plan else "", "")
    text = f"The {what} by {by} ({result.total_groups:,} {plural('group', result.total_groups)}{direction}"
    text += f", first {shown} returned" if shown < result.total_groups else ""
    listed = result.groups if shown <= 5 else result.groups[:3]
    text += "): " + "; ".join(f"{key_text(g)}: {fmt_value(result)(g.value)}" for g in listed)
    text += "; ... (see the table)." if len(listed) < shown else "."
    if result.ties:
        text += f" Tied with the last returned: {', '.join(key_text(g) for g in result.ties)}."
    return text


_YEAR_OPS = (Agg.mean, Agg.median, Agg.min, Agg.max)
"""Aggregates of a year column that are themselves years (a total or a count of years is not)."""


def fmt_value(result: AggregateResult):
    """The formatter of an aggregate's value: `fmt_year` for a mean, median, minimum or maximum of a
    year column ('The average since_year is 2020'), else `fmt`; in sentences and the table view."""
    if result.op in _YEAR_OPS and result.column is not None and year_header(result.column):
        return fmt_year
    return fmt


def provenance_lines(result: Result) -> list[str]:
    """Lines stating where the number came from: notes, matched spellings, resolved values."""
    p = result.provenance
    lines = [f"{column} matched: {', '.join(repr(v) for v in values[:8])}"
             + (f" and {len(values) - 8:,} more" if len(values) > 8 else "")
             for column, values in p.matched_values.items() if values]
    lines += [f"{expr} {value}" if value.startswith("read as") else f"{expr} = {value}" for expr, value in p.resolved.items()]
    lines += p.notes
    return lines


def undecided_cut(result: Result, plan: object) -> str | None:
    """Why a top-N of groups names no group the data decide, else None: every one of the N
    returned groups ties (same value) with a group left out ('the bottom 2 countries by number of
    billionaires' when 30 countries have 1), so which N are named is the engine's tie order, not
    the question's. One top group with ties is answered (all tied groups are named)."""
    if not isinstance(result, AggregateResult) or not isinstance(plan, (AggregateArgs, RatioArgs)):
        return None
    if not plan.limit or plan.limit < 2 or not result.ties or not result.groups:
        return None
    cut = result.ties[0].value
    if any(g.value != cut for g in result.groups):
        return None
    return (f"the {len(result.groups)} {'lowest' if plan.order == 'asc' else 'highest'} groups are not decided by "
            f"the data: at least {len(result.groups) + len(result.ties)} groups tie at {fmt(cut)} "
            f"({', '.join(key_text(g) for g in [*result.groups, *result.ties][:6])}...); ask for all of them "
            f"or rank by another value.")
