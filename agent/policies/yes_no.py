"""Policy: a yes/no answer rests on a `check` call. A model that answers "Yes"/"No" to a yes/no
question without a successful test over every row (it looked at a few values, or at an aggregate
and compared in its head) is rejected; the router's plan answers instead, or the run abstains."""

from __future__ import annotations

import re

from agent.policies.base import Allow, Reject, Run, Verdict
from agent.router import vocabulary as V
from agent.router.kind import Kind
from agent.tools.base import ToolSuccess

VERDICT = re.compile(r"\b(yes|no|true|false)\b", re.I)


class YesNoRestsOnCheck:
    """Rejects a yes/no verdict with no successful `check` tool call in the run."""

    def check(self, run: Run) -> Verdict:
        if run.final is None:
            return Allow()
        yes_no = run.router.kind is Kind.yes_no or bool(V.YES_NO.search(run.question))
        checked = any(isinstance(c, ToolSuccess) and c.tool == "check" for c in run.calls)
        said = VERDICT.search(run.final)
        if yes_no and said and not checked:
            return Reject(f"the yes/no answer ('{said.group()}') does not rest on a check call over every row")
        return Allow()
