"""Refusing a word that is part of cells, not a whole cell: 'Aisha' where Name holds 'Aisha Khan'
and 'Aisha Bello'. The refusal says which column holds it and inside which values, and asks which
is meant, with the whole value to ask by; nothing is read from it (a part of a cell is no
condition: router/link.py reads a lone word as a value only when exactly one value holds it and
the word is long enough to be strong evidence)."""

from __future__ import annotations

from agent import table_rows
from agent.router.tokens import value_tokens
from agent.table import ColumnRole, Table

SHOWN = 4
"""Values quoted per column (the rest are counted)."""
MAX_DISTINCT = 5000
"""Columns with more distinct values are not searched (as the value words index: router/values.py)."""
_TEXT = (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier)


def _words(text: str) -> list[str]:
    return [t.lower for t in value_tokens(text) if t.kind in ("word", "number")]


def holders(phrase: str, table: Table) -> dict[str, list[str]]:
    """{column: its values holding `phrase` as whole words in a row ('Aisha' in 'Aisha Khan', not in
    'Aishani')}, sorted, for the text columns of at most MAX_DISTINCT values; a value equal to the
    phrase is not a holder (it would have matched)."""
    wanted = _words(phrase)
    found: dict[str, list[str]] = {}
    if not wanted:
        return found
    cells_of = _cell_words(table)
    for column, at in _word_index(table).get(wanted[0], {}).items():
        cells = cells_of[column]
        hits = sorted({cells[i][0] for i in at if _inside(wanted, cells[i][1])})
        if hits:
            found[column] = hits
    return found


def _word_index(table: Table) -> dict[str, dict[str, list[int]]]:
    """{word: {column: positions in `_cell_words`'s list of the cells holding it}}, columns in
    `_cell_words`'s order: a phrase is looked for only in the cells holding its first word. Built
    once per table (kept on it)."""
    cached = table.__dict__.get("_inside_word_index")
    if cached is None:
        cached = {}
        for column, cells in _cell_words(table).items():
            for i, (_, words) in enumerate(cells):
                for word in dict.fromkeys(words):
                    cached.setdefault(word, {}).setdefault(column, []).append(i)
        table.__dict__["_inside_word_index"] = cached
    return cached


def _cell_words(table: Table) -> dict[str, list[tuple[str, list[str]]]]:
    """{text column: [(value, its words)]} for the columns of at most MAX_DISTINCT values, built once
    per table (kept on it: a table's cells never change)."""
    cached = table.__dict__.get("_inside_cell_words")
    if cached is None:
        cached = {}
        for column, role in table.roles.items():
            values = table_rows.distinct(table, column) if role in _TEXT else []
            if role in _TEXT and len(values) <= MAX_DISTINCT:
                cached[str(column)] = [(str(v).strip(), _words(str(v))) for v in values]
        table.__dict__["_inside_cell_words"] = cached
    return cached


def _inside(wanted: list[str], words: list[str]) -> bool:
    n = len(wanted)
    return len(words) > n and any(words[i:i + n] == wanted for i in range(len(words) - n + 1))


def inside_reason(phrase: str, table: Table) -> str | None:
    """The sentence refusing `phrase` when it appears inside values of the table ("'Aisha' is not a
    whole value, but it appears inside 2 values of Name: 'Aisha Khan', 'Aisha Bello'. If you meant one
    of them, ask with the whole value, e.g. 'Aisha Khan'."), or None when no value holds it."""
    found = holders(phrase, table)
    if not found:
        return None
    parts = [f"{_count(len(v))} of {c}: {_listed(v)}" for c, v in found.items()]
    example = next(iter(found.values()))[0]
    one = sum(len(v) for v in found.values()) == 1
    where = " and ".join(parts) if len(parts) <= 2 else ", ".join(parts)
    return (f"'{phrase}' is not a whole value of any column, but it appears inside {where}. If you meant "
            f"{'that value' if one else 'one of them'}, ask with the whole value, e.g. '{example}'.")


def _count(n: int) -> str:
    return "one value" if n == 1 else f"{n} values"


def _listed(values: list[str]) -> str:
    shown = ", ".join(repr(v) for v in values[:SHOWN])
    return shown + (f" and {len(values) - SHOWN} more" if len(values) > SHOWN else "")


def inside_words(phrases: list[str], table: Table) -> tuple[list[str], list[str]]:
    """(the phrases no value holds, the sentences for those that values hold: `inside_reason`). A
    phrase of several words no value holds whole is tried word by word ('Aisha place': 'Aisha'
    is inside Name's values, 'place' is left unmatched)."""
    rest, said = [], []
    for phrase in phrases:
        reason = inside_reason(phrase, table)
        if reason is not None:
            said.append(reason)
            continue
        words = phrase.split()
        reasons = {w: inside_reason(w, table) for w in words} if len(words) > 1 else {}
        if not any(reasons.values()):
            rest.append(phrase)
            continue
        rest.extend(w for w in words if reasons[w] is None)
        said.extend(r for r in reasons.values() if r is not None)
    return rest, said
