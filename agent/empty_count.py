"""A count over no rows is 0: 'How many Classic books did Marco Rossi borrow?' where no row has both
conditions answers 0, where the engine (rightly, for a model's tool call, whose misspelt value it
helps correct) reports that no rows matched. Only the router's own count plans, whose text values
the verifier tied to cell values, and only when the engine suggests no near value."""

from __future__ import annotations

from agent.plan import AggregateArgs, Agg
from agent.results import AggregateResult, Provenance
from agent.sqlish import aggregate_sql, where_sql
from agent.table import Table
from agent.tools.base import ToolFailure, ToolSuccess


def zero_count(plan: object, failure: ToolFailure, table: Table) -> ToolSuccess | None:
    """ToolSuccess with a count of 0 when `plan` is an ungrouped COUNT or COUNT(DISTINCT) with
    conditions and `failure` says no rows matched them with no near values; None otherwise (the
    failure stands)."""
    if not isinstance(plan, AggregateArgs) or plan.op not in (Agg.count, Agg.count_distinct) or plan.group_by \
            or not plan.where or failure.error.get("error") != "no_rows_matched":
        return None
    if any(failure.error.get("near_values") or {}) or "Near values" in failure.message:
        return None
    condition = where_sql(plan.where).removeprefix(" WHERE ")
    provenance = Provenance(operation=aggregate_sql(plan), rows_scanned=table.rows, rows_matched=0, file=table.name,
                            sha256=table.sha256, notes=[f"no row has {condition}, so the count is 0"])
    result = AggregateResult(op=plan.op.value, column=plan.column, value=0, provenance=provenance)
    return ToolSuccess(tool=failure.tool, arguments=plan.model_dump(mode="json"), result=result)
