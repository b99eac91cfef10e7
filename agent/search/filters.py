"""Typed predicates (agent.plan.Predicate, the compute tools' own model) as a Qdrant payload
filter. Each predicate is first run by the pandas engine (`select`), so a predicate the engine
rejects is rejected here with the same typed error. Text conditions then become the exact stored
spellings the engine kept (case and whitespace rules are the engine's, not re-implemented);
numbers and dates become ranges with the engine's own bounds (`predicates.date_bounds`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent.search import payload_filter as qm

from agent.plan import Op, Predicate
from agent.predicates import operands, to_number, date_bounds, select, text_codes
from agent.table import ColumnRole, Table

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

MAX_MATCH_VALUES = 2_000
"""A text condition keeping more distinct spellings than this (and more than it drops) is sent
as MatchExcept over the dropped ones."""


def iso(ts: pd.Timestamp) -> str:
    """A timestamp as the RFC 3339 text stored in payloads and used in ranges (naive read as UTC)."""
    return ts.strftime("%Y-%m-%dT%H:%M:%S.%f") + "Z"


def to_filter(table: Table, predicates: list[Predicate]) -> qm.Filter | None:
    """The AND of `predicates` as a payload filter (payload_filter.Filter; each store translates
    it), or None for no predicates. Raises the engine's
    typed errors (UnknownColumn, BadPredicate) for a predicate the engine would reject."""
    must: list = []
    must_not: list = []
    import pandas as pd
    for predicate in predicates:
        column = table.column(predicate.column)
        p = predicate.model_copy(update={"column": column})
        mask = select(table, [p]).mask
        series = table.df[column]
        empty = qm.IsEmptyCondition(is_empty=qm.PayloadField(key=column))
        if p.op is Op.is_null:
            must.append(empty)
        elif p.op is Op.not_null:
            must_not.append(empty)
        elif table.roles[column] is ColumnRole.date:
            _date(series, p, must, must_not)
        elif pd.api.types.is_numeric_dtype(series):
            _number(series, p, must, must_not)
        else:
            _text(table, p, mask, must, must_not)
        if p.op in (Op.ne, Op.not_in):  # SQL semantics: a missing value is neither equal nor unequal
            must_not.append(empty)
    if not must and not must_not:
        return None
    return qm.Filter(must=must or None, must_not=must_not or None)


def _number(series: pd.Series, p: Predicate, must: list, must_not: list) -> None:
    key, op = p.column, p.op
    point = lambda v: qm.FieldCondition(key=key, range=qm.Range(gte=v, lte=v))  # noqa: E731
    if op in (Op.latest, Op.earliest):
        must.append(point(float(series.max() if op is Op.latest else series.min())))
        return
    v = [to_number(key, op, x) for x in operands(p)]
    bounds = {Op.gt: dict(gt=v[0]), Op.ge: dict(gte=v[0]), Op.lt: dict(lt=v[0]), Op.le: dict(lte=v[0]),
              Op.between: dict(gte=v[0], lte=v[-1])}
    if op in bounds:
        must.append(qm.FieldCondition(key=key, range=qm.Range(**bounds[op])))
    elif op in (Op.eq, Op.ne):
        (must if op is Op.eq else must_not).append(point(v[0]))
    else:  # in / not in
        (must if op is Op.in_ else must_not).append(qm.Filter(should=[point(x) for x in v]))


def _date(series: pd.Series, p: Predicate, must: list, must_not: list) -> None:
    key, op = p.column, p.op

    def period(low, high) -> qm.FieldCondition:
        return qm.FieldCondition(key=key, range=qm.DatetimeRange(
            gte=iso(low) if low is not None else None, lt=iso(high) if high is not None else None))

    import pandas as pd
    if op in (Op.latest, Op.earliest):
        day = (series.max() if op is Op.latest else series.min()).normalize()
        must.append(period(day, day + pd.Timedelta(days=1)))
    elif op in (Op.in_, Op.not_in):
        days = [period(*date_bounds(key, Predicate(column=key, op=Op.eq, value=x))) for x in operands(p)]
        (must if op is Op.in_ else must_not).append(qm.Filter(should=days))
    else:
        (must_not if op is Op.ne else must).append(period(*date_bounds(key, p)))


def _text(table: Table, p: Predicate, mask: np.ndarray, must: list, must_not: list) -> None:
    categorical = text_codes(table, p.column)
    import numpy as np
    categories = np.asarray(categorical.categories, dtype=object).astype(str)
    codes = categorical.codes
    kept = np.unique(codes[mask & (codes >= 0)])
    dropped = np.setdiff1d(np.arange(len(categories)), kept)
    if len(kept) <= MAX_MATCH_VALUES or len(kept) <= len(dropped):
        must.append(qm.FieldCondition(key=p.column, match=qm.MatchAny(any=categories[kept].tolist())))
    else:
        must.append(qm.FieldCondition(key=p.column, match=qm.MatchExcept(**{"except": categories[dropped].tolist()})))
