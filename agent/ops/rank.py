"""`rank`: rows ordered by a column (or by closeness to a number, or in file order), returning
other columns; ties at the cut reported."""

from __future__ import annotations

import time


from agent.engine import Engine
from agent.engine.values import scalar
from agent.ops.common import labels, numeric, provenance, row_dict, selected, where_text
from agent.queries import RankArgs
from agent.results import RowsResult
from agent.table_type import Table


MAX_TIES = 20


def rank(engine: Engine, table: Table, args: RankArgs) -> RowsResult:
    """Run the ranking. Rows whose `by` is missing are left out. In file order (no `by`), asc
    takes the first rows and desc the last ones, both returned in file order. Raises
    UnknownColumn, WrongType (near on a text column), NoRowsMatched."""
    started = time.perf_counter()
    selection = selected(table, args.where)
    by = table.column(args.by) if args.by else None
    columns = [table.column(c) for c in args.columns] or [str(c) for c in table.df.columns]
    df = table.df.loc[selection.mask]
    if by is None:
        keep = df.iloc[args.offset: args.offset + args.limit] if args.order == "asc" else (
            df.iloc[max(0, len(df) - args.offset - args.limit): len(df) - args.offset])
        rows = [row_dict(df, i, columns) for i in keep.index]
        operation = f"SELECT {', '.join(columns)}{where_text(args.where)} " + (
            f"LIMIT {args.limit}" if args.order == "asc" else f"(last {args.limit} rows)")
        return RowsResult(by=None, columns=columns, rows=rows, total_rows=len(df),
                          provenance=provenance(table, operation, selection, started))
    if args.distinct:
        return _distinct(table, args, by, selection, started)
    key = df[by]
    if args.near is not None:
        key = (df[numeric(table, by, "closest value")] - args.near).abs()
    key = key.dropna()
    ordered = key.sort_values(ascending=args.order == "asc" or args.near is not None, kind="stable")
    kept = ordered.iloc[args.offset: args.offset + args.limit]
    rest = ordered.iloc[args.offset + args.limit:]
    tied = rest[rest == kept.iloc[-1]] if len(kept) and len(rest) else rest.iloc[:0]
    shown = list(dict.fromkeys([*columns, by]))
    rows = [row_dict(df, i, shown) for i in kept.index]
    ties = [row_dict(df, i, shown) for i in tied.index[:MAX_TIES]]
    notes = [f"{len(tied):,} more rows tie at the cut ({MAX_TIES} shown)"] if len(tied) > MAX_TIES else []
    direction = "ASC" if args.order == "asc" else "DESC"
    order = f"ABS({by} - {args.near:g})" if args.near is not None else f"{by} {direction}"
    operation = (f"SELECT {', '.join(shown)}{where_text(args.where)} ORDER BY {order} LIMIT {args.limit}"
                 + (f" OFFSET {args.offset}" if args.offset else ""))
    return RowsResult(by=by, columns=columns, rows=rows, ties=ties, total_rows=len(ordered),
                      provenance=provenance(table, operation, selection, started, notes=notes))


def _distinct(table: Table, args: RankArgs, by: str, selection, started: float) -> RowsResult:
    import pandas as pd

    values = pd.Series(labels(table, by)[selection.mask].dropna().unique())
    if args.near is not None:
        ordered = values.iloc[(values.astype(float) - args.near).abs().argsort(kind="stable")]
    else:
        ordered = values.sort_values(ascending=args.order == "asc", kind="stable")
    kept = ordered.iloc[args.offset: args.offset + args.limit]
    operation = (f"SELECT DISTINCT {by}{where_text(args.where)} ORDER BY {by} "
                 f"{'ASC' if args.order == 'asc' else 'DESC'} LIMIT {args.limit}"
                 + (f" OFFSET {args.offset}" if args.offset else ""))
    return RowsResult(by=by, columns=[by], rows=[{by: scalar(v)} for v in kept], total_rows=len(ordered),
                      provenance=provenance(table, operation, selection, started))
