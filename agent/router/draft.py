"""The second pass's typed value: a Draft (what the question asks for and the conditions it sets),
and Abstain, raised by any stage that cannot map part of the question."""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.plan import Predicate
from agent.router.reading import Item


class Abstain(Exception):
    """The parser cannot map part of the question; `reason` names that part."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class DataAbstain(Abstain):
    """Every word was read into a plan, but the table's rows keep it from an exact answer (a summary
    row it would count, a column of places, cells holding lists): the question is about this table."""


@dataclass
class Draft:
    """What the parser has understood so far."""

    op: str | None = None
    ratio: bool = False
    order: str | None = None
    limit: int | None = None
    which: bool = False
    magnitude: bool = False
    """'the largest transaction': rank by the measure's max/min, not by a count."""
    group_by: list[str] = field(default_factory=list)
    columns: list[Item] = field(default_factory=list)
    predicates: list[tuple[int, Predicate]] = field(default_factory=list)
    time_lookup: tuple[str, str] | None = None
    time_value: tuple[str, str] | None = None
    """('latest', column) when the question may ask for the latest value of a date column itself."""
    measure_used: bool = False
    measure_words: list[str] = field(default_factory=list)
    """The measure words read ('spend', 'value'), in question order."""
    measure_consumed: bool = False
    """The measure word was the subject of a comparison ('an amount above 100'), not what to sum."""
    per_row: bool = False
    """A column named before a row noun ('status updates', 'ticket entries'): the rows are counted."""
    ordinal: int | None = None
    """2 for 'the second highest X' (the ordinal right before an order word)."""
    row_count: tuple[str, float] | None = None
    """('<', 200000) for 'fewer than 200k rows': a test of the number of rows, not of a column."""
    names_rows: bool = False
    """The question opens with an instruction to name or list ('name one nation that ...')."""
    counts_entity: str | None = None
    """'how many respondents': the people counted (the rows are one each), so a column named after
    them is a condition to state, never what is counted ('how many respondents wear glasses')."""
    notes: list[str] = field(default_factory=list)

    @property
    def asks(self) -> bool:
        """True when the question asks for something itself (not only adds conditions)."""
        return bool(self.op or self.ratio or self.order or self.group_by or self.columns
                    or self.measure_used or self.time_lookup)
