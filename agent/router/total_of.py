"""Linking stage: 'total' right before a column that is one addend of the table's Total column is
the sum operation, not the Total column ('how many total gold medals', 'the number of total gold
medals awarded' on a medal table where Total = Gold + Silver + Bronze on every row).

The evidence is the table's own arithmetic (agent/router/sums.py: the Total column's cells are, on
every row, the sum of the same set of columns): Total already adds Gold to the other kinds, so
'total gold' cannot name it; it can only total Gold. A Total column that is no row sum, a column
outside its addends, a word between the two ('total number of gold'), or any other word than
'total' keeps the column reading (and the router refuses two columns to aggregate, as before)."""

from __future__ import annotations

from agent.router.lexicon import Lexicon, Meaning
from agent.router.reading import Reading

SUM_WORDS = frozenset({"total"})


def total_as_sum(reading: Reading, lex: Lexicon) -> None:
    """Re-read in place each 'total' column item followed at the next token by a strongly linked
    column that its Total column adds up (module docstring) as the operation 'sum'; each is noted."""
    for item in reading.items:
        if item.kind != "column" or item.text.lower() not in SUM_WORDS or item.column not in lex.row_sums:
            continue
        nxt = reading.at(item.pos + 1)
        if nxt is None or nxt.kind != "column" or nxt.similar or nxt.weak \
                or nxt.column not in lex.row_sums[item.column] or nxt.column in lex.restated:
            continue  # a row restating the column's sum ('All places') would be counted twice
        total, addends = item.column, " + ".join(sorted(lex.row_sums[item.column]))
        item.meanings, item.kind = [Meaning("op", value="sum")], "op"
        reading.notes.append(f"read 'total {nxt.text}' as the sum of {nxt.column}, not the column {total} "
                             f"({total} = {addends} on every row)")
