"""A value the question names that the table holds in several places: several cells of one column
('braves': 'Braves' and '@ Braves', a home and an away game), read as all of them when each is
the word with marks around it, else refused naming the cells (never the first one found); or a
cell of several columns that 'from' / 'to' tell apart ('from DUB to LHR': origin, dest)."""

from __future__ import annotations

from agent import table_rows
from agent.plan import Op, Predicate
from agent.router.draft import Abstain, Draft
from agent.router.lexicon_data import Lexicon
from agent.router.reading import Item, Reading
from agent.router.words import header_words
from agent.table import Table

_FROM = frozenset({"origin", "from", "source", "departure", "depart", "departing", "start", "sender", "orig"})
_TO = frozenset({"dest", "destination", "to", "arrival", "arrive", "arriving", "end", "target", "recipient"})
"""Header words of the column a value after 'from' (or 'to') is a cell of: where a trip starts, ends."""


def directed(item: Item, reading: Reading, columns: set[str]) -> list[str]:
    """[the one column of `columns`] whose header says where things start when 'from' is right before
    `item` (where they end, after 'to'); [] when no such word precedes it or not exactly one column
    fits."""
    before = reading.tokens[item.pos - 1].lower if item.pos else ""
    words = _FROM if before == "from" else _TO if before == "to" else None
    if words is None:
        return []
    fits = [c for c in sorted(columns) if {w.lower() for w in header_words(c)} & words]
    return fits if len(fits) == 1 else []


def _letters(text: object) -> str:
    return "".join(ch for ch in str(text).casefold() if ch.isalnum())


def several_spellings(item: Item, column: str, spellings: list[object], reading: Reading, draft: Draft) -> None:
    """A word that names several cells of one column: when every cell is the word with marks around
    it ('Braves' and '@ Braves', a home and an away game), the condition that the column is one of
    them ('not' before the word: none of them). Raises Abstain naming the cells otherwise."""
    if not all(_letters(v) == _letters(item.text) for v in spellings):
        listed = ", ".join(repr(v) for v in spellings[:4])
        raise Abstain(f"'{item.text}' matches several values of {column} ({listed}); name the one you mean.")
    _one_of(item, column, spellings, reading, draft, "the same name with marks")


_TRUTH = (frozenset({"yes", "y", "true", "t"}), frozenset({"no", "n", "false", "f"}))
"""Spellings of one yes/no answer a text column may mix ('yes', 'Yes', 'Y')."""


def truth_spellings(spellings: list[object], table: Table, column: str) -> list[object] | None:
    """`spellings` (the cells a yes/no word matched) with the column's other spellings of the same
    answer ('Y' beside 'yes' and 'Yes'), when it holds any; None otherwise."""
    folded = {str(v).strip().casefold() for v in spellings}
    for words in _TRUTH:
        if folded <= words:
            same = [v for v in table_rows.distinct(table, column) if isinstance(v, str) and v.strip().casefold() in words]
            if {v.strip().casefold() for v in same} - folded:
                return list(dict.fromkeys([*spellings, *same]))
    return None


def same_answer(item: Item, column: str, spellings: list[object], reading: Reading, draft: Draft) -> None:
    """The condition that `column` holds any spelling of the yes/no answer `item` names (trial 6:
    'remote yes' counted 'yes' and 'Yes' and left 'Y' out, unsaid)."""
    _one_of(item, column, spellings, reading, draft, "spellings of one answer")


def flag_condition(item: Item, column: str, truth: bool, value: object, lex: Lexicon, draft: Draft) -> None:
    """Append the condition a yes/no `column` read as the answer `truth` sets, noted: `column` =
    `value` (its one spelling of that answer), or, when the column mixes spellings of its answers
    (lex.flag_spellings), `column` in every spelling of it ('remote' -> 'yes', 'Yes', 'Y')."""
    mixed = lex.flag_spellings.get(column)
    if mixed is None:
        draft.notes.append(f"read '{item.text}' as {column} = {value if isinstance(value, str) else int(value)}")
        draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=value)))
        return
    values = mixed[0] if truth else mixed[1]
    draft.notes.append(f"read '{item.text}' as {column} in ({', '.join(repr(v) for v in values)}): spellings of one answer")
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.in_, values=values)))


def _one_of(item: Item, column: str, values: list[object], reading: Reading, draft: Draft, why: str) -> None:
    """Append 'column in values' ('not' before the word: not in), noted with `why`; the column's
    mentions are then read."""
    prev = reading.before(item)
    negated = prev is not None and prev.kind == "negation"
    for mention in draft.columns:
        mention.used = mention.used or mention.column == column
    draft.columns = [c for c in draft.columns if not c.used]
    draft.notes.append(f"read '{item.text}' as {column} in ({', '.join(repr(v) for v in values)}): {why}")
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.not_in if negated else Op.in_, values=values)))
