"""Reading of the difference between a column's highest and lowest values: 'what is the difference
between the greatest winnings and the least winnings?', 'the difference in sales from the highest
sales to the lowest sales', 'the difference between the highest and lowest points'. A grammar over
the tokens: 'difference', then 'between ... and' or 'from ... to' setting out two sides, one saying
a word of the highest (desc order word: highest, greatest, largest, biggest, most, maximum) and the
other of the lowest (lowest, least, smallest, fewest, minimum), each followed by the measure or
not; every word of the sides and before them is one numeric column named by its name or header
(strong links only, one column in all, said at least once), an article, or noted filler. Planned as
StatisticArgs(range): MAX - MIN over every row. 'fastest'/'slowest', a second column, a word naming
rows ('the highest scoring team') or anything else leaves the question to the other readings (None)."""

from __future__ import annotations

from agent.queries import StatisticArgs, StatOp
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.table import Table

HIGH = frozenset({"highest", "greatest", "largest", "biggest", "most", "maximum"})
LOW = frozenset({"lowest", "least", "smallest", "fewest", "minimum"})
LEAD = frozenset({"what", "what's", "is", "was", "were", "are", "the", "a", "an", "in", "of", "difference", "tell", "me"})
"""Words before the sides that decide nothing ('what is the difference in sales')."""
SIDE = frozenset({"the", "a", "an", "amount", "of", "value"})
_SPLIT = {"between": "and", "from": "to"}


def read_extremes(reading: Reading, lex: Lexicon, table: Table) -> StatisticArgs | None:
    """The range plan for 'the difference between the highest X and the lowest X', or None for
    another shape."""
    del table
    words = [t.lower for t in reading.tokens]
    if "difference" not in words:
        return None
    at = words.index("difference")
    opener = next((p for p in range(at + 1, len(words)) if words[p] in _SPLIT), None)
    if opener is None or _SPLIT[words[opener]] not in words[opener + 1:]:
        return None
    split = words.index(_SPLIT[words[opener]], opener + 1)
    sides = (set(words[opener + 1:split]), set(words[split + 1:]))
    if not ((sides[0] & HIGH and sides[1] & LOW) or (sides[0] & LOW and sides[1] & HIGH)):
        return None
    strong = reading.strong_columns()
    measures = set()
    for p, word in enumerate(words):
        column = strong.get(p)
        if column is not None and column in lex.numeric_columns:
            measures.add(column)
        elif not (p in (at, opener, split) or word in HIGH | LOW | SIDE or (p < opener and word in LEAD)):
            return None
    if len(measures) != 1 or len((sides[0] | sides[1]) & (HIGH | LOW)) != 2:
        return None
    column = measures.pop()
    reading.notes.append(f"read the difference between the highest and the lowest {column} as its range (MAX - MIN)")
    return StatisticArgs(op=StatOp.range, column=column)
