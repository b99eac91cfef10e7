"""A table's result column and what its cells record, shared by the readings of runs
(streak_plan.py: 'the longest winning streak') and of counts by outcome (outcome_plan.py: 'how many
games did they win'). A result cell's first word says the outcome (agent.runs.OUTCOME_WORDS: 'W 24-6'
a win, 'L 10-17' a loss, 'T 7-7' a draw); a blank, a dash or 'Bye' records no game (agent.runs.no_result);
any other cell ('Nominated', '24-17') records neither."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent.router.draft import DataAbstain
from agent.runs import OUTCOME_WORDS, first_word, no_result
from agent.table import Table

if TYPE_CHECKING:
    import pandas as pd

ALL_WORDS = frozenset(w for words in OUTCOME_WORDS.values() for w in words)
"""Every first word that records an outcome."""


def result_columns(table: Table, outcome: str | None = None) -> list[str]:
    """The columns whose cells record results ('W 24-6', 'Won 3-1'): the first word of at least 80% of
    the cells recording a game is an outcome word, two different such words are among them (and,
    with `outcome`, some cell records it). Each column is read once per table (memoised on it)."""
    memo = table.__dict__.setdefault("_result_words", {})
    found = []
    for column in table.columns:
        if column not in memo:
            memo[column] = _outcome_words(table.df[column])
        said = memo[column]
        if said is not None and (outcome is None or said & set(OUTCOME_WORDS[outcome])):
            found.append(column)
    return found


def _outcome_words(cells: pd.Series) -> frozenset[str] | None:
    """The outcome words that start the cells of a result column (result_columns), or None when
    `cells` is no such column. A column of numbers, dates or flags holds no text, so none of its
    cells starts with a word; a text column is read by its distinct cells, each weighed by its rows."""
    import pandas as pd
    from pandas.api.types import is_object_dtype, is_string_dtype

    if not (is_object_dtype(cells.dtype) or is_string_dtype(cells.dtype) or isinstance(cells.dtype, pd.CategoricalDtype)):
        return None
    try:
        weighed = cells.value_counts(dropna=False, sort=False).items()
    except TypeError:  # unhashable cells (lists): each cell on its own
        weighed = ((value, 1) for value in cells)
    games = hits = 0
    said: set[str] = set()
    for value, rows in weighed:
        if no_result(value):  # a 'Bye' records no game
            continue
        games += rows
        if (word := first_word(value)) in ALL_WORDS:
            hits += rows
            said.add(word)
    return frozenset(said) if games and hits >= 0.8 * games and len(said) > 1 else None


def result_column(table: Table, outcome: str, what: str) -> str:
    """The one result column recording `outcome`. Raises DataAbstain for none or several, naming
    `what` was asked ('A run of wins')."""
    found = result_columns(table, outcome)
    if len(found) != 1:
        which = ", ".join(found) if found else "no column whose cells record wins and losses ('W 24-6')"
        raise DataAbstain(f"{what} needs one column of results; I found {which}.")
    return found[0]


def outcome_spellings(table: Table, column: str, outcome: str) -> list[str]:
    """The distinct cells of `column` recording `outcome` ('W 24-6', 'W 10-3'), in first appearance."""
    words = OUTCOME_WORDS[outcome]
    return list(dict.fromkeys(v for v in table.df[column] if isinstance(v, str) and first_word(v) in words))


def no_game_spellings(table: Table, column: str) -> list[str]:
    """The distinct text cells of `column` recording no game ('Bye', '-'), in first appearance."""
    return list(dict.fromkeys(v for v in table.df[column] if isinstance(v, str) and no_result(v)))


def odd_cells(table: Table, column: str, scope: list[bool]) -> list[str]:
    """The distinct cells of `column` among the rows of `scope` that record neither an outcome nor no
    game ('Nominated', '24-17'), sorted."""
    cells = table.df[column]
    return sorted({str(v) for s, v in zip(scope, cells) if s and not no_result(v) and first_word(v) not in ALL_WORDS})
