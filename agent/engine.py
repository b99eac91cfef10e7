"""The engine behind the typed-plan contract. `PandasEngine` runs plans over the whole in-memory
dataframe; other engines (out-of-core, distributed) implement the same `Engine` protocol."""

from __future__ import annotations

import math
import time
from typing import Protocol

import numpy as np
import pandas as pd

from agent.errors import NoRowsMatched, WrongType
from agent.plan import AggregateArgs, Agg, DescribeArgs, RatioArgs
from agent.predicates import Selection, select
from agent.profile import profile_table
from agent.results import (AggregateResult, DescribeResult, Group, Provenance, RatioResult, Value,
                           ValueCount)
from agent.sqlish import aggregate_sql, predicate_sql, ratio_sql, where_sql
from agent.table import ColumnRole, Table

_NUMERIC_ONLY = {Agg.sum, Agg.mean, Agg.median, Agg.std}


class Engine(Protocol):
    """Runs typed plans over one table. Raises ToolError subclasses for plans it cannot answer."""

    def aggregate(self, table: Table, args: AggregateArgs) -> AggregateResult: ...
    def ratio(self, table: Table, args: RatioArgs) -> RatioResult: ...
    def describe(self, table: Table, args: DescribeArgs) -> DescribeResult: ...


def _scalar(value: object) -> Value:
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NaT:
        return None
    if isinstance(value, pd.Timestamp):
        return value.isoformat(sep=" ").removesuffix(" 00:00:00")
    if isinstance(value, (np.integer, np.floating, int, float)):
        return float(value)
    return str(value)


def _parse_notes(table: Table, column: str | None) -> list[str]:
    if column is None:
        return []
    report = table.reports[column]
    notes = list(report.conversions)
    if report.unparseable:
        examples = ", ".join(repr(e) for e in report.unparseable_examples)
        notes.append(f"{report.unparseable} value(s) of {column} could not be read as numbers and were skipped: {examples}")
    return notes


class PandasEngine:
    """Executes plans with pandas over every row of `Table.df`."""

    def __init__(self, *, max_groups: int = 50):
        self.max_groups = max_groups

    def _provenance(self, table: Table, operation: str, selection: Selection, started: float,
                    **fields: object) -> Provenance:
        return Provenance(operation=operation, rows_scanned=table.rows, rows_matched=int(selection.mask.sum()),
                          matched_values=selection.matched_values, resolved=selection.resolved,
                          elapsed_ms=(time.perf_counter() - started) * 1000, file=table.name,
                          sha256=table.sha256, **fields)

    def _selected(self, table: Table, predicates: list, condition: str) -> Selection:
        selection = select(table, predicates)
        if not selection.mask.any():
            raise NoRowsMatched(condition or "(no condition)", table.rows, selection.near_values)
        return selection

    def _check_type(self, table: Table, op: Agg, column: str | None) -> None:
        if column is None:
            if op is not Agg.count:
                raise WrongType("(none)", "missing", f"{op.value.upper()} needs a column;")
            return
        role = table.roles[column]
        numeric = pd.api.types.is_numeric_dtype(table.df[column])
        if op in _NUMERIC_ONLY and not numeric:
            raise WrongType(column, role.value, op.value.upper())
        if op in (Agg.min, Agg.max) and not (numeric or role is ColumnRole.date):
            raise WrongType(column, role.value, op.value.upper())

    def aggregate(self, table: Table, args: AggregateArgs) -> AggregateResult:
        """Run `args` over every row. Raises UnknownColumn, WrongType, BadPredicate, NoRowsMatched."""
        started = time.perf_counter()
        column = table.column(args.column) if args.column else None
        group_by = [table.column(g) for g in args.group_by]
        args = args.model_copy(update={"column": column, "group_by": group_by})
        self._check_type(table, args.op, column)
        selection = self._selected(table, args.where, where_sql(args.where).removeprefix(" WHERE "))
        frame = table.df.loc[selection.mask, [*group_by, *([column] if column else [])]]
        nulls = int(frame[column].isna().sum()) if column else 0
        notes = _parse_notes(table, column)
        if nulls:
            notes.insert(0, f"{nulls:,} matched row(s) with a missing {column} were skipped")
        provenance = self._provenance(table, aggregate_sql(args), selection, started,
                                      nulls_skipped=nulls, notes=notes)
        if not group_by:
            value = self._apply(frame[column] if column else frame, args.op)
            provenance.elapsed_ms = (time.perf_counter() - started) * 1000
            return AggregateResult(op=args.op, column=column, value=_scalar(value), provenance=provenance)
        groups, total, ties = self._groups(frame, args)
        provenance.elapsed_ms = (time.perf_counter() - started) * 1000
        return AggregateResult(op=args.op, column=column, group_by=group_by, groups=groups,
                               total_groups=total, ties=ties, provenance=provenance)

    @staticmethod
    def _apply(data: pd.Series | pd.DataFrame, op: Agg) -> object:
        if op is Agg.count:
            return len(data) if isinstance(data, pd.DataFrame) else int(data.count())
        match op:
            case Agg.sum: return data.sum()
            case Agg.mean: return data.mean()
            case Agg.median: return data.median()
            case Agg.count_distinct: return data.nunique()
            case Agg.min: return data.min()
            case Agg.max: return data.max()
            case Agg.std: return data.std()
        raise AssertionError(op)

    def _groups(self, frame: pd.DataFrame, args: AggregateArgs) -> tuple[list[Group], int, list[Group]]:
        grouped = frame.groupby(args.group_by, dropna=False, sort=True, observed=True)
        sizes = grouped.size()
        if args.op is Agg.count and args.column is None:
            values = sizes
        else:
            name = {Agg.count_distinct: "nunique", Agg.count: "count"}.get(args.op, args.op.value)
            values = grouped[args.column].agg(name)
        if args.order:
            values = values.sort_values(ascending=args.order == "asc", kind="stable")
        total = len(values)
        limit = args.limit if args.limit is not None else (self.max_groups if args.order else total)
        kept, rest = values.iloc[:limit], values.iloc[limit:]
        tied = rest[rest == kept.iloc[-1]] if len(kept) and len(rest) else rest.iloc[:0]
        to_group = lambda key, value: Group(key=[_scalar(k) for k in (key if isinstance(key, tuple) else (key,))],
                                            value=_scalar(value), rows=int(sizes[key]))
        return [to_group(k, v) for k, v in kept.items()], total, [to_group(k, v) for k, v in tied.items()]

    def ratio(self, table: Table, args: RatioArgs) -> RatioResult:
        """100 * numerator / denominator (see RatioArgs). Raises as `aggregate`, and NoRowsMatched
        when the base is empty or the denominator is zero."""
        started = time.perf_counter()
        column = table.column(args.column) if args.column else None
        den_column = table.column(args.denominator_column) if args.denominator_column else column
        args = args.model_copy(update={"column": column, "denominator_column": den_column})
        for c in {column, den_column} - {None}:
            self._check_type(table, Agg.sum, c)
        base = self._selected(table, args.base, where_sql(args.base).removeprefix(" WHERE "))
        within = select(table, args.where)
        hit = base.mask & within.mask
        numerator = float(table.df.loc[hit, column].sum()) if column else float(hit.sum())
        denominator = float(table.df.loc[base.mask, den_column].sum()) if den_column else float(base.mask.sum())
        if denominator == 0:
            raise NoRowsMatched(f"a non-zero denominator{where_sql(args.base)}", table.rows, {})
        nulls = sum(int(table.df.loc[base.mask, c].isna().sum()) for c in {column, den_column} - {None})
        notes = [n for c in {column, den_column} - {None} for n in _parse_notes(table, c)]
        base.matched_values.update(within.matched_values)
        base.resolved.update(within.resolved)
        provenance = self._provenance(table, ratio_sql(args), base, started, nulls_skipped=nulls, notes=notes)
        provenance.rows_matched = int(hit.sum())
        return RatioResult(numerator=numerator, denominator=denominator,
                           percent=100 * numerator / denominator, provenance=provenance)

    def describe(self, table: Table, args: DescribeArgs) -> DescribeResult:
        """The profile, or one column's distinct values with row counts (most frequent first,
        cut at max_groups with total_distinct stating the full count)."""
        started = time.perf_counter()
        everything = Selection(mask=np.ones(table.rows, dtype=bool))
        if args.column is None:
            return DescribeResult(profile=profile_table(table),
                                  provenance=self._provenance(table, "DESCRIBE TABLE", everything, started))
        column = table.column(args.column)
        counts = table.df[column].value_counts(dropna=False)
        values = [ValueCount(value=_scalar(v), rows=int(n)) for v, n in counts.iloc[: self.max_groups].items()]
        provenance = self._provenance(table, f"SELECT {column}, COUNT(*) GROUP BY {column}", everything, started)
        return DescribeResult(column=column, values=values, total_distinct=len(counts), provenance=provenance)


__all__ = ["Engine", "PandasEngine", "predicate_sql"]
