"""The verifier's own re-reading of the question's tokens, before accounting: a run of words that
spells a filter's or a change's value of its column, exactly (case and accents aside), is one
value of that column, whatever items the linker split it into ('darwin international airport'
read as a City value and two column names; 'tm jones' read as nothing); and every word no stage read
(reading.unmatched) is an 'unread' item, which must be accounted for like any other (a position word, a
placing verb, a word naming the table), or it refuses the reading naming it."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from agent.router.lexicon_data import Meaning
from agent.router.reading import Item, Reading
from agent.router.tokens import tokenize
from agent.router.verify.parts import Part, Role


@lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    """The lowercase, accent-free word tokens of `text` (punctuation dropped, as the tokenizer does)."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return tuple(t.lower for t in tokenize(plain))


@lru_cache(maxsize=8192)
def _has_word(text: str) -> bool:
    """True when `text` holds a word token (not only numbers and dates: '2024-04-01' is a date)."""
    return any(t.kind == "word" for t in tokenize(text))


def _spelled(value: str, said: tuple[str, ...]) -> list[int]:
    """Start positions where the words of `value` occur, in order and adjacent, in `said`."""
    want = _words(value)
    n = len(want)
    if not n:
        return []
    return [i for i in range(len(said) - n + 1) if said[i:i + n] == want]


def respell(parts: list[Part], reading: Reading, items: list[Item]) -> list[Item]:
    """`items` with each run spelling a text value of a filter or change part replaced by one value
    item of that part's column (the items inside the run dropped), then an 'unread' item for each
    word token no item of the reading covers and no stage read (a word of reading.unmatched). Positions index reading.tokens."""
    said = tuple(next(iter(_words(t.text)), t.lower) for t in reading.tokens)
    runs: list[tuple[int, int, Part, str]] = []
    for part in parts:
        if part.role not in (Role.filter, Role.period) or part.column is None:
            continue
        for value in (part.value, part.upper, *part.values):
            if isinstance(value, str) and _has_word(value):  # a date or number keeps its own item
                runs += [(s, s + len(_words(value)), part, value) for s in _spelled(value, said)]
    taken: set[int] = set()
    added = []
    for start, end, part, value in sorted(runs, key=lambda r: r[0] - r[1]):  # longest first
        if taken & set(range(start, end)):
            continue
        taken |= set(range(start, end))
        text = " ".join(t.text for t in reading.tokens[start:end])
        added.append(Item(text, start, [Meaning("value", part.column, value)]))
    if not added and not reading.unmatched:
        return items  # nothing re-read: the common case, kept cheap
    kept = [i for i in items if not taken.intersection(_covers(i))]
    covered = taken.union(*(_covers(i) for i in reading.items))
    unmatched = {w for phrase in reading.unmatched for w in phrase.lower().split()}
    unread = [Item(t.text, p, [Meaning("unread")]) for p, t in enumerate(reading.tokens)
              if p not in covered and t.kind == "word" and t.lower in unmatched]
    return sorted([*kept, *added, *unread], key=lambda i: i.pos)


def _covers(item: Item) -> range:
    return range(item.pos, item.pos + max(1, len(item.text.split())))
