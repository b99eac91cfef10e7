"""The condition a held item sets (agent/router/held_items.py: 'rick long', an item of 'Milann
Miles, Rick Long'): the column is one of the cells holding the item ('not' before it: none of
them), noted as the item the cells hold, so the restatement names every cell that counts.

Two items of one column joined by 'and' ('written by patrick massett and john zinman') ask for
the cells holding both (a cell lists the writers of one title); joined by 'or', for the cells
holding either. An item beside another condition on its column without a joiner, beside a whole
value of it, or two items no cell holds together, are refused naming the words: never one of
them silently."""

from __future__ import annotations

from agent.plan import Op, Predicate
from agent.router.draft import Abstain, Draft
from agent.router.reading import Item, Reading

SHOWN = 4
"""Cells quoted in a note (the rest are counted)."""


def _listed(cells: list[object]) -> str:
    shown = ", ".join(repr(c) for c in cells[:SHOWN])
    return shown + (f" and {len(cells) - SHOWN} more" if len(cells) > SHOWN else "")


def _between(at: int, item: Item, reading: Reading) -> set[str]:
    first = reading.at(at)
    start = at + (len(first.text.split()) if first is not None else 1)
    return {t.lower for t in reading.tokens[start:item.pos]}


def held_condition(item: Item, reading: Reading, draft: Draft) -> None:
    """Append the condition `item` (a held item) sets, or merge it into the one an earlier held item
    of its column set ('and': the cells holding both; 'or': either). Raises Abstain for the
    readings of the module doc that are refused."""
    column = item.meanings[0].column
    cells = [m.value for m in item.meanings]
    prev = reading.before(item)
    negated = prev is not None and prev.kind == "negation"
    for mention in draft.columns:  # 'produced by ... where Producer(s) holds it': the column names where it lives
        mention.used = mention.used or mention.column == column
    draft.columns = [c for c in draft.columns if not c.used]
    same = [(at, p) for at, p in draft.predicates if p.column == column]
    if not same:
        draft.notes.append(f"read '{item.text}' as {column} holding the item '{item.held_item}' "
                           f"({'not ' if negated else ''}one of the cells listing it: {_listed(cells)})")
        draft.predicates.append((item.pos, Predicate(column=column, op=Op.not_in if negated else Op.in_, values=cells)))
        return
    at, last = same[-1]
    earlier = reading.at(at)
    between = _between(at, item, reading)
    if earlier is not None and not negated and len(same) == 1 and last.op in (Op.eq, Op.in_) \
            and "or" in between and "and" not in between:  # 'jim bean or rick long': a row naming either
        last.values, last.op, last.value = list(dict.fromkeys([*(last.values or [last.value]), *cells])), Op.in_, None
        draft.notes.append(f"read '{earlier.text} ... {item.text}' as {column} holding either "
                           f"('{earlier.held_item or earlier.text}', '{item.held_item}'): {_listed(last.values)}")
        return
    if earlier is None or earlier.held_item is None or negated or last.op is not Op.in_ or len(same) > 1:
        raise Abstain(f"'{item.text}' is an item of {column} cells ({_listed(cells)}), beside another condition on "
                      f"{column}; I cannot tell how they combine: ask about each.")
    if "or" in between:
        raise Abstain(f"'{earlier.text}' and '{item.text}' are joined by both 'and' and 'or'; ask about each.")
    elif "and" in between:
        last.values = [c for c in last.values or [] if c in cells]
        how = "both items in one cell"
    else:
        raise Abstain(f"'{earlier.text}' and '{item.text}' are both items of {column}, but no 'and'/'or' joins "
                      "them; ask about each.")
    if not last.values:
        raise Abstain(f"No cell of {column} holds both '{earlier.held_item}' and '{item.held_item}'; ask about each.")
    draft.notes[:] = [n for n in draft.notes if not n.startswith(f"read '{earlier.text}' as {column} holding the item")]
    draft.notes.append(f"read '{earlier.text} ... {item.text}' as {column} holding {how} "
                       f"('{earlier.held_item}', '{item.held_item}'): {_listed(last.values)}")


def after_held(item: Item, reading: Reading, draft: Draft, column: str) -> None:
    """Raises Abstain when a whole value of `column` follows a held item of it joined otherwise than
    by 'or' alone ('rick long and jim bean': both in one cell, which none is, or either?)."""
    same = [at for at, p in draft.predicates if p.column == column]
    earlier = reading.at(same[-1]) if same else None
    if earlier is None or earlier.held_item is None:
        return
    between = _between(same[-1], item, reading)
    if "or" not in between or "and" in between:
        raise Abstain(f"'{earlier.text}' is an item of {column} cells and '{item.text}' a whole value of it; "
                      "I cannot tell how they combine: ask about each.")
