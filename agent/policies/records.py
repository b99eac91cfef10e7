"""Policy: records may be quoted, never summed. A final answer that states a total, count, average
or other summary while the run has search results but no successful compute tool call (aggregate
or ratio, over the full table) is rejected; the router answers instead."""

from __future__ import annotations

import re

from agent.policies.base import Allow, Reject, Run, Verdict
from agent.tools.base import ToolSuccess

SUMMARY = re.compile(r"\b(total(?:s|led|ling)?|sum|summed|average|mean|median|altogether|combined|in all|"
                     r"overall|add(?:s|ed)? up to)\b", re.I)
COMPUTE = ("aggregate", "ratio", "check", "rank", "frequency", "distinct", "statistic", "subset", "expression",
           "change", "latest")


class RecordsAreNotTotals:
    """Rejects a summary of records that did not come from a compute tool."""

    def check(self, run: Run) -> Verdict:
        if run.final is None:
            return Allow()
        searched = any(isinstance(c, ToolSuccess) and c.tool == "search" for c in run.calls)
        computed = any(isinstance(c, ToolSuccess) and c.tool in COMPUTE for c in run.calls)
        hit = SUMMARY.search(run.final)
        if searched and not computed and hit:
            return Reject(f"the answer summarises records ('{hit.group()}') without a compute tool over the full table")
        return Allow()
