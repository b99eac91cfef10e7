"""What a comparison or a sign word applies to, beyond the nearest named column: the column a
comparison names by its own quantity ('older than 35' -> the one age column), the column a sign
word tests ('Is the highest X negative?' -> X < 0), the rows themselves ('fewer than 200k rows'),
and a number that names a value of the column after it ('Is 99 an existing store id?')."""

from __future__ import annotations

from agent import table_rows

from agent.plan import Op, Predicate
from agent.router import vocabulary as V
from agent.router.draft import Draft
from agent.router.lexicon import Lexicon
from agent.router.reading import Item, Reading
from agent.table import Table


def dimension_column(item: Item, lex: Lexicon) -> str | None:
    """The one numeric column whose header has the quantity a comparison names ('older than' ->
    a header word 'age'), else None (none, or several: 'Age' and 'AgeAtHire')."""
    quantity = V.DIMENSIONS.get(item.text.lower())
    if quantity is None:
        return None
    holders = [c for c in lex.numeric_columns if quantity in lex.header_words.get(c, ())]
    return holders[0] if len(holders) == 1 else None


def sign_predicate(item: Item, reading: Reading, draft: Draft, lex: Lexicon) -> Predicate | None:
    """'the highest X negative' / 'negative X': X < 0 (positive: > 0) for the numeric column right
    before the sign word (stop words between), else right after it; that column is consumed. None
    when neither neighbour is a numeric column ('tested positive' then links nothing)."""
    prev, nxt = reading.before(item), reading.after(item)
    column = next((c for c in (prev, nxt) if c is not None and c.kind == "column" and c.column in lex.numeric_columns),
                  None)
    if column is None:
        return None
    column.used = True
    draft.columns = [c for c in draft.columns if c is not column]
    draft.notes.append(f"read '{item.text}' as {column.column} {item.meanings[0].value} 0")
    return Predicate(column=column.column, op=Op(item.meanings[0].value), value=0.0)


def counts_rows(item: Item, number: Item, reading: Reading, lex: Lexicon) -> bool:
    """True for 'fewer than 200k rows', 'more than 1000 transactions': the number is followed by a
    row noun, no numeric column is named before the comparison, and the question does not ask
    whether some row exists ('Is there a transaction where more than 10 products ...' tests rows)."""
    unit = reading.after(number)
    if unit is None or unit.kind != "row":
        return False
    earlier = [c for c in reading.of("column") if c.pos < item.pos and c.column in lex.numeric_columns]
    said = " ".join(i.text for i in reading.items)
    return not earlier and not V.ANY_WORDS.search(said)


def column_after(number: Item, reading: Reading, table: Table) -> Item | None:
    """'Is 99 an existing store id?': the column of numbers (a measure or a numeric id) right after
    a bare number (only stop words between), which the number is a value of; else None."""
    nxt = reading.after(number)
    if nxt is None or nxt.kind != "column" or nxt.used or not table_rows.is_numeric(table, nxt.column):
        return None
    between = [i for i in reading.items if number.pos < i.pos < nxt.pos]
    return nxt if all(i.kind == "stop" for i in between) else None



def unit_column(number: Item, reading: Reading, lex: Lexicon) -> str | None:
    """'60 years old': the one numeric column whose header has the quantity the unit after the
    number names (age); the unit is consumed. None when no unit follows; Abstain-worthy (raises
    ValueError naming the quantity) when no single column holds that quantity."""
    unit = reading.after(number)
    if unit is None or unit.kind != "unit" or unit.pos != number.pos + 1:
        return None
    quantity = unit.meanings[0].value
    holders = [c for c in lex.numeric_columns if quantity in lex.header_words.get(c, ())]
    if len(holders) != 1:
        raise ValueError(f"'{number.text} {unit.text}' is an {quantity}, but {len(holders)} columns hold one")
    unit.used = True
    return holders[0]
