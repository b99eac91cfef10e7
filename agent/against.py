"""Typed plan for rows compared against one named row ('how many nations won more gold medals than
France', 'which buildings have more floors than the Landmark Hotel', 'did A score more points than
B'): the threshold is the named row's own cell, read first; then the rows beyond it are counted or
listed, or a second named row is tested against it. Run by the SQL engine
(agent/engine/against_engine.py: two statements, the named row's cell, then the count or the rows
with that value as a literal) and by the pandas reference (agent/ops/against.py); the provenance
names the named row and the value it holds."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field, model_serializer, model_validator
from pydantic.json_schema import SkipJsonSchema

from agent.field_docs import Documented
from agent.plan import Predicate, drop_empty_answers

_CONFIG = ConfigDict(extra="forbid")

LIST_LIMIT = 1000
"""At most this many rows are listed by an against plan (both engines); total_rows counts them all."""


class AgainstArgs(Documented):
    """The rows of `where` whose `column` is `cmp` (strictly greater or less than) the `column` of
    the one row matching `anchor`. ask count: how many such rows; list: `columns` of each, in file
    order (up to 1,000); check: whether the one row matching `subject` is such a row. The anchor
    (and the subject) must name exactly one row, holding a number in `column`."""

    model_config = _CONFIG

    column: str
    """Numeric column compared."""
    cmp: Literal[">", "<"]
    """'>': rows holding more than the named row; '<': less."""
    anchor: list[Predicate] = Field(min_length=1)
    """The conditions naming the one row compared against (AND)."""
    ask: Literal["count", "list", "check"] = "count"
    """What is asked of the rows beyond the named row's value."""
    columns: list[str] = Field(default_factory=list)
    """For list: the columns returned for each row."""
    subject: list[Predicate] = Field(default_factory=list)
    """For check: the conditions naming the one row tested (AND)."""
    where: list[Predicate] = Field(default_factory=list)
    """For count and list: further conditions on the rows (AND)."""
    answers: SkipJsonSchema[list[str]] = Field(default_factory=list, max_length=2)
    """For check, set by the router alone: the words answering yes and no ('more', 'less') when the
    question offers both (agent/answer_words.py); empty: a yes/no answer."""

    @model_serializer(mode="wrap")
    def _dump(self, handler):  # noqa: ANN001, ANN202
        return drop_empty_answers(handler(self))

    @model_validator(mode="after")
    def _shape(self) -> AgainstArgs:
        if self.ask == "list" and not self.columns:
            raise ValueError("a list needs the columns to return")
        if self.ask == "check" and not self.subject:
            raise ValueError("a check needs the subject row's conditions")
        return self
