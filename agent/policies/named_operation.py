"""Policy: when the question names its aggregate ('the average ...', 'the median ...'), the answer
rests on a call that computed it. A model that answers "the average English score" from a ratio,
a total or a count (the recorded 1.5B model did, stating a ratio of sums as the average) is
rejected; the router's plan answers instead, or the run abstains."""

from __future__ import annotations

import re
from collections.abc import Iterator

from agent.policies.base import Allow, Reject, Run, Verdict
from agent.tools.base import ToolSuccess

NAMED = {"mean": re.compile(r"\b(?:average|mean|avg)\b", re.I), "median": re.compile(r"\bmedian\b", re.I)}
"""Aggregate -> the words that name it. 'total' is left out: 'the total number of' is a count."""


def _ops(node: object) -> Iterator[str]:
    """Every `op` value in a call's arguments, nested ones included (a check's left/right measure)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "op" and isinstance(value, str):
                yield value
            else:
                yield from _ops(value)
    elif isinstance(node, list):
        for value in node:
            yield from _ops(value)


class NamedOperationRan:
    """Rejects a final answer to a question that names 'average'/'mean'/'median' when no
    successful tool call computed that aggregate."""

    def check(self, run: Run) -> Verdict:
        if run.final is None:
            return Allow()
        computed = {op for c in run.calls if isinstance(c, ToolSuccess) for op in _ops(c.arguments)}
        for op, words in NAMED.items():
            said = words.search(run.question)
            if said and op not in computed:
                return Reject(f"the question asks for the {said.group().lower()}, and no tool call computed a {op}")
        return Allow()
