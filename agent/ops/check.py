"""`check`: yes/no tests over every row (any, none, all, an aggregate compared, uniqueness)."""

from __future__ import annotations

import time

from agent.engine import Engine
from agent.engine.composite import compare
from agent.errors import BadPredicate
from agent.ops.common import agg_text, provenance, row_dict, selected, where_text
from agent.predicates import select
from agent.queries import CheckArgs, CheckKind
from agent.results import CheckResult
from agent.table_type import Table

def check(engine: Engine, table: Table, args: CheckArgs) -> CheckResult:
    """Run the test. Raises UnknownColumn, BadPredicate (a test missing its parts), WrongType."""
    started = time.perf_counter()
    if args.check is CheckKind.compare:
        return compare(engine, table, args)
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
