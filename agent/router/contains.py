"""The two wordings the verifier asks for when a value is held inside other values of its column
('satisfied' beside 'Very satisfied', 'expensive' inside 'too slow, expensive'): '<column> is exactly
<value>' (the rows equal to it) and '<column> contains <words>' (every row whose cell holds the
words, a case-blind substring test: Op.contains). Linking reads the words after 'contains' as the
named text column's own when some cell of it holds them; the condition stage builds the predicate;
the verifier accepts an equality said with 'exactly' (agent/router/verify/shape.py)."""

from __future__ import annotations

from agent.plan import Op, Predicate
from agent.router.lexicon import Meaning
from agent.router.reading import Evidence, Item, Reading
from agent.table import ColumnRole, Table

CONTAINS_WORDS = frozenset({"contains", "contain", "containing", "mentions", "mention", "mentioning"})
"""Words before a text that a cell must hold."""
EXACTLY = "exactly"
_TEXT = (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier)


def contained_words(reading: Reading, table: Table) -> None:
    """Unmatched words right after '<text column> contains' that some cell of that column holds
    ('Comments contains expensive', where two cells hold 'expensive') become one value item of that
    column, taken off `reading.unmatched`."""
    from agent.router.unknown_values import runs

    for start, end in runs(reading):
        column = _column_before(start, reading, table)
        text = " ".join(t.text for t in reading.tokens[start:end])
        if column is None or text not in reading.unmatched or not _held(table, column, text):
            continue
        reading.items.append(Item(text, start, [Meaning("value", column, text)], evidence=Evidence.exact))
        reading.unmatched.remove(text)
    reading.items.sort(key=lambda it: it.pos)


def _column_before(pos: int, reading: Reading, table: Table) -> str | None:
    """The text column named right before the contains word right before `pos`, else None."""
    if pos < 2 or reading.tokens[pos - 1].lower not in CONTAINS_WORDS:
        return None
    item = next((i for i in reading.items if i.pos <= pos - 2 < i.pos + len(i.text.split())), None)
    if item is None or item.kind != "column" or table.roles.get(item.column) not in _TEXT:
        return None
    return item.column


def _held(table: Table, column: str, text: str) -> bool:
    """True when some cell of `column` holds `text` (case-blind)."""
    folded = text.casefold()
    return any(folded in str(v).casefold() for v in table.df[column].dropna().unique())


def said_before(item: Item, reading: Reading) -> str:
    """The lowercase word right before `item` in the question ('' at its start, or when the reading
    holds no tokens)."""
    if item.pos <= 0 or item.pos > len(reading.tokens):
        return ""  # a reading rebuilt from items alone (lookup.py) keeps no tokens
    return reading.tokens[item.pos - 1].lower


def contains_predicate(item: Item, meaning: Meaning, negated: bool) -> Predicate | None:
    """'<column> contains <words>' (the caller saw the contains word right before `item`): a contains
    predicate on the value's column (the words as said when the value holds them, else the value), or
    None for a flag or a number. Raises Abstain for a negated one (the rows that do not hold it: a test not built here)."""
    from agent.router.draft import Abstain

    if meaning.kind != "value" or not isinstance(meaning.value, str):
        return None
    if negated:
        raise Abstain(f"I read 'contains {item.text}' only without a negation; ask how many rows contain it.")
    said = item.text if item.text.casefold() in meaning.value.casefold() else meaning.value
    return Predicate(column=meaning.column, op=Op.contains, value=said)


def said_exactly(reading: Reading, column: str, value: str) -> bool:
    """True when the question says 'exactly' right before a value item of `column` equal to `value`."""
    return any(i.kind == "value" and said_before(i, reading) == EXACTLY and
               any(m.column == column and str(m.value).casefold() == value.casefold() for m in i.meanings)
               for i in reading.items)
