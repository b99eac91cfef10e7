"""Linking stage: words asking whether a column's cell is blank ('a blank remote', 'remote is
missing', 'no certified value', 'salary not given', 'non-empty remote'), read as one item that the
draft turns into `column IS NULL` (or `IS NOT NULL` after 'not'/'non'). Not answering a column is
its blank cells too ('respondents who did not answer would recommend', 'would recommend was not
answered': IS NULL; trial 8 read the first as Would recommend = 'No', an answer given).

The words must stand right beside a column the question names by its name or header words (never
a WordNet, similarity or shared-start link): 'missing' with no column beside it ('how many are
missing?') stays unmatched and the router refuses, naming it. A word that is a value of the table
('Missing' as a status) was already read as that value and is never re-read here."""

from __future__ import annotations

from agent.plan import Op, Predicate
from agent.router.draft import Draft
from agent.router.lexicon import Meaning
from agent.router.reading import Evidence, Item, Reading
from agent.router.tokens import Token

BLANK_WORDS = frozenset({"blank", "blanks", "missing", "empty", "null", "unfilled", "unset", "nan"})
"""Words saying a cell holds no value."""
NOT_GIVEN = frozenset({"given", "recorded", "provided", "filled", "entered", "specified", "stated", "set", "known",
                       "answered", "completed"})
"""After 'not' ('salary not given', 'remote was not recorded'): the cell holds no value."""
_LINKS = frozenset({"is", "are", "was", "were", "be", "being", "left", "still"})
_CELL_NOUNS = frozenset({"value", "values", "cell", "cells", "field", "fields", "entry", "entries", "data"})
_NONE_WORDS = frozenset({"no", "without"})
_NEGATIONS = frozenset({"not", "non", "never"})
_STRONG = (Evidence.exact, Evidence.header)
ANSWER_VERBS = frozenset({"answer", "answered", "answering", "fill", "complete", "completed"})
"""After 'not' and before a column ('did not answer would recommend'): the column's cell is blank."""


def read_blanks(tokens: list[Token], rest: list[int], reading: Reading) -> list[int]:
    """Read each blank phrase (module docstring) among the unmatched positions `rest` and the items
    of `reading` into one 'blank' item whose meaning holds the column and the test ('is null' or
    'is not null'), noted; returns the positions still unmatched."""
    words = [t.lower for t in tokens]
    taken: set[int] = set()
    stops = [i.pos for i in reading.items if i.kind == "stop" and i.text.lower() in NOT_GIVEN]  # 'given' is filler
    for pos in sorted([p for p in rest if words[p] in BLANK_WORDS | NOT_GIVEN] + stops):
        found = _blank_at(words, pos, reading, set(rest))
        if found is not None and not (set(range(found[0], found[1])) & taken):
            start, end, column, negated = found
            taken |= set(range(start, end))
            _replace(reading, tokens, start, end, column, Op.not_null if negated else Op.is_null)
    for pos in [p for p in range(1, len(words) - 1) if words[p] in ANSWER_VERBS and words[p - 1] in _NEGATIONS]:
        found = _unanswered(words, pos, reading)  # 'did not answer would recommend'
        if found is not None and not (set(range(found[0], found[1])) & taken):
            taken |= set(range(found[0], found[1]))
            _replace(reading, tokens, found[0], found[1], found[2], Op.is_null)
    for item in [i for i in reading.items if i.kind == "negation" and words[i.pos] in _NONE_WORDS]:
        found = _none_value(words, item, reading)  # 'no certified value', 'without a remote value'
        if found is not None and not (set(range(found[0], found[1])) & taken):
            taken |= set(range(found[0], found[1]))
            _replace(reading, tokens, found[0], found[1], found[2], Op.is_null)
    return [p for p in rest if p not in taken]


def _column(item: Item | None) -> str | None:
    """The column a strongly linked column item names, else None."""
    if item is None or item.kind != "column" or item.similar or item.weak or item.evidence not in _STRONG:
        return None
    return item.column


def _end(item: Item) -> int:
    return item.pos + max(1, len(item.text.split()))


def _blank_at(words: list[str], pos: int, reading: Reading, rest: set[int]) -> tuple[int, int, str, bool] | None:
    """(start, end, column, negated) of the blank phrase around the blank word at `pos`: the column
    before it (only link words or 'not' between) or right after it (a cell noun may follow); None
    when no strong column stands there or a given-word has no 'not' before it."""
    before = pos - 1
    negated = before >= 0 and words[before] in _NEGATIONS
    if words[pos] in NOT_GIVEN:  # 'not given' says blank; 'given' alone says nothing
        if not negated:
            return None
        negated, before = False, before - 1
    elif negated:
        before -= 1
    while before >= 0 and words[before] in _LINKS:
        before -= 1
    if before >= 0 and words[before] in _CELL_NOUNS:  # 'the remote value is missing'
        before -= 1
    owner = next((i for i in reading.items if _end(i) == before + 1), None) if before >= 0 else None
    if (column := _column(owner)) is not None:
        return owner.pos, pos + 1, column, negated
    if words[pos] in NOT_GIVEN:
        return None
    start = pos - 1 if negated else pos
    gap = 1 + (pos + 1 < len(words) and words[pos + 1] in ("a", "an", "any", "the"))  # 'missing a remote value'
    after = reading.at(pos + gap)
    if (column := _column(after)) is None:
        return None
    end = _end(after)
    if end < len(words) and words[end] in _CELL_NOUNS and (end in rest or _is_cell_item(reading.at(end))):
        end += 1
    return start, end, column, negated


def _unanswered(words: list[str], pos: int, reading: Reading) -> tuple[int, int, str] | None:
    """(start, end, column) of 'not <answer verb> [the] <column> [question|cell noun]' around the
    verb at `pos` ('not' right before it), the column named strongly; None otherwise."""
    at = pos + 1 + (pos + 1 < len(words) and words[pos + 1] in ("the", "a", "an", "in"))
    named = reading.at(at)
    if (column := _column(named)) is None:
        return None
    end = _end(named)
    if end < len(words) and words[end] in _CELL_NOUNS | {"question"} \
            and (reading.at(end) is None or _is_cell_item(reading.at(end))):
        end += 1
    return pos - 1, end, column


def _is_cell_item(item: Item | None) -> bool:
    """True for a stop or measure item of a cell noun ('value' is a measure word)."""
    return item is not None and item.kind in ("stop", "measure") and " " not in item.text


def _none_value(words: list[str], item: Item, reading: Reading) -> tuple[int, int, str] | None:
    """(start, end, column) of 'no <column> value(s)' or 'without a <column> value': a column
    followed by a cell noun; None otherwise."""
    pos = item.pos + 1
    if pos < len(words) and words[pos] in ("a", "an", "any"):
        pos += 1
    named = reading.at(pos)
    if (column := _column(named)) is None:
        return None
    end = _end(named)
    if end < len(words) and words[end] in _CELL_NOUNS and (reading.at(end) is None or _is_cell_item(reading.at(end))):
        return item.pos, end + 1, column
    return None


def _replace(reading: Reading, tokens: list[Token], start: int, end: int, column: str, op: Op) -> None:
    """Put one blank item over tokens [start, end), dropping the items inside the span; noted."""
    text = " ".join(t.text for t in tokens[start:end])
    reading.items = [i for i in reading.items if not (start <= i.pos < end)]
    reading.items.append(Item(text, start, [Meaning("blank", column, value=op.value)]))
    reading.items.sort(key=lambda it: it.pos)
    said = "blank" if op is Op.is_null else "not blank"
    reading.notes.append(f"read '{text}' as {column} {said} ({column} {op.value.upper()})")


def blank_condition(item: Item, draft: Draft) -> None:
    """A blank item (`read_blanks`) as the condition `column IS NULL` (IS NOT NULL after 'not' or
    'non'); the column's mentions are then read."""
    meaning = item.meanings[0]
    for mention in draft.columns:
        mention.used = mention.used or mention.column == meaning.column
    draft.columns = [c for c in draft.columns if not c.used]
    draft.predicates.append((item.pos, Predicate(column=meaning.column, op=Op(meaning.value))))
