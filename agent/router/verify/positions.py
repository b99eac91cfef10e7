"""The verifier's evidence for readings in the table's order, written apart from the readers
(router/positions.py, router/file_order.py): which words can stand for the step of a neighbour
('after', 'below', 'next': the row after; 'before', 'above', 'previous': the row before), for
which of two rows comes first or last ('first', 'earlier' / 'last', 'later'), and for the first
or last row of the file ('at the top'/'at the bottom' of it). A placing verb or adverb beside a
direction word ('listed right after', 'ranked below') is noted filler of that step; a word naming
the table ('chart', 'list') is the table itself."""

from __future__ import annotations

from agent.router.reading import Item
from agent.router.verify.context import Context, Strength
from agent.router.verify.parts import Part, Role

AFTER = frozenset({"after", "following", "below", "beneath", "under", "underneath", "next", "behind", "subsequent",
                   "succeeding"})
"""Words placing the answer one row after the anchor, in the table's order."""
BEFORE = frozenset({"before", "preceding", "above", "previous", "prior", "ahead"})
"""Words placing the answer one row before the anchor."""
FIRST = frozenset({"first", "earlier", "sooner", "earliest"})
LAST = frozenset({"last", "later", "latest"})
"""Which of several rows: FIRST asks for the earliest in the table's order (asc), LAST the latest."""
PLACING = frozenset("""listed placed ranked finished came come comes coming positioned played held drafted chosen
picked selected elected released launched built shown appears appear appeared located entered occurs
occurred""".split())
"""Verbs of placing a row in a listing or in time: beside a direction word they say where, nothing else."""
ADVERBS = frozenset({"right", "just", "directly", "immediately", "straight"})
"""Adverbs of nearness ('right after'): they sharpen a step, never change it."""
TABLE_WORDS = frozenset({"chart", "list", "table", "listed", "page", "listing"})
"""Words naming the table and its order ('on this chart', 'listed'): read as the table itself."""
_EDGES = {"top": "asc", "bottom": "desc", "beginning": "asc", "start": "asc", "end": "desc"}
"""'at the top' of a listing is its first row (asc), 'at the bottom' its last (desc)."""


def step_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The word says the step: AFTER for +1, BEFORE for -1 (a neighbour), FIRST for asc and LAST
    for desc (which of several rows comes first)."""
    word = item.text.lower()
    if part.op is None:
        sign = 1 if isinstance(part.value, int) and part.value > 0 else -1
        return Strength.STRONG if word in (AFTER if sign > 0 else BEFORE) else None
    return Strength.STRONG if word in (FIRST if part.op == "asc" else LAST) else None


def edge_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'at the top' (asc) / 'at the bottom' (desc) of a ranking in the file's order (no order key):
    the first or last row. Grounds the order and a limit of 1."""
    if not ctx.file_order or not at_edge(item, ctx):
        return None
    edge = _EDGES[item.text.lower()]
    if part.role is Role.order:
        return Strength.STRONG if part.op == edge else None
    return Strength.STRONG if part.role is Role.limit and part.value == 1 else None


def at_edge(item: Item, ctx: Context) -> bool:
    """True for 'top'/'bottom'/'beginning'/'end' right after 'at the' ('at the top of the chart')."""
    tokens = ctx.reading.tokens
    return item.text.lower() in _EDGES and [t.lower for t in tokens[max(0, item.pos - 2):item.pos]] == ["at", "the"]


def position_filler(item: Item, parts: list[Part], ctx: Context) -> bool:
    """True for a placing verb or adverb of a plan whose step rests on a direction word ('listed',
    'came', 'right' of 'listed right after'; 'ranked' linked to Rank, 'placed' to Place): the words
    say where the row sits, the direction word says which row."""
    word = item.text.lower()
    if word not in PLACING and word not in ADVERBS:
        return False
    if item.kind == "column" and word not in PLACING:
        return False
    return any(p.role is Role.step for p in parts) or (ctx.file_order and word in PLACING)


def table_word(item: Item) -> bool:
    """True for a word naming the table ('chart', 'list', 'listed') no other stage read."""
    return item.kind == "unread" and item.text.lower() in TABLE_WORDS


def anchor_column(part: Part, item: Item, ctx: Context) -> Strength | None:
    """In a position plan, the anchor's value names the column shown when no other does ('what is
    next after Ardelinda': the next row's Title, Ardelinda being a Title)."""
    if ctx.plan_kind != "PositionArgs" or item.kind != "value":
        return None
    return Strength.STRONG if any(m.column == part.column for m in item.meanings) else None


def check_steps(parts: list[Part], items: list[Item]) -> None:
    """Raises Abstain naming a direction or first/last word that says the other way than the
    plan's step ('before' read as the row after; 'first' read as the last)."""
    from agent.router.draft import Abstain

    for part in (p for p in parts if p.role is Role.step):
        if part.op is None:
            said, other = (AFTER, BEFORE) if isinstance(part.value, int) and part.value > 0 else (BEFORE, AFTER)
        else:
            said, other = (FIRST, LAST) if part.op == "asc" else (LAST, FIRST)
        wrong = [i for i in items if i.text.lower() in other and i.kind != "value"]
        if wrong:
            words = ", ".join(f"'{i.text}'" for i in wrong)
            raise Abstain(f"The question says {words}, but the reading I could build takes the "
                          f"{_step_words(part)}; say which row you mean.")


def _step_words(part: Part) -> str:
    if part.op is None:
        return f"row {'after' if isinstance(part.value, int) and part.value > 0 else 'before'} the one named"
    return f"{'first' if part.op == 'asc' else 'last'} of the rows named"
