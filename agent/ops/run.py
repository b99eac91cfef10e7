"""`run_length`: the pandas reference for run plans (agent/runs.py), over Table.df in its row
order, written as a plain loop over the rows (not the SQL's gaps and islands) so the two are
independent; the SQL engine's version is agent/engine/run_engine.py."""

from __future__ import annotations

import time

from agent.engine import Engine
from agent.engine.values import scalar
from agent.ops.common import provenance, selected
from agent.predicates import select
from agent.results import StatResult
from agent.runs import (
    OUTCOME_WORDS,
    RunArgs,
    cell_year,
    first_word,
    no_result,
    run_operation,
)
from agent.table import Table


def run_length(engine: Engine, table: Table, args: RunArgs) -> StatResult:
    """The longest run of consecutive rows (or years) meeting the condition, as the SQL version
    (NoRowsMatched when no row is in scope)."""
    del engine
    started = time.perf_counter()
    scope = selected(table, args.where)
    hit = scope.mask & select(table, args.condition).mask
    if args.outcome is not None:
        words = OUTCOME_WORDS[args.outcome.result]
        cells = table.df[table.column(args.outcome.column)]
        hit &= [first_word(v) in words for v in cells]
        if args.outcome.pass_over:
            scope.mask = scope.mask & [not no_result(v) for v in cells]
    if args.by is None:
        keys = [i + 1 for i in range(table.rows) if scope.mask[i]]  # file positions in scope, in order
        flags = [bool(hit[i]) for i in range(table.rows) if scope.mask[i]]
        runs = _runs(keys, flags)
    else:
        column = table.column(args.by)
        years = sorted({y for i, v in enumerate(table.df[column]) if hit[i] and (y := cell_year(v)) is not None})
        runs = _year_runs(years)
    runs.sort(key=lambda r: (-r[0], r[1]))
    length, first, last = runs[0] if runs else (0, None, None)
    tied = sum(1 for r in runs[1:] if r[0] == length)
    scope.mask = hit
    return StatResult(op="longest run", column=args.by, value=length,
                      parts={"from": scalar(first), "to": scalar(last), "runs": len(runs), "tied runs": tied},
                      provenance=provenance(table, run_operation(args), scope, started))


def _runs(keys: list[int], flags: list[bool]) -> list[tuple[int, int, int]]:
    """(length, first key, last key) of each maximal stretch of True flags."""
    runs, start = [], None
    for at, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = at
        elif not flag and start is not None:
            runs.append((at - start, keys[start], keys[at - 1]))
            start = None
    return runs


def _year_runs(years: list[int]) -> list[tuple[int, int, int]]:
    """(length, first, last) of each stretch of consecutive whole numbers in sorted `years`."""
    runs: list[tuple[int, int, int]] = []
    for y in years:
        if runs and runs[-1][2] == y - 1:
            runs[-1] = (runs[-1][0] + 1, runs[-1][1], y)
        else:
            runs.append((1, y, y))
    return runs
