"""The first pass's typed value: a question's items (columns, values, numbers, dates, operator
words) in order, and the words nothing matched. Every later stage reads and marks these."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from agent.router.lexicon import Meaning
from agent.router.tokens import Token


class Evidence(StrEnum):
    """How an item was linked to its column or meaning, strongest first. The parts of a plan that
    decide which rows count and what is computed should rest on `exact`, `header` or `value_words`;
    `wordnet` links only when the word fits one column of the table (a rival abstains); `similarity`
    cannot tell a word from its opposite."""

    exact = "exact"
    """The column's name (or a spelling of it), a value of the column, or the router's own vocabulary."""
    header = "header"
    """Words of the column's header, its acronym, or a word derived from a header word ('promoted')."""
    value_words = "value_words"
    """Words held by exactly one text value ('Sapiens' for 'Sapiens: A Brief History ...')."""
    wordnet = "wordnet"
    """A WordNet 3.0 synonym, abbreviation or expansion, derived form, or kind of person, unique
    across the table's columns (agent/router/synonyms.py)."""
    similarity = "similarity"
    """Embedding similarity with a margin (agent/router/embed_link.py)."""


@dataclass
class Item:
    """One read phrase: its text, position (token index), meanings, and a number or ISO date."""

    text: str
    pos: int
    meanings: list[Meaning]
    number: float | None = None
    date: str | None = None
    currency: bool = False
    used: bool = False
    kind: str = ""
    """column, value, flag, measure, op, ... from the first meaning; else date or number."""
    similar: bool = False
    """Linked by embedding similarity, which cannot tell a word from its opposite ('inactive', 'active')."""
    evidence: Evidence = Evidence.exact
    """How the item was linked (Evidence); `similarity` whenever `similar`."""
    weak: bool = False
    """Linked by a near match only (two words' initials, a shared word start): the verifier lets it
    name a measure, never decide rows (agent/router/verify)."""
    held_item: str | None = None
    """The item its cells list beside others, as a cell writes it ('Rick Long' of 'Milann Miles,
    Rick Long'): the value meanings are every cell holding it (agent/router/held_items.py)."""

    def __post_init__(self) -> None:
        self.kind = self.meanings[0].kind if self.meanings else ("date" if self.date else "number")
        if self.similar:
            self.evidence = Evidence.similarity

    @property
    def column(self) -> str | None:
        return self.meanings[0].column if self.meanings else None


@dataclass
class Reading:
    """All items of a question in order, and the unmatched words grouped into phrases."""

    items: list[Item] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """Links made beyond exact names ("read 'graduate record examination' as GRE Score")."""
    row_scope: bool = False
    """The question speaks of single rows ('in a single season', 'in one transaction')."""
    embedding_ms: float = 0.0
    """Time spent on embedding links (the lexical stages' time is the rest)."""
    tokens: list[Token] = field(default_factory=list)
    """The question's tokens (item positions index them): words no item keeps ('times') stay visible."""
    id_rows: dict[int, str] = field(default_factory=dict)
    """{token position: id column} of each plural noun read as the rows because it names an id
    holding one distinct value on every row ('shipments' for Shipment ID; router/id_rows.py)."""

    def of(self, *kinds: str) -> list[Item]:
        return [i for i in self.items if i.kind in kinds]

    def at(self, pos: int) -> Item | None:
        """The item at token position `pos` (stopwords included), if any."""
        return next((i for i in self.items if i.pos == pos), None)

    def after(self, item: Item) -> Item | None:
        """The first item after `item` (in list order) that is not a stopword, if any."""
        return next((i for i in self.items if i.pos > item.pos and i.kind != "stop"), None)

    def before(self, item: Item) -> Item | None:
        """The last item before `item` (in list order) that is not a stopword, if any."""
        return next((i for i in reversed(self.items) if i.pos < item.pos and i.kind != "stop"), None)

    def strong_columns(self) -> dict[int, str]:
        """{token position: column} for every token of a column item linked on strong evidence (a
        header, not similarity nor a shared word start); a multi-word item covers each of its words."""
        strong: dict[int, str] = {}
        for item in self.items:
            if item.kind == "column" and not item.similar and not item.weak:
                for p in range(item.pos, item.pos + max(1, len(item.text.split()))):
                    strong[p] = item.column
        return strong
