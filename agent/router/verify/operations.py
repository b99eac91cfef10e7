"""Evidence rules for what is computed and how rows are ranked: aggregate_word (the operation word
of an aggregate), order_word (the direction of a ranking), limit_word (N of 'top N', 1 of a
superlative) and ordinal_word ('second' for offset 1)."""

from __future__ import annotations

from agent.router import vocabulary as V
from agent.router.reading import Item
from agent.router.verify.columns import same_number
from agent.router.verify.context import Context, Strength, lexical
from agent.router.verify.parts import Part
from agent.router.verify.positions import at_edge
from agent.table import ColumnRole

_FLIP = {"max": "desc", "min": "asc"}


def aggregate_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The item is the operation word of the aggregate: 'average' for mean, 'how many' for a count
    (a distinct count of a text column, a total of a numeric one), 'highest'/'latest' for max,
    'most'/'fewest' for a count or a total per group, 'most common' for a count, a change word for
    the sum of a change, 'same' for a distinct count."""
    op, word = part.op, item.text.lower()
    said = item.meanings[0].value if item.meanings else None
    kind = lexical(item)
    numeric = part.column in ctx.lex.numeric_columns
    if kind == "op" and _op_said(said, part, numeric, ctx):
        return Strength.STRONG
    if kind == "order" and _FLIP.get(op or "") == said:
        return Strength.STRONG
    if kind == "order" and word in V.COUNT_ORDER and (op == "count" or (op == "count_distinct" and not numeric)
                                                       or (op == "sum" and numeric)):
        return Strength.STRONG  # 'the most tickets', 'the fewest products', 'the most sales'
    if kind == "order" and op == "sum" and numeric and (_groups_rows(ctx) or _money(part.column, ctx)):
        return Strength.STRONG  # one row per group (a total is the row's value), or an entity's lines
    if said == "sum" and word == "total" and op in ("count", "count_distinct") and any(
            i.kind == "op" and i.meanings[0].value == "count" for i in ctx.reading.items):
        return Strength.STRONG  # 'how many episodes total', 'the total number of rounds'
    top_n = kind == "order" and word in ("top", "bottom") and _number_after(item, ctx)
    if top_n and (op == "count" and part.column is None or op == "sum" and numeric and _additive(part.column, ctx)):
        return Strength.STRONG  # 'the top 5 BusinessTravel categories', 'Top 5 regions by sales
    if kind == "column" and op == "sum" and "total" in item.text.lower().split():
        return Strength.STRONG  # 'the highest total revenue' of a column total_revenue
    if word in V.TIME_ORDER_WORDS and _FLIP.get(op or "") == ("desc" if V.TIME_ORDER_WORDS[word] == "latest" else "asc"):
        return Strength.STRONG
    if kind == "change" and ctx.plan_kind in ("ChangeArgs", "ExpressionArgs"):
        return Strength.STRONG
    if kind == "same" and op == "count_distinct":
        return Strength.STRONG
    if kind == "row" and op == "count" and ctx.plan_kind == "CheckArgs":
        return Strength.STRONG  # 'Does the table have more than 1000 rows?'
    return None


def _op_said(said: str | None, part: Part, numeric: bool, ctx: Context) -> bool:
    """True when the operation word meaning `said` names the part's operation: the same one, 'how
    many' for a distinct count or a numeric total, 'total' for a count of rows or of ids."""
    op = part.op
    if said == op:
        return True
    if said == "count" and (op == "count_distinct" or (op == "sum" and numeric)):
        return True
    if said == "sum" and op in ("count", "count_distinct") and (
            part.column is None or ctx.table.roles.get(part.column) is ColumnRole.identifier):
        return True  # 'total respondents', 'the total number of'
    return said == "count_distinct" and op == "count_distinct"


def _money(column: str | None, ctx: Context) -> bool:
    """True for a money column (a header word among vocabulary.MONEY_HINTS: revenue, sales, amount):
    'the region with the highest revenue' asks for its total; laps or attendance need 'total'."""
    words = ctx.lex.header_words.get(column or "", set())
    return bool(words & set(V.MONEY_HINTS)) and _additive(column, ctx)


def _groups_rows(ctx: Context) -> bool:
    """True when the plan's one group column holds one row per value (the group's total is that
    row's value: 'the township with the largest population'), or is an identifier whose rows are
    an entity's lines ('the smallest invoice amount': each invoice's total)."""
    from agent.router.rows import one_row_each

    group = ctx.plan_groups
    if len(group) != 1:
        return False
    if ctx.table.roles.get(group[0]) is ColumnRole.identifier:
        return True
    cache = ctx.table.__dict__.setdefault("_verify_one_row", {})
    if group[0] not in cache:
        cache[group[0]] = one_row_each(ctx.table, group[0])
    return cache[group[0]]


def _number_after(item: Item, ctx: Context) -> bool:
    """True when a number follows the item right away ('top 5')."""
    nxt = ctx.reading.at(item.pos + 1)
    return nxt is not None and nxt.kind == "number"


def _additive(column: str | None, ctx: Context) -> bool:
    """True when totals of `column` mean something (not a price, rate, score, percentage or age)."""
    from agent.router.rows import per_row_quantity

    return column is not None and not per_row_quantity(column, ctx.table)


def order_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'highest'/'top'/'most common' (desc), 'lowest'/'bottom'/'least' (asc), 'last'/'latest' (desc),
    'first'/'earliest' (asc) for the order of a ranking."""
    word = item.text.lower()
    if ctx.file_order and at_edge(item, ctx):
        return None  # 'at the top of the chart': the first row of the listing (positions.edge_word)
    if lexical(item) == "order" and item.meanings[0].value == part.op:
        return Strength.STRONG
    before = ctx.reading.at(item.pos - 1)
    if ctx.plan_kind == "RankArgs" and before is not None and before.kind == "column":
        return None  # 'ranked first', 'Place last': a position in that column, not in the file's order
    if word in V.TIME_ORDER_WORDS:
        return Strength.STRONG if ("desc" if V.TIME_ORDER_WORDS[word] == "latest" else "asc") == part.op else None
    return None


def limit_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """A number said for N ('top 5', 'the three players'); a superlative or 'first'/'last' for 1."""
    if item.kind == "number" and same_number(part.value, item.number):
        return Strength.STRONG
    if part.value == 1 and (lexical(item) in ("order", "ordinal") or item.text.lower() in V.TIME_ORDER_WORDS):
        return Strength.STRONG
    return None


def ordinal_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'second' for offset 1 ('the second highest')."""
    if lexical(item) == "ordinal" and int(item.meanings[0].value) == int(part.value) + 1:
        return Strength.STRONG
    return None
