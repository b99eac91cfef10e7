"""Linking stage: a plural noun naming an identifier column that holds one distinct value on every
row ('employees' for `employee`, 'shipments' for `Shipment ID`) names the rows themselves, so
'How many employees are remote?' counts rows and 'the average salary of certified employees'
averages over rows, instead of naming a second column to aggregate.

Only when the id's values are unique on every row (no blank, no repeat: rows and entities are then
the same count), the word is one plural word, and it is the id's own noun: its header is that
noun alone or the noun and an id word ('Shipment ID', 'order_no'). A repeating id (a history of
tickets) keeps the column reading: its entities are distinct values (router/id_nouns.py). A
singular keeps the column ('which employee': it asks for a value of it), except between 'the' and
a word picking one out ('the shipment with the highest weight'): that row.

The rows' noun then says what a verb after it is about: in 'How many shipments were shipped in
March 2024?' the verb 'shipped' (an inflected verb form by WordNet, linked to qtyShipped by a
header word only, after 'were') tells what happened to the rows, so it is read as their verb,
never as qtyShipped to count or total. Only after the rows' own noun: 'how many units were
shipped' keeps the column reading (and refuses two columns)."""

from __future__ import annotations

from agent.router.carriers import AUXILIARIES, verb_form
from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.reading import Evidence, Item, Reading
from agent.router.words import noun_words, singular



def id_nouns_as_rows(reading: Reading, lex: Lexicon) -> None:
    """Re-read in place each column item that is the plural of a unique id's noun (module
    docstring) as a row noun; each is noted."""
    for item in reading.items:
        word = item.text.lower()
        if item.kind != "column" or item.column not in lex.unique_ids or " " in word \
                or item.similar or item.weak or item.evidence not in (Evidence.exact, Evidence.header):
            continue
        if singular(word) == word:
            _one_row(item, reading)  # 'the shipment with the highest weight'
            _modifier(item, reading, lex)  # 'the smallest invoice amount'
            continue
        words = noun_words(item.column)
        before = reading.before(item)
        if words != [singular(word)] or (before is not None and before.kind == "op" and before.meanings[0].value != "count"):
            continue  # 'total respondents', 'mean trips': the id aggregated, for router/identifiers.py to judge
        column = item.column
        item.meanings, item.kind = [Meaning("row")], "row"
        reading.id_rows[item.pos] = column
        reading.notes.append(f"read '{item.text}' as the rows ({column} holds one distinct value on every row)")
        _verb_of_rows(item, reading)


_RELATIVES = frozenset({"with", "that", "which", "who", "whose", "where"})


def _one_row(item: Item, reading: Reading) -> None:
    """Re-read as a row noun the singular of a unique id's noun between 'the' and a word that picks
    it out ('the shipment with the highest weight', 'the employee who earns the most'): with one id
    per row, that shipment is that row; noted. 'Which shipment ...' keeps the column (it asks for
    the id)."""
    tokens = [t.lower for t in reading.tokens]
    end = item.pos + 1
    if not (item.pos and tokens[item.pos - 1] == "the" and end < len(tokens) and tokens[end] in _RELATIVES):
        return
    words = noun_words(item.column)
    if words != [item.text.lower()]:
        return
    column = item.column
    item.meanings, item.kind = [Meaning("row")], "row"
    reading.notes.append(f"read 'the {item.text}' as one row ({column} holds one distinct value on every row)")


def _modifier(item: Item, reading: Reading, lex: Lexicon) -> None:
    """Re-read as a modifier (a stop item) a unique id's own noun right before a numeric column ('the smallest
    invoice amount' on invoice_no, one per row, and amount): the amount of each invoice is the
    amount of each row, never a grouping by invoice_no or a second column to aggregate; noted.
    A repeating id ('the average order value' over order lines) is left to router/per_entity.py."""
    nxt = reading.at(item.pos + 1)
    if item.kind != "column" or nxt is None or nxt.kind != "column" or nxt.column not in lex.numeric_columns \
            or nxt.similar or nxt.weak:
        return
    if noun_words(item.column) != [item.text.lower()]:
        return
    column = item.column
    item.meanings, item.kind = [Meaning("stop")], "stop"
    reading.notes.append(f"read '{item.text} {nxt.text}' as the {nxt.column} of each row ({column} holds one distinct "
                         "value on every row)")


def _verb_of_rows(rows: Item, reading: Reading) -> None:
    """Re-read as a stop item the verb said of the rows' noun ('shipments were shipped', 'shipped the
    most shipments') when a header word alone links it to a column (module docstring); noted."""
    pos = rows.pos + 1
    while pos < len(reading.tokens) and reading.tokens[pos].lower in AUXILIARIES:
        pos += 1
    verb = reading.at(pos) if pos > rows.pos + 1 else None
    if not _header_verb(verb):
        verb = next((i for i in reading.items if _header_verb(i) and _ranks_rows(i, rows, reading)), None)
    if verb is None:
        return
    column = verb.column
    verb.meanings, verb.kind = [Meaning("stop")], "stop"
    reading.notes.append(f"read '{verb.text}' as what happened to the {rows.text}, not the column {column}")


def _header_verb(item: Item | None) -> bool:
    """True for a one-word lowercase column item linked by a header word only that is an inflected
    verb form ('shipped' of qtyShipped)."""
    return item is not None and item.kind == "column" and item.evidence is Evidence.header and " " not in item.text \
        and item.text == item.text.lower() and verb_form(item.text)


def _ranks_rows(verb: Item, rows: Item, reading: Reading) -> bool:
    """True when only 'the' and one order word stand between `verb` and the rows' noun ('shipped the
    most shipments'): the verb ranks by the rows, never by a column of its own."""
    between = [reading.at(p) for p in range(verb.pos + 1, rows.pos)]
    kinds = [i.kind if i is not None else "" for i in between if i is None or i.text.lower() != "the"]
    return kinds == ["order"]
