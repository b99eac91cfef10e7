"""A result's values of a duration column (agent.durations: read as seconds) shown back in the
column's own form: the highest Time is '4:14:05.7', not 15245.7; a row's Time cell '1:03.59'.
Counts stay numbers; a range, a sum or a mean of durations is a duration too."""

from __future__ import annotations

from agent.results import AggregateResult, ChangeResult, RowsResult, StatResult, ValuesResult
from agent.table_type import Table

_DURATION_OPS = frozenset({"min", "max", "mean", "median", "sum", "std", "first", "last"})
"""Aggregates of a duration column whose value is a duration (a count of one is a number)."""
_DURATION_STATS = frozenset({"range", "percentile", "median", "min", "max", "mean", "sum"})


def shown(result: object, table: Table) -> object:
    """`result` with each value of a duration column of `table` (Table.durations) written in that
    column's form, for the results whose values are cells or aggregates of cells; else as it is."""
    forms = getattr(table, "durations", None) or {}
    if not forms:
        return result
    if isinstance(result, AggregateResult) and result.column in forms and str(result.op) in _DURATION_OPS:
        form = forms[result.column]
        update = {"groups": _each(form, result.groups), "ties": _each(form, result.ties)}
        if not result.group_by:
            update["value"] = _show(form, result.value)
        return result.model_copy(update=update)
    if isinstance(result, RowsResult) and any(c in forms for c in [*result.columns, result.by]):
        def row(cells: dict) -> dict:
            return {k: _show(forms[k], v) if k in forms else v for k, v in cells.items()}
        return result.model_copy(update={"rows": [row(r) for r in result.rows], "ties": [row(r) for r in result.ties]})
    if isinstance(result, ValuesResult) and result.column in forms:
        form = forms[result.column]
        return result.model_copy(update={"values": _each(form, result.values), "ties": _each(form, result.ties)})
    if isinstance(result, StatResult) and result.column in forms and str(result.op) in _DURATION_STATS:
        form = forms[result.column]
        return result.model_copy(update={"value": _show(form, result.value),
                                         "parts": {k: _show(form, v) for k, v in result.parts.items()}})
    return result


def unshown(result: object, table: Table) -> str | None:
    """Why `result` cannot be stated yet, or None: a change between two values of a duration column
    (ChangeResult's numbers are plain floats; its seconds would read as a number, not a time)."""
    forms = getattr(table, "durations", None) or {}
    if isinstance(result, ChangeResult) and result.column in forms:
        return (f"{result.column} holds durations (read as seconds); a difference of two of them is not shown as a "
                "time yet")
    return None


def _show(form, value: object) -> object:
    """A number of seconds in `form`; any other value (missing, text) as it is."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return form.show(value)
    return value


def _each(form, items: list) -> list:
    """Groups or counted values (each with a `value`) with that value in `form`."""
    return [item.model_copy(update={"value": _show(form, item.value)}) for item in items]
