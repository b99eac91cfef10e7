"""Charts drawn from typed results, never from model text: bars for grouped results (and a
column's value counts), a line when the groups are dates. The spec is Vega-Lite, built with
Altair; `write_png` renders it offline with vl-convert (no browser, no network)."""

from __future__ import annotations

import re
from pathlib import Path

from agent.answer import fmt, key_text, label
from agent.results import AggregateResult, DescribeResult, RatioResult, Result

_ISO_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?)?$")
MAX_BARS = 50
"""Groups drawn at most (results are already cut by tools.max_groups_returned)."""


def chart_points(result: Result) -> tuple[list[dict[str, object]], str, str] | None:
    """The points a chart of `result` would draw: ([{"key": str, "value": float, "rows": int}],
    value title, mark "bar" or "line"); None when a picture would not read better than the
    sentence (a single value, a single group, records, the whole profile, non-numeric values)."""
    if isinstance(result, (AggregateResult, RatioResult)):
        points = [{"key": key_text(g), "value": g.value, "rows": g.rows} for g in result.groups[:MAX_BARS]]
        title = ("rate (%)" if isinstance(result, RatioResult)
                 else f"{label(result.op, result.column)}")
    elif isinstance(result, DescribeResult) and result.column:
        points = [{"key": fmt(v.value), "value": v.rows, "rows": v.rows} for v in result.values[:MAX_BARS]]
        title = "rows"
    else:
        return None
    if len(points) < 2 or not all(isinstance(p["value"], (int, float)) and not isinstance(p["value"], bool)
                                  for p in points):
        return None
    dated = isinstance(result, (AggregateResult, RatioResult)) and len(result.group_by) == 1 and all(
        _ISO_DATE.match(str(p["key"])) for p in points)
    return points, title, "line" if dated else "bar"


def chart_spec(result: Result) -> dict[str, object] | None:
    """A Vega-Lite spec (dict, JSON-ready) for `result`, or None (see `chart_points`). Data values
    are the result's own numbers; the title is the result's operation as its provenance states it."""
    found = chart_points(result)
    if found is None:
        return None
    import altair as alt  # imported here: answers without a chart never pay for it
    import pandas as pd

    points, value_title, mark = found
    by = ", ".join(getattr(result, "group_by", None) or [getattr(result, "column", None) or "value"])
    data = pd.DataFrame(points)
    counted = counts_rows(result)
    tooltip = [alt.Tooltip("key:N", title=by), alt.Tooltip("value:Q", title=value_title, format="," if counted else ",.2f")]
    if not counted:  # a count is the rows: shown once
        tooltip.append(alt.Tooltip("rows:Q", title="rows", format=","))
    whole = _whole_ticks(points) if counted or _whole(result) else {}
    value_axis = alt.Axis(**whole) if whole else alt.Undefined
    base = alt.Chart(data, title=alt.Title(f"{value_title} by {by}", subtitle=result.provenance.operation))
    if mark == "line":
        unit, axis, interval = _time_unit(points)
        x = alt.X("key:T", title=by, timeUnit=unit,
                  axis=alt.Axis(format=axis, tickCount={"interval": interval, "step": 1}, labelOverlap=True))
        chart = base.mark_line(point=True).encode(x=x, y=alt.Y("value:Q", title=value_title, axis=value_axis),
                                                  tooltip=tooltip)
    else:  # a long label is cut with an ellipsis (labelLimit, in pixels); its tooltip has it in full
        chart = base.mark_bar().encode(y=alt.Y("key:N", title=by, sort=None, axis=alt.Axis(labelLimit=160)),
                                       x=alt.X("value:Q", title=value_title, axis=value_axis), tooltip=tooltip)
    return chart.properties(width=480).to_dict()


def counts_rows(result: Result) -> bool:
    """True when the values are row counts (COUNT(*) per group, or a column's value counts), so the
    separate row count would repeat them."""
    if isinstance(result, DescribeResult):
        return True
    return isinstance(result, AggregateResult) and result.op == "count" and not result.column


def _whole(result: Result) -> bool:
    """Counts of any kind (rows, non-missing values, distinct values): the axis ticks whole numbers."""
    return isinstance(result, AggregateResult) and result.op in ("count", "count_distinct")


def _whole_ticks(points: list[dict[str, object]]) -> dict[str, object]:
    """Axis settings that tick counts at whole numbers: integer labels, and under 10 one tick per
    whole number (Vega would otherwise step by 0.5 or 0.2 between 0 and 2)."""
    top = max(float(p["value"]) for p in points)
    axis: dict[str, object] = {"format": ",d", "tickMinStep": 1}
    if top < 10:
        axis["values"] = list(range(0, int(top) + 1))
    return axis


def _time_unit(points: list[dict[str, object]]) -> tuple[str, str, str]:
    """Vega-Lite's UTC time unit, axis format and tick interval for the keys' precision (ISO keys
    carry no zone: read as UTC, so no day shifts by the viewer's time zone)."""
    longest = max(len(str(p["key"])) for p in points)
    if longest <= 7:
        return "utcyearmonth", "%Y-%m", "month"
    if longest <= 10:
        return "utcyearmonthdate", "%Y-%m-%d", "day"
    return "utcyearmonthdatehoursminutes", "%Y-%m-%d %H:%M", "minute"


def write_png(spec: dict[str, object], path: Path, scale: float = 2.0) -> Path:
    """Render the Vega-Lite `spec` to a PNG file at `path` with vl-convert (offline). Returns
    `path`; raises OSError when it cannot be written."""
    import vl_convert as vlc

    path.write_bytes(vlc.vegalite_to_png(spec, scale=scale))
    return path
