"""The refusal for words no column or value matched, said plainly when they stand where a value of a
named text column would ('how many orders in the Mars region', 'where region is Mars'): no row has
that value, and these are the values the column holds. No count of 0 is stated: a value that never
occurs cannot be matched exactly (it may be spelled otherwise: 'USA' for 'United States'), so the
router refuses and shows the column's vocabulary instead."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable

from agent import table_rows
from agent.router.inside_values import inside_words
from agent.router.lexicon_data import Lexicon
from agent.router.reading import Item, Reading
from agent.table import ColumnRole, Table

SHOWN_VALUES = 12
"""Values of the column listed in the refusal (the rest are counted)."""
_LINKS = frozenset({"is", "=", "of", "equals", "equal", "to", "named", "called"})
"""Words between a column's name and its value ('region is Mars'); with none between, only a value
before the name is read ('the Mars region': 'comments mention expensive' is a verb, not a value)."""
_TEXT = (ColumnRole.categorical, ColumnRole.text)


def unmatched_reason(reading: Reading, table: Table, known: Iterable[str] | Vocabulary = ()) -> str:
    """The refusal for the unmatched words of `reading`: 'no row has <column> = <value>; the known
    values are ...' for a phrase right after a text column's name (link words between) or right
    before it; the plain 'I could not match ...' for the others, with 'Did you mean ...?' for a
    word spelled close to one of `known` (the lexicon's one-word phrases: columns, values,
    operation words). A suggestion only: nothing is read from it."""
    said, rest = [], []
    for start, end in runs(reading):
        phrase = " ".join(t.text for t in reading.tokens[start:end])
        column = _beside(reading, start, end, table)
        if column is None:
            rest.append(phrase)
        else:
            said.append(_no_row(table, column, phrase))
    if not said:
        rest = list(reading.unmatched)
    rest, inside = inside_words(rest, table)  # 'Aisha' inside 'Aisha Khan': said apart, with the values
    if rest:
        said.append(f"I could not match {', '.join(repr(u) for u in rest)} to a column or value of {table.name}.")
        said.extend(unread_cell_words(rest, table))
        said.extend(suggestions(rest, known))
    said.extend(inside)
    return " ".join(said)


SUGGEST_CUTOFF = 0.8
"""difflib's similarity ratio a known word needs to be suggested for a misspelled one ('grocries'
-> 'groceries' 0.94, 'avrage' -> 'average' 0.92; 'region' and 'religion' 0.86 show why it is only said)."""


def suggestions(phrases: list[str], known: Iterable[str] | Vocabulary) -> list[str]:
    """['Did you mean 'groceries'?'] for the one-word phrases of four or more letters spelled close
    to a word of `known` (difflib, SUGGEST_CUTOFF); [] when none is. `known` may be a Vocabulary
    (known_words: built once per lexicon)."""
    words = [p for p in phrases if p.isalpha() and len(p) >= 4]
    if not words:
        return []
    vocabulary = known if isinstance(known, Vocabulary) else Vocabulary(known)
    close = {w: vocabulary.closest(w.lower(), SUGGEST_CUTOFF) for w in words}
    said = [f"'{hit}' for '{w}'" for w, hit in close.items() if hit is not None and hit != w.lower()]
    return [f"Did you mean {', '.join(said)}?"] if said else []


_MEMO_WORDS = 4096
"""Words whose closest match one Vocabulary remembers (then it starts over)."""


class Vocabulary:
    """The words suggestions may offer (alphabetic, three letters or more, deduplicated), by length,
    each with its letters as a set of (letter, occurrence) pairs ('all': a1, l1, l2), so the letters
    two words share counted with repeats (difflib's quick_ratio) is the size of a set intersection: a
    misspelled word is compared only with the words difflib's two cheap bounds let through."""

    def __init__(self, known: Iterable[str]):
        self.by_length: dict[int, list[tuple[str, frozenset[tuple[str, int]]]]] = {}
        for k in sorted({k for k in known if k.isalpha() and len(k) >= 3}):
            self.by_length.setdefault(len(k), []).append((k, _letters(k)))
        self._closest: dict[tuple[str, float], str | None] = {}
        """(word, cutoff) -> closest's answer: the words never change, so a word is looked up once."""

    def closest(self, word: str, cutoff: float) -> str | None:
        """The word difflib.get_close_matches(word, words, n=1, cutoff) returns, or None: its bounds
        real_quick_ratio (the lengths) and quick_ratio (the letters in common) computed first, then
        difflib itself on the words that pass both. Memoised per (word, cutoff)."""
        key = (word, cutoff)
        if key not in self._closest:
            if len(self._closest) >= _MEMO_WORDS:
                self._closest.clear()  # a long-running server meets ever new words: bounded
            self._closest[key] = self._search(word, cutoff)
        return self._closest[key]

    def _search(self, word: str, cutoff: float) -> str | None:
        size, letters = len(word), _letters(word)
        passing = []
        for length, words in self.by_length.items():
            if _ratio(min(length, size), length + size) >= cutoff:
                need = next(m for m in range(min(length, size) + 1) if _ratio(m, length + size) >= cutoff)
                passing.extend(k for k, held in words if len(held & letters) >= need)
        hits = difflib.get_close_matches(word, passing, n=1, cutoff=cutoff) if passing else []
        return hits[0] if hits else None


def _letters(word: str) -> frozenset[tuple[str, int]]:
    """{(letter, its nth occurrence)}: 'all' -> {('a', 1), ('l', 1), ('l', 2)}."""
    seen: Counter[str] = Counter()
    pairs = []
    for c in word:
        seen[c] += 1
        pairs.append((c, seen[c]))
    return frozenset(pairs)


def _ratio(matches: int, length: int) -> float:
    """difflib's _calculate_ratio: 2 * matches / length (1.0 when both are empty)."""
    return 2.0 * matches / length if length else 1.0


def known_words(lex: Lexicon) -> Vocabulary:
    """The Vocabulary of the lexicon's one-word phrases (columns, values, operation words), built
    once and cached on the lexicon (which build_lexicon never changes after it is built)."""
    cached = lex.__dict__.get("_known_words")
    if cached is None:
        cached = lex.__dict__["_known_words"] = Vocabulary(p[0] for p in lex.phrases if len(p) == 1)
    return cached


def unread_cell_words(phrases: list[str], table: Table) -> list[str]:
    """One sentence per phrase written as a cell of a number or date column that the loader could
    not read ('EX' in a column of scores): those cells are counted as missing, so no row is picked
    by them; the column's count of such cells is said. [] when no phrase is one."""
    said = []
    for column, role in table.roles.items():
        if role not in (ColumnRole.numeric, ColumnRole.date) or column not in table.reports:
            continue
        report = table.reports[column]
        examples = {str(e).strip().casefold() for e in report.unparseable_examples}
        for phrase in phrases:
            if phrase.strip().casefold() in examples:
                kind = "numbers" if role is ColumnRole.numeric else "dates"
                said.append(f"'{phrase}' is written in {column}, a column of {kind}: its {report.unparseable} "
                            f"cell(s) that are not {kind} are read as missing, so I cannot pick rows by them.")
    return said


def runs(reading: Reading) -> list[tuple[int, int]]:
    """(start, end) token spans of the unmatched words: the words no item covers, in runs."""
    covered = {item.pos + k for item in reading.items for k in range(len(item.text.split()))}
    runs: list[tuple[int, int]] = []
    for pos, token in enumerate(reading.tokens):
        if pos in covered or token.kind != "word":
            continue
        if runs and runs[-1][1] == pos:
            runs[-1] = (runs[-1][0], pos + 1)
        else:
            runs.append((pos, pos + 1))
    return runs


def _beside(reading: Reading, start: int, end: int, table: Table) -> str | None:
    """The text column named right before the span (link words between: 'region is Mars') or right
    after it ('the Mars region'), else None."""
    before = start - 1
    while before >= 0 and reading.tokens[before].lower in _LINKS:
        before -= 1
    linked = before < start - 1
    for item in (_item_at(reading, before) if linked else None, _item_at(reading, end)):
        if item is not None and item.kind == "column" and table.roles.get(item.column) in _TEXT:
            return item.column
    return None


def _item_at(reading: Reading, pos: int) -> Item | None:
    """The item covering token `pos`, if any."""
    return next((i for i in reading.items if i.pos <= pos < i.pos + len(i.text.split())), None)


def _no_row(table: Table, column: str, phrase: str) -> str:
    """"I could not match 'Mars' to a column or value of orders. No row has region = 'Mars'; the
    known values of region are ...", or, when values contain the phrase ('North' in 'North East',
    'North West'), those values: several could be meant. The first sentence is what happened; the
    value reading is only where the words stand (a word like 'nineteenth' may not be meant as one)."""
    values = _distinct(table, column)
    holding = [v for v in values if phrase.casefold() in v.casefold()]
    unmatched = f"I could not match '{phrase}' to a column or value of {table.name}."
    if holding:
        return (f"{unmatched} No row has {column} = '{phrase}' exactly; values of {column} holding it: "
                f"{_listed(holding)}; say which.")
    return f"{unmatched} No row has {column} = '{phrase}'; the known values of {column} are {_listed(values)}."


def _distinct(table: Table, column: str) -> list[str]:
    """The column's distinct non-blank values as text, sorted (by SQL: agent.table_rows, no DataFrame)."""
    return sorted({str(v).strip() for v in table_rows.distinct(table, column)} - {""})


def _listed(values: list[str]) -> str:
    """The first SHOWN_VALUES values quoted, the rest counted."""
    shown = ", ".join(repr(v) for v in values[:SHOWN_VALUES])
    more = len(values) - SHOWN_VALUES
    return shown + (f" and {more} more" if more > 0 else "")
