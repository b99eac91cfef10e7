"""Typed plan for an aggregate per entity when an entity spans rows ('the average order value' over
order lines: each order's total, then the mean of those totals). Run by the SQL engine
(agent/engine/entity_engine.py: a GROUP BY in a subquery) and by the pandas reference
(agent/ops/entity.py); both answer with a StatResult."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from agent.field_docs import Documented
from agent.plan import Agg, Predicate


class PerEntityArgs(Documented):
    """outer(inner(column) per `entity`): `inner` combines each entity's rows (sum: an order's total;
    count: its rows), `outer` combines the per-entity values (mean: the average order). Rows with
    no `entity` are left out."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    entity: str
    """Column identifying the entity (order_id): its rows are combined first."""
    inner: Agg = Agg.sum
    """How one entity's rows combine (count needs no column)."""
    column: str | None = None
    """Numeric column combined per entity; null for a count of rows."""
    outer: Agg = Agg.mean
    """How the per-entity values combine (mean, median, min, max, sum)."""
    where: list[Predicate] = Field(default_factory=list)
    """Rows considered before grouping (AND)."""
