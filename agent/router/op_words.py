"""What an operation word says beside the column words of a question (router/planner.py): the word
'total' naming a numeric column Total and the sum alike, and a count word whose next noun is the
rows themselves."""

from __future__ import annotations

from agent.router.draft import Draft
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading


def named_total(draft: Draft, lex: Lexicon, column: str | None) -> bool:
    """True when the measure is a numeric column named by the word 'total' itself ('What is the
    total for Apple?' beside a column Total): the word names the column and the operation alike,
    and either reading sums that column over the matching rows."""
    return column is not None and column in lex.numeric_columns and \
        any(c.column == column and c.text.lower() == "total" and not c.similar and not c.weak for c in draft.columns)


def rows_counted(reading: Reading) -> str | None:
    """The row noun right after a count word ('how many shipments', 'number of rows'), else None."""
    for item in reading.of("op"):
        nxt = reading.after(item)
        if item.meanings[0].value == "count" and nxt is not None and nxt.kind == "row":
            return nxt.text
    return None
