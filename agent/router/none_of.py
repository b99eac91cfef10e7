"""'No' before a count column: 'how many countries do not have any gold medals?', 'number of nations
that earned no bronze medals'. A negation, then only function words, then a numeric column of
counts (whole numbers, none negative) named on strong evidence and followed by its unit noun
('medals') or named by a plural header word ('no wins' of Wins) is that column = 0.

Precision guards (otherwise the words are left to the other stages, which refuse as before):
- the column holds whole numbers >= 0 and at least one 0 (a count that can be none);
- the rows must be the entities: no yes/no question, no possessive ('their posts'), and every text
  column named (the subject) one row per value ('how many authors received no retweets' over posts
  would count authors with one such post);
- only 'have', 'has', 'had', 'any', 'a' and verbs the unit reading keeps ('earned', 'won') stand
  between the negation and the column: 'not more than 3 gold medals' is a comparison, not none."""

from __future__ import annotations

from agent.plan import Op, Predicate
from agent.router.draft import Draft
from agent.router.lexicon import Lexicon
from agent.router.reading import Item, Reading
from agent.router.row_nouns import plural
from agent.table import Table
from agent.table_type import TEXT_ROLES

_NONE = frozenset({"no", "not", "without", "zero"})
_OWNERS = frozenset({"their", "his", "her", "its", "whose", "each", "every"})
_YES_NO = frozenset({"is", "are", "was", "were", "do", "does", "did", "has", "have", "had", "can"})
_BETWEEN = frozenset({"have", "has", "had", "any", "a", "an", "get", "got"})


def none_of(reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    """Add `column = 0` to `draft` for each 'no <count column>' of `reading` (see the module
    docstring), marking the negation and the column read, and note it."""
    if not _one_row_each(reading, table):
        return
    for neg in reading.of("negation"):
        column = _count_after(neg, reading, lex)
        if column is None or column.used or not _counts(table, column.column or ""):
            continue
        neg.used = column.used = True
        draft.predicates.append((neg.pos, Predicate(column=column.column, op=Op.eq, value=0)))
        draft.notes.append(f"read '{neg.text} ... {column.text}' as {column.column} = 0 (none)")


def _count_after(neg: Item, reading: Reading, lex: Lexicon) -> Item | None:
    """The numeric column item after the negation `neg`, with only function words or kept verbs
    between, named by its header or spelling and followed by a unit noun or itself plural; else None."""
    if neg.text.lower() not in _NONE:
        return None
    nxt = reading.after(neg)
    if nxt is None or nxt.kind != "column" or nxt.column not in lex.numeric_columns or nxt.similar or nxt.weak:
        return None
    between = [i for i in reading.items if neg.pos < i.pos < nxt.pos]
    words = [t.lower for t in reading.tokens[neg.pos + 1:nxt.pos]]
    if any(i.kind != "stop" for i in between) or len(between) != len(words) \
            or not all(w in _BETWEEN or _kept_verb(i) for w, i in zip(words, between)):
        return None
    unit = reading.at(nxt.pos + len(nxt.text.split()))
    unit_read = unit is not None and unit.kind == "stop" and unit.meanings[0].value == "unit"
    return nxt if unit_read or plural(nxt.text.split()[-1].lower()) else None


def _one_row_each(reading: Reading, table: Table) -> bool:
    """True when 'no <count>' may be read off single rows: the question asks no yes/no test over
    entities and holds no possessive ('an author who received no retweets for any of their posts'
    quantifies over each author's rows), and every text column it names (the subject: 'countries'
    for Nation) holds one row per value, so a row's 0 is that entity's none."""
    from agent.router.rows import one_per_row

    words = {t.lower for t in reading.tokens}
    if words & _OWNERS or (reading.tokens and reading.tokens[0].lower in _YES_NO):
        return False
    return all(one_per_row(table, i.column) for i in reading.of("column")
               if i.column is not None and table.roles.get(i.column) in TEXT_ROLES)


def _kept_verb(item: Item) -> bool:
    """True for a verb of getting the unit reading kept as part of a count ('earned', 'won')."""
    return item.kind == "stop" and bool(item.meanings) and item.meanings[0].value == "unit"


def _counts(table: Table, column: str) -> bool:
    """True when `column` holds whole numbers, none negative, and at least one 0."""
    import pandas as pd

    values = pd.to_numeric(table.df[column], errors="coerce").dropna()
    return len(values) > 0 and bool((values >= 0).all() and (values == values.round()).all() and (values == 0).any())
