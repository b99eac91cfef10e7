"""`against`: the pandas reference for plans against a named row (agent/against.py), over Table.df
in its row order; the SQL engine's version is agent/engine/against_engine.py."""

from __future__ import annotations

import time

from agent.against import LIST_LIMIT, AgainstArgs
from agent.engine import Engine
from agent.engine.values import scalar
from agent.errors import BadPredicate
from agent.ops.common import numeric, provenance, row_dict, selected, where_text
from agent.plan import Op, Predicate
from agent.results import CheckResult, RowsResult, StatResult
from agent.sqlish import literal
from agent.table import Table


def against(engine: Engine, table: Table, args: AgainstArgs) -> StatResult | RowsResult | CheckResult:
    """Run an against plan over the DataFrame. Raises as the SQL version does (NoRowsMatched,
    BadPredicate, WrongType)."""
    del engine
    started = time.perf_counter()
    column = numeric(table, args.column, "comparison with a named row")
    value = _named_value(table, args.anchor, column)
    threshold = Predicate(column=column, op=Op(args.cmp), value=value)
    said = f"(the {column} of {_named(args.anchor)})"
    if args.ask == "check":
        mine = _named_value(table, args.subject, column)
        selection = selected(table, args.subject)
        operation = f"{column} of {_named(args.subject)} {args.cmp} {literal(value)} {said}"
        return CheckResult(check="compare", answer=mine > value if args.cmp == ">" else mine < value,
                           deciding={_named(args.subject): mine, _named(args.anchor): value},
                           provenance=provenance(table, operation, selection, started))
    selection = selected(table, [*args.where, threshold], allow_empty=True)
    n = int(selection.mask.sum())
    if args.ask == "count":
        operation = f"COUNT(*){where_text([*args.where, threshold])} {said}"
        return StatResult(op="count", column=column, value=n, parts={"threshold": value},
                          provenance=provenance(table, operation, selection, started))
    columns = [table.column(x) for x in args.columns]
    df = table.df.loc[selection.mask]
    operation = f"SELECT {', '.join(columns)}{where_text([*args.where, threshold])} {said}"
    return RowsResult(by=None, columns=columns, rows=[row_dict(df, i, columns) for i in df.index[:LIST_LIMIT]],
                      total_rows=n, provenance=provenance(table, operation, selection, started))


def _named_value(table: Table, conditions: list[Predicate], column: str) -> float:
    """The number in `column` of the one row matching `conditions`; raises as the SQL version."""
    selection = selected(table, conditions)
    hits = table.df.loc[selection.mask, column]
    if len(hits) != 1:
        raise BadPredicate(conditions[0].column, "against", f"{_named(conditions)} names {len(hits)} rows, not one")
    value = scalar(hits.iloc[0])
    if value is None or isinstance(value, str):
        raise BadPredicate(column, "against", f"the row {_named(conditions)} holds no number in {column}")
    return value


def _named(conditions: list[Predicate]) -> str:
    return where_text(conditions).removeprefix(" WHERE ")
