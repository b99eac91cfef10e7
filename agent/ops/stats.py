"""One-number operations: `statistic` (range, percentile, correlation), `subset` (an aggregate
over the top-N rows by a column), `expression` (arithmetic of columns and constants, then an
aggregate), `change` (between two periods, absolute and percent) and `latest` (history tables:
each id's latest row, then an aggregate)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import time


from agent.engine import Engine
from agent.engine.composite import change
from agent.engine.values import scalar
from agent.errors import BadPredicate, NoRowsMatched, WrongType
from agent.ops.common import agg_text, apply, literal, numeric, provenance, selected, where_text
from agent.plan import Agg, AggregateArgs, Op, Predicate
from agent.predicates import select
from agent.queries import (ArithOp, ChangeArgs, ExpressionArgs, LatestArgs, Operand, StatisticArgs, StatOp,
                           SubsetArgs)
from agent.results import ChangeResult, StatResult
from agent.table_type import Table

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd


def statistic(engine: Engine, table: Table, args: StatisticArgs) -> StatResult:
    """range = MAX - MIN; percentile q by linear interpolation (numpy's default, as DuckDB's
    quantile_cont); correlation = Pearson's r over rows where both values are present."""
    started = time.perf_counter()
    column = numeric(table, args.column, args.op.value)
    selection = selected(table, args.where)
    values = table.df.loc[selection.mask, column].dropna().astype(float)
    import numpy as np
    if args.op is StatOp.range:
        parts = {"max": scalar(values.max()), "min": scalar(values.min())}
        value, operation = parts["max"] - parts["min"], f"MAX({column}) - MIN({column})"
    elif args.op is StatOp.percentile:
        if args.q is None:
            raise BadPredicate(column, "percentile", "a percentile needs q (0-100)")
        value, parts = float(np.percentile(values, args.q)), {"q": args.q}
        operation = f"QUANTILE_CONT({column}, {args.q / 100:g})"
    else:
        if args.other is None:
            raise BadPredicate(column, "correlation", "a correlation needs a second column (other)")
        other = numeric(table, args.other, "correlation")
        pair = table.df.loc[selection.mask, [column, other]].dropna().astype(float)
        value, parts = float(pair[column].corr(pair[other])), {"rows": len(pair)}
        operation = f"CORR({column}, {other})"
    return StatResult(op=args.op.value, column=column, value=scalar(value), parts=parts,
                      provenance=provenance(table, operation + where_text(args.where), selection, started))


def subset(engine: Engine, table: Table, args: SubsetArgs) -> StatResult:
    """op(column) over the `limit` rows with the highest (desc) or lowest (asc) `by`, ties at
    the cut broken by file order (and said so in the notes)."""
    started = time.perf_counter()
    by = table.column(args.by)
    column = table.column(args.column) if args.column else None
    selection = selected(table, args.where)
    key = table.df.loc[selection.mask, by].dropna()
    ordered = key.sort_values(ascending=args.order == "asc", kind="stable")
    kept = ordered.iloc[: args.limit]
    tied = int((ordered.iloc[args.limit:] == kept.iloc[-1]).sum()) if len(kept) else 0
    notes = [f"{tied} more rows tie with the last kept {by} value; the first in file order were kept"] if tied else []
    import numpy as np
    import pandas as pd
    values = table.df.loc[kept.index, column] if column else pd.Series(np.ones(len(kept)))
    value = apply(values, args.op)
    operation = (f"{agg_text(args.op, column)} OVER (top {args.limit} by {by} "
                 f"{'ASC' if args.order == 'asc' else 'DESC'}){where_text(args.where)}")
    return StatResult(op=f"{args.op.value} of top {args.limit}", column=column, value=value,
                      parts={"rows": len(kept)}, provenance=provenance(table, operation, selection, started, notes=notes))


def _operand(table: Table, operand: Operand, mask: np.ndarray) -> tuple[pd.Series | float, str]:
    if (operand.column is None) == (operand.value is None):
        raise BadPredicate("(expression)", "operand", "an operand is exactly one of a column or a value")
    if operand.column is not None:
        column = numeric(table, operand.column, "arithmetic")
        return table.df.loc[mask, column].astype(float), column
    return float(operand.value), f"{operand.value:g}"


def expression(engine: Engine, table: Table, args: ExpressionArgs) -> StatResult:
    """agg(left op right) per row; division by zero gives a missing value, skipped."""
    started = time.perf_counter()
    selection = selected(table, args.where)
    left, left_text = _operand(table, args.left, selection.mask)
    right, right_text = _operand(table, args.right, selection.mask)
    import numpy as np
    import pandas as pd
    match args.op:
        case ArithOp.add: rows = left + right
        case ArithOp.sub: rows = left - right
        case ArithOp.mul: rows = left * right
        case ArithOp.div: rows = left / (right.replace(0, np.nan) if isinstance(right, pd.Series) else (right or np.nan))
    rows = pd.Series(rows).replace([np.inf, -np.inf], np.nan)
    text = f"{left_text} {args.op.value} {right_text}"
    value = apply(rows, args.agg)
    return StatResult(op=args.agg.value, column=text, value=value, parts={"rows": int(rows.count())},
                      provenance=provenance(table, f"{agg_text(args.agg, text)}{where_text(args.where)}", selection,
                                            started, nulls_skipped=int(rows.isna().sum())))


def latest(engine: Engine, table: Table, args: LatestArgs) -> StatResult:
    """Keep each id's row with the latest `date` (ties: the later row in the file), then op over
    those rows matching `where`. Rows with no id or date are left out (and counted in notes)."""
    started = time.perf_counter()
    ident, date = table.column(args.id), table.column(args.date)
    column = table.column(args.column) if args.column else None
    df = table.df[[ident, date]].dropna()
    import numpy as np
    order = df.assign(_pos=np.arange(len(df))).sort_values([date, "_pos"], kind="stable")
    last = order.groupby(ident, sort=False, observed=True).tail(1).index
    keep = np.zeros(table.rows, dtype=bool)
    keep[table.df.index.get_indexer(last)] = True
    selection = select(table, args.where)
    selection.mask &= keep
    if not selection.mask.any() and args.op is not Agg.count:
        raise NoRowsMatched(where_text(args.where).removeprefix(" WHERE ") + " among the latest rows", table.rows, {})
    import pandas as pd
    values = table.df.loc[selection.mask, column] if column else pd.Series(np.ones(int(selection.mask.sum())))
    value = apply(values, args.op)
    notes = [f"read as a history table: each {ident}'s latest row by {date} ({len(last):,} of {table.rows:,} rows)"]
    if len(df) < table.rows:
        notes.append(f"{table.rows - len(df):,} rows with no {ident} or {date} were left out")
    operation = (f"{agg_text(args.op, column)} FROM (latest row per {ident} by {date})"
                 f"{where_text(args.where)}")
    return StatResult(op=args.op.value, column=column, value=value, parts={"ids": len(last)},
                      provenance=provenance(table, operation, selection, started, notes=notes))
