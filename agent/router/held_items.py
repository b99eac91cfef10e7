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
from dataclasses import dataclass, field

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


@dataclass
class _Index:
    """One table's cells as `held` reads them: {item key: {column: [the cells holding it whole]}},
    the (key, column) pairs some cell of which lists other items beside it, and {word: [(column,
    cell key)]} to find the cells holding a run of words inside a longer text."""

    items: dict[Key, dict[str, list[str]]]
    listing: set[tuple[Key, str]]
    words: dict[str, list[tuple[str, str, Key]]]
    listed: set[tuple[Key, str]] = field(default_factory=set)
    """(key, column) pairs read as list items, not a part of a compound value (`_listed`)."""


def _index(table: Table) -> _Index:
    """The _Index of the text columns of at most MAX_DISTINCT values that are not list columns;
    built once per table (kept on it)."""
    cached = table.__dict__.get("_held_index")
    if cached is None:
        cached = _Index({}, set(), {})
        for column, role in table.roles.items():
            if role not in TEXT_ROLES or column in table.lists:
                continue
            values = [v.strip() for v in table_rows.distinct(table, column) if isinstance(v, str) and v.strip()]
            if len(values) > MAX_DISTINCT:
                continue
            seen: dict[Key, set[str]] = {}
            for cell in dict.fromkeys(values):
                key, parts = _key(cell), [k for k in (_key(p) for p in SPLIT.split(cell) if p) if k]
                joiner = "joined" if _JOINERS.search(cell) else "comma"
                for at, part in enumerate(parts):
                    if at == 0 or part not in parts[:at]:
                        cached.items.setdefault(part, {}).setdefault(str(column), []).append(cell)
                    where = "alone" if len(parts) == 1 else "first" if at == 0 else "later"
                    seen.setdefault(part, set()).update((where, joiner) if len(parts) > 1 else (where,))
                    if len(parts) > 1:
                        cached.listing.add((part, str(column)))
                for word in dict.fromkeys(key):
                    cached.words.setdefault(word, []).append((str(column), cell, key))
            plural = "(s)" in str(column).casefold()
            cached.listed.update((part, str(column)) for part, how in seen.items() if _listed(how, plural))
        table.__dict__["_held_index"] = cached
    return cached


_JOINERS = re.compile(r"[;&/]|\band\b", re.IGNORECASE)
"""Delimiters that only join items of a list; a comma also joins a place and its region."""


def _listed(how: set[str], plural: bool) -> bool:
    """True when an item found in cells as `how` says ('alone', 'first', 'later', and 'joined' or
    'comma' for the cells listing it beside others) is a list item: a cell joins it with '&', ';',
    '/' or 'and'; it stands alone in a cell or both first and later in others (items float; a
    place's region keeps its place: 'Valencia, Spain'); or the column's header says its cells are
    several ('Producer(s)')."""
    return "joined" in how or "alone" in how or {"first", "later"} <= how or plural


def _inside(wanted: Key, words: Key) -> bool:
    n = len(wanted)
    return len(words) > n and any(words[i:i + n] == wanted for i in range(len(words) - n + 1))


def held(text: str, table: Table) -> Held | None:
    """The Held item `text` spells by the rules of the module doc, or None."""
    wanted = _key(text)
    letters = sum(ch.isalpha() for w in wanted for ch in w)
    if not wanted or letters < MIN_LETTERS:
        return None
    index = _index(table)
    found = index.items.get(wanted, {})
    if len(found) != 1:
        return None  # no cell lists it, or cells of two columns do
    column, cells = next(iter(found.items()))
    if (wanted, column) not in index.listing or (wanted, column) not in index.listed:
        return None
    whole = set(cells)
    for other, cell, key in index.words.get(wanted[0], ()):
        if _inside(wanted, key) and not (other == column and cell in whole):
            return None  # inside a longer item, or a cell that is no list: not one reading
    if len(wanted) == 1 and not only_a_name(wanted[0]):
        return None  # WordNet last: loaded only for a word some cell lists
    cell = cells[0]
    item = next(p for p in SPLIT.split(cell) if _key(p) == wanted)
    return Held(column, item.strip(), tuple(sorted(whole)))


def held_items(reading: Reading, table: Table) -> None:
    """Unmatched runs that spell one whole item of cells of one column (`held`) become value items
    of that column (a meaning per cell holding it, `held_item` set), taken off `reading.unmatched`;
    a value item whose cell other cells list as an item (`_also_listed`) becomes one too. None is
    read beside a value linked by some words of its cell only ('trio series' for 'Super Trio Series
    2: Movie Buff Championship', Evidence.value_words) that is no held item itself: those words may
    name a family of cells, and the rows would rest on two parts of cells."""
    from agent.router.unknown_values import runs

    spans = [(start, " ".join(t.text for t in reading.tokens[start:end])) for start, end in runs(reading)]
    spelled = [(start, text, found) for start, text in spans
               if text in reading.unmatched and (found := held(text, table)) is not None]
    values = [(item, found) for item in reading.items
              if item.kind == "value" and (found := _also_listed(item, table)) is not None]
    if not spelled and not values:
        return
    converted = {id(item) for item, _ in values}
    if any(i.kind == "value" and i.evidence is Evidence.value_words and id(i) not in converted for i in reading.items):
        return
    if not spelled and not any(len(found.cells) > 1 or item.evidence is Evidence.exact for item, found in values):
        return  # words one cell holds, read as that cell ('Computer Science & Engineering'): the same rows
    for start, text, found in spelled:
        meanings = [Meaning("value", found.column, cell) for cell in found.cells]
        reading.items.append(Item(text, start, meanings, evidence=Evidence.exact, held_item=found.item))
        reading.unmatched.remove(text)
    for item, found in values:
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
    folded = value.strip().casefold()
    if item.evidence is Evidence.exact and not any(folded in v.casefold() and v.strip().casefold() != folded
               for v in table_rows.distinct(table, column) if isinstance(v, str)):
        return None  # no other cell holds it: the index of every column is not built
    found = held(item.text, table)
    return found if found is not None and found.column == column and value.strip() in found.cells else None
