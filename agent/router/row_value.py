"""Reading of a value read off one named row: 'what is the length of "splash"?', 'who was the
producer of splash?', 'name the venue of the 2004 final'. A grammar over the question's tokens,
not cue words: a question word, forms of 'to be' and articles, then the answer column's words,
'of'/'for', and the anchor: a run spelling exactly one cell of one row (router/anchors.py;
accents, case and quotes aside), optionally followed by words naming the table ('on the list').
Every word of the column span must be linked to one column by its name or header words (exact
or header evidence: never a similarity, a shared word start or a WordNet sense), and that column
must not be the anchor's. Planned as RankArgs over the one row (its column shown), as
'who won in 2011' is (router/who_row.py). Any other word, a second column, or a row that holds
no value in the answer column leaves the question to the other readings (None), or refuses."""

from __future__ import annotations

from agent.plan import Op, Predicate
from agent.queries import RankArgs
from agent.router.anchors import Cell, header_tokens, one_cell
from agent.router.draft import Abstain
from agent.router.lexicon import Lexicon
from agent.router.positions import PLACEHOLDERS, TRAILING, _row
from agent.router.reading import Evidence, Reading
from agent.table import Table

QUESTION = frozenset({"what", "who", "which", "name", "whom"})
BE = frozenset({"is", "was", "were", "are", "be"})
ARTICLES = frozenset({"the", "a", "an"})
LINKS = frozenset({"of", "for"})
"""The word between the answer column and the anchor ('the length of X', 'the winner for X')."""


def read_row_value(reading: Reading, lex: Lexicon, table: Table) -> RankArgs | None:
    """The plan for 'what/who is the <column> of/for <one row's cell>', or None when the question
    has another shape. Raises Abstain when it has this shape but the row holds no value there."""
    del lex
    tokens = reading.tokens
    words = [t.lower for t in tokens]
    if len(words) < 4 or words[0] not in QUESTION:
        return None
    start = 1
    while start < len(words) and (words[start] in BE or words[start] in ARTICLES):
        start += 1
    if words[0] == "name" and start == 1:
        return None  # 'name the X of Y' needs its article; 'name X' is a list
    end = len(words)
    while end > start and words[end - 1] in TRAILING and words[end - 1] not in LINKS:
        end -= 1
    for link in range(start + 1, end - 1):
        if words[link] not in LINKS:
            continue
        column = _column(reading, start, link)
        if column is None:
            continue
        anchor = one_cell(tokens[link + 1:end], table, header_tokens(table))
        if anchor is None or anchor.column == column:
            continue
        return _plan(reading, table, column, anchor, tokens[link + 1:end])
    return None


def _column(reading: Reading, start: int, stop: int) -> str | None:
    """The one column every word of tokens[start:stop] names by its name or header words (articles
    aside), or None when a word names none, several, or rests on weaker evidence."""
    covered: dict[int, str] = {}
    for item in reading.items:
        if item.kind != "column" or item.similar or item.weak or item.evidence not in (Evidence.exact, Evidence.header):
            continue
        for p in range(item.pos, item.pos + max(1, len(item.text.split()))):
            covered[p] = item.column
    named = set()
    for p in range(start, stop):
        if p in covered:
            named.add(covered[p])
        elif reading.tokens[p].lower not in ARTICLES:
            return None
    return named.pop() if len(named) == 1 else None


def _plan(reading: Reading, table: Table, column: str, anchor: Cell, span: list) -> RankArgs:
    """RankArgs showing `column` of the one row `anchor` names. Raises Abstain when that cell is empty."""
    import pandas as pd

    value = table.df[column].iloc[_row(table, anchor)]
    if pd.isna(value) or str(value).strip().casefold() in PLACEHOLDERS:
        raise Abstain(f"The row where {anchor.column} = {anchor.value!r} holds no {column} ({value}).")
    text = " ".join(t.text for t in span)
    reading.notes.append(f"read '{text}' as the row where {anchor.column} = {anchor.value!r}, "
                         f"and its {column} as the answer")
    return RankArgs(by=None, order="asc", limit=1, columns=[column],
                    where=[Predicate(column=anchor.column, op=Op.eq, value=anchor.value)])
