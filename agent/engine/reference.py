"""The pandas reference engine: how plans ran before the SQL compiler (agent/engine/compile.py).
Kept only as an independent second implementation that tests compare the compiled SQL against."""

from __future__ import annotations

from typing import TYPE_CHECKING

import math
import time


from agent.engine.blanks import blank_note, blank_rows
from agent.errors import NoRowsMatched, WrongType
from agent.plan import AggregateArgs, Agg, DescribeArgs, Predicate, RatioArgs
from agent.predicates import Selection, canonical_labels, select
from agent.profile import profile_table
from agent.results import (AggregateResult, DescribeResult, Group, Provenance, RatioResult, Value,
                           ValueCount)
from agent.sqlish import aggregate_sql, ratio_sql, where_sql
from agent.table_type import ColumnRole, Table, parse_notes

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

_NUMERIC_ONLY = {Agg.sum, Agg.mean, Agg.median, Agg.std}
_TEXT_ROLES = (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier)


def scalar(value: object) -> Value:
    """A result value as JSON-friendly Python: ints stay exact, dates become ISO text."""
    import pandas as pd

    if value is None or value is pd.NaT or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, pd.Timestamp):
        return value.isoformat(sep=" ").removesuffix(" 00:00:00")
    import numpy as np
    if isinstance(value, (bool, np.bool_)):
        return int(value)
    if isinstance(value, (np.integer, int)):
        return int(value)
    if isinstance(value, (np.floating, float)):
        return float(value)
    return str(value)


def _columns_of(table: Table, predicates: list[Predicate]) -> list[str]:
    return [table.column(p.column) for p in predicates]


class PandasEngine:
    """Executes plans with pandas over every row of `Table.df`. Group-by on text columns merges
    spellings that differ only in case or surrounding whitespace, as predicates do."""

    def __init__(self, *, max_groups: int = 50):
        self.max_groups = max_groups

    def _provenance(self, table: Table, operation: str, selection: Selection, started: float,
                    **fields: object) -> Provenance:
        return Provenance(operation=operation, rows_scanned=table.rows, rows_matched=int(selection.mask.sum()),
                          matched_values=selection.matched_values, resolved=selection.resolved,
                          elapsed_ms=(time.perf_counter() - started) * 1000, file=table.name,
                          sha256=table.sha256, **fields)

    def _selected(self, table: Table, predicates: list[Predicate]) -> Selection:
        selection = select(table, predicates)
        if not selection.mask.any():
            condition = where_sql(predicates).removeprefix(" WHERE ") or "(no condition)"
            raise NoRowsMatched(condition, table.rows, selection.near_values)
        return selection

    def _check_type(self, table: Table, op: Agg, column: str | None) -> None:
        if column is None:
            if op is not Agg.count:
                raise WrongType("(none)", "missing", f"{op.value.upper()} needs a column;")
            return
        role = table.roles[column]
        import pandas as pd
        numeric = pd.api.types.is_numeric_dtype(table.df[column])
        if op in _NUMERIC_ONLY and not numeric:
            raise WrongType(column, role.value, op.value.upper())
        if op in (Agg.min, Agg.max) and not (numeric or role is ColumnRole.date):
            raise WrongType(column, role.value, op.value.upper())

    def _keys(self, table: Table, group_by: list[str], mask: np.ndarray, notes: list[str]) -> list[pd.Series]:
        """Group keys for the selected rows; text spellings merged (and the merge noted)."""
        keys = []
        import pandas as pd
        for column in group_by:
            if table.roles[column] in _TEXT_ROLES and not pd.api.types.is_numeric_dtype(table.df[column]):
                labels, merged = canonical_labels(table, column)
                keys.append(pd.Series(labels[mask], name=column))
                notes += [f"{column}: spellings {', '.join(repr(s) for s in spellings)} counted as {label!r}"
                          for label, spellings in merged.items()]
            else:
                keys.append(table.df.loc[mask, column].reset_index(drop=True))
        return keys

    def aggregate(self, table: Table, args: AggregateArgs) -> AggregateResult:
        """Run `args` over every row. Raises UnknownColumn, WrongType, BadPredicate, NoRowsMatched."""
        started = time.perf_counter()
        column = table.column(args.column) if args.column else None
        group_by = [table.column(g) for g in args.group_by]
        args = args.model_copy(update={"column": column, "group_by": group_by})
        self._check_type(table, args.op, column)
        selection = self._selected(table, args.where)
        values = table.df.loc[selection.mask, column].reset_index(drop=True) if column else None
        nulls = int(values.isna().sum()) if values is not None else 0
        notes = ([f"{nulls:,} matched row(s) with a missing {column} were skipped"] if nulls else [])
        notes += parse_notes(table, [*([column] if column else []), *_columns_of(table, args.where)])
        if not group_by:
            value = self._apply(values if values is not None else selection.mask.sum(), args.op)
            return AggregateResult(op=args.op, column=column, value=scalar(value), provenance=self._provenance(
                table, aggregate_sql(args), selection, started, nulls_skipped=nulls, notes=notes))
        keys = self._keys(table, group_by, selection.mask, notes)
        import numpy as np
        import pandas as pd
        data = values if values is not None else pd.Series(np.ones(int(selection.mask.sum())))
        grouped = data.groupby(keys, dropna=False, sort=True, observed=True)
        name = {Agg.count_distinct: "nunique", Agg.count: "count" if column else "size"}.get(args.op, args.op.value)
        result = grouped.agg(name)
        groups, total, ties = self._cut(result, grouped.size(), args.order, args.limit, notes)
        provenance = self._provenance(table, aggregate_sql(args), selection, started, nulls_skipped=nulls, notes=notes)
        return AggregateResult(op=args.op, column=column, group_by=group_by, groups=groups, total_groups=total,
                               ties=ties, provenance=provenance)

    @staticmethod
    def _apply(data: pd.Series | int, op: Agg) -> object:
        import pandas as pd

        if not isinstance(data, pd.Series):
            return int(data)  # COUNT(*)
        match op:
            case Agg.count: return int(data.count())
            case Agg.sum: return data.sum()
            case Agg.mean: return data.mean()
            case Agg.median: return data.median()
            case Agg.count_distinct: return data.nunique()
            case Agg.min: return data.min()
            case Agg.max: return data.max()
            case Agg.std: return data.std()
        raise AssertionError(op)

    def _cut(self, values: pd.Series, sizes: pd.Series, order: str | None, limit: int | None, notes: list[str],
             extra: dict[object, tuple[float, float]] | None = None) -> tuple[list[Group], int, list[Group]]:
        """Order groups by value, keep `limit` (or max_groups), and report ties at the cut."""
        if order:
            values = values.sort_values(ascending=order == "asc", kind="stable", na_position="last")
        total = len(values)
        keep = limit if limit is not None else self.max_groups
        if limit is None and total > keep:
            notes.append(f"only the first {keep} of {total:,} groups are returned")
        kept, rest = values.iloc[:keep], values.iloc[keep:]
        tied = rest[rest == kept.iloc[-1]] if len(kept) and len(rest) else rest.iloc[:0]

        def group(key: object, value: object) -> Group:
            parts = key if isinstance(key, tuple) else (key,)
            num, den = (extra or {}).get(key, (None, None))
            return Group(key=[scalar(k) for k in parts], value=scalar(value), rows=int(sizes[key]),
                         numerator=num, denominator=den)
        return [group(k, v) for k, v in kept.items()], total, [group(k, v) for k, v in tied.items()]

    def ratio(self, table: Table, args: RatioArgs) -> RatioResult:
        """100 * numerator / denominator (see RatioArgs), overall and per group. Raises as
        `aggregate`, and NoRowsMatched when the base is empty or the denominator is zero."""
        started = time.perf_counter()
        column = table.column(args.column) if args.column else None
        den_column = table.column(args.denominator_column) if args.denominator_column else column
        group_by = [table.column(g) for g in args.group_by]
        args = args.model_copy(update={"column": column, "denominator_column": den_column, "group_by": group_by})
        for c in {column, den_column} - {None}:
            self._check_type(table, Agg.sum, c)
        base = self._selected(table, args.base)
        within = select(table, args.where)
        hit = base.mask & within.mask
        df = table.df
        import pandas as pd
        num = (df[column].where(hit, 0.0) if column else pd.Series(hit.astype(float), index=df.index))[base.mask]
        den = (df[den_column] if den_column else pd.Series(1.0, index=df.index))[base.mask]
        if float(den.sum()) == 0:
            raise NoRowsMatched(f"a non-zero denominator{where_sql(args.base)}", table.rows, {})
        notes = parse_notes(table, [c for c in (column, den_column) if c] + _columns_of(table, args.base) + _columns_of(table, args.where))
        nulls = sum(int(df.loc[base.mask, c].isna().sum()) for c in {column, den_column} - {None})
        notes += blank_note(blank_rows(df, base.mask, args.where), args.where)
        base.matched_values.update(within.matched_values)
        base.resolved.update(within.resolved)
        result = RatioResult(numerator=float(num.sum()), denominator=float(den.sum()),
                             percent=100 * float(num.sum()) / float(den.sum()), group_by=group_by,
                             provenance=self._provenance(table, ratio_sql(args), base, started, nulls_skipped=nulls,
                                                         notes=notes))
        import numpy as np
        if group_by:
            keys = self._keys(table, group_by, base.mask, notes)
            sums = pd.DataFrame({"num": num.to_numpy(), "den": den.to_numpy()}).groupby(keys, observed=True, dropna=False)
            totals = sums.sum()
            rates = (100 * totals["num"] / totals["den"].replace(0, np.nan))
            extra = {k: (float(r.num), float(r.den)) for k, r in totals.iterrows()}
            result.groups, result.total_groups, result.ties = self._cut(rates, sums.size(), args.order, args.limit,
                                                                       notes, extra)
        result.provenance.rows_matched = int(hit.sum())
        result.provenance.elapsed_ms = (time.perf_counter() - started) * 1000
        return result

    def describe(self, table: Table, args: DescribeArgs) -> DescribeResult:
        """The profile, or one column's distinct values with row counts (most frequent first,
        cut at max_groups with total_distinct stating the full count)."""
        started = time.perf_counter()
        import numpy as np
        everything = Selection(mask=np.ones(table.rows, dtype=bool))
        if args.column is None:
            return DescribeResult(profile=profile_table(table),
                                  provenance=self._provenance(table, "DESCRIBE TABLE", everything, started))
        column = table.column(args.column)
        counts = table.df[column].value_counts(dropna=False)
        values = [ValueCount(value=scalar(v), rows=int(n)) for v, n in counts.iloc[: self.max_groups].items()]
        provenance = self._provenance(table, f"SELECT {column}, COUNT(*) GROUP BY {column}", everything, started)
        return DescribeResult(column=column, values=values, total_distinct=len(counts), provenance=provenance)
