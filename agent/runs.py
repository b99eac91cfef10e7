"""Typed plan for the longest run of consecutive rows meeting a condition ('how many consecutive
games was attendance above 20,000', 'the longest winning streak', 'how many consecutive years did X
win'): in the table's order (the file's row order), or over consecutive values of a year column
when `by` names one. Run by the SQL engine (agent/engine/run_engine.py: gaps and islands over
ROW_NUMBER()) and by the pandas reference (agent/ops/run.py); both answer with a StatResult whose
value is the run's length and whose parts say where it lies."""

from __future__ import annotations

import math
import re
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from agent.field_docs import Documented
from agent.plan import Predicate
from agent.sqlish import predicate_sql as predicate_text

_CONFIG = ConfigDict(extra="forbid")

OUTCOME_WORDS: dict[str, tuple[str, ...]] = {
    "win": ("w", "won", "win", "wins", "winner"),
    "loss": ("l", "lost", "loss", "lose", "runner"),
    "draw": ("d", "t", "drew", "draw", "drawn", "tie", "tied"),
}
"""A result cell's first word (letters before a space, a digit or a sign; case ignored) and the
outcome it records: 'W 24-6' and 'Won 3-1' are wins, 'L 17-3' and 'Lost 0-2' losses, 'T 10-10' and
'Drew 1-1' draws; in a list of finals 'Winner' is a win and 'Runner-up' a loss."""
NO_RESULT_WORDS = ("bye", "postponed", "cancelled", "canceled", "abandoned", "void", "tba", "tbd")
"""A result cell's first word saying no game was played ('Bye'); blank cells and dashes say the same."""
NO_RESULT_CELLS = ("", "-", "\u2013", "\u2014", "n/a", "na")


class Outcome(Documented):
    """A result column's outcome: the rows whose `column` cell begins with a word of
    OUTCOME_WORDS[result] ('W 24-6' is a win)."""

    model_config = _CONFIG

    column: str
    """The result column ('Result', 'Score')."""
    result: Literal["win", "loss", "draw"]
    """Which outcome the rows of the run have."""
    pass_over: bool = False
    """Rows whose result cell records no game (missing, blank, a dash, 'Bye', 'Postponed') are
    passed over: they neither break nor extend a run. False: every row counts."""


class RunArgs(Documented):
    """The longest run of consecutive rows meeting `condition` (and `outcome`), among the rows of
    `where`: consecutive in the file's order, or (with `by`) the longest run of consecutive
    whole-number values of `by` (years) held by rows meeting the condition. Returns the run's length,
    where it starts and ends, and how many runs tie at that length."""

    model_config = _CONFIG

    condition: list[Predicate] = Field(default_factory=list)
    """What every row of the run satisfies (AND)."""
    outcome: Outcome | None = None
    """A result every row of the run has (a win, a loss, a draw), besides `condition`."""
    where: list[Predicate] = Field(default_factory=list)
    """The rows considered (AND); the others are left out before runs are counted."""
    by: str | None = None
    """Null: rows consecutive in the file's order. A column of years (numbers, dates, or text
    beginning with a year: '1987-88'): consecutive values of it."""
    unit: Literal["rows", "years"] = "rows"
    """What the length counts: rows (file order) or years (values of `by`)."""

    @model_validator(mode="after")
    def _shape(self) -> RunArgs:
        if not self.condition and self.outcome is None:
            raise ValueError("a run needs a condition or an outcome")
        if (self.by is None) != (self.unit == "rows"):
            raise ValueError("unit 'years' goes with a `by` column, unit 'rows' with none")
        return self


def run_operation(args: RunArgs) -> str:
    """The plan written SQL-like for provenance: 'LONGEST RUN OF CONSECUTIVE ROWS WHERE ...'."""
    tests = [predicate_text(p) for p in args.condition]
    if args.outcome is not None:
        tests.append(f"{args.outcome.column} records a {args.outcome.result}"
                     + (" (rows recording no game passed over)" if args.outcome.pass_over else ""))
    unit = "ROWS (file order)" if args.by is None else f"VALUES OF {args.by} (years)"
    scope = f" AMONG ROWS WHERE {' AND '.join(predicate_text(p) for p in args.where)}" if args.where else ""
    return f"LONGEST RUN OF CONSECUTIVE {unit} WHERE {' AND '.join(tests)}{scope}"


_FIRST_WORD = re.compile(r"^([A-Za-z]+)")
_YEAR = re.compile(r"(1[0-9]{3}|20[0-9]{2})")


def first_word(value: object) -> str | None:
    """A text cell's first word of letters, lower-cased ('W 24-6' -> 'w'); None for other cells."""
    found = _FIRST_WORD.match(value.strip()) if isinstance(value, str) else None
    return found.group(1).lower() if found else None


def outcome_of(value: object) -> str | None:
    """The outcome a result cell records ('W 24-6' -> 'win', 'Lost 0-2' -> 'loss'), or None."""
    word = first_word(value)
    return next((r for r, forms in OUTCOME_WORDS.items() if word in forms), None)


def cell_year(value: object) -> int | None:
    """A cell's year: a whole number, a timestamp's year, or the first year (1000-2099) written in
    text ('1987-88' -> 1987); None otherwise."""
    if hasattr(value, "year") and not isinstance(value, (int, float, str)):
        return int(value.year)
    if hasattr(value, "item") and not isinstance(value, (int, float, str)):  # numpy scalars
        value = value.item()
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return int(value) if not math.isnan(value) and float(value).is_integer() else None
    if isinstance(value, str):
        found = _YEAR.search(value)
        return int(found.group(1)) if found else None
    return None


def longest_stretch(kept: list[bool], hits: list[bool]) -> int:
    """The longest stretch of rows with `hits` among the rows `kept`, in order (rows not kept are
    passed over: they neither break nor extend a stretch)."""
    best = current = 0
    for keep, hit in zip(kept, hits):
        if keep:
            current = current + 1 if hit else 0
            best = max(best, current)
    return best


def no_result(value: object) -> bool:
    """True for a result cell recording no game: missing, blank, a dash, 'Bye', 'Postponed'."""
    if not isinstance(value, str):
        return value is None or isinstance(value, float) and math.isnan(value)
    return value.strip().lower() in NO_RESULT_CELLS or first_word(value) in NO_RESULT_WORDS
