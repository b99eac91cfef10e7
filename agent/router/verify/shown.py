"""Verifier rule: the column a position or file-order answer shows is the answer, so it rests on
the column's own name. 'what is the track before "melodies from heaven"?' linked 'track' to Lead
Vocals through a WordNet sense and showed the singers of the row before; the track is its Title."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import Abstain
from agent.router.reading import Reading

_WEAK_LINKS = {"wordnet", "similarity"}
"""Evidence kinds (agent.router.reading.Evidence) that relate a word to a header by meaning, not by its words."""


def _shows_rows(plan: BaseModel) -> bool:
    """True for a plan whose answer is the shown cells of rows picked by position: a PositionArgs,
    or a RankArgs in file order (no ranking column)."""
    kind = type(plan).__name__
    return kind == "PositionArgs" or (kind == "RankArgs" and getattr(plan, "by", None) is None)


def check_shown_by_meaning(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when a position or file-order plan shows a column that a question word names
    only by a sense relation (WordNet) or similarity, not by its header's words."""
    if not _shows_rows(plan):
        return
    shown = set(getattr(plan, "columns", None) or [])
    for item in reading.items:
        evidence = getattr(getattr(item, "evidence", None), "value", "")
        if item.kind == "column" and item.column in shown and (item.similar or evidence in _WEAK_LINKS):
            raise Abstain(f"'{item.text}' is not a word of {item.column}'s name (I related them by meaning), and "
                          f"the answer would be {item.column}'s value; name the column to show.")


_EDGES = {"first", "last"}


def check_row_noun_shown(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when a file-order plan answers 'the first/last <noun for the rows> ...' with a
    column named only after that noun ('what was the last state to be formed?' showed Formed; 'the
    last episode of season one' showed the season number): the words after the noun say which
    rows or what they did; the question asks for the row itself. A column named before it ('the
    name of the last locomotive') is the one asked."""
    if type(plan).__name__ != "RankArgs" or getattr(plan, "by", None) is not None or not plan.columns:
        return
    for item in reading.items:
        noun = reading.after(item) if item.text.lower() in _EDGES else None
        if noun is None or noun.kind != "row":
            continue
        naming = [i for i in reading.items if i.kind == "column" and i.column in plan.columns]
        if naming and all(i.pos > noun.pos for i in naming):
            raise Abstain(f"'{item.text} {noun.text}' asks for a row, but the answer would be its "
                          f"{', '.join(plan.columns)}, named after it ('{naming[0].text}'); name the column to show.")


_RELATIVES = {"that", "which", "who", "whose"}
_HAVING = {"had", "has", "have", "having", "held", "holds", "featured", "features", "included", "includes"}


def check_relative_shown(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when a plan of picked rows (_shows_rows, or a ranked rank) shows a column the
    question names only inside a relative clause of having ('the first date that had official
    guests'): the clause says which rows count (those with a guest), and the asked value is
    the noun before it (the date), not the column named in it."""
    kind = type(plan).__name__
    if not (_shows_rows(plan) or kind == "RankArgs") or not getattr(plan, "columns", None):
        return
    tokens = [t.lower for t in reading.tokens]
    naming = [i for i in reading.items if i.kind == "column" and i.column in plan.columns]
    for item in naming:
        if item.pos >= 2 and tokens[item.pos - 1] in _HAVING and tokens[item.pos - 2] in _RELATIVES \
                and all(i.pos > item.pos - 2 for i in naming if i.column == item.column):
            raise Abstain(f"'{reading.tokens[item.pos - 2].text} {reading.tokens[item.pos - 1].text} {item.text}' "
                          f"says which rows count, but the answer would show {item.column} itself; name the "
                          "column whose value is asked.")
