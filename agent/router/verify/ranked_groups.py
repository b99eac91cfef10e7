"""Verifier rule: a superlative's noun names what is ranked. 'which party received the least
votes?' ranks parties by Votes; a plan that groups by Party and ranks the groups by how many
distinct Votes values each holds answers another question, and so does 'who has the most albums?'
read as the row count per value of the Albums column (the column the superlative names became the
grouping). A row count per group after a verb of amount with no measure named ('which team scored
the least?') ranks by a score the question leaves unnamed, not by rows."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import Abstain
from agent.router.reading import Item, Reading
from agent.router.verify.cells import holds_measures
from agent.router.vocabulary import GENERIC_HEADER_WORDS
from agent.router.words import singular
from agent.table import ColumnRole, Table

_COUNT_WORDS = {"number", "different", "distinct", "unique", "kinds", "types", "count"}


def _superlative_noun(reading: Reading) -> Item | None:
    """The column item right after a superlative order word ('least votes'), or None when count
    words come between ('the most different sports') or no column follows."""
    for item in reading.items:
        if item.kind != "order":
            continue
        nxt = reading.after(item)
        between = {t.lower for t in reading.tokens[item.pos + 1:nxt.pos]} if nxt is not None else set()
        if nxt is not None and nxt.kind == "column" and not between & _COUNT_WORDS:
            return nxt
    return None


def _noun_before(reading: Reading) -> Item | None:
    """The column item right before a superlative order word that ends the question, past 'the'
    only ('was in service the least'), or None."""
    for item in reading.items:
        if item.kind != "order" or reading.after(item) is not None:
            continue
        last = reading.before(item)
        end = last.pos + len(last.text.split()) if last is not None else -1
        if last is not None and last.kind == "column" and {t.lower for t in reading.tokens[end:item.pos]} <= {"the"}:
            return last
    return None


def check_ranked_groups(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a ranked grouped count (AggregateArgs with group_by and an order, op
    count or count_distinct) ranks groups by the column a superlative names as the measure: the
    superlative's column is a grouping, or its distinct values are counted while they are numbers
    (typed, written as text, with a unit: 'the least notes' over '1.75 m', or several in a cell)."""
    if type(plan).__name__ != "AggregateArgs" or not plan.group_by or plan.order is None \
            or plan.op.value not in ("count", "count_distinct"):
        return
    after = _superlative_noun(reading)
    noun = after or _noun_before(reading)  # before: 'was in service the least' names the measure too
    if noun is None:
        return
    grouped = after is not None and noun.column in plan.group_by
    numbers = plan.op.value == "count_distinct" and noun.column == plan.column and holds_measures(table, plan.column) \
        and table.roles.get(plan.column) is not ColumnRole.identifier  # distinct ids count entities
    if grouped or numbers:
        raise Abstain(f"'{noun.text}' names the values to rank by ({noun.column}), but the reading would count "
                      f"{'rows per ' + noun.column + ' value' if grouped else 'distinct ' + noun.column + ' values'}"
                      f"; ask 'which <name column> has the highest {noun.column}'.")


_COUNTING = {"time", "number", "count", "total", "amount", "num", "no"}
"""Generic words that count rows themselves ('the most times', 'the most number of')."""


def _set_aside(reading: Reading, pos: int) -> bool:
    """True when token `pos` is a word the reading set aside as a generic word for values ('scores',
    'types', and WordNet's 'grades': noted), not a counting word ('times')."""
    word = reading.tokens[pos].lower
    if not word.isalpha() or singular(word) in _COUNTING:
        return False
    noted = any(n.startswith(f"read '{reading.tokens[pos].text}' as a generic word") for n in reading.notes)
    return noted or singular(word) in GENERIC_HEADER_WORDS


def _covered(reading: Reading, pos: int) -> bool:
    """True when a read item spans token `pos`."""
    return any(i.pos <= pos < i.pos + max(1, len(i.text.split())) for i in reading.items)


def check_ranked_unread_noun(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when a ranked grouped count (AggregateArgs with group_by, an order, op count)
    follows a superlative whose noun no read item covers: a word the reading set aside as generic
    ('which school offers the most grades?': 'grades' dropped as a word for values) is the thing
    the superlative ranks by, and a row count per group does not account for it."""
    if type(plan).__name__ != "AggregateArgs" or not plan.group_by or plan.order is None \
            or plan.op.value not in ("count", "count_distinct"):
        return
    tokens = reading.tokens
    for item in reading.items:
        if item.kind != "order" or item.pos + 1 >= len(tokens):
            continue
        nxt = item.pos + 1
        if _set_aside(reading, nxt) and not _covered(reading, nxt):
            raise Abstain(f"'{item.text} {tokens[nxt].text}': nothing in the table stands for "
                          f"'{tokens[nxt].text}', and a count of rows per {plan.group_by[0]} would not account for "
                          f"it; name the column to rank by.")


_AMOUNT_VERBS = {"scored", "scoring", "achieved", "got", "received", "earned", "brought", "yielded", "generated"}
"""Verbs of getting an amount ('scored', 'earned'), read as filler: they carry a measure, never rows."""


def check_ranked_verb_alone(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when a ranked row count per group (AggregateArgs with group_by, an order, op
    count, no column) rests on a superlative that ends the question right after a verb of amount:
    'which team scored the least?' asks for the lowest score, which no word names, not for the
    group with the fewest rows."""
    if type(plan).__name__ != "AggregateArgs" or not plan.group_by or plan.order is None \
            or plan.op.value != "count" or plan.column is not None:
        return
    tokens = reading.tokens
    for item in reading.items:
        if item.kind != "order" or item.pos == 0:
            continue
        verb = tokens[item.pos - 1].lower
        if tokens[item.pos - 1].lower in ("the", "a") and item.pos >= 2:
            verb = tokens[item.pos - 2].lower
        rest = [t for t in tokens[item.pos + 1:] if any(ch.isalnum() for ch in t.text)]
        if verb in _AMOUNT_VERBS and not rest:
            raise Abstain(f"'{verb} the {item.text}' ranks by an amount the question does not name, not by the "
                          f"number of rows per {plan.group_by[0]}; name the column to rank by.")


def check_superlative_cut(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when a grouped aggregate ordered by a superlative ('the most', 'the highest')
    keeps every group (no limit): 'list each team with the most draws' asks for the team or teams at
    the top, and a ranking of all teams answers another question."""
    if type(plan).__name__ != "AggregateArgs" or not plan.group_by or plan.order is None or plan.limit is not None:
        return
    tokens = reading.tokens
    for item in reading.items:
        if item.kind == "order" and item.pos > 0 and tokens[item.pos - 1].lower == "the":
            raise Abstain(f"'the {item.text}' asks for the {plan.group_by[0]} at the top, but the reading ranks "
                          f"every {plan.group_by[0]}; ask 'which {plan.group_by[0]} has the {item.text} ...'.")
