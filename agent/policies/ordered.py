"""Policy: an answer to a superlative or ordinal question rests on an ordering operation. When the
router recognises the question as one that picks rows or groups by order ("which team had the
highest total", "the three players with the most rebounds", "the first five books"), the model's
answer must rest on a successful call that ordered over every row: `rank`, `frequency`, `subset`,
an aggregate max/min, or an aggregate/ratio grouped with an `order`. An answer from an unordered
group-by cut to one group (the first group alphabetically, read as the highest) or from no ordering
at all is rejected; the router's plan answers instead, or the run abstains."""

from __future__ import annotations

from agent.policies.base import Allow, Reject, Run, Verdict
from agent.router.kind import Kind
from agent.tools.base import ToolSuccess

ORDERING_TOOLS = frozenset({"rank", "frequency", "subset"})
"""Tools whose result is ordered over every row by construction."""
GROUPED_TOOLS = frozenset({"aggregate", "ratio"})
"""Tools whose result is ordered only when called with `group_by` and an `order`."""
ORDERED_KINDS = frozenset({Kind.rank, Kind.file_order})


def ordered(call: ToolSuccess) -> bool:
    """True when this successful call ordered its rows or groups over the whole table."""
    if call.tool in ORDERING_TOOLS:
        return True
    args = call.arguments or {}
    if call.tool == "aggregate" and args.get("op") in ("max", "min") and not args.get("group_by"):
        return True
    return call.tool in GROUPED_TOOLS and bool(args.get("group_by")) and args.get("order") in ("asc", "desc")


class OrderedAnswerRestsOnOrdering:
    """Rejects a final answer to a rank or file-order question that no ordering call backs."""

    def check(self, run: Run) -> Verdict:
        if run.final is None or run.router.kind not in ORDERED_KINDS:
            return Allow()
        if any(isinstance(c, ToolSuccess) and ordered(c) for c in run.calls):
            return Allow()
        return Reject(f"the question asks for rows or groups by order ({run.router.kind.value}), and no tool call "
                      "ordered the whole table (rank, frequency, max/min, or a group-by with an order)")
