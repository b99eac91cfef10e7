"""The run plan (agent/runs.py) from a verified count and the run words (agent/router/streaks.py):
'how many consecutive games was attendance above 20,000' was read as COUNT(*) WHERE Attendance >
20000, and becomes the longest run of consecutive rows where Attendance > 20000; 'for how many
consecutive years did X win' (a count of distinct years) the longest run of consecutive values of
the year column; 'the longest winning streak' the longest run of rows whose result cell records a
win. Refuses, naming the words, where the run is not clearly one reading: 'consecutive days' or
'weeks' (calendar days, or rows?), a count that is no count of rows or years, conditions on several
columns whose rows lie apart (consecutive among the rows of one, or in the whole table?), no result
column or several, and result cells recording neither a game's result nor no game ('Nominated')
that decide the length; cells recording no game ('Bye', a blank) are passed over, and the plan says so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent.plan import Agg, AggregateArgs, Predicate
from agent.predicates import select
from agent.router.draft import Abstain, DataAbstain
from agent.router.outcome_cells import ALL_WORDS, result_column
from agent.router.positions import ordering_columns
from agent.router.streaks import Streak
from agent.runs import (
    OUTCOME_WORDS,
    Outcome,
    RunArgs,
    cell_year,
    first_word,
    longest_stretch,
    no_result,
)
from agent.table import Table

if TYPE_CHECKING:
    import numpy as np

YEAR_UNITS = frozenset({"years", "seasons"})
"""Counted nouns that make the run one of consecutive years (values of a year column)."""
CALENDAR_UNITS = frozenset({"days", "weeks", "months", "hours", "minutes", "nights", "decades"})
"""Counted nouns that may mean calendar steps or rows: refused."""


def run_from_count(plan: object, streak: Streak, table: Table, notes: list[str]) -> RunArgs:
    """The run plan for `plan` (the verified plan of the question with its run words taken out).
    Raises Abstain (the words do not read as one run) or DataAbstain (the rows spoil it)."""
    said = f"'{streak.said}'"
    if not isinstance(plan, AggregateArgs) or plan.group_by or plan.limit is not None or \
            plan.op not in (Agg.count, Agg.count_distinct):
        raise Abstain(f"I read {said} as a run of consecutive rows, but the rest of the question is no count of "
                      "rows I could take the longest run of.")
    if streak.unit in CALENDAR_UNITS:
        raise Abstain(f"'{streak.cue} {streak.unit}' could mean consecutive calendar {streak.unit} or consecutive "
                      "rows of the table; I could not tell which.")
    by = _year_column(plan, streak, table)
    if plan.op is Agg.count_distinct and by is None and not _unique(table, plan.column):
        raise Abstain(f"I read {said} over the different values of {plan.column}, which repeat among the rows; "
                      "I could not tell what one step of the run is.")
    if streak.outcome is not None:
        outcome = Outcome(column=result_column(table, streak.outcome, f"A run of {streak.outcome}s"), result=streak.outcome)
        _apart(table, plan.where, 0, said)
        outcome = _passed_over(table, outcome, plan.where) if by is None else outcome
        run = RunArgs(outcome=outcome, where=list(plan.where), by=by, unit="years" if by else "rows")
    else:
        if not plan.where:
            raise Abstain(f"I read {said} as a run of consecutive rows, but not what the rows of the run have in "
                          "common; name the condition.")
        _apart(table, plan.where, 1, said)
        run = RunArgs(condition=list(plan.where), by=by, unit="years" if by else "rows")
    what = f"consecutive values of {by}" if by else "consecutive rows in the table's order"
    notes.append(f"read {said} as the longest run of {what}")
    return run


def _year_column(plan: AggregateArgs, streak: Streak, table: Table) -> str | None:
    """The column of years a 'consecutive years' run steps through: the counted column when it is
    one, else the one year or season column; None for a run of rows. Raises Abstain when the words
    say years but no single column holds them."""
    if streak.unit not in YEAR_UNITS:
        return None
    columns = [plan.column] if plan.op is Agg.count_distinct else ordering_columns(table, ("year", "season"))
    held = [c for c in columns if c and _holds_years(table, c)]
    if len(held) != 1:
        which = ", ".join(held) if held else "no column of years"
        raise Abstain(f"'{streak.cue} {streak.unit}' steps through years, but I found {which}; I could not tell "
                      "which column the years are.")
    return held[0]


def _holds_years(table: Table, column: str) -> bool:
    """True when nearly every present cell of `column` is or begins with a year (1000-2099)."""
    cells = table.df[column].dropna()
    years = [y for y in map(cell_year, cells) if y is not None and 1000 <= y <= 2099]
    return len(cells) > 0 and len(years) >= 0.9 * len(cells)


def _unique(table: Table, column: str | None) -> bool:
    return column is not None and table.df[column].dropna().is_unique


def _apart(table: Table, where: list[Predicate], kept: int, said: str) -> None:
    """Raises Abstain unless the conditions on all but `kept` of the columns pick one block of
    consecutive rows: with conditions on two columns whose rows lie apart, 'consecutive' may be
    among the rows of one or in the whole table."""
    columns = list(dict.fromkeys(p.column for p in where))
    apart = [c for c in columns if not _one_block(select(table, [p for p in where if p.column == c]).mask)]
    if len(apart) > kept:
        named = ", ".join(apart)
        raise Abstain(f"I read {said} as a run of consecutive rows, but the rows of {named} lie apart in the table: "
                      "consecutive among those rows, or in the whole table? I could not tell.")


def _one_block(mask: np.ndarray) -> bool:
    """True when the True entries of `mask` are one stretch of adjacent rows."""
    import numpy as np

    hits = np.flatnonzero(mask)
    return len(hits) > 0 and hits[-1] - hits[0] + 1 == len(hits)


def _passed_over(table: Table, outcome: Outcome, where: list[Predicate]) -> Outcome:
    """`outcome`, passing over rows whose result cell records no game ('Bye', a blank) when the
    rows in scope hold any. Raises DataAbstain when other cells recording no outcome ('Nominated',
    'Abandoned at 1-1') decide the length: the run differs as they break it or are passed over."""
    column, words = outcome.column, OUTCOME_WORDS[outcome.result]
    scope = select(table, where).mask
    cells = list(table.df[column])
    skipped = [bool(s) and no_result(v) for s, v in zip(scope, cells)]
    kept = [bool(s) and not k for s, k in zip(scope, skipped)]
    hits = [first_word(v) in words for v in cells]
    odd = [bool(k) and first_word(v) not in ALL_WORDS for k, v in zip(kept, cells)]
    if any(odd):
        breaking = longest_stretch(kept, hits)
        passed = longest_stretch([k and not o for k, o in zip(kept, odd)], hits)
        if breaking != passed:
            shown = sorted({str(v) for v, o in zip(cells, odd) if o})[:3]
            raise DataAbstain(f"{column} holds cells that record no win or loss ({', '.join(map(repr, shown))}): the "
                              f"longest run is {breaking} if they break it and {passed} if they are passed over.")
    return outcome.model_copy(update={"pass_over": any(skipped)})
