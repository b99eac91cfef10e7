"""Head nouns of values: in 'How many loans were not Children books?' the word 'books' names the
column Book Title by a header word, but it only says what the value 'Children' (a Genre) describes:
the loans of books whose Genre is 'Children'. Read as a column, it had turned the count of loans
into a count of distinct titles (trial 15, K1: 14 instead of 206), and 'the average late fee for
Children books' into two columns to aggregate.

A head noun is a one-word column item of a text column right after a value item of another column
that the question reads as a condition. It is read so (marked used, noted) only where the words
say what the plan is without it:
- a count or share whose counted noun is the rows ('how many loans', 'the most loans', 'what share
  of loans'): the rows are counted;
- an aggregate of another named numeric column, or of a measure word ('the average late fee for
  Children books'): the measure is that column.
A count whose counted noun is the head itself ('how many Children books are there?', 'which branch
has the most Children books') may count the rows (loans) or the head column's different values
among them: refused, naming both, unless a word asks for distinct values ('how many different
Children books'), which the parser reads as a distinct count before this stage."""

from __future__ import annotations

from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Lexicon
from agent.router.op_words import rows_counted
from agent.router.reading import Item, Reading
from agent.table import ColumnRole, Table

_TEXT = (ColumnRole.categorical, ColumnRole.text)
"""Columns whose noun may be a head noun. An identifier's noun names the entities themselves ('how
many urgent tickets' of ticket_id: the distinct tickets), which the identifier stages read."""


def value_before(item: Item, reading: Reading, table: Table) -> Item | None:
    """The value item right before `item` when `item` is the head noun of that value: `item` is a
    one-word column item (exact or header evidence, not a near match) of a text column (not an
    identifier), and the item before it, adjacent, is a value of other columns only. Else None."""
    if item.kind != "column" or " " in item.text or item.similar or item.weak \
            or table.roles.get(item.column or "") not in _TEXT:
        return None
    prev = reading.before(item)
    if prev is None or prev.kind != "value" or prev.pos + len(prev.text.split()) != item.pos:
        return None
    if any(m.kind != "value" or m.column == item.column for m in prev.meanings):
        return None
    return prev


def read_value_heads(draft: Draft, reading: Reading, lex: Lexicon, table: Table) -> None:
    """Mark as used (and note) each head noun of `draft.columns` (see the module docstring) whose
    value is a condition of `draft`, when the rows are what is counted ('how many loans', 'the
    most loans', 'what share of loans') or another named numeric column (or a measure word) is
    what is aggregated. Raises Abstain for a count of the head noun itself ('how many Children
    books', 'which branch has the most Children books'), which may count rows or the head column's
    values."""
    from agent.router.history import changes_within, status_like

    tested = {p.column for _, p in draft.predicates}
    heads = [(c, v) for c in draft.columns if not c.used
             and (v := value_before(c, reading, table)) is not None and v.column in tested
             # 'closed tickets' on a status log keyed by ticket: each ticket's latest row (history.py)
             and not (status_like(table, v.column) and changes_within(table, c.column, v.column))]
    if not heads:
        return
    others = {c.column for c in draft.columns if not c.used and all(c is not h for h, _ in heads)}
    counting = draft.ratio or draft.op == "count" or (draft.op is None and not others and not draft.measure_used
                                                      and (_count_word(reading) or bool(draft.order)))
    rows = rows_named(reading) if counting else None
    if counting and rows is None and not draft.ratio:
        head, value = heads[0]
        raise Abstain(f"'{value.text} {head.text}' may count the rows where {value.column} = '{value.meanings[0].value}' "
                      f"or the different {head.column} values among them; ask 'how many rows ...' or "
                      f"'how many different {head.column} ...'.")
    measured = bool(others) and all(c in lex.numeric_columns for c in others) or (not others and draft.measure_used)
    if rows is None and (counting or not measured):
        return
    for head, value in heads:
        head.used = True
        said = f"'{rows}' are counted" if rows is not None else "it is not what is aggregated"
        draft.notes.append(f"read '{head.text}' as what '{value.text}' describes ({value.column} = "
                           f"'{value.meanings[0].value}'), not as {head.column}: {said}")


_COUNT_ORDERS = frozenset({"most", "fewest", "least"})
"""Order words that count the rows after them ('the most loans')."""


def rows_named(reading: Reading) -> str | None:
    """The row noun counted: right after a count word ('how many loans', op_words.rows_counted),
    after 'most'/'fewest' ('the most loans'), or after a share word and 'of' ('what share of
    loans'); else None."""
    found = rows_counted(reading)
    if found is not None:
        return found
    for item in reading.items:
        if item.kind not in ("order", "ratio") or (item.kind == "order" and item.text.lower() not in _COUNT_ORDERS):
            continue
        nxt = reading.after(item)  # past 'of', 'the'
        if nxt is not None and nxt.kind == "row":
            return nxt.text
    return None


def _count_word(reading: Reading) -> bool:
    """True when an operation word of `reading` asks for a count ('how many', 'number of')."""
    return any(i.meanings and i.meanings[0].value == "count" for i in reading.of("op"))


def head_of_tested_value(item: Item, reading: Reading, table: Table, tested: set[str], used: set[str]) -> bool:
    """True for the verifier: `item` is a head noun (`value_before`) whose value's column is tested
    by the plan (`tested`) while the plan uses no part of `item`'s own column (`used`)."""
    value = value_before(item, reading, table)
    return value is not None and value.column in tested and item.column not in used
