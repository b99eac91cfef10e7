"""Run plans (agent/runs.py) on the SQL engine: the scope and the condition compiled with the
engine's own predicates (text matches ignore case and surrounding spaces, as every plan's do),
the runs found by gaps and islands (run_compile.py). agent/ops/run.py is the pandas reference."""

from __future__ import annotations

from sqlglot import exp

from agent.engine import query_compile as q
from agent.engine import run_compile as r
from agent.engine.plan_run import PlanRun
from agent.engine.sql_engine import SqlEngine
from agent.engine.values import scalar
from agent.results import StatResult
from agent.runs import RunArgs, run_operation
from agent.table_type import Table


def run_length(engine: SqlEngine, table: Table, args: RunArgs) -> StatResult:
    """The longest run of consecutive rows (or years) meeting the condition. Raises NoRowsMatched
    (no row in scope), UnknownColumn."""
    run = PlanRun(engine, table, args.where)
    test = PlanRun(engine, table, args.condition, require=False)
    parts = [x for x in (test.condition, _outcome(table, args)) if x is not None]
    both = exp.and_(*[exp.Paren(this=x) for x in parts])
    run.selection.matched.update(test.selection.matched)
    scope = _scope(table, args, run.condition)
    if args.by is None:
        rows = run.fetch(r.row_runs(run.schema, scope, both))
    else:
        by = table.column(args.by)
        scoped = exp.and_(*[exp.Paren(this=x) for x in (scope, both) if x is not None])
        rows = run.fetch(r.year_runs(run.schema, by, scoped))
    (matched,), = run.fetch(q.counted(run.schema, scope, both))
    length, first, last, runs = (int(rows[0][0]), scalar(rows[0][1]), scalar(rows[0][2]), int(rows[0][3])) \
        if rows else (0, None, None, 0)
    tied = [(scalar(a), scalar(b)) for n, a, b, _ in rows[1:] if int(n) == length]
    return StatResult(op="longest run", column=args.by, value=length,
                      parts={"from": first, "to": last, "runs": runs, "tied runs": len(tied)},
                      provenance=run.provenance(run_operation(args), int(matched), notes=_notes(args, length, first, last,
                                                                                             tied)))


def _scope(table: Table, args: RunArgs, where: exp.Expression | None) -> exp.Expression | None:
    """The rows runs are counted among: `where`, and (pass_over) only rows whose result records a game."""
    if args.outcome is None or not args.outcome.pass_over:
        return where
    played = r.played(table.column(args.outcome.column))
    return played if where is None else exp.and_(exp.Paren(this=where), played)


def _outcome(table: Table, args: RunArgs) -> exp.Expression | None:
    if args.outcome is None:
        return None
    name = table.column(args.outcome.column)
    return r.outcome(name, args.outcome.result)


def _notes(args: RunArgs, length: int, first: object, last: object, tied: list[tuple]) -> list[str]:
    if not length:
        return ["no row meets the condition: no run"]
    where = f"rows {first} to {last} in file order" if args.by is None else f"{args.by} {first} to {last}"
    notes = [f"the longest run: {length} ({where})"]
    if tied:
        spans = ", ".join(f"{a} to {b}" for a, b in tied[:5])
        notes.append(f"{len(tied)} other run(s) of the same length: {spans}")
    return notes

