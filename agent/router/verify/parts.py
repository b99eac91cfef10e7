"""The parts of a typed plan, as the verifier sees them: each aggregate function, measured or shown
column, filter, grouping, order, limit, offset, statistic and period of any plan kind, found by
walking the plan's fields by name (FIELD_ROLES), so a plan kind added later is covered as soon as
its fields use these names (or FIELD_ROLES learns its own)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel

from agent.plan import Agg, Predicate


class Role(StrEnum):
    """What a part of a plan does. DECISIVE roles decide which rows count or what is computed."""

    aggregate = "aggregate"
    """The aggregate function (Agg) of an aggregate, measure, subset, change or expression."""
    measure = "measure"
    """A column aggregated or computed with."""
    shown = "shown"
    """A column whose values are returned (ranked rows, distinct or frequent values)."""
    order_key = "order_key"
    """The column rows are ranked by."""
    filter = "filter"
    """One predicate of a where/base/condition list."""
    group = "group"
    """A group-by column."""
    order = "order"
    """desc/asc of a ranking (decisive only with a limit: it picks the rows or groups kept)."""
    limit = "limit"
    """How many rows or groups are kept."""
    offset = "offset"
    """Rows skipped ('the second highest': offset 1)."""
    statistic = "statistic"
    """A statistic (range, percentile, correlation), or the percentile's q."""
    arithmetic = "arithmetic"
    """Arithmetic between columns (ExpressionArgs.op)."""
    ratio = "ratio"
    """A share (RatioArgs)."""
    check = "check"
    """The test of a yes/no question (any, none, all, compare, unique) and its comparison."""
    period = "period"
    """The key column and the two periods of a change."""
    distinct = "distinct"
    """Distinct values instead of rows (RankArgs.distinct)."""
    structural = "structural"
    """A part the table's shape decides, not the words (a history table's id and date)."""
    step = "step"
    """A position in the table's order: the row `value` rows from an anchor row (+1 after, -1
    before), or (op asc/desc) which of several rows comes first or last (PositionArgs)."""


DECISIVE = frozenset({Role.aggregate, Role.order_key, Role.filter, Role.group, Role.limit, Role.offset, Role.step})
"""Roles that must rest on strong evidence (the issue's rule (c)); order joins them when a limit
cuts the ranking."""


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a plan. `column` for column parts, filters and periods; `op` is the Agg value of
    an aggregate, the predicate operator of a filter, desc/asc of an order, the check kind;
    `value`/`upper`/`values` a filter's right-hand side, a limit's N, a period's start and end;
    `decisive`: it must rest on strong evidence; `path`: where it sits in the plan."""

    role: Role
    path: str
    column: str | None = None
    op: str | None = None
    value: object = None
    upper: object = None
    values: tuple = ()
    decisive: bool = False


FIELD_ROLES: dict[str, Role | None] = {
    "op": Role.aggregate, "agg": Role.aggregate, "column": Role.measure, "other": Role.measure,
    "denominator_column": Role.measure, "by": Role.order_key, "columns": Role.shown, "group_by": Role.group,
    "where": Role.filter, "base": Role.filter, "condition": Role.filter, "order": Role.order, "limit": Role.limit,
    "offset": Role.offset, "q": Role.statistic, "key": Role.period, "id": Role.structural, "date": Role.structural,
    "distinct": Role.distinct, "check": Role.check, "cmp": Role.check, "value": Role.check,
    "left": None, "right": None, "start": None, "end": None, "upper": None, "report": None, "near": Role.check,
}
"""Plan field name -> role; None: read with a neighbour (start/end with key) or walked into (left/right)."""

CLASS_ROLES: dict[str, dict[str, Role | None]] = {
    "FrequencyArgs": {"column": Role.shown}, "DistinctArgs": {"column": Role.shown, "order": None},
    "CheckArgs": {"column": Role.shown}, "StatisticArgs": {"op": Role.statistic},
    "ExpressionArgs": {"op": Role.arithmetic},
    "LatestArgs": {"id": Role.structural, "date": Role.structural},
    "PerEntityArgs": {"entity": Role.group, "outer": Role.aggregate, "inner": Role.aggregate},
}
"""Per plan class, fields whose role differs from FIELD_ROLES (a kind added later adds its own)."""


def plan_parts(plan: BaseModel, path: str = "") -> list[Part]:
    """Every part of `plan` (any pydantic plan model, nested measures and operands included), in
    field order. A RatioArgs adds a ratio part. Empty/None/default fields add no part."""
    name = type(plan).__name__
    if name == "PositionArgs":
        return _position_parts(plan, path or "")
    if name == "AgainstArgs":
        return _against_parts(plan, path or "")
    roles = {**FIELD_ROLES, **CLASS_ROLES.get(name, {})}
    parts: list[Part] = [Part(Role.ratio, path or name)] if name == "RatioArgs" else []
    limited = getattr(plan, "limit", None) is not None or name in ("RankArgs", "FrequencyArgs")
    for field in type(plan).model_fields:
        value = getattr(plan, field)
        if value is None or value == [] or value is False:
            continue
        where = f"{path}{field}"
        if isinstance(value, BaseModel):
            parts += plan_parts(value, f"{where}.")
            continue
        role = roles.get(field)
        if role is None:
            continue
        parts += _field_parts(role, where, value, plan, limited)
    return parts


def _field_parts(role: Role, where: str, value: object, plan: BaseModel, limited: bool) -> list[Part]:
    """The parts one field holds (a list of predicates or group columns holds one each)."""
    if role is Role.filter:
        return [_predicate(where, p) for p in value if isinstance(p, Predicate)]
    if role in (Role.group, Role.shown) and isinstance(value, list):
        return [Part(role, where, column=c, decisive=role in DECISIVE) for c in value]
    if role in (Role.measure, Role.shown, Role.order_key, Role.structural, Role.group):
        return [Part(role, where, column=str(value), decisive=role in DECISIVE)]
    if role is Role.aggregate:
        return [Part(role, where, op=Agg(value).value, column=getattr(plan, "column", None), decisive=True)]
    if role is Role.period:
        return [Part(role, where, column=str(value), value=getattr(plan, "start", None), upper=getattr(plan, "end", None))]
    if role is Role.order:
        return [Part(role, where, op=str(value), decisive=limited)]
    if role is Role.limit:
        return [Part(role, where, value=int(value), decisive=True)]
    if role is Role.offset:
        return [Part(role, where, value=int(value), decisive=True)] if value else []
    if role is Role.check and where.endswith("value") and isinstance(value, (int, float)):
        return [Part(Role.check, where, op="value", value=float(value))]
    return [Part(role, where, op=str(getattr(value, "value", value)))]


def _predicate(where: str, p: Predicate) -> Part:
    return Part(Role.filter, where, column=p.column, op=p.op.value, value=p.value, upper=p.upper,
                values=tuple(p.values or ()), decisive=True)


def _position_parts(plan: BaseModel, path: str) -> list[Part]:
    """A position plan's parts: the anchor's conditions, the step (+1/-1) and the columns shown of a
    neighbour; the candidate values (one filter on the column, op 'in'), the order asked (first:
    asc, last: desc) and the column of an 'earlier' plan."""
    shown = [Part(Role.shown, f"{path}columns", column=c) for c in plan.columns]
    if plan.kind == "neighbour":
        anchor = [_predicate(f"{path}anchor", p) for p in plan.anchor]
        return [*anchor, Part(Role.step, f"{path}offset", value=int(plan.offset), decisive=True), *shown]
    options = Part(Role.filter, f"{path}candidates", column=plan.columns[0], op="in", values=tuple(plan.candidates),
                   decisive=True)
    return [options, Part(Role.step, f"{path}order", op=plan.order, decisive=True), *shown]


def _against_parts(plan: BaseModel, path: str) -> list[Part]:
    """A plan against a named row's cell: the named row's conditions (and the subject row's, for a
    check), the rows' own conditions, the compared column (decisive: it picks the rows), the
    comparison (> or <), and a count's aggregate or a list's columns."""
    parts = [_predicate(f"{path}{field}", p) for field in ("anchor", "subject", "where") for p in getattr(plan, field)]
    parts += [Part(Role.measure, f"{path}column", column=plan.column, decisive=True),
              Part(Role.check, f"{path}cmp", op=plan.cmp)]
    if plan.ask == "count":
        parts.append(Part(Role.aggregate, f"{path}ask", op="count", decisive=True))
    return parts + [Part(Role.shown, f"{path}columns", column=c) for c in plan.columns]
