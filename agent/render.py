"""Terminal rendering of outcomes and profiles with rich: the answer, a table for group results
(cut at `max_rows` with the cut stated), then the provenance."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table as RichTable

from agent.answer import fmt_value, provenance_lines
from agent.value_format import fmt, fmt_in, fmt_key, fmt_percent
from agent.charts import counts_rows
from agent.outcome import Outcome
from agent.phrasing import plural
from agent.profile import TableProfile
from agent.results import AggregateResult, DescribeResult, RatioResult, SearchResult
from agent.search.text import cell
from agent.tools.base import ToolSuccess


def who(outcome: Outcome, model_name: str | None) -> str:
    """'model gpt-4o-mini', 'router (no model is configured)', 'router (took over: ...)'."""
    if outcome.answered_by == "model":
        return f"model {model_name or ''}".strip()
    if outcome.status == "router_takeover":
        return f"router (took over from the model: {outcome.reason})"
    if outcome.answered_by == "router":
        return f"router ({outcome.reason})" if outcome.reason else "router"
    return "nobody (abstained)" if outcome.status == "abstained" else "nobody (failed)"


def render_outcome(console: Console, outcome: Outcome, *, model_name: str | None = None, max_rows: int = 40) -> None:
    """Print the answer, its restatement ('Read as: ...'), any group table, and the provenance of
    each successful tool call."""
    style = {"answered": "bold", "router_takeover": "bold", "abstained": "yellow", "failed": "red"}[outcome.status]
    console.print(outcome.answer, style=style, markup=False, highlight=False)
    if outcome.restatement:
        console.print(outcome.restatement, style="cyan", markup=False, highlight=False)
    for call in outcome.results:
        if isinstance(call.result, (AggregateResult, RatioResult)) and call.result.groups and len(call.result.groups) > 1:
            console.print(_group_table(call.result, max_rows))
            shown = min(len(call.result.groups), max_rows)
            if call.result.total_groups > shown:
                console.print(f"  {shown} of {call.result.total_groups:,} groups shown "
                              f"({call.result.total_groups - shown:,} more not shown)", style="yellow",
                              markup=False, highlight=False)
        if isinstance(call.result, SearchResult) and call.result.records:
            console.print(_records_table(call.result))
        if isinstance(call.result, DescribeResult) and call.result.values:
            _values_table(console, call.result, max_rows)
        _provenance(console, call)
    if outcome.router and outcome.router.notes:
        console.print("  words read: " + "; ".join(outcome.router.notes), style="dim", markup=False, highlight=False)
    console.print(f"  answered by: {who(outcome, model_name)}", style="dim", markup=False, highlight=False)


def _group_table(result: AggregateResult | RatioResult, max_rows: int) -> RichTable:
    table = RichTable(show_edge=False, pad_edge=False)
    for column in result.group_by:
        table.add_column(column)
    ratio = isinstance(result, RatioResult)
    table.add_column("rate" if ratio else f"{str(result.op).upper()}({result.column or '*'})", justify="right")
    if ratio:
        table.add_column("of", justify="right")
    once = counts_rows(result)  # COUNT(*) is the row count: one column
    value = fmt if ratio else fmt_value(result)  # the earliest Year of each group is 1958, never 1,958
    if not once:
        table.add_column("rows", justify="right")
    for g in result.groups[:max_rows]:
        cells = [fmt_percent(g.value), f"{fmt(g.numerator)} / {fmt(g.denominator)}"] if ratio else [value(g.value)]
        table.add_row(*(fmt_key(k) for k in g.key), *cells, *([] if once else [f"{g.rows:,}"]))
    return table


def _records_table(result: SearchResult, max_columns: int = 8) -> RichTable:
    """Records as rows: the filtered columns first, then the descriptive ones the search embedded,
    cut at `max_columns` (all fields are in --json)."""
    table = RichTable(show_edge=False, pad_edge=False)
    columns = list(result.records[0].fields)
    shown = record_columns(result)[:max_columns]
    table.add_column("row", justify="right")
    for column in shown:
        table.add_column(column, overflow="fold")
    if not result.exact:
        table.add_column("score", justify="right")
    for r in result.records:
        table.add_row(str(r.row), *(cell(r.fields[c]) or "" for c in shown), *([] if result.exact else [f"{r.score:.3f}"]))
    if len(columns) > len(shown):
        table.caption = f"{len(shown)} of {len(columns)} columns shown (--json for all)"
    return table


def record_columns(result: SearchResult) -> list[str]:
    """The records' columns in display order: the filtered ones, then those the search embedded, then the rest."""
    columns = list(result.records[0].fields) if result.records else []
    filtered = [c for c in columns if c in result.filter]
    described = [c for c in result.columns if c not in filtered]
    return filtered + described + [c for c in columns if c not in filtered + described]


def _values_table(console: Console, result: DescribeResult, max_rows: int) -> None:
    table = RichTable(show_edge=False, pad_edge=False)
    table.add_column(result.column or "value")
    table.add_column("rows", justify="right")
    for v in result.values[:max_rows]:
        table.add_row(fmt_in(v.value, result.column), f"{v.rows:,}")
    if result.total_distinct > len(result.values[:max_rows]):
        table.caption = f"{len(result.values[:max_rows])} of {result.total_distinct:,} values shown"
    console.print(table)


def _provenance(console: Console, call: ToolSuccess) -> None:
    for line in provenance_text(call):
        console.print("  " + line, style="dim", markup=False, highlight=False)


def provenance_text(call: ToolSuccess) -> list[str]:
    """The provenance of one tool call as lines: operation, rows, matched values and notes,
    search stages, file and hash (the terminal and the web page show the same lines)."""
    p = call.result.provenance
    return [f"operation: {p.operation}",
             *([f"sql ({p.engine}): {p.sql}"] if p.sql else []),
             f"rows: {p.rows_matched:,} matched of {p.rows_scanned:,} scanned"
             + (f", {p.nulls_skipped:,} with missing values skipped" if p.nulls_skipped else ""),
             *provenance_lines(call.result),
             *(["stages: " + " -> ".join(f"{st.name} {st.returned} ({st.elapsed_ms:.0f} ms)"
                                          for st in call.result.stages)] if isinstance(call.result, SearchResult) else []),
             f"file: {p.file} (sha256 {p.sha256[:12]}), {p.elapsed_ms:.1f} ms"]


def render_profile(console: Console, profile: TableProfile) -> None:
    """The profile as a table: column, role, nulls, distinct, values (low-cardinality columns)."""
    columns = len(profile.columns)
    table = RichTable(title=f"{profile.file}: {profile.rows:,} {plural('row', profile.rows)}, "
                            f"{columns} {plural('column', columns)}")
    for name in ("column", "role", "nulls", "distinct", "values / range"):
        table.add_column(name, overflow="fold")
    for c in profile.columns:
        shown = ", ".join(fmt_in(v, c.name) for v in c.values[:12]) + (" ..." if len(c.values) > 12 else "") if c.values else (
            f"{c.min} .. {c.max}" if c.min is not None else "")
        shown = f"not read as dates: {c.mixed_dates}" + (f"; {shown}" if shown else "") if c.mixed_dates else shown
        table.add_row(c.display, c.role, f"{c.nulls:,}", f"{c.distinct:,}", shown)
    console.print(table)
