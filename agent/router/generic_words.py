"""Generic nouns of a question ('scores', 'values', 'ratings', and WordNet synonyms of them) that add
nothing once the question names a column ('CGPA scores' is CGPA), dropped before the last links;
a generic word that asks for a column of its own ('the year of the last title') is kept unless it
stands right beside the column it qualifies."""

from __future__ import annotations

from agent.router import vocabulary as V
from agent.router.reading import Reading
from agent.router.tokens import Token
from agent.router.words import singular

_GENERIC = {singular(w) for w in V.GENERIC_HEADER_WORDS}


_ASKED_GENERIC = frozenset({"year", "years", "date", "dates", "time", "name", "names", "id", "ids", "day", "days",
                            "month", "months"})
"""Generic header words that ask for a column of their own ('the year of the last title'): absorbed
only right beside the column they qualify ('the release date'), else left unread ('how many times'
counts rows: not one of them)."""


def _beside_column(pos: int, reading: Reading) -> bool:
    """True when a column item ends right before token `pos` or starts right after it."""
    return any(i.kind == "column" and (i.pos + len(i.text.split()) == pos or i.pos == pos + 1) for i in reading.items)


def _before_number(tokens: list[Token], pos: int) -> bool:
    """True when a number follows token `pos` ('after the year 2000'): the word names that number."""
    return pos + 1 < len(tokens) and tokens[pos + 1].kind == "number"


def absorb_generic(tokens: list[Token], rest: list[int], reading: Reading,
                    synonyms: frozenset[str] = frozenset()) -> list[int]:
    """Drop generic nouns ('scores', 'values', 'ratings', and `synonyms` of them: 'grades') when the
    question names a column: 'CGPA scores' is CGPA. Returns the positions still unmatched."""
    linked = any(i.kind == "column" for i in reading.items)
    kept = []
    for pos in rest:
        word = tokens[pos].lower
        # 'Which category has ...' asks for a column; 'What type of merchant ...' asks for the merchant
        asked = pos and tokens[pos - 1].lower in V.WHICH_WORDS and (pos + 1 == len(tokens) or tokens[pos + 1].lower != "of")
        generic = singular(word) in _GENERIC or word.removesuffix("s") in V.GENERIC_HEADER_WORDS
        if linked and not asked and not _coordinated(tokens, pos) and generic \
                and (word not in _ASKED_GENERIC or _beside_column(pos, reading) or _before_number(tokens, pos)):
            continue  # 'CGPA scores', 'with a score of 4' once a column is named: the noun adds nothing
        if linked and not asked and singular(word) in synonyms and (pos == 0 or tokens[pos].text == word):
            # lowercase only: 'Mark' inside a sentence may be a name
            reading.notes.append(f"read '{tokens[pos].text}' as a generic word for a column's values "
                                 "(WordNet: a sense of 'score' or 'rating')")
            continue
        kept.append(pos)
    return kept


def _coordinated(tokens: list[Token], pos: int) -> bool:
    """True when the word at `pos` is joined to its neighbour by 'and'/'or' ('the first type and
    standard', 'standard or type'): a noun in a list of things asked names one of them itself."""
    near = [tokens[i].lower for i in (pos - 1, pos + 1) if 0 <= i < len(tokens)]
    return "and" in near or "or" in near
