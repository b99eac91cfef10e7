"""The typed plan: the contract between whoever asks (the router, a model, another agent) and the
engine that runs it. Every operation is whitelisted here as an enum; nothing is dispatched by a
model-given name."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import ConfigDict, Field

from agent.field_docs import Documented

Scalar = str | float


class Op(StrEnum):
    """Predicate operators. Text compares ignore case and surrounding whitespace; date values are
    ISO prefixes ('2019', '2019-03', '2019-03-05') meaning that whole year, month or day."""

    eq = "="
    ne = "!="
    gt = ">"
    ge = ">="
    lt = "<"
    le = "<="
    between = "between"
    in_ = "in"
    not_in = "not in"
    contains = "contains"
    is_null = "is null"
    not_null = "is not null"
    latest = "latest"
    earliest = "earliest"


class Predicate(Documented):
    """One condition on one column. `value` for comparisons, `value` and `upper` (inclusive) for
    between, `values` for in / not in; none for is null / is not null / latest / earliest (the rows at the
    column's maximum or minimum)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    column: str
    """Column name as in the table profile."""
    op: Op
    """Comparison operator."""
    value: Scalar | None = None
    """Right-hand side: a number, a text value, or an ISO date prefix."""
    upper: Scalar | None = None
    """Upper bound for between (inclusive)."""
    values: list[Scalar] | None = None
    """Candidate values for in / not in."""


class Agg(StrEnum):
    """Aggregate functions. count counts rows and needs no column."""

    sum = "sum"
    mean = "mean"
    median = "median"
    count = "count"
    count_distinct = "count_distinct"
    min = "min"
    max = "max"
    std = "std"


class AggregateArgs(Documented):
    """An aggregate over the full table: `op(column)` over rows matching all of `where`, optionally
    per group of `group_by`, ordered by the aggregate value and cut to `limit` groups."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    op: Agg
    """Aggregate function."""
    column: str | None = None
    """Column aggregated; null for count."""
    where: list[Predicate] = Field(default_factory=list)
    """Predicates, all of which must hold (AND)."""
    group_by: list[str] = Field(default_factory=list)
    """Columns to group by; empty for one value over all matching rows."""
    order: Literal["desc", "asc"] | None = None
    """Sort groups by the aggregate value: desc for top/highest, asc for bottom/lowest."""
    limit: int | None = None
    """Keep only this many groups after ordering (ties at the cut are reported)."""


class RatioArgs(Documented):
    """A share as a percentage: SUM(column) (or COUNT(*) when column is null) over rows matching
    `base` AND `where`, divided by SUM(denominator_column or column) (or COUNT(*)) over rows
    matching `base`; per group with `group_by` ('which state has the highest fraud rate'). Always a
    ratio of sums, never a mean of per-row percentages."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    where: list[Predicate] = Field(default_factory=list)
    """Condition for the numerator, within the base."""
    base: list[Predicate] = Field(default_factory=list)
    """Condition for the denominator (the population); empty for the whole table."""
    column: str | None = None
    """Numeric column summed in the numerator; null to count rows."""
    denominator_column: str | None = None
    """Numeric column summed in the denominator; null to use `column` (or count rows)."""
    group_by: list[str] = Field(default_factory=list)
    """Columns to group by: one percentage per group (each group's own numerator / denominator)."""
    order: Literal["desc", "asc"] | None = None
    """Sort groups by their percentage: desc for the highest rate first."""
    limit: int | None = None
    """Keep only this many groups after ordering (ties at the cut are reported)."""


class DescribeArgs(Documented):
    """The table profile, or the distinct values (with counts) of one column."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    column: str | None = None
    """Column whose distinct values to list; null for the whole profile."""


class SearchArgs(Documented):
    """A record lookup: rows passing every predicate of `where` (an exact pre-filter), ranked by how
    well they match `query` (meaning and exact terms), reranked; the best `top_n` are returned.
    Returns records, never a total: summaries of records come from aggregate or ratio."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    query: str
    """What to look for, in words: names, places, merchants, descriptions."""
    where: list[Predicate] = Field(default_factory=list)
    """Exact conditions every returned record satisfies (AND): values, numeric and date ranges."""
    candidates: int = Field(default=20, ge=1, le=200)
    """k: candidates taken from vector and term search before the rerank."""
    top_n: int = Field(default=5, ge=1, le=50)
    """Records returned after the rerank."""


Plan = AggregateArgs | RatioArgs | DescribeArgs


def drop_empty_answers(data: dict[str, Any]) -> dict[str, Any]:
    """`data` (a plan's dump) without `answers` when it is empty: the plans of every other question
    dump exactly as before the field was added."""
    if not data.get("answers"):
        data.pop("answers", None)
    return data
