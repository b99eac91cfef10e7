"""Linking stage: the word 'total' read as a Total column, re-read as the sum operation where the
question's own words show it is one.

1. 'total' right before a column that is one addend of the table's Total column ('how many total
   gold medals' on a medal table where Total = Gold + Silver + Bronze on every row): Total already
   adds Gold to the other kinds, so 'total gold' cannot name it (agent/router/sums.py).
2. 'total' right before another numeric column the question names by its header ('the total
   weight (kg) for North Depot', 'the highest total qtyShipped' beside a Total column), or before
   'of' and a numeric column ('the total of Total', 'the total of qtyShipped'): a column named
   right after it is what is totalled; a Total column never qualifies another numeric column.

Either way the column after must be linked strongly (its name or header words, never WordNet,
similarity or a shared word start), and a column whose values one row restates as the others'
sum (an 'All places' row the loader kept) keeps the column reading: summing it would count every
value twice, so the router refuses two columns to aggregate, as before."""

from __future__ import annotations

from agent.router.lexicon import Lexicon, Meaning
from agent.router.reading import Evidence, Item, Reading

SUM_WORDS = frozenset({"total"})
_STRONG = (Evidence.exact, Evidence.header)


def total_as_sum(reading: Reading, lex: Lexicon) -> None:
    """Re-read in place each 'total' column item the module docstring's rules make the operation
    'sum'; each is noted."""
    for item in reading.items:
        if item.kind != "column" or item.text.lower() not in SUM_WORDS:
            continue
        nxt = reading.at(item.pos + 1)
        if item.column in lex.row_sums and _strong(nxt, lex) and nxt.column in lex.row_sums[item.column]:
            total, addends = item.column, " + ".join(sorted(lex.row_sums[item.column]))
            _as_sum(item, reading, f"read 'total {nxt.text}' as the sum of {nxt.column}, not the column {total} "
                                   f"({total} = {addends} on every row)")
        elif _strong(nxt, lex) and nxt.column != item.column and nxt.column in lex.numeric_columns:
            _as_sum(item, reading, f"read 'total {nxt.text}' as the sum of {nxt.column}, not the column "
                                   f"{item.column} (a column named right after 'total' is what is totalled)")
        elif (named := _after_of(item, reading)) is not None and _strong(named, lex) \
                and named.column in lex.numeric_columns:
            _as_sum(item, reading, f"read 'total of {named.text}' as the sum of {named.column}")


def _strong(item: Item | None, lex: Lexicon) -> bool:
    """True for a column item linked by its name or header words, not restated by one row."""
    return item is not None and item.kind == "column" and not item.similar and not item.weak \
        and item.evidence in _STRONG and item.column not in lex.restated


def _after_of(item: Item, reading: Reading) -> Item | None:
    """The item after 'total of' or 'total of the', if any."""
    tokens = [t.lower for t in reading.tokens]
    pos = item.pos + 1
    if pos >= len(tokens) or tokens[pos] != "of":
        return None
    pos += 1 + (pos + 1 < len(tokens) and tokens[pos + 1] == "the")
    return reading.at(pos)


def _as_sum(item: Item, reading: Reading, note: str) -> None:
    item.meanings, item.kind = [Meaning("op", value="sum")], "op"
    reading.notes.append(note)
