"""Typed results of the compute tools. Every result carries its provenance."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from agent.profile import TableProfile

Value = str | int | float | None
_Doc = ConfigDict(defer_build=True)


class Provenance(BaseModel):
    """Where a number came from: the operation, the rows behind it, and what was skipped."""

    model_config = _Doc

    operation: str
    """The operation written SQL-like, e.g. SUM(amt) WHERE category = 'grocery_pos' (engine-neutral)."""
    sql: str = ""
    """The SQL exactly as the engine ran it (its dialect); '' where no query ran."""
    engine: str = ""
    """The engine that ran it: duckdb or spark."""
    rows_scanned: int
    """Rows in the table (all of them are scanned)."""
    rows_matched: int
    """Rows that satisfied the predicates."""
    nulls_skipped: int = 0
    """Matched rows whose aggregated value was missing or unparseable and so not counted."""
    notes: list[str] = Field(default_factory=list)
    """How raw values were read (e.g. '(120.00)' read as -120) and anything else skipped."""
    matched_values: dict[str, list[str]] = Field(default_factory=dict)
    """Per text predicate column, the distinct spellings that matched (case/whitespace-insensitive)."""
    resolved: dict[str, str] = Field(default_factory=dict)
    """Values the engine resolved, e.g. {'MAX(day)': '2024-01-05'} for a 'latest' predicate."""
    elapsed_ms: float = 0.0
    """Engine time in milliseconds."""
    file: str = ""
    """The table's file name."""
    sha256: str = ""
    """Hex SHA-256 of the file's bytes; for a big file read where it lies, of its path, size and
    modification time (hashing every byte would read the whole file for each question)."""
    restatement: str | None = None
    """The plan that ran, in one line of plain words ("Read as: the total amt by category"; agent.restate)."""


class Group(BaseModel):
    """One group of a group-by: its key values (in group_by order), the aggregate (or the
    percentage, for ratio) and its row count; ratio groups also carry numerator and denominator."""

    model_config = _Doc

    key: list[Value]
    value: Value
    rows: int
    numerator: float | None = None
    denominator: float | None = None


class AggregateResult(BaseModel):
    """Result of `aggregate`: `value` without group_by, else `groups` (ordered, possibly cut)."""

    model_config = _Doc

    kind: Literal["aggregate"] = "aggregate"
    op: str
    column: str | None
    group_by: list[str] = Field(default_factory=list)
    value: Value = None
    """The aggregate over all matching rows (no group_by)."""
    groups: list[Group] = Field(default_factory=list)
    """Groups kept after order and limit."""
    total_groups: int = 0
    """Number of groups before the limit."""
    ties: list[Group] = Field(default_factory=list)
    """Groups cut by the limit whose value equals the last kept group's value."""
    provenance: Provenance


class RatioResult(BaseModel):
    """Result of `ratio`: numerator / denominator as a percentage (0-100)."""

    model_config = _Doc

    kind: Literal["ratio"] = "ratio"
    numerator: float
    denominator: float
    percent: float
    """100 * numerator / denominator, over all groups together."""
    group_by: list[str] = Field(default_factory=list)
    groups: list[Group] = Field(default_factory=list)
    """Per group (with group_by): value is the group's percentage; ordered and cut as asked."""
    total_groups: int = 0
    ties: list[Group] = Field(default_factory=list)
    provenance: Provenance


class ValueCount(BaseModel):
    """A distinct value of a column and how many rows hold it."""

    model_config = _Doc

    value: Value
    rows: int


class DescribeResult(BaseModel):
    """Result of `describe`: the whole profile, or one column's distinct values with row counts."""

    model_config = _Doc

    kind: Literal["describe"] = "describe"
    profile: TableProfile | None = None
    column: str | None = None
    values: list[ValueCount] = Field(default_factory=list)
    total_distinct: int = 0
    """Distinct values in the column before any cut."""
    provenance: Provenance


class Record(BaseModel):
    """One row returned by search: its position in the file's data rows (0-based), its fields,
    and its score in the final stage (higher is better)."""

    model_config = _Doc

    row: int
    score: float
    fields: dict[str, Value]


class Stage(BaseModel):
    """One stage of a search: what it did, how many rows it returned and how long it took (ms)."""

    model_config = _Doc

    name: str
    returned: int
    elapsed_ms: float
    detail: str = ""


class SearchResult(BaseModel):
    """Result of `search`: the records, the exact filter every one of them passes, how many rows
    pass it in the whole table, and the stages with their scores and timings."""

    model_config = _Doc

    kind: Literal["search"] = "search"
    query: str
    records: list[Record]
    filter: str
    """The pre-filter written SQL-like ('' when there is none)."""
    columns: list[str] = Field(default_factory=list)
    """The columns whose labelled text was embedded (the record's description)."""
    stages: list[Stage] = Field(default_factory=list)
    provenance: Provenance

    @property
    def exact(self) -> bool:
        """True when the records came straight from the filter (no ranking stage ran)."""
        return [s.name for s in self.stages] == ["exact"]


class CheckResult(BaseModel):
    """Result of `check` (a yes/no test): the answer and the numbers that decide it."""

    model_config = _Doc

    kind: Literal["check"] = "check"
    check: str
    answer: bool
    """True for yes."""
    deciding: dict[str, Value] = Field(default_factory=dict)
    """The numbers behind the answer, e.g. {'rows matching': 3} or {'AVG(Age)': 36.9, 'value': 35}."""
    examples: list[dict[str, Value]] = Field(default_factory=list)
    """A few rows that show the answer (a matching row for any, a failing one for all)."""
    said: str | None = Field(default=None, exclude_if=lambda v: v is None)
    """For a two-way question ('more or less'): the word of the question that answers it, in
    place of yes/no (agent/answer_words.py). Left out of a dump when None: every other check's
    result, and so a model's tool message, is as before the field was added."""
    provenance: Provenance


class RowsResult(BaseModel):
    """Result of `rank`: rows in rank order with the asked columns; rows cut by the limit whose
    ranking value equals the last kept row's are in `ties`."""

    model_config = _Doc

    kind: Literal["rows"] = "rows"
    by: str | None
    columns: list[str]
    rows: list[dict[str, Value]]
    ties: list[dict[str, Value]] = Field(default_factory=list)
    total_rows: int = 0
    """Rows (or distinct values) ranked, before the limit."""
    provenance: Provenance


class ValuesResult(BaseModel):
    """Result of `frequency` and `distinct`: values of one column, with their row counts."""

    model_config = _Doc

    kind: Literal["values"] = "values"
    column: str
    values: list[ValueCount]
    ties: list[ValueCount] = Field(default_factory=list)
    """Values cut by the limit whose count equals the last kept value's."""
    total_distinct: int = 0
    provenance: Provenance


class StatResult(BaseModel):
    """Result of `statistic`, `subset`, `expression` and `latest`: one number, with its parts."""

    model_config = _Doc

    kind: Literal["stat"] = "stat"
    op: str
    """What was computed, e.g. 'range', 'percentile', 'correlation', 'mean of top 10', 'sum'."""
    column: str | None
    value: Value
    parts: dict[str, Value] = Field(default_factory=dict)
    """The numbers it came from, e.g. {'max': 15, 'min': 0} for a range."""
    provenance: Provenance


class ChangeResult(BaseModel):
    """Result of `change`: the two values and the change between them."""

    model_config = _Doc

    kind: Literal["change"] = "change"
    column: str
    start: Value
    end: Value
    start_value: float
    end_value: float
    absolute: float
    """end_value - start_value."""
    percent: float | None
    """100 * absolute / start_value; null when start_value is 0."""
    report: Literal["absolute", "percent"] = "absolute"
    """Which of the two the question asked for."""
    provenance: Provenance


Result = (AggregateResult | RatioResult | DescribeResult | SearchResult | CheckResult | RowsResult | ValuesResult
          | StatResult | ChangeResult)
