"""A run of question words that spells one whole item of cells listing several items: 'rick long'
where Producer(s) holds 'Milann Miles, Rick Long' (and maybe 'Rick Long' alone), in a column whose
cells are not all lists (so it is no list column: agent/list_columns.py). The run is read as a
value item of that column whose meanings are every cell holding the item; the condition stage
(agent/router/item_conditions.py) makes it 'Producer(s) is one of <those cells>', noted as the
item the cells hold.

A cell's items are its parts split at ',', ';', '&', '/' and the word 'and', compared as the
anchors compare cells (agent/router/anchors.py: case, accents and punctuation aside). The run is
read only when all of these hold, else it stays unmatched (and refused, naming the values it is
inside: agent/router/inside_values.py):
- the item is held by cells of exactly one text column, and one of them at least lists others
  beside it (a whole cell is the lexicon's value, read before this);
- no cell of any text column holds the words inside a longer item ('rick' of 'Rick Long', 'Rick
  Long' of 'Rick Long Jr.'): which of those rows are meant, the words do not say;
- an item of one word is a name only (WordNet: agent/router/wordnet.py only_a_name), never a
  common word that may be a generic part of many things ('radio', 'award'); an item of one or
  two letters or of numbers alone is never read."""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent import table_rows
from agent.router.anchors import _plain
from agent.router.reading import Evidence, Item, Reading
from agent.router.lexicon import Meaning
from agent.router.tokens import tokenize
from agent.router.wordnet import only_a_name
from agent.table import Table
from agent.table_type import TEXT_ROLES

SPLIT = re.compile(r"\s*(?:[,;&/]|\band\b)\s*", re.IGNORECASE)
"""Where a cell listing several items splits."""
MAX_DISTINCT = 5000
"""Columns with more distinct values are not searched (as router/inside_values.py)."""
MIN_LETTERS = 3


@dataclass(frozen=True)
class Held:
    """The item a run spells: its column, the item as a cell writes it, and every distinct cell of
    the column holding it (sorted; a cell equal to the item among them)."""

    column: str
    item: str
    cells: tuple[str, ...]


Key = tuple[str, ...]


def _key(text: str) -> Key:
    return tuple(t.lower for t in tokenize(_plain(text)))


def _cells(table: Table) -> dict[str, list[tuple[str, Key, list[tuple[str, Key]]]]]:
    """{text column: [(cell, its key, [(item, item key)])]} for the text columns of at most
    MAX_DISTINCT values that are not list columns; built once per table (kept on it)."""
    cached = table.__dict__.get("_held_cells")
    if cached is None:
        cached = {}
        for column, role in table.roles.items():
            if role not in TEXT_ROLES or column in table.lists:
                continue
            values = [v for v in table_rows.distinct(table, column) if isinstance(v, str) and v.strip()]
            if len(values) <= MAX_DISTINCT:
                cached[str(column)] = [(v.strip(), _key(v), [(p, _key(p)) for p in SPLIT.split(v.strip()) if p])
                                       for v in values]
        table.__dict__["_held_cells"] = cached
    return cached


def _inside(wanted: Key, words: Key) -> bool:
    n = len(wanted)
    return len(words) > n and any(words[i:i + n] == wanted for i in range(len(words) - n + 1))


def held(text: str, table: Table) -> Held | None:
    """The Held item `text` spells by the rules of the module doc, or None."""
    wanted = _key(text)
    letters = sum(ch.isalpha() for w in wanted for ch in w)
    if not wanted or letters < MIN_LETTERS or (len(wanted) == 1 and not only_a_name(wanted[0])):
        return None
    found: dict[str, tuple[str, list[str]]] = {}
    listing = False
    for column, cells in _cells(table).items():
        for cell, key, items in cells:
            whole = [item for item, k in items if k == wanted]
            if whole:
                spelled, holders = found.setdefault(column, (whole[0], []))
                holders.append(cell)
                listing = listing or len(items) > 1
            elif _inside(wanted, key):
                return None  # inside a longer item, or a cell that is no list: not one reading
    if len(found) != 1 or not listing:
        return None
    column, (item, holders) = next(iter(found.items()))
    return Held(column, item, tuple(sorted(set(holders))))


def held_items(reading: Reading, table: Table) -> None:
    """Unmatched runs that spell one whole item of cells of one column (`held`) become value items
    of that column (a meaning per cell holding it, `held_item` set), taken off `reading.unmatched`;
    a value item whose cell other cells list as an item (`_also_listed`) becomes one too."""
    from agent.router.unknown_values import runs

    for start, end in runs(reading):
        text = " ".join(t.text for t in reading.tokens[start:end])
        if text not in reading.unmatched or (found := held(text, table)) is None:
            continue
        meanings = [Meaning("value", found.column, cell) for cell in found.cells]
        reading.items.append(Item(text, start, meanings, evidence=Evidence.exact, held_item=found.item))
        reading.unmatched.remove(text)
    for item in reading.items:
        if item.kind == "value" and (found := _also_listed(item, table)) is not None:
            item.meanings, item.held_item = [Meaning("value", found.column, c) for c in found.cells], found.item
            reading.notes[:] = [n for n in reading.notes if not n.startswith(f"read '{item.text}' as {found.column} = ")]
    reading.items.sort(key=lambda it: it.pos)


def _also_listed(item: Item, table: Table) -> Held | None:
    """The Held item a value item's one cell is, when other cells of its column list it beside other
    items ('Rick Long' beside 'Milann Miles, Rick Long': every row naming it, not the rows equal to
    it only; words held by one cell alone, 'john zinman' of 'Patrick Massett & John Zinman', when
    they are a whole item of it), by the rules of `held`; None otherwise (and for a value linked by
    anything but its spelling or its words, a number, or a value of several columns or spellings)."""
    values = {(m.column, m.value) for m in item.meanings}
    if len(values) != 1 or item.evidence not in (Evidence.exact, Evidence.value_words) or item.weak \
            or item.similar or item.held_item:
        return None
    column, value = next(iter(values))
    if not isinstance(value, str) or (item.evidence is Evidence.exact and _key(value) != _key(item.text)):
        return None  # words one cell holds ('john zinman' of 'Patrick Massett & John Zinman'): an item of it, if whole
    found = held(item.text, table)
    return found if found is not None and found.column == column and value.strip() in found.cells else None
