"""Verifier rule: 'how many <noun>' counted as rows where each row names several of them.

'in total, how many teams are there?' over a table of ties whose columns are Team #1 and Team #2
counts 8 rows, but each row names two teams: 16 entries, or fewer teams if one played twice. A
count of rows (no column) whose counted noun is the last header word of two or more text columns
(Team #1 and Team #2, Home team and Away team, Winning Couple and 2nd Couple) is refused, naming
the columns: the rows are pairings, not the things counted."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import DataAbstain
from agent.router.reading import Reading
from agent.router.words import header_words, singular
from agent.table import ColumnRole, Table

_TEXT = (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier)


def columns_ending_in(table: Table, noun: str) -> list[str]:
    """The text columns of `table` whose last header word (letters only) is `noun` or its plural:
    'team' -> ['Team #1', 'Team #2']."""
    found = []
    for column, role in table.roles.items():
        words = [w for w in header_words(column) if w.isalpha()]
        if role in _TEXT and words and singular(words[-1]) == noun:
            found.append(column)
    return found


def check_paired_rows(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises DataAbstain when a row count (AggregateArgs, op count, no column, no grouping) follows
    'how many <noun>' and `noun` ends the headers of two or more text columns (module docstring)."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value != "count" or plan.column is not None \
            or plan.group_by:
        return
    tokens = reading.tokens
    for at in range(len(tokens) - 2):
        if (tokens[at].lower, tokens[at + 1].lower) != ("how", "many"):
            continue
        noun = singular(tokens[at + 2].lower)
        columns = columns_ending_in(table, noun)
        if len(columns) >= 2:
            raise DataAbstain(f"Each row names {len(columns)} {tokens[at + 2].text} ({', '.join(columns)}), so a count "
                              f"of rows is not a count of {tokens[at + 2].text}; ask how many rows, or how many "
                              f"different values of one column.")
