"""`position`: the pandas reference for position plans (agent/positions.py), over Table.df in its
row order; the SQL engine's version is agent/engine/position_engine.py."""

from __future__ import annotations

import time

from agent.engine import Engine
from agent.errors import BadPredicate
from agent.ops.common import predicate_text, provenance, row_dict, selected
from agent.plan import Op, Predicate
from agent.positions import PositionArgs
from agent.results import RowsResult
from agent.table import Table


def position(engine: Engine, table: Table, args: PositionArgs) -> RowsResult:
    """Run a position plan over the DataFrame's row order. Raises as the SQL version does
    (NoRowsMatched, BadPredicate)."""
    del engine
    started = time.perf_counter()
    if args.kind == "neighbour":
        return _neighbour(table, args, started)
    return _earlier(table, args, started)


def _neighbour(table: Table, args: PositionArgs, started: float) -> RowsResult:
    selection = selected(table, args.anchor)
    columns = [table.column(x) for x in args.columns]
    hits = [i for i, hit in enumerate(selection.mask) if hit]
    anchor = " AND ".join(predicate_text(p) for p in args.anchor)
    if len(hits) != 1:
        raise BadPredicate(args.anchor[0].column, "position", f"{anchor} names {len(hits)} rows, not one")
    target = hits[0] + args.offset
    if not 0 <= target < table.rows:
        raise BadPredicate(args.anchor[0].column, "position",
                           f"no row lies {abs(args.offset)} {'after' if args.offset > 0 else 'before'} {anchor}")
    row = row_dict(table.df, table.df.index[target], columns)
    side = "after" if args.offset > 0 else "before"
    steps = "" if abs(args.offset) == 1 else f"{abs(args.offset)} rows "
    operation = f"SELECT {', '.join(columns)} FROM the row {steps}{side} ({anchor}) in file order"
    return RowsResult(by=None, columns=columns, rows=[row], total_rows=table.rows,
                      provenance=provenance(table, operation, selection, started))


def _earlier(table: Table, args: PositionArgs, started: float) -> RowsResult:
    column = table.column(args.columns[0])
    selection = selected(table, [Predicate(column=column, op=Op.in_, values=list(args.candidates))])
    hits = [i for i, hit in enumerate(selection.mask) if hit]
    values = [table.df[column].iloc[i] for i in hits]
    wanted = {str(v).strip().casefold() for v in args.candidates}
    if len(hits) != len(args.candidates) or {str(v).strip().casefold() for v in values} != wanted:
        raise BadPredicate(column, "position", f"each of {len(args.candidates)} values must be in one row")
    pick = hits[0] if args.order == "asc" else hits[-1]
    which = "first" if args.order == "asc" else "last"
    operation = f"the {which} in file order of {column} IN ({', '.join(map(str, args.candidates))})"
    return RowsResult(by=None, columns=[column], rows=[row_dict(table.df, table.df.index[pick], [column])],
                      total_rows=len(hits), provenance=provenance(table, operation, selection, started))
