"""Which tools the model is offered for one question: the tools of the question's kind (recognised
by the router from cue words, before any plan), `aggregate` and `describe` always, and the tool of
the router's own plan when it built one. Offering all twelve makes a ~10k-token prompt (about 39k
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
    Kind.rank: frozenset({"rank", "subset"}),
    Kind.select: frozenset({"rank", "distinct"}),
}
"""The typed tools each kind of question needs, beside ALWAYS. Every Kind has an entry."""


def tools_for_kind(kind: Kind, plan_tool: str | None = None) -> frozenset[str]:
    """Names of the tools offered for a question of `kind`; `plan_tool` is the tool that runs the
    router's plan (None without a plan), offered too so the model can reach the router's reading.
    Raises KeyError for a Kind with no entry (a new kind must say what it offers)."""
    return ALWAYS | BY_KIND[kind] | ({plan_tool} if plan_tool else frozenset())
