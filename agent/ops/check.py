"""`check`: yes/no tests over every row (any, none, all, an aggregate compared, uniqueness)."""

from __future__ import annotations

import operator
import time

from agent.engine import Engine
from agent.errors import BadPredicate
from agent.ops.common import agg_text, provenance, row_dict, selected, where_text
from agent.plan import AggregateArgs
from agent.predicates import select
from agent.queries import CheckArgs, CheckKind, Cmp, Measure
from agent.results import CheckResult
from agent.table import Table

COMPARE = {Cmp.gt: operator.gt, Cmp.ge: operator.ge, Cmp.lt: operator.lt, Cmp.le: operator.le,
           Cmp.eq: operator.eq, Cmp.ne: operator.ne}


def check(engine: Engine, table: Table, args: CheckArgs) -> CheckResult:
    """Run the test. Raises UnknownColumn, BadPredicate (a test missing its parts), WrongType."""
    started = time.perf_counter()
    if args.check is CheckKind.compare:
        return _compare(engine, table, args, started)
    population = selected(table, args.where, allow_empty=True)
    if args.check is CheckKind.unique:
        if args.column is None:
            raise BadPredicate("(none)", "unique", "a uniqueness test needs a column")
        column = table.column(args.column)
        values = table.df.loc[population.mask, column].dropna()
        rows, distinct = len(values), int(values.nunique())
        every = sorted(values[values.duplicated()].unique().tolist())
        return CheckResult(check=args.check, answer=rows == distinct,
                           deciding={"values": rows, "distinct values": distinct, "repeated values": len(every)},
                           examples=[{column: v} for v in every[:3]],
                           provenance=provenance(table, f"COUNT({column}) = COUNT(DISTINCT {column})"
                                                 f"{where_text(args.where)}", population, started))
    if not args.condition:
        raise BadPredicate("(none)", args.check.value, "an any/none/all test needs a condition")
    hits = population.mask & select(table, args.condition).mask
    tested, matching = int(population.mask.sum()), int(hits.sum())
    answer = {CheckKind.any: matching > 0, CheckKind.none: matching == 0, CheckKind.all: matching == tested}[args.check]
    shown = hits if args.check is not CheckKind.all else population.mask & ~hits
    columns = list(dict.fromkeys(table.column(p.column) for p in args.condition))
    examples = [row_dict(table.df, i, columns) for i in table.df.index[shown][:3]]
    condition = where_text(args.condition).removeprefix(" WHERE ")
    return CheckResult(check=args.check, answer=bool(answer),
                       deciding={"rows tested": tested, "rows matching": matching},
                       examples=examples,
                       provenance=provenance(table, f"{args.check.value.upper()} ({condition}){where_text(args.where)}",
                                             population, started))


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
