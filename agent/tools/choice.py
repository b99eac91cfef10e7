"""Which tools the model is offered for one question: the tools of the question's kind (recognised
by the router from cue words, before any plan) and `aggregate` and `describe` always. The set
depends on the kind alone, not on the router's plan, so a recorded conversation replays unchanged
when the planner learns a new reading. Offering all twelve makes a ~10k-token prompt (about 39k
characters of schemas, measured on the IBM HR table) from which a small model picks operations the
question never needs; a kind's set is three to six tools."""

from __future__ import annotations

from agent.router.kind import Kind

ALWAYS = frozenset({"aggregate", "describe"})
"""Offered for every question: totals, counts and means, and the table's profile."""

BY_KIND: dict[Kind, frozenset[str]] = {
    Kind.aggregate: frozenset({"ratio", "statistic", "expression", "change"}),
    Kind.yes_no: frozenset({"check"}),
    Kind.statistic: frozenset({"statistic"}),
    Kind.change: frozenset({"change"}),
    Kind.frequency: frozenset({"frequency"}),
    Kind.distinct: frozenset({"distinct"}),
    Kind.file_order: frozenset({"rank"}),
    Kind.position: frozenset({"position", "rank"}),
    Kind.rank: frozenset({"rank", "subset"}),
    Kind.select: frozenset({"rank", "distinct"}),
}
"""The typed tools each kind of question needs, beside ALWAYS. Every Kind has an entry."""


def tools_for_kind(kind: Kind) -> frozenset[str]:
    """Names of the tools offered for a question of `kind`. Raises KeyError for a Kind with no
    entry (a new kind must say what it offers)."""
    return ALWAYS | BY_KIND[kind]
