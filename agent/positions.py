"""Typed plan for questions about positions in the table's order (the file's row order): the row
next to an anchor row ('which jockey is before TM Jones', 'the district listed after Thrissur'),
and which of two values comes first ('which was listed first, A or B'). Run by the SQL engine
(agent/engine/position_engine.py, on ROW_NUMBER() of a scan) and by the pandas reference
(agent/ops/position.py); both answer with a RowsResult."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from agent.field_docs import Documented
from agent.plan import Predicate

_CONFIG = ConfigDict(extra="forbid", defer_build=True)


class PositionArgs(Documented):
    """neighbour: the row `offset` rows from the one row matching `anchor` (-1: the row before,
    above; +1: the row after, below), returning `columns` of it. earlier: of the `candidates`
    (values of `columns[0]`, each in one row), the one whose row comes first (order asc) or last
    (order desc) in the file."""

    model_config = _CONFIG

    kind: Literal["neighbour", "earlier"]
    """Which position question."""
    anchor: list[Predicate] = Field(default_factory=list)
    """For neighbour: the conditions naming exactly one row (AND)."""
    offset: int = Field(default=1, ge=-1000, le=1000)
    """For neighbour: rows from the anchor row (negative: before it); never 0."""
    columns: list[str] = Field(min_length=1)
    """Columns returned (neighbour), or the one column holding the candidates (earlier)."""
    candidates: list[str | float] = Field(default_factory=list)
    """For earlier: two or more values of columns[0], each in exactly one row."""
    order: Literal["asc", "desc"] = "asc"
    """For earlier: asc asks which comes first, desc which comes last."""

    @model_validator(mode="after")
    def _shape(self) -> PositionArgs:
        if self.kind == "neighbour" and (not self.anchor or self.offset == 0):
            raise ValueError("a neighbour needs an anchor condition and a non-zero offset")
        if self.kind == "earlier" and (len(self.candidates) < 2 or len(self.columns) != 1):
            raise ValueError("'earlier' needs one column and at least two candidate values")
        return self
