"""The first pass's typed value: a question's items (columns, values, numbers, dates, operator
words) in order, and the words nothing matched. Every later stage reads and marks these."""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.router.lexicon import Meaning
from agent.router.tokens import Token


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

    def __post_init__(self) -> None:
        self.kind = self.meanings[0].kind if self.meanings else ("date" if self.date else "number")

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

    def of(self, *kinds: str) -> list[Item]:
        return [i for i in self.items if i.kind in kinds]

    def at(self, pos: int) -> Item | None:
        """The item at token position `pos` (stopwords included), if any."""
        return next((i for i in self.items if i.pos == pos), None)

    def after(self, item: Item) -> Item | None:
        later = [i for i in self.items if i.pos > item.pos and i.kind != "stop"]
        return later[0] if later else None

    def before(self, item: Item) -> Item | None:
        earlier = [i for i in self.items if i.pos < item.pos and i.kind != "stop"]
        return earlier[-1] if earlier else None
