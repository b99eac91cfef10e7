"""Operations composed of aggregates, the same on every engine: an aggregate compared with a
number or another aggregate (check 'compare'), and the change of an aggregate between two periods.
Each aggregate is run by `engine.aggregate` (compiled to SQL on the SQL engine)."""

from __future__ import annotations

import operator
import time

from agent.engine import Engine
from agent.engine.values import scalar
from agent.errors import BadPredicate, WrongType
from agent.plan import AggregateArgs, Op, Predicate
from agent.queries import ChangeArgs, CheckArgs, Cmp, Measure
from agent.results import ChangeResult, CheckResult
from agent.sqlish import aggregate_expr as agg_text, literal, where_sql as where_text
from agent.table_type import Table

COMPARE = {Cmp.gt: operator.gt, Cmp.ge: operator.ge, Cmp.lt: operator.lt, Cmp.le: operator.le,
           Cmp.eq: operator.eq, Cmp.ne: operator.ne}


def compare(engine: Engine, table: Table, args: CheckArgs) -> CheckResult:
    """An aggregate against a number or another aggregate (CheckKind.compare). Raises BadPredicate
    for a comparison missing its parts or comparing text with a number, and what engine.aggregate raises."""
    return _compare(engine, table, args, time.perf_counter())


def measure_value(engine: Engine, table: Table, measure: Measure):
    """(label, value, result) of one aggregate, run by the engine."""
    result = engine.aggregate(table, AggregateArgs(op=measure.op, column=measure.column, where=measure.where))
    return agg_text(measure.op, result.column) + where_text(measure.where), result.value, result


def _compare(engine: Engine, table: Table, args: CheckArgs, started: float) -> CheckResult:
    """An aggregate against a number or another aggregate; both aggregates run by the engine."""
    if args.left is None or args.cmp is None or (args.right is None and args.value is None):
        raise BadPredicate("(none)", "compare", "a comparison needs left, cmp and right or value")
    left_label, left, first = measure_value(engine, table, args.left)
    results = [first]
    if args.right is not None:
        right_label, right, second = measure_value(engine, table, args.right)
        results.append(second)
    else:
        right_label, right = "value", args.value
    if isinstance(left, str) != isinstance(right, str):
        raise BadPredicate(left_label, args.cmp.value, f"cannot compare {left!r} with {right!r}")
    answer = left is not None and right is not None and COMPARE[args.cmp](left, right)
    operation = f"{left_label} {args.cmp.value} {right_label if args.right else right}"
    provenance = first.provenance.model_copy(update={
        "operation": operation, "rows_matched": sum(r.provenance.rows_matched for r in results),
        "sql": ";\n".join(r.provenance.sql for r in results if getattr(r.provenance, "sql", "")),
        "elapsed_ms": (time.perf_counter() - started) * 1000})
    return CheckResult(check=args.check, answer=bool(answer), deciding={left_label: left, right_label: right},
                       provenance=provenance)


def change(engine: Engine, table: Table, args: ChangeArgs) -> ChangeResult:
    """op(column) where key = start, then where key = end, each run by engine.aggregate (so by the
    SQL compiler on the SQL engine); absolute and percent change."""
    started = time.perf_counter()
    key = table.column(args.key)
    results = [engine.aggregate(table, AggregateArgs(op=args.op, column=args.column, where=[
        *args.where, Predicate(column=key, op=Op.eq, value=period)])) for period in (args.start, args.end)]
    if not all(isinstance(r.value, (int, float)) for r in results):
        raise WrongType(args.column, table.roles[table.column(args.column)].value, "change")
    start, end = (float(r.value) for r in results)
    absolute = end - start
    percent = 100 * absolute / start if start else None
    column = results[0].column
    operation = (f"{agg_text(args.op, column)} WHERE {key} = {literal(args.end)} - {agg_text(args.op, column)} "
                 f"WHERE {key} = {literal(args.start)}{where_text(args.where).replace(' WHERE ', ' AND ')}")
    first = results[0].provenance
    provenance = first.model_copy(update={
        "operation": operation, "rows_matched": sum(r.provenance.rows_matched for r in results),
        "sql": ";\n".join(r.provenance.sql for r in results if getattr(r.provenance, "sql", "")),
        "elapsed_ms": (time.perf_counter() - started) * 1000})
    return ChangeResult(column=column, start=scalar(args.start), end=scalar(args.end), start_value=start,
                        end_value=end, absolute=absolute, percent=percent, report=args.report, provenance=provenance)
