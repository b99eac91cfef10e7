"""Policy: a value read off a record rests on a `rank` call. When the router reads the question as
'a column of the row with the highest/lowest X' (the value is read off a ranked row), a model
answer with no successful rank call (it took a MAX and guessed the row, or picked from a sample)
is rejected; the router's ranking answers instead."""

from __future__ import annotations

from agent.policies.base import Allow, Reject, Run, Verdict
from agent.queries import RankArgs
from agent.tools.base import ToolSuccess


class ValueFromRankedRow:
    """Rejects an answer to a ranked-row question that no rank call backs."""

    def check(self, run: Run) -> Verdict:
        plan = run.router.plan
        if run.final is None or not isinstance(plan, RankArgs) or plan.columns == [plan.by]:
            return Allow()
        if any(isinstance(c, ToolSuccess) and c.tool == "rank" for c in run.calls):
            return Allow()
        return Reject(f"the answer reads {', '.join(plan.columns) or 'a row'} off a ranked row without a rank call")
