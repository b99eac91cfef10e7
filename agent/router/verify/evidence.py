"""The verifier's evidence table: which words of a question (read items of the
router's Reading) can stand for which part of a plan, and how strongly. A part of a plan rests on
an item when one of the rules listed for its role in EVIDENCE returns a strength for it:

- STRONG: a column's name or header word, a value of that column, a comparator with a number and
  a column, an operation word (total, average, how many, highest, most common, first...);
- WEAK: embedding similarity or a shared word start; it may name a measure column only.

Another plan kind or vocabulary extends the verifier here: append a rule to EVIDENCE[role] (a
function (part, item, ctx) -> Strength | None), or a word kind to CLOSED_KINDS when its words never
need a part of their own. Rules read the item's kind after parsing (a word the parser consumed
is re-kinded 'stop') and the words themselves, never the parser's `used` flags.

The rules live by the part they ground: columns.py (a column, a filter's value), operations.py
(the aggregate, the order, the limit, the offset), labels.py (grouping, shown columns, yes/no
tests, periods), positions.py (steps in the table's order, its first/last rows), differences.py
(a difference of two rows, an aggregate per entity); context.py holds Strength, Context and the closed word kinds. This module joins
them into EVIDENCE and re-exports their names."""

from __future__ import annotations

from agent.router.verify.columns import filter_value, names_column, same_number
from agent.router.verify.standings import placed_first, standing_side
from agent.router.verify.against import named_row_shown, than_comparison
from agent.router.verify.context import (CLOSED_KINDS, CONTENT_WORDS, STOP_EVIDENCE, TEXT_ROLES, Context, Rule,
                                         Strength, gives_evidence, label_word, lexical, strength_of)
from agent.router.verify.labels import (DISTINCT_WORDS, check_word, group_word, kind_word, percent_change, period_word,
                                        shown_word)
from agent.router.verify.choices import between_sides, choice_limit, choice_measure, choice_order
from agent.router.verify.differences import comparative_measure, difference_word, entity_word, period_value, range_words
from agent.router.verify.operations import aggregate_word, limit_word, ordinal_word, order_word
from agent.router.verify.positions import anchor_column, edge_word, step_word
from agent.router.verify.parts import Part, Role
from agent.router.percentiles import QUARTILES
from agent.router.reading import Item

__all__ = ["CLOSED_KINDS", "CONTENT_WORDS", "EVIDENCE", "GROUNDLESS_OK", "STOP_EVIDENCE", "TEXT_ROLES", "Context",
           "Rule", "Strength", "aggregate_word", "check_word", "filter_value", "gives_evidence", "group_word",
           "kind_word", "label_word", "lexical", "limit_word", "names_column", "order_word", "ordinal_word",
           "percent_change", "same_number", "shown_word", "strength_of", "supports"]


EVIDENCE: dict[Role, list[Rule]] = {
    Role.aggregate: [aggregate_word, difference_word, entity_word],
    Role.measure: [names_column, comparative_measure],
    Role.shown: [shown_word, anchor_column, named_row_shown],
    Role.order_key: [names_column, kind_word(("time",)), choice_measure],
    Role.filter: [names_column, filter_value, placed_first],
    Role.group: [group_word, entity_word],
    Role.order: [order_word, edge_word, choice_order],
    Role.limit: [limit_word, edge_word, choice_limit],
    Role.offset: [ordinal_word],
    Role.statistic: [kind_word(("stat",), lambda p, i: i.meanings[0].value == p.op),
                     kind_word(("order",), lambda p, i: p.op == "range" and i.text.lower() in ("max", "min")),
                     kind_word(("number",), lambda p, i: True),
                     kind_word(("stat",), lambda p, i: p.path.endswith("q") and _quartile(i) == p.op), range_words],
    Role.arithmetic: [kind_word(("change",))],
    Role.ratio: [kind_word(("ratio",))],
    Role.check: [check_word, than_comparison],
    Role.period: [kind_word(("number", "date"), period_word), percent_change, period_value, between_sides,
                  standing_side],
    Role.distinct: [kind_word(("op",), lambda p, i: i.text.lower() in DISTINCT_WORDS)],
    Role.structural: [names_column],
    Role.step: [step_word],
}
"""Role -> the rules that can ground a part of that role (see the module docstring)."""

GROUNDLESS_OK = {Role.structural, Role.check, Role.order}
"""Roles a plan may hold with no word behind them: the table's shape (a history's id and date), the
test a yes/no question implies ('is there ...': any row), the order of groups shown in full."""


def supports(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The strongest evidence `item` gives for `part`, or None (memoised for one verification)."""
    key = (id(part), id(item))
    if key not in ctx.memo:
        ctx.memo[key] = _supports(part, item, ctx)
    return ctx.memo[key]


def _supports(part: Part, item: Item, ctx: Context) -> Strength | None:
    best = None
    for rule in EVIDENCE.get(part.role, ()):
        got = rule(part, item, ctx)
        if got is not None and (best is None or got > best):
            best = got
    return best


def _quartile(item: Item) -> str | None:
    """The q a quartile said in words stands for, as a statistic part holds it ('first quartile' -> '25.0')."""
    q = QUARTILES.get(item.text.lower())
    return None if q is None else str(q)
