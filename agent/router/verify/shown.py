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
