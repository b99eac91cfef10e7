"""An outcome as the page shows it, JSON-ready: the answer, who answered, the Unverified label,
each tool call's provenance lines, tables (groups, records, value counts) as plain strings, and a
Vega-Lite chart drawn from the typed result. Every string is data: the page sets it as text,
never as HTML, so a cell holding `<script>` or a markdown image shows as typed."""

from __future__ import annotations

from agent.value_format import fmt, fmt_key, fmt_percent
from agent.charts import chart_spec, counts_rows
from agent.outcome import Outcome
from agent.render import provenance_text, record_columns, who
from agent.restate import restate
from agent.results import AggregateResult, DescribeResult, RatioResult, SearchResult
from agent.search.text import cell
from agent.tools.base import ToolFailure, ToolSuccess


def outcome_view(outcome: Outcome, *, model_name: str | None = None, max_rows: int = 50) -> dict[str, object]:
    """The page's view of one outcome: {question, answer, reading ('Read as: ...' or None), status,
    who, unverified, notes (the router's links of words), calls: [{tool, ok, operation,
    provenance: [lines] | error}], tables: [{title, columns, rows, caption}], chart: Vega-Lite
    dict | None}. A count per group is one column (its row count would repeat it)."""
    tables, chart = [], None
    for call in outcome.results:
        found = _table(call, max_rows)
        if found:
            tables.append(found)
        chart = chart or chart_spec(call.result)
    return {"question": outcome.question, "answer": outcome.answer, "reading": _reading(outcome),
            "status": outcome.status, "who": who(outcome, model_name), "answered_by": outcome.answered_by,
            "unverified": not outcome.verified,
            "notes": list(outcome.router.notes) if outcome.router else [],
            "calls": [_call(c) for c in outcome.calls], "tables": tables, "chart": chart}


def _reading(outcome: Outcome) -> str | None:
    """The outcome's restatement; for an answer saved before restatements, its plan's."""
    if outcome.restatement or outcome.status not in ("answered", "router_takeover") or outcome.plan is None:
        return outcome.restatement
    return restate(outcome.plan)


def _call(call: ToolSuccess | ToolFailure) -> dict[str, object]:
    if isinstance(call, ToolFailure):
        return {"tool": call.tool, "ok": False, "error": f"{call.error.get('error')}: {call.message}"}
    return {"tool": call.tool, "ok": True, "operation": call.result.provenance.operation,
            "provenance": provenance_text(call)}


def _table(call: ToolSuccess, max_rows: int) -> dict[str, object] | None:
    result = call.result
    if isinstance(result, (AggregateResult, RatioResult)) and len(result.groups) > 1:
        ratio, once = isinstance(result, RatioResult), counts_rows(result)
        columns = [*result.group_by, *(["rate", "of"] if ratio else [f"{str(result.op).upper()}({result.column or '*'})"]),
                   *([] if once else ["rows"])]
        rows = [[*(fmt_key(k) for k in g.key),
                 *([fmt_percent(g.value), f"{fmt(g.numerator)} / {fmt(g.denominator)}"] if ratio else [fmt(g.value)]),
                 *([] if once else [f"{g.rows:,}"])] for g in result.groups[:max_rows]]
        return _cut({"title": "groups", "columns": columns, "rows": rows}, len(rows), result.total_groups, "groups")
    if isinstance(result, SearchResult) and result.records:
        shown = record_columns(result)
        rows = [[str(r.row), *(cell(r.fields.get(c)) or "" for c in shown), f"{r.score:.3f}"] for r in result.records]
        return {"title": "records", "columns": ["row", *shown, "score"], "rows": rows,
                "caption": f"{len(rows)} of {result.provenance.rows_matched:,} matching rows shown"}
    if isinstance(result, DescribeResult) and result.values:
        rows = [[fmt(v.value), f"{v.rows:,}"] for v in result.values[:max_rows]]
        return _cut({"title": "values", "columns": [result.column or "value", "rows"], "rows": rows},
                    len(rows), result.total_distinct, "values")
    return None


def _cut(table: dict[str, object], shown: int, total: int, noun: str) -> dict[str, object]:
    table["caption"] = f"{shown} of {total:,} {noun} shown" if total > shown else ""
    return table
