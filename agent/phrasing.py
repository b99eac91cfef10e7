"""Answers to the typed query kinds, phrased by kind ("Yes: all 5 order_id values are unique", "1
ticket is open (latest status per ticket)", "A and B tie with ..."). Every number comes from the
result object; the plan only supplies words (column names, the comparison asked)."""

from __future__ import annotations

from agent.against import AgainstArgs
from agent.percentile_words import DEFINITION, ordinal
from agent.plan import Agg, Op
from agent.queries import CheckArgs, Cmp, LatestArgs, PositionArgs, RankArgs, StatisticArgs, SubsetArgs
from agent.sqlish import predicate_sql
from agent.runs import RunArgs
from agent.results import ChangeResult, CheckResult, RowsResult, StatResult, ValuesResult, Value
from agent.value_format import fmt, fmt_in

_CMP_WORDS = {Cmp.gt: "above", Cmp.ge: "at least", Cmp.lt: "below", Cmp.le: "at most", Cmp.eq: "equal to",
              Cmp.ne: "not equal to"}
_LABELS = {Agg.sum: "total", Agg.mean: "average", Agg.median: "median", Agg.min: "minimum", Agg.max: "maximum",
           Agg.std: "standard deviation", Agg.count: "number of rows", Agg.count_distinct: "number of distinct"}


def join_and(items: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def plural(word: str, n: int) -> str:
    """'ticket' for 1, else 'tickets' (an s added unless there is one)."""
    return word if n == 1 or word.endswith("s") else word + "s"


def query_text(result: object, plan: object) -> str:
    """One or two sentences for a typed query result (plan: its QueryPlan, or None)."""
    if isinstance(result, CheckResult) and result.said is not None:  # 'more or less': the word, then the reasons
        text = query_text(result.model_copy(update={"said": None}), plan)
        return f"{result.said.capitalize()} ({text.split(':', 1)[0].lower()} to '{plan.answers[0]}'):{text.split(':', 1)[-1]}"
    if isinstance(plan, AgainstArgs):
        return _against(result, plan)
    match result:
        case CheckResult(): return _check(result, plan if isinstance(plan, CheckArgs) else None)
        case RowsResult() if isinstance(plan, PositionArgs): return _position(result, plan)
        case RowsResult(): return _rows(result, plan if isinstance(plan, RankArgs) else None)
        case ValuesResult(): return _values(result, plan)
        case ChangeResult(): return _change(result)
        case StatResult(): return _stat(result, plan)
    raise TypeError(f"no phrasing for {type(result).__name__}")


_THAN = {">": "more than", "<": "less than"}


def _against(result: CheckResult | RowsResult | StatResult, plan: AgainstArgs) -> str:
    """'2 rows have Gold more than 13, the Gold of Nation = 'Japan'.' (the named row's value from the result)."""
    named = result.provenance.operation.rsplit(" (the ", 1)[-1].rstrip(")")
    if isinstance(result, CheckResult):
        (subject, mine), (anchor, theirs) = list(result.deciding.items())[:2]
        return (f"{'Yes' if result.answer else 'No'}: the {plan.column} of {subject} is {fmt_in(mine, plan.column)}, "
                f"{'' if result.answer else 'not '}{_THAN[plan.cmp]} {fmt_in(theirs, plan.column)} ({anchor}).")
    if isinstance(result, StatResult):
        value = fmt_in(result.parts.get("threshold"), plan.column)
        n = int(result.value or 0)
        return f"{fmt(n)} {plural('row', n)} {'has' if n == 1 else 'have'} {plan.column} {_THAN[plan.cmp]} {value} (the {named})."
    listed = "; ".join(_row_text(r, result.columns) for r in result.rows) or "none"
    return (f"The {', '.join(result.columns)} of the {len(result.rows)} row(s) with {plan.column} {_THAN[plan.cmp]} "
            f"the {named}: {listed}.")


def _check(result: CheckResult, plan: CheckArgs | None) -> str:
    lead = "Yes" if result.answer else "No"
    d = result.deciding
    if result.check == "unique":
        column = plan.column if plan else "the"
        if result.answer:
            return f"Yes: all {fmt(d['values'])} {column} values are unique."
        repeats = ", ".join(fmt(next(iter(e.values()))) for e in result.examples)
        more = d.get("repeated values", 0) - len(result.examples)
        repeats += f", and {fmt(more)} more" if repeats and more > 0 else ""
        return (f"No: {fmt(d['values'])} {column} values, only {fmt(d['distinct values'])} distinct"
                + (f" (repeated: {repeats})." if repeats else "."))
    if result.check == "compare" and plan is not None and plan.left is not None:
        (left_label, left), (_, right) = list(d.items())[:2]
        what = _LABELS[plan.left.op] + (f" {plan.left.column}" if plan.left.column else "")
        return f"{lead}: the {what} is {fmt(left)}, {'' if result.answer else 'not '}{_CMP_WORDS[plan.cmp]} {fmt(right)}."
    condition = result.provenance.operation.split("(", 1)[-1].rsplit(")", 1)[0]
    tested, matching = d["rows tested"], d["rows matching"]
    if result.check == "all":
        return f"{lead}: {fmt(matching)} of {fmt(tested)} rows have {condition}."
    if matching:
        return f"{lead}: {fmt(matching)} of {fmt(tested)} rows have {condition}."
    return f"{lead}: none of the {fmt(tested)} rows has {condition}."


def _row_text(row: dict[str, Value], columns: list[str]) -> str:
    return ", ".join(fmt_in(row[c], c) for c in columns if c in row)


_ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth",
             10: "tenth"}


def _position(result: RowsResult, plan: PositionArgs) -> str:
    """'The Jockey of the row before Jockey = 'TM Jones' in file order is Willie Robinson.'"""
    shown, value = ", ".join(result.columns), _row_text(result.rows[0], result.columns)
    if plan.kind == "earlier":
        listed = " or ".join(fmt(v) for v in plan.candidates)
        return f"Of {listed}, {value} comes {'first' if plan.order == 'asc' else 'last'} in the table's order."
    where = result.provenance.operation.split(" FROM the ", 1)[-1]
    return f"The {shown} of the {where} is {value}."


def _rows(result: RowsResult, plan: RankArgs | None) -> str:
    shown = ", ".join(result.columns)
    listed = "; ".join(_row_text(r, result.columns) for r in result.rows)
    if result.by is None and plan is not None and plan.where and len(result.rows) == result.total_rows:
        condition = result.provenance.operation.split(" WHERE ", 1)[-1].rsplit(" LIMIT ", 1)[0]
        return f"The {shown} of the {len(result.rows)} row(s) matching {condition}: {listed}."
    if result.by is None:
        where = "first" if plan is None or plan.order == "asc" else "last"
        return f"The {shown} of the {where} {len(result.rows)} row(s) in file order: {listed}."
    rank = "closest to " + fmt(plan.near) if plan is not None and plan.near is not None else (
        "lowest" if plan is not None and plan.order == "asc" else "highest")
    if plan is not None and plan.offset:  # 'the second highest'
        rank = f"{_ORDINALS.get(plan.offset + 1, f'#{plan.offset + 1}')} {rank}"
    if result.columns == [result.by] and plan is not None and plan.offset and len(result.rows) == 1:
        text = f"The {rank} {result.by}{' (distinct values)' if plan.distinct else ''} is {listed}."
    elif result.columns == [result.by]:
        text = f"The {len(result.rows)} {rank} {result.by} value(s): {listed}."
    elif len(result.rows) == 1:
        row = result.rows[0]
        text = f"The {shown} of the row with the {rank} {result.by} ({fmt_in(row[result.by], result.by)}) is {_row_text(row, result.columns)}."
    else:
        text = f"The {shown} of the {len(result.rows)} rows with the {rank} {result.by}: {listed}."
    if result.ties:
        tied = "; ".join(_row_text(r, result.columns) for r in result.ties[:10])
        text += f" Tied at the cut ({result.by} {fmt_in(result.ties[0][result.by], result.by)}): {tied}."
    return text


def _values(result: ValuesResult, plan: object) -> str:
    column = result.column
    items = [f"{fmt_in(v.value, column)} ({fmt(v.rows)} rows)" for v in result.values]
    if result.provenance.operation.startswith("SELECT DISTINCT"):
        names = [fmt_in(v.value, column) for v in result.values]
        more = f" and {len(names) - 30} more" if len(names) > 30 else ""
        return f"{column} has {result.total_distinct:,} distinct values: {', '.join(names[:30])}{more}."
    which = "least" if getattr(plan, "order", "desc") == "asc" else "most"
    if result.ties and len(result.values) == 1:
        names = [fmt_in(v.value, column) for v in [*result.values, *result.ties]]
        return f"{join_and(names)} tie as the {which} common {column}, with {fmt(result.values[0].rows)} rows each."
    text = (f"The {which} common {column} is {items[0]}." if len(items) == 1
            else f"The {len(items)} {which} common {column} values: {', '.join(items)}.")
    if result.ties:
        text += f" Tied at the cut: {', '.join(fmt_in(v.value, column) for v in result.ties)}."
    return text


def _change(result: ChangeResult) -> str:
    percent = "undefined (the start is 0)" if result.percent is None else f"{result.percent:+,.2f}%"
    period = lambda v: f"{v:g}" if isinstance(v, float) else str(v)  # 2014, not 2,014
    lead = (f"{result.column} went from {fmt_in(result.start_value, result.column)} ({period(result.start)}) to "
            f"{fmt_in(result.end_value, result.column)} ({period(result.end)})")
    absolute = ("-" if result.absolute < 0 else "+") + fmt(abs(result.absolute))  # every digit: 30,192, not 3.019e+04
    if result.report == "percent":
        return f"{lead}: a change of {percent} ({absolute})."
    return f"{lead}: a change of {absolute} ({percent})."


def _stat(result: StatResult, plan: object) -> str:
    if isinstance(plan, RunArgs):
        return _run(result, plan)
    if isinstance(plan, LatestArgs):
        return _latest(result, plan)
    if isinstance(plan, StatisticArgs):
        if plan.op == "range":
            high, low = fmt_in(result.parts["max"], result.column), fmt_in(result.parts["min"], result.column)
            return f"The range of {result.column} is {fmt(result.value)} (max {high} - min {low})."
        if plan.op == "percentile":
            return (f"The {ordinal(plan.q)} percentile of {result.column} is {fmt_in(result.value, result.column)} "
                    f"({DEFINITION}).")
        return f"The correlation of {plan.column} and {plan.other} is {fmt(result.value)} (Pearson, {fmt(result.parts['rows'])} rows)."
    if isinstance(plan, SubsetArgs):
        rank = "highest" if plan.order == "desc" else "lowest"
        what = _LABELS[plan.op] + (f" {plan.column}" if plan.column else "")
        return f"The {what} over the {plan.limit} rows with the {rank} {plan.by} is {fmt(result.value)}."
    return f"The {result.op} of {result.column} is {fmt(result.value)}."


_STATE_WORDS = {Op.eq: "", Op.in_: "", Op.ne: "not ", Op.not_in: "not "}


def _latest(result: StatResult, plan: LatestArgs) -> str:
    n = result.value if isinstance(result.value, (int, float)) else 0
    ident = plan.id
    if plan.op is Agg.count and len(plan.where) == 1 and plan.where[0].op in _STATE_WORDS:
        p = plan.where[0]
        values = [fmt_in(v, p.column) for v in (p.values or [p.value])]
        state = _STATE_WORDS[p.op] + join_and(values).replace(" and ", " or ")
        return (f"{fmt(result.value)} {plural(ident, int(n))} {'is' if n == 1 else 'are'} {state} "
                f"(latest {p.column} per {ident}, of {fmt(result.parts['ids'])} {plural(ident, 2)}).")
    latest = f"each {ident}'s latest row by {plan.date}, of {fmt(result.parts['ids'])} {plural(ident, 2)}"
    if plan.op is Agg.count and plan.where:
        matches = " AND ".join(predicate_sql(p) for p in plan.where)
        return f"{fmt(result.value)} {plural(ident, int(n))} {'matches' if n == 1 else 'match'} {matches} ({latest})."
    return f"The {_LABELS[plan.op]}{' ' + plan.column if plan.column else ''} over {latest} is {fmt(result.value)}."


def _run(result: StatResult, plan: RunArgs) -> str:
    """'The longest run is 4 consecutive rows (rows 4 to 7 in file order).'"""
    n, parts = int(result.value or 0), result.parts
    if not n:
        return "No row meets the condition, so there is no run (0)."
    unit = plural("row", n) if plan.by is None else plural("year", n)
    where = f"rows {parts['from']} to {parts['to']} in file order" if plan.by is None else \
        f"{plan.by} {fmt(parts['from'])} to {fmt(parts['to'])}"
    tied = parts.get("tied runs") or 0
    also = f"; {tied} other run{'s' if tied > 1 else ''} as long" if tied else ""
    return f"The longest run is {n} consecutive {unit} ({where}{also})."
