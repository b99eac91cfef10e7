"""Policy: the answer to a yes/no question rests on a `check` call. A model that answers a yes/no
question without a successful test over every row (it looked at a few values, or at an aggregate
and compared in its head, or answered beside the question: "older than 35 by 60%") is rejected,
whether or not its text says "yes" or "no"; the router's plan answers instead, or the run abstains."""

from __future__ import annotations

import re

from agent.policies.base import Allow, Reject, Run, Verdict
from agent.router import vocabulary as V
from agent.router.kind import Kind
from agent.tools.base import ToolSuccess

VERDICT = re.compile(r"\b(yes|no|true|false)\b", re.I)


class YesNoRestsOnCheck:
    """Rejects any final answer to a yes/no question (the router's kind, or the question's opening
    'Is/Are/Did ...') when no `check` tool call in the run succeeded."""

    def check(self, run: Run) -> Verdict:
        if run.final is None:
            return Allow()
        yes_no = run.router.kind is Kind.yes_no or bool(V.YES_NO.search(run.question))
        checked = any(isinstance(c, ToolSuccess) and c.tool == "check" for c in run.calls)
        if yes_no and not checked:
            said = VERDICT.search(run.final)
            what = f"the yes/no answer ('{said.group()}')" if said else "the answer to a yes/no question"
            return Reject(f"{what} does not rest on a check call over every row")
        return Allow()
