"""A plural noun naming the table's own entities beside the column a question measures: 'the
average price of discontinued products' on a table of one row per product names Price and, by
'products', Product too. The entity column is text and every row holds its own value, so
'products' are the rows: the plan measures Price over the rows the conditions pick. Where the
entity repeats (order lines: a product on several rows), 'the average price of products' could be
per row or per product, and both columns stay named (the planner then refuses). A question with a
counting word ('the total number of players that transferred to Ajax') counts the entities: never
read here."""

from __future__ import annotations

from agent.router.draft import Draft
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.router.row_nouns import plural
from agent.router.rows import one_per_row
from agent.table import Table
from agent.table_type import TEXT_ROLES



COUNT_WORDS = frozenset({"number", "numbers", "count", "counts", "many"})
"""Words that make the plural the thing counted, not the rows a measure is taken over."""


def entity_nouns(draft: Draft, reading: Reading, lex: Lexicon, table: Table) -> None:
    """Mark as read the plural nouns of `draft.columns` that name a text column holding its own
    value on every row, when exactly one other column named is numeric (the measure) or a measure
    word ('cost', 'spend') names it and no other column is named, noting each
    ("read 'products' as the rows (one Product each)"); otherwise (and with a counting word in
    `reading`) leave `draft` as it is."""
    if any(t.lower in COUNT_WORDS for t in reading.tokens):
        return
    unread = [c for c in draft.columns if not c.used]
    named = set(c.column for c in unread)
    rows = [c for c in unread if plural(c.text.lower()) and not c.similar and not c.weak
            and table.roles.get(c.column) in TEXT_ROLES and c.column not in lex.numeric_columns
            and one_per_row(table, c.column)]
    measures = named - {c.column for c in rows}
    by_word = not measures and draft.measure_used  # 'the average cost of months ...': a measure word names it
    if not rows or not by_word and (len(measures) != 1 or next(iter(measures)) not in lex.numeric_columns):
        return
    for item in rows:
        item.used = True
        draft.notes.append(f"read '{item.text}' as the rows (one {item.column} each)")
