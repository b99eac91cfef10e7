"""Typed plans for the question kinds beyond aggregate and ratio: yes/no tests, ranked rows,
frequent and distinct values, statistics (range, percentile, correlation), column arithmetic,
change between two values, and latest-row-per-id (history tables). Every operation is a
whitelisted enum; columns are names checked against the table; values are literals."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import ConfigDict, Field, model_serializer
from pydantic.json_schema import SkipJsonSchema

from agent.field_docs import Documented
from agent.against import AgainstArgs
from agent.per_entity import PerEntityArgs
from agent.plan import Agg, Predicate, drop_empty_answers
from agent.positions import PositionArgs
from agent.runs import RunArgs

_CONFIG = ConfigDict(extra="forbid", defer_build=True)


class Measure(Documented):
    """One aggregate: op(column) over the rows matching `where` (AND)."""

    model_config = _CONFIG

    op: Agg
    """Aggregate function (count needs no column)."""
    column: str | None = None
    """Column aggregated; null for count."""
    where: list[Predicate] = Field(default_factory=list)
    """Rows the aggregate covers."""


class Cmp(StrEnum):
    """Comparison of a yes/no test."""

    gt = ">"
    ge = ">="
    lt = "<"
    le = "<="
    eq = "="
    ne = "!="


class CheckKind(StrEnum):
    """any: some row of `where` satisfies `condition`; none: no row does; all: every row does;
    compare: `left` compared with `right` (another aggregate) or `value`; unique: no value of
    `column` repeats within `where`."""

    any = "any"
    none = "none"
    all = "all"
    compare = "compare"
    unique = "unique"


class CheckArgs(Documented):
    """A yes/no question answered by a test over every row; the answer carries the numbers that decide it."""

    model_config = _CONFIG

    check: CheckKind
    """Which test."""
    where: list[Predicate] = Field(default_factory=list)
    """The population tested (empty: every row)."""
    condition: list[Predicate] = Field(default_factory=list)
    """For any/none/all: what a row must satisfy (AND)."""
    column: str | None = None
    """For unique: the column whose values must not repeat."""
    left: Measure | None = None
    """For compare: the aggregate on the left."""
    cmp: Cmp | None = None
    """For compare: the comparison."""
    right: Measure | None = None
    """For compare: an aggregate on the right; null when comparing with `value`."""
    value: float | str | None = None
    """For compare: the number (or text, for a min/max of text) on the right."""
    answers: SkipJsonSchema[list[str]] = Field(default_factory=list, max_length=2)
    """Set by the router alone: the words answering yes and no ('above', 'below') when the question
    offers both (agent/answer_words.py); empty: a yes/no answer."""

    @model_serializer(mode="wrap")
    def _dump(self, handler):  # noqa: ANN001, ANN202
        return drop_empty_answers(handler(self))


class RankArgs(Documented):
    """Rows ordered by a column (or by distance to `near`, or kept in file order when `by` is null),
    returning other columns of those rows; ties at the cut are reported."""

    model_config = _CONFIG

    by: str | None = None
    """Column to rank by; null keeps the file's row order ('the first five books')."""
    order: Literal["desc", "asc"] = "desc"
    """desc: highest first (or last rows first in file order); asc: lowest first."""
    near: float | None = None
    """Rank by closeness to this number instead (|by - near| ascending)."""
    limit: int = Field(default=1, ge=1, le=1000)
    """Rows returned."""
    offset: int = Field(default=0, ge=0)
    """Rows skipped before the limit ('the second highest': offset 1, limit 1)."""
    distinct: bool = False
    """Rank distinct values of `by` instead of rows ('the 3 highest different revenues')."""
    columns: list[str] = Field(default_factory=list)
    """Columns returned for each row; empty returns every column."""
    where: list[Predicate] = Field(default_factory=list)
    """Rows considered (AND)."""


class FrequencyArgs(Documented):
    """The most (desc) or least (asc) frequent values of a column, with their row counts."""

    model_config = _CONFIG

    column: str
    """Column whose values are counted."""
    order: Literal["desc", "asc"] = "desc"
    """desc: most common first; asc: least common first."""
    limit: int = Field(default=1, ge=1, le=1000)
    """Values returned (ties at the cut are reported)."""
    where: list[Predicate] = Field(default_factory=list)
    """Rows counted (AND)."""


class DistinctArgs(Documented):
    """The distinct values of a column."""

    model_config = _CONFIG

    column: str
    """Column listed."""
    order: Literal["appearance", "asc", "desc"] = "appearance"
    """appearance: in order of first appearance in the file; asc/desc: sorted."""
    where: list[Predicate] = Field(default_factory=list)
    """Rows considered (AND)."""


class StatOp(StrEnum):
    """range: max minus min; percentile: the q-th percentile (linear interpolation); correlation:
    Pearson correlation of `column` and `other`."""

    range = "range"
    percentile = "percentile"
    correlation = "correlation"


class StatisticArgs(Documented):
    """A statistic of numeric column(s) over the rows matching `where`."""

    model_config = _CONFIG

    op: StatOp
    """Which statistic."""
    column: str
    """Numeric column."""
    other: str | None = None
    """For correlation: the second numeric column."""
    q: float | None = Field(default=None, ge=0, le=100)
    """For percentile: which percentile, 0-100 (50 = median)."""
    where: list[Predicate] = Field(default_factory=list)
    """Rows considered (AND)."""


class SubsetArgs(Documented):
    """An aggregate over a ranked subset: op(column) over the `limit` rows ranked by `by`
    ('the mean rating of the top 10 by reviews')."""

    model_config = _CONFIG

    op: Agg
    """Aggregate taken over the subset."""
    column: str | None = None
    """Column aggregated (null for count)."""
    by: str
    """Column the subset is ranked by."""
    order: Literal["desc", "asc"] = "desc"
    """desc: the highest `by` values; asc: the lowest."""
    limit: int = Field(ge=1, le=100000)
    """Rows in the subset."""
    where: list[Predicate] = Field(default_factory=list)
    """Rows ranked (AND)."""


class ArithOp(StrEnum):
    """Arithmetic between two operands."""

    add = "+"
    sub = "-"
    mul = "*"
    div = "/"


class Operand(Documented):
    """A column or a number (exactly one of them)."""

    model_config = _CONFIG

    column: str | None = None
    """Numeric column (per row)."""
    value: float | None = None
    """Constant."""


class ExpressionArgs(Documented):
    """Per row `left op right` (columns and constants), then aggregated with `agg` over rows
    matching `where` ('the total of FGM plus FTM'; 'height in cm': column * 100)."""

    model_config = _CONFIG

    left: Operand
    """Left operand."""
    op: ArithOp
    """Arithmetic operator."""
    right: Operand
    """Right operand."""
    agg: Agg = Agg.sum
    """Aggregate of the per-row results (count counts rows with a result)."""
    where: list[Predicate] = Field(default_factory=list)
    """Rows considered (AND)."""


class ChangeArgs(Documented):
    """The change of op(column) from the rows where `key` = `start` to the rows where `key` =
    `end` (years, periods, categories): absolute (end - start) and percent (100 * (end - start) / start)."""

    model_config = _CONFIG

    column: str
    """Numeric column measured."""
    key: str
    """Column naming the two periods (e.g. year)."""
    start: float | str
    """The period changed from."""
    end: float | str
    """The period changed to."""
    op: Agg = Agg.sum
    """How each period's rows are combined (one row each: any of sum/mean/max gives its value)."""
    where: list[Predicate] = Field(default_factory=list)
    """Further conditions on both periods (AND)."""
    report: Literal["absolute", "percent"] = "absolute"
    """Which change the question asks for (both are returned)."""


class LatestArgs(Documented):
    """A history table (an id repeating with a date, e.g. a status log): keep each id's latest row
    (the maximum of `date`), then count those rows matching `where`, or take op(column) over them."""

    model_config = _CONFIG

    id: str
    """Column identifying the entity (ticket, order...)."""
    date: str
    """Date column ordering each id's rows."""
    op: Agg = Agg.count
    """Aggregate over the latest rows."""
    column: str | None = None
    """Column aggregated (null for count)."""
    where: list[Predicate] = Field(default_factory=list)
    """Conditions on the latest rows (AND)."""


QueryPlan = (CheckArgs | RankArgs | FrequencyArgs | DistinctArgs | StatisticArgs | SubsetArgs | ExpressionArgs
             | ChangeArgs | LatestArgs | PositionArgs | PerEntityArgs | AgainstArgs | RunArgs)
