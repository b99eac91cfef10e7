"""Position plans (agent/positions.py) on the SQL engine: the file order is ROW_NUMBER() over a
scan (query_compile.numbered); the anchor row and the candidates are found with the engine's own
predicates, so text matches ignore case and surrounding spaces as every other plan does."""

from __future__ import annotations

from agent.engine import query_compile as q
from agent.engine.plan_run import PlanRun as _Run
from agent.engine.sql_engine import SqlEngine
from agent.engine.values import scalar
from agent.errors import BadPredicate
from agent.sqlish import predicate_sql as predicate_text
from agent.plan import Op, Predicate
from agent.positions import PositionArgs
from agent.results import RowsResult
from agent.table_type import Table


def position(engine: SqlEngine, table: Table, args: PositionArgs) -> RowsResult:
    """Run a position plan. Raises NoRowsMatched (anchor or candidates absent), BadPredicate (the
    anchor names several rows, a candidate is in several rows or missing, or no row lies at the offset)."""
    return _neighbour(engine, table, args) if args.kind == "neighbour" else _earlier(engine, table, args)


def _neighbour(engine: SqlEngine, table: Table, args: PositionArgs) -> RowsResult:
    run = _Run(engine, table, args.anchor)
    columns = [table.column(x) for x in args.columns]
    (rows, first), = run.fetch(q.anchor_rows(run.schema, run.condition))
    anchor = " AND ".join(predicate_text(p) for p in run.selection.predicates)
    if int(rows) != 1:
        raise BadPredicate(args.anchor[0].column, "position", f"{anchor} names {int(rows)} rows, not one")
    target = int(first) + args.offset
    found = run.fetch(q.row_at(run.schema, columns, target))
    if not found:
        raise BadPredicate(args.anchor[0].column, "position",
                           f"no row lies {abs(args.offset)} {'after' if args.offset > 0 else 'before'} {anchor} "
                           f"(row {int(first)} of {table.rows})")
    row = {name: scalar(v) for name, v in zip(columns, found[0][:-1])}
    side = "after" if args.offset > 0 else "before"
    steps = "" if abs(args.offset) == 1 else f"{abs(args.offset)} rows "
    operation = f"SELECT {', '.join(columns)} FROM the row {steps}{side} ({anchor}) in file order"
    return RowsResult(by=None, columns=columns, rows=[row], total_rows=table.rows,
                      provenance=run.provenance(operation, 1, notes=[f"the anchor is row {int(first)}; "
                                                                     f"the answer row {target}"]))


def _earlier(engine: SqlEngine, table: Table, args: PositionArgs) -> RowsResult:
    column = table.column(args.columns[0])
    run = _Run(engine, table, [Predicate(column=column, op=Op.in_, values=list(args.candidates))])
    found = run.fetch(q.first_positions(run.schema, column, run.condition, args.order == "desc"))
    if len(found) != len(args.candidates) or any(int(n) != 1 for _, n, _ in found):
        held = ", ".join(f"{scalar(v)} ({int(n)} rows)" for v, n, _ in found)
        raise BadPredicate(column, "position", f"each of {len(args.candidates)} values must be in one row; found {held}")
    value, _, where = found[0]
    which = "first" if args.order == "asc" else "last"
    operation = f"the {which} in file order of {column} IN ({', '.join(map(str, args.candidates))})"
    return RowsResult(by=None, columns=[column], rows=[{column: scalar(value)}], total_rows=len(found),
                      provenance=run.provenance(operation, len(found), notes=[
                          "rows " + ", ".join(f"{int(p)} ({scalar(v)})" for v, _, p in found)]))
