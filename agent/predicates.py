"""Predicates to boolean row masks, on the pandas engine. Text compares ignore case and
surrounding whitespace; date values are ISO prefixes meaning a whole year, month or day."""

from __future__ import annotations

from typing import TYPE_CHECKING

import re
from dataclasses import dataclass, field


from agent.errors import BadPredicate, NoRowsMatched, near
from agent.plan import Op, Predicate
from agent.sqlish import where_sql
from agent.table_type import ColumnRole, Table

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

_ORDER_OPS = {Op.gt, Op.ge, Op.lt, Op.le, Op.between}
_NUMBER = re.compile(r"^\s*[-+]?[$€£]?\s*[\d,]*\.?\d+(e[-+]?\d+)?\s*%?\s*$", re.I)


@dataclass
class Selection:
    """The rows selected by a list of predicates (AND), plus what the engine resolved on the way."""

    mask: np.ndarray
    matched_values: dict[str, list[str]] = field(default_factory=dict)
    resolved: dict[str, str] = field(default_factory=dict)
    near_values: dict[str, list[str]] = field(default_factory=dict)


def text_codes(table: Table, column: str) -> pd.Categorical:
    """The column as a pandas Categorical, cached on the table (fast repeated matching)."""
    cache = table.__dict__.setdefault("_categoricals", {})
    import pandas as pd
    if column not in cache:
        cache[column] = pd.Categorical(table.df[column])
    return cache[column]


def select(table: Table, predicates: list[Predicate]) -> Selection:
    """AND of all predicates as a boolean mask of shape (rows,). Raises UnknownColumn or
    BadPredicate. An empty list selects every row."""
    import numpy as np

    selection = Selection(mask=np.ones(table.rows, dtype=bool))
    for predicate in predicates:
        column = table.column(predicate.column)
        role = table.roles[column]
        if predicate.op in (Op.is_null, Op.not_null):
            isna = table.df[column].isna().to_numpy()
            selection.mask &= isna if predicate.op is Op.is_null else ~isna
        elif role is ColumnRole.date:
            selection.mask &= _date_mask(table, column, predicate, selection)
        elif role is ColumnRole.numeric or (role is ColumnRole.identifier and _is_numeric(table, column)):
            selection.mask &= _number_mask(table, column, predicate, selection)
        else:
            selection.mask &= _text_mask(table, column, predicate, selection)
    return selection


def _is_numeric(table: Table, column: str) -> bool:
    import pandas as pd

    return pd.api.types.is_numeric_dtype(table.df[column])


def operands(predicate: Predicate) -> list[object]:
    """The right-hand values of a predicate: [value], [value, upper] for between, values for in /
    not in, [] for latest / earliest / is null / is not null. Raises BadPredicate when one is missing."""
    if predicate.op in (Op.in_, Op.not_in):
        if not predicate.values:
            raise BadPredicate(predicate.column, predicate.op, f"'{predicate.op}' needs a non-empty values list")
        return list(predicate.values)
    if predicate.op is Op.between:
        if predicate.value is None or predicate.upper is None:
            raise BadPredicate(predicate.column, predicate.op, "'between' needs value and upper")
        return [predicate.value, predicate.upper]
    if predicate.op in (Op.latest, Op.earliest, Op.is_null, Op.not_null):
        return []
    if predicate.value is None:
        raise BadPredicate(predicate.column, predicate.op, "a value is required")
    return [predicate.value]


def to_number(column: str, op: Op, value: object) -> float:
    """A predicate value for a numeric column: numbers as they are, text like '$1,200' or '12%' read as
    a number. Raises BadPredicate naming the column for text that is not a number."""
    if isinstance(value, (int, float)):
        return float(value)
    text = str(value)
    if not _NUMBER.match(text):
        raise BadPredicate(column, op, f"{text!r} is not a number (the column is numeric)")
    return float(re.sub(r"[\s$€£,%]", "", text))


def _compare(series: pd.Series, op: Op, operands: list) -> pd.Series:
    match op:
        case Op.eq: return series == operands[0]
        case Op.ne: return series != operands[0]
        case Op.gt: return series > operands[0]
        case Op.ge: return series >= operands[0]
        case Op.lt: return series < operands[0]
        case Op.le: return series <= operands[0]
        case Op.between: return (series >= operands[0]) & (series <= operands[1])
        case Op.in_: return series.isin(operands)
        case Op.not_in: return ~series.isin(operands) & series.notna()
    raise AssertionError(op)


def _number_mask(table: Table, column: str, predicate: Predicate, selection: Selection) -> np.ndarray:
    series = table.df[column]
    op = predicate.op
    if op in (Op.latest, Op.earliest):
        target = series.max() if op is Op.latest else series.min()
        selection.resolved[f"{'MAX' if op is Op.latest else 'MIN'}({column})"] = f"{target:g}"
        return (series == target).to_numpy()
    if op is Op.contains:
        raise BadPredicate(column, op, "'contains' applies to text columns; the column is numeric")
    numbers = [to_number(column, op, v) for v in operands(predicate)]
    return _compare(series, op, numbers).fillna(False).to_numpy(dtype=bool)


def _text_mask(table: Table, column: str, predicate: Predicate, selection: Selection) -> np.ndarray:
    op = predicate.op
    if op in _ORDER_OPS or op in (Op.latest, Op.earliest):
        raise BadPredicate(column, op, f"ordering does not apply to the text column {column!r}")
    categorical = text_codes(table, column)
    categories = [str(c) for c in categorical.categories]
    normalised = [c.strip().casefold() for c in categories]
    wanted = [str(v).strip().casefold() for v in operands(predicate)]
    if op is Op.contains:
        hit = [any(w in n for w in wanted) for n in normalised]
    else:
        hit = [n in wanted for n in normalised]
    if op in (Op.ne, Op.not_in):
        hit = [not h for h in hit]
    import numpy as np
    codes = np.flatnonzero(hit)
    spellings = [categories[i] for i in codes]
    if op not in (Op.ne, Op.not_in):
        selection.matched_values[column] = spellings
        if not spellings:
            selection.near_values[column] = [s for w in wanted for s in near(w, categories)]
    return np.isin(categorical.codes, codes)


def _period(column: str, op: Op, value: object) -> tuple[pd.Timestamp, pd.Timestamp]:
    """[start, end) of an ISO prefix: '2019' a year, '2019-03' a month, '2019-03-05' a day."""
    text = str(value).strip()
    import pandas as pd
    try:
        if re.fullmatch(r"\d{4}", text):
            start = pd.Timestamp(int(text), 1, 1)
            return start, start + pd.DateOffset(years=1)
        if re.fullmatch(r"\d{4}-\d{1,2}", text):
            start = pd.Timestamp(text + "-01")
            return start, start + pd.DateOffset(months=1)
        start = pd.Timestamp(text)
    except (ValueError, TypeError) as exc:
        raise BadPredicate(column, op, f"{text!r} is not a date (use ISO: 2019, 2019-03, 2019-03-05)") from exc
    if start == start.normalize() and len(text) <= 10:
        return start, start + pd.Timedelta(days=1)
    return start, start + pd.Timedelta(microseconds=1)


def date_bounds(column: str, predicate: Predicate) -> tuple[pd.Timestamp | None, pd.Timestamp | None]:
    """[low, high) of a date comparison (None = open): '= 2019-03' is [2019-03-01, 2019-04-01),
    '> 2019-03' is [2019-04-01, None). For != the rows are those outside the bounds. Raises
    BadPredicate for a value that is not an ISO date prefix."""
    op = predicate.op
    periods = [_period(column, op, v) for v in operands(predicate)]
    start, end = periods[0]
    return {Op.gt: (end, None), Op.ge: (start, None), Op.lt: (None, start), Op.le: (None, end),
            Op.between: (start, periods[-1][1])}.get(op, (start, end))


def _date_mask(table: Table, column: str, predicate: Predicate, selection: Selection) -> np.ndarray:
    series = table.df[column]
    op = predicate.op
    if op in (Op.latest, Op.earliest):
        day = (series.max() if op is Op.latest else series.min()).normalize()
        selection.resolved[f"{'MAX' if op is Op.latest else 'MIN'}({column})"] = day.date().isoformat()
        return (series.dt.normalize() == day).to_numpy()
    if op is Op.contains:
        raise BadPredicate(column, op, "'contains' applies to text columns; the column is a date")
    import numpy as np
    if op in (Op.in_, Op.not_in):
        masks = [_date_mask(table, column, Predicate(column=column, op=Op.eq, value=v), selection)
                 for v in operands(predicate)]
        hit = np.logical_or.reduce(masks)
        return hit if op is Op.in_ else ~hit & series.notna().to_numpy()
    low, high = date_bounds(column, predicate)
    inside = (series >= low if low is not None else True) & (series < high if high is not None else True)
    result = ~inside & series.notna() if op is Op.ne else inside
    selection.resolved.update(period_reading(column, predicate, low, high))
    return result.fillna(False).to_numpy(dtype=bool)


def day_text(moment: pd.Timestamp) -> str:
    """'2019-03-01', or '2019-03-01 12:30:00' when it has a time of day."""
    return str(moment).removesuffix(" 00:00:00")


def period_reading(column: str, predicate: Predicate, low: pd.Timestamp | None,
                   high: pd.Timestamp | None) -> dict[str, str]:
    """How a date predicate was read, for provenance: {"day = 2019-03": "read as day >= '2019-03-01'
    AND day < '2019-04-01'"}."""
    bounds = " AND ".join(b for b in (low is not None and f"{column} >= '{day_text(low)}'",
                                      high is not None and f"{column} < '{day_text(high)}'") if b)
    return {f"{column} {predicate.op.value} {', '.join(map(str, operands(predicate)))}": f"read as {bounds}"}


def canonical_labels(table: Table, column: str) -> tuple[pd.Categorical, dict[str, list[str]]]:
    """The text column with spellings that differ only in case or surrounding whitespace merged
    under the most frequent spelling, as a Categorical of shape (rows,), plus {canonical: [all
    spellings]} for the groups that were merged. Cached on the table."""
    cache = table.__dict__.setdefault("_canonical", {})
    import numpy as np
    import pandas as pd
    if column not in cache:
        categorical = text_codes(table, column)
        categories = [str(c) for c in categorical.categories]
        codes = categorical.codes
        counts = np.bincount(codes[codes >= 0], minlength=len(categories))
        first = np.full(len(categories), len(codes))
        seen, positions = np.unique(codes, return_index=True)
        first[seen[seen >= 0]] = positions[seen >= 0]
        best: dict[str, int] = {}  # most frequent spelling; ties go to the one seen first
        for index, category in enumerate(categories):
            key = category.strip().casefold()
            if key not in best or (counts[index], -first[index]) > (counts[best[key]], -first[best[key]]):
                best[key] = index
        canonical = sorted(best.values())
        position = {index: n for n, index in enumerate(canonical)}
        mapping = np.array([position[best[c.strip().casefold()]] for c in categories] + [-1])
        merged: dict[str, list[str]] = {}
        for category in categories:
            label = categories[best[category.strip().casefold()]]
            merged.setdefault(label, []).append(category)
        labels = pd.Categorical.from_codes(mapping[codes], [categories[i] for i in canonical])  # -1 stays missing
        cache[column] = (labels, {k: v for k, v in merged.items() if len(v) > 1})
    return cache[column]


def selected(table: Table, where: list[Predicate], *, allow_empty: bool = False) -> Selection:
    """The rows matching every predicate; NoRowsMatched when none do (unless `allow_empty`)."""
    selection = select(table, where)
    if not allow_empty and not selection.mask.any():
        raise NoRowsMatched(where_sql(where).removeprefix(" WHERE ") or "(no condition)", table.rows,
                            selection.near_values)
    return selection
