"""Policy: the pre-router takes over when the model answers a computation question without a
successful compute tool call, keeps failing tool calls, or hedges/refuses where the router holds
a confident plan."""

from __future__ import annotations

import re

from agent.policies.base import Allow, Run, Takeover, Verdict
from agent.tools.base import ToolSuccess

HEDGES = re.compile(r"\b(approximately|roughly|about|around|estimate[sd]?|probably|likely|i think|"
                    r"not sure|cannot|can't|unable|i don't know|no access|it seems|unverified)\b", re.I)


class RouterTakeover:
    """Returns Takeover(reason) when: (1) `max_failures` tool calls have failed; (2) the final
    answer to a computation question rests on no successful tool call; (3) the final answer
    hedges or refuses while the router has a plan with confidence >= `confident`."""

    def __init__(self, *, max_failures: int = 3, confident: float = 0.6):
        self.max_failures = max_failures
        self.confident = confident

    def check(self, run: Run) -> Verdict:
        if run.failures >= self.max_failures:
            return Takeover(f"{run.failures} tool calls failed")
        if run.final is None:
            return Allow()
        computation = run.router.classification.kind == "computation"
        if computation and not any(isinstance(c, ToolSuccess) for c in run.calls):
            return Takeover("the model answered a computation question without a compute tool call")
        if run.router.lookup is not None and not any(isinstance(c, ToolSuccess) for c in run.calls):
            return Takeover("the model answered a record lookup without a search tool call")
        has_plan = run.router.plan is not None or run.router.lookup is not None
        if has_plan and run.router.classification.confidence >= self.confident and HEDGES.search(run.final):
            return Takeover(f"the model hedged ('{HEDGES.search(run.final).group()}') where the router has an exact plan")
        return Allow()
