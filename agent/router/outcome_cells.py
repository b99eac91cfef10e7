"""A table's result column and what its cells record, shared by the readings of runs
(streak_plan.py: 'the longest winning streak') and of counts by outcome (outcome_plan.py: 'how many
games did they win'). A result cell's first word says the outcome (agent.runs.OUTCOME_WORDS: 'W 24-6'
a win, 'L 10-17' a loss, 'T 7-7' a draw); a blank, a dash or 'Bye' records no game (agent.runs.no_result);
any other cell ('Nominated', '24-17') records neither."""

from __future__ import annotations

from agent.router.draft import DataAbstain
from agent.runs import OUTCOME_WORDS, first_word, no_result
from agent.table import Table

ALL_WORDS = frozenset(w for words in OUTCOME_WORDS.values() for w in words)
"""Every first word that records an outcome."""


def result_columns(table: Table, outcome: str | None = None) -> list[str]:
    """The columns whose cells record results ('W 24-6', 'Won 3-1'): the first word of at least 80% of
    the cells recording a game is an outcome word, two different such words are among them (and,
    with `outcome`, some cell records it)."""
    found = []
    for column in table.columns:
        words = [first_word(v) for v in table.df[column] if not no_result(v)]  # a 'Bye' records no game
        if not words or sum(w in ALL_WORDS for w in words) < 0.8 * len(words):
            continue
        said = {w for w in words if w in ALL_WORDS}
        if len(said) > 1 and (outcome is None or said & set(OUTCOME_WORDS[outcome])):
            found.append(column)
    return found


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
