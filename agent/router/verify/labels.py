"""Evidence rules for the parts that shape a reading around rows: group_word (a grouped column
after a grouping cue), shown_word (the column listed or naming each row), check_word (the test of
a yes/no question), period and percent words, and kind_word (a rule from lexical kinds)."""

from __future__ import annotations

from collections.abc import Callable

from agent.router import vocabulary as V
from agent.router.reading import Item
from agent.router.verify.columns import names_column, same_number
from agent.router.verify.context import TEXT_ROLES, Context, Rule, Strength, label_word, lexical
from agent.router.verify.parts import Part
from agent.table import ColumnRole

DISTINCT_WORDS = ("unique", "distinct", "different", "possible values")
"""Words asking for the distinct values of a column."""


def group_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """A grouped column named right after a grouping cue ('by', 'per', 'each', 'which', 'what',
    an order word, 'top N', 'latest'); named elsewhere it is no evidence that rows are grouped."""
    if label_word(item) and ctx.table.roles.get(part.column) in TEXT_ROLES:
        return Strength.STRONG  # 'who has the most ...': per row label
    named = names_column(part, item, ctx)
    if named is None or item.kind not in ("column", "value", "flag"):
        return named if item.kind not in ("column", "value", "flag") else None
    prev = ctx.reading.before(item)
    first = ctx.reading.tokens[0].lower if ctx.reading.tokens else ""
    entity = ctx.table.roles.get(part.column) is ColumnRole.identifier  # 'the smallest invoice': per invoice
    cue = prev is not None and (prev.kind in ("group", "which", "number", "time") or (prev.kind == "order" and entity)
                                or prev.text.lower() in V.TIME_ORDER_WORDS)
    return named if cue or first in V.WHO_WORDS else Strength.WEAK



def shown_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The column named, 'who'/'whose' for a text column naming each row, 'unique'/'distinct' for
    the listed values of a column."""
    named = names_column(part, item, ctx)
    if named is not None:
        return named
    if label_word(item) and ctx.table.roles.get(part.column) in TEXT_ROLES:
        return Strength.STRONG
    prev = ctx.reading.before(item)
    if item.kind in ("row", "entity", "column") and prev is not None and prev.kind == "which" \
            and ctx.table.roles.get(part.column) in TEXT_ROLES and ctx.plan_kind == "RankArgs":
        return Strength.STRONG  # 'Which person has the lowest age?': the row's label
    if item.text.lower() in DISTINCT_WORDS and ctx.plan_kind in ("DistinctArgs", "CheckArgs"):
        return Strength.STRONG
    return None


def kind_word(kinds: tuple[str, ...], values: Callable[[Part, Item], bool] | None = None) -> Rule:
    """A rule: an item of one of `kinds` (lexical kind) stands for the part (when `values` agrees)."""
    def rule(part: Part, item: Item, ctx: Context) -> Strength | None:
        if lexical(item) in kinds and (values is None or values(part, item)):
            return Strength.STRONG
        return None
    return rule


def check_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The test of a yes/no question: a comparator for its comparison, a number for its value,
    'no'/'none' for a test that no row passes, 'all'/'every' for one every row passes."""
    op, word = part.op, item.text.lower()
    if op == "value":
        if item.kind == "number" and same_number(part.value, item.number):
            return Strength.STRONG
        if (lexical(item) == "sign" and part.value == 0) or (lexical(item) == "same" and part.value == 1):
            return Strength.STRONG
        return None
    if op in (">", ">=", "<", "<=", "=", "!=", "between"):
        said = item.meanings[0].value if item.meanings else None
        return Strength.STRONG if lexical(item) in ("comparison", "sign") and said == op or \
            (lexical(item) == "same" and op == "=") else None
    if op == "none":
        return Strength.STRONG if lexical(item) == "negation" else None
    if op == "all":
        return Strength.STRONG if word in ("all", "every", "each") else None
    if op == "unique":
        return Strength.STRONG if word in ("unique", "distinct", "different") else None
    return None


def percent_change(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'percent'/'%' of a change: the change is reported in percent."""
    return Strength.STRONG if lexical(item) == "ratio" and ctx.plan_kind == "ChangeArgs" else None


def period_word(part: Part, item: Item) -> bool:
    """True when a number or date item gives the period's bound ('2019' of '2019-01'..)."""
    number = item.number if item.kind == "number" else None
    return any(same_number(v, number) or (isinstance(v, str) and (
        (item.date and v.startswith(item.date)) or (number is not None and v == f"{number:g}")))
        for v in (part.value, part.upper))
