"""Reading of 'who is the <noun> ...' where the noun names a column of names: 'who is the only
swimmer from Canada?' asks the same as 'which swimmer is from Canada?', which the router reads (the
distinct Swimmer values of the rows whose Country is Canada). The question is restated in those
words before it is read, noted, so every later stage and the verifier see the column word the
question itself gave; every other word must still be accounted for.

Restated only when the words after 'the' (and 'only'/'sole') are exactly the name or header words
of one text column, of at most three words: 'who was the judge appointed by McKinley' -> 'which
judge was appointed by McKinley'; 'who is the player with the most goals' -> 'which player has the
most goals'; 'who is the only player who is not a fly-half' -> 'which player is not a fly-half'.
A noun that names no column, a numeric column, or several columns leaves the question as written."""

from __future__ import annotations

import re

from agent.router.lexicon import Lexicon
from agent.table import ColumnRole, Table

_WORD = r"[^\W\d_][\w'-]*"
_WHO = re.compile(rf"^(?P<lead>\s*(?:and\s+)?)who\s+(?P<aux>is|was|are|were)\s+the\s+(?:(?:only|sole)\s+)?"
                  rf"(?P<noun>{_WORD}(?:\s+{_WORD}){{0,2}})(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
_HAS = {"is": "has", "are": "have", "was": "had", "were": "had"}
_ONLY = re.compile(r"^\s*(?:and\s+)?who\s+(?:is|was|are|were)\s+the\s+(?:only|sole)\s", re.IGNORECASE)
_NAMES = (ColumnRole.categorical, ColumnRole.text)


def who_which_reading(question: str, lex: Lexicon, table: Table) -> tuple[str, str | None, tuple[str, str] | None]:
    """(`question` restated as 'which <noun> ...' when it opens 'who is/was the [only] <noun>' and
    the noun names one text column, with a note naming the column, and (column, the words read)
    when 'only'/'sole' asks for exactly one row; else (`question`, None, None))."""
    match = _WHO.match(question)
    if match is None:
        return question, None, None
    spans = [m.span() for m in re.finditer(_WORD, match.group("noun"))]
    start = match.start("noun")
    for size in range(len(spans), 0, -1):  # the longest column name first ('home team' before 'home')
        end = start + spans[size - 1][1]
        noun = question[start:end]
        column = text_column(tuple(noun.lower().split()), lex, table)
        if column is None:
            continue
        if not re.search(r"\w", question[end:]):
            return question, None, None  # 'who was the only swimmer?': no condition says which
        restated = f"{match.group('lead')}which {noun} {verb_words(match.group('aux'), question[end:].strip())}"
        said = question[match.end('lead'):end]
        note = f"read '{said}' as 'which {noun}' ({column}, the column the question names)"
        only = _ONLY.match(question) is not None
        return restated.rstrip(), note + ("; 'only' asks for exactly one row" if only else ""), \
            (column, said) if only else None
    return question, None, None


def text_column(phrase: tuple[str, ...], lex: Lexicon, table: Table) -> str | None:
    """The one column `phrase` names (its name or header words), when that column holds text."""
    columns = lex.columns_named(phrase)
    if len(columns) != 1:
        return None
    (column,) = columns
    return column if table.roles.get(column) in _NAMES else None


def verb_words(aux: str, rest: str) -> str:
    """The words after the noun: 'with X' / 'to have X' -> 'has X' ('was' -> 'had'); 'to be X' ->
    'is X'; 'to <verb> X' -> '<verb> X'; 'who/that is X' -> 'is X'; else '<aux> <rest>'."""
    lowered = rest.lower()
    for lead in ("with ", "to have "):
        if lowered.startswith(lead):
            return f"{_HAS[aux.lower()]} {rest[len(lead):]}"
    if lowered.startswith("to be "):
        return f"{aux} {rest[6:]}"
    if re.match(r"to [a-z]+ ", lowered):
        return rest[3:]
    for relative in ("who ", "that ", "which "):
        if lowered.startswith(relative):
            return rest[len(relative):]
    return f"{aux} {rest}" if rest else aux
