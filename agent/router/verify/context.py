"""The verifier's shared vocabulary: how strongly a word stands for a part of a plan (Strength),
what every evidence rule sees (Context), and which read items are closed-class or give evidence
at all (CLOSED_KINDS, gives_evidence, label_word)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum

from agent.router import vocabulary as V
from agent.router.lexicon import Lexicon
from agent.router.reading import Item, Reading
from agent.router.verify.parts import Part
from agent.table import Table
from agent.table_type import TEXT_ROLES  # noqa: F401  (re-exported: the verifier rules read it from here)


class Strength(IntEnum):
    """How much a word says about a part: WEAK may name a measure only; STRONG may decide rows."""

    WEAK = 1
    STRONG = 2


@dataclass
class Context:
    """What the rules see: the question's reading, the table and its lexicon, the plan's class."""

    reading: Reading
    lex: Lexicon
    table: Table
    plan_kind: str
    plan_groups: list[str] = field(default_factory=list)
    """The plan's group-by columns (empty when it groups nothing)."""
    file_order: bool = False
    """The plan ranks rows in the file's order (a RankArgs with no order key: the first/last rows)."""
    memo: dict[tuple[int, int], "Strength | None"] = field(default_factory=dict)
    """(id of part, id of item) -> supports(part, item): each pair is judged once per plan."""


Rule = Callable[[Part, Item, Context], Strength | None]
CONTENT_WORDS = frozenset({"name", "names"})
"""Words of closed kinds that still ask for something: 'the name of ...' asks for a row's label
(a text column shown or grouped); so does 'who' opening the question."""
CLOSED_KINDS = {"stop", "row", "entity", "which", "currency", "datenoun", "group", "or"}
"""Item kinds that are closed-class or noted filler: they need no part of the plan (function words,
row nouns, 'which', 'by'/'per', currency words). Every other kind must be accounted for."""


def strength_of(item: Item) -> Strength:
    """WEAK for a link made by embedding similarity or a shared word start, else STRONG."""
    return Strength.WEAK if item.similar or getattr(item, "weak", False) else Strength.STRONG


def lexical(item: Item) -> str:
    """The item's first meaning's kind as the lexicon gave it (before the parser re-kinded it)."""
    return item.meanings[0].kind if item.meanings else item.kind


def label_word(item: Item) -> bool:
    """'who' (opening the question) and 'name'/'names' ask for a text label of the rows."""
    word = item.text.lower()
    return (word in CONTENT_WORDS and item.pos > 0) or (word in V.WHO_WORDS and item.pos == 0)  # 'Name the ...': a verb


STOP_EVIDENCE = frozenset({"all", "every", "each"})
"""Stop words that still stand for a part: 'all'/'every' for a test every row must pass."""


def gives_evidence(item: Item) -> bool:
    """False for a function word the lexicon read as a stop word (it stands for no part); True for
    every other item, words the parser consumed ('first' of a file order) and label words included."""
    return item.kind != "stop" or lexical(item) != "stop" or label_word(item) or item.text.lower() in STOP_EVIDENCE
