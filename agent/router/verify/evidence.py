"""The verifier's evidence tables, in one place: which words of a question (read items of the
router's Reading) can stand for which part of a plan, and how strongly. A part of a plan rests on
an item when one of the rules listed for its role in EVIDENCE returns a strength for it:

- STRONG: a column's name or header word, a value of that column, a comparator with a number and
  a column, an operation word (total, average, how many, highest, most common, first...);
- WEAK: embedding similarity or a shared word start; it may name a measure column only.

Another plan kind or vocabulary extends the verifier here: append a rule to EVIDENCE[role] (a
function (part, item, ctx) -> Strength | None), or a word kind to CLOSED_KINDS when its words never
need a part of their own. Rules read the item's kind after parsing (a word the parser consumed
is re-kinded 'stop') and the words themselves, never the parser's `used` flags."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from enum import IntEnum

from agent.router import vocabulary as V
from agent.router.lexicon import Lexicon
from agent.router.reading import Item, Reading
from agent.router.subjects import dimension_column
from agent.router.verify.parts import Part, Role
from agent.table import ColumnRole, Table


class Strength(IntEnum):
    """How much a word says about a part: WEAK may name a measure only; STRONG may decide rows."""

    WEAK = 1
    STRONG = 2


@dataclass
class Context:
    """What the rules see: the question's reading, the table and its lexicon, the plan's class."""

    reading: Reading
    lex: Lexicon
    table: Table
    plan_kind: str
    plan_groups: list[str] = field(default_factory=list)
    """The plan's group-by columns (empty when it groups nothing)."""
    memo: dict[tuple[int, int], "Strength | None"] = field(default_factory=dict)
    """(id of part, id of item) -> supports(part, item): each pair is judged once per plan."""


Rule = Callable[[Part, Item, Context], Strength | None]
_TEXT = (ColumnRole.categorical, ColumnRole.identifier, ColumnRole.text)
_FLIP = {"max": "desc", "min": "asc"}
_DISTINCT = ("unique", "distinct", "different", "possible values")
CONTENT_WORDS = frozenset({"name", "names"})
"""Words of closed kinds that still ask for something: 'the name of ...' asks for a row's label
(a text column shown or grouped); so does 'who' opening the question."""
CLOSED_KINDS = {"stop", "row", "entity", "which", "currency", "datenoun", "group", "or"}
"""Item kinds that are closed-class or noted filler: they need no part of the plan (function words,
row nouns, 'which', 'by'/'per', currency words). Every other kind must be accounted for."""


def strength_of(item: Item) -> Strength:
    """WEAK for a link made by embedding similarity or a shared word start, else STRONG."""
    return Strength.WEAK if item.similar or getattr(item, "weak", False) else Strength.STRONG


def lexical(item: Item) -> str:
    """The item's first meaning's kind as the lexicon gave it (before the parser re-kinded it)."""
    return item.meanings[0].kind if item.meanings else item.kind


def _one_date(column: str | None, ctx: Context) -> bool:
    return column in ctx.lex.date_columns and len(ctx.lex.date_columns) == 1


def names_column(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The item names the part's column: by name, header word or value (its strength), by a
    measure word for the lexicon's measure, by a unit or a comparison naming the column's quantity
    ('years old', 'older than'), by a date word for the table's one date column."""
    column, kind = part.column, item.kind
    if column is None:
        return None
    if kind == "column" and (any(m.column == column for m in item.meanings) or _header_words_of(item, column, ctx)):
        return strength_of(item)  # 'field of education' also names EducationField
    if (kind == "value" and part.role is Role.filter or kind == "flag" and part.role in (Role.filter, Role.shown)) \
            and any(m.column == column for m in item.meanings):
        return strength_of(item)  # a value says which rows, never what is measured or grouped
    if kind == "op" and item.meanings[0].value == "count" and _quantity_after(item, column, ctx):
        return Strength.STRONG  # 'the highest number of steals': the values of steals
    if (kind == "measure" or (kind == "number" and item.currency) or _magnitude(item, ctx)) and column == ctx.lex.measure:
        return Strength.STRONG  # 'spend', '$1000', 'the largest invoice': the table's one money column
    if kind == "unit" and item.meanings[0].value in ctx.lex.header_words.get(column, ()):
        return Strength.STRONG
    if kind == "comparison" and dimension_column(item, ctx.lex) == column:
        return Strength.STRONG
    if kind in ("date", "month", "datenoun") or item.text.lower() in V.TIME_ORDER_WORDS:
        return Strength.STRONG if _one_date(column, ctx) or _only_holder(part, ctx) else None
    if kind == "number" and item.number is not None and 1900 <= item.number <= 2100 and (
            _one_date(column, ctx) or _only_holder(part, ctx)):
        return Strength.STRONG
    return None


def _header_words_of(item: Item, column: str, ctx: Context) -> bool:
    """True when every word of a column item is a header word of `column` ('weekday' of Weekday_1)."""
    words = _singulars(item.text.lower())
    return bool(words) and words <= ctx.lex.header_words.get(column, set())


@lru_cache(maxsize=4096)
def _singulars(text: str) -> frozenset[str]:
    from agent.router.lexicon import singular

    return frozenset(singular(w) for w in text.split())


def _magnitude(item: Item, ctx: Context) -> bool:
    """'the largest invoice', 'our best single transaction': an order word right before a row noun
    ranks the rows by the table's measure."""
    nxt = ctx.reading.after(item)
    return lexical(item) == "order" and nxt is not None and nxt.kind in ("row", "entity")


def _quantity_after(item: Item, column: str, ctx: Context) -> bool:
    """True when a numeric `column` is named right after a count word ('number of steals')."""
    nxt = ctx.reading.after(item)
    return nxt is not None and nxt.kind == "column" and nxt.column == column and column in ctx.lex.numeric_columns


def _only_holder(part: Part, ctx: Context) -> bool:
    """True when the part's date column is the only date column holding its period ('in 2019' on
    a table whose birth dates end in 2005): a value of that column. latest/earliest: the first
    date column is a default unless the others are empty."""
    period = part.value if isinstance(part.value, str) else None
    if part.role is not Role.filter or part.column not in ctx.lex.date_columns:
        return False
    if period is None and part.op in ("latest", "earliest"):
        return part.column == _event_date(ctx)
    if period is None:
        return False
    holders = [c for c in ctx.lex.date_columns if _holds(ctx.table, c, period, part.upper)]
    return holders == [part.column]


def _event_date(ctx: Context) -> str | None:
    """The date column of the rows' own events: the one with the most distinct dates, when it has
    more than every other (transaction times beside birth dates), else None."""
    cache = ctx.table.__dict__.setdefault("_verify_event_date", {})
    if "column" not in cache:
        counts = sorted(((int(ctx.table.df[c].nunique()), c) for c in ctx.lex.date_columns), reverse=True)
        cache["column"] = counts[0][1] if len(counts) == 1 or counts[0][0] > counts[1][0] else None
    return cache["column"]


def _holds(table: Table, column: str, period: str, upper: object) -> bool:
    """True when some date of `column` falls in `period` ('2019', '2019-03', '2019-03-05'; up to
    `upper` for a range), cached on the table."""
    cache = table.__dict__.setdefault("_verify_periods", {})
    key = (column, period, upper)
    if key not in cache:
        dates = table.df[column].dropna()
        text = dates.dt.strftime("%Y-%m-%d") if len(dates) <= 200_000 else dates.astype(str)
        end = str(upper) if isinstance(upper, str) else period
        cache[key] = bool(((text.str[:len(period)] >= period) & (text.str[:len(end)] <= end)).any())
    return cache[key]


def _same_number(a: object, b: float | None) -> bool:
    return isinstance(a, (int, float)) and b is not None and abs(float(a) - b) < 1e-9


def filter_value(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The item gives the filter's right-hand side or operator: a value of the column, a number or
    date equal to it, a month in it, a comparator of the same operator, a negation of a '!='."""
    values = [v for v in (part.value, part.upper, *part.values) if v is not None]
    kind, op = item.kind, part.op
    if kind in ("value", "flag") and any(m.column == part.column for m in item.meanings):
        return strength_of(item)
    if kind == "number" and any(_same_number(v, item.number) for v in values):
        return Strength.STRONG
    if item.text.lower() == "first" and op == "=" and any(_same_number(v, 1.0) for v in values):
        return Strength.STRONG  # 'took first place': Place = 1 (router/file_order.py reads it)
    if kind == "number" and item.number is not None and float(item.number).is_integer() \
            and any(isinstance(v, str) and v.startswith(str(int(item.number))) for v in values):
        return Strength.STRONG  # a year: '2019' of '2019-03'
    if kind == "date" and any(isinstance(v, str) and (v.startswith(item.date) or item.date.startswith(v)) for v in values):
        return Strength.STRONG
    if kind == "month" and any(isinstance(v, str) and v[4:7] == f"-{int(item.meanings[0].value):02d}" for v in values):
        return Strength.STRONG
    if lexical(item) == "comparison" and item.meanings[0].value == op:
        return Strength.STRONG
    if kind == "sign" and values == [0.0] and item.meanings[0].value == op:
        return Strength.STRONG
    if item.text.lower() in V.TIME_ORDER_WORDS and op == V.TIME_ORDER_WORDS[item.text.lower()]:
        return Strength.STRONG
    if lexical(item) == "negation" and op in ("!=", "not in"):
        return Strength.STRONG
    flag = ctx.lex.flag_values.get(part.column or "")
    nxt = ctx.reading.after(item)
    if lexical(item) == "negation" and flag is not None and (values == [flag[1]] or (
            nxt is not None and nxt.kind == "flag" and nxt.column == part.column)):
        return Strength.STRONG  # 'not fraudulent': is_fraud = 0; 'not inactive': active = 1
    return None


def aggregate_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The item is the operation word of the aggregate: 'average' for mean, 'how many' for a count
    (a distinct count of a text column, a total of a numeric one), 'highest'/'latest' for max,
    'most'/'fewest' for a count or a total per group, 'most common' for a count, a change word for
    the sum of a change, 'same' for a distinct count."""
    op, word = part.op, item.text.lower()
    said = item.meanings[0].value if item.meanings else None
    kind = lexical(item)
    numeric = part.column in ctx.lex.numeric_columns
    if kind == "op":
        if said == op:
            return Strength.STRONG
        if said == "count" and (op == "count_distinct" or (op == "sum" and numeric)):
            return Strength.STRONG
        if said == "sum" and op in ("count", "count_distinct") and (
                part.column is None or ctx.table.roles.get(part.column) is ColumnRole.identifier):
            return Strength.STRONG  # 'total respondents', 'the total number of'
        if said == "count_distinct" and op == "count_distinct":
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


def _money(column: str | None, ctx: Context) -> bool:
    """True for a money column (a header word among vocabulary.MONEY_HINTS: revenue, sales, amount):
    'the region with the highest revenue' asks for its total; laps or attendance need 'total'."""
    words = ctx.lex.header_words.get(column or "", set())
    return bool(words & set(V.MONEY_HINTS)) and _additive(column, ctx)


def _groups_rows(ctx: Context) -> bool:
    """True when the plan's one group column holds one row per value (the group's total is that
    row's value: 'the township with the largest population'), or is an identifier whose rows are
    an entity's lines ('the smallest invoice amount': each invoice's total)."""
    from agent.router.planner import _one_row_each

    group = ctx.plan_groups
    if len(group) != 1:
        return False
    if ctx.table.roles.get(group[0]) is ColumnRole.identifier:
        return True
    cache = ctx.table.__dict__.setdefault("_verify_one_row", {})
    if group[0] not in cache:
        cache[group[0]] = _one_row_each(ctx.table, group[0])
    return cache[group[0]]


def _number_after(item: Item, ctx: Context) -> bool:
    """True when a number follows the item right away ('top 5')."""
    nxt = ctx.reading.at(item.pos + 1)
    return nxt is not None and nxt.kind == "number"


def _additive(column: str | None, ctx: Context) -> bool:
    """True when totals of `column` mean something (not a price, rate, score, percentage or age)."""
    from agent.router.planner import _per_row_quantity

    return column is not None and not _per_row_quantity(column, ctx.table)


def order_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'highest'/'top'/'most common' (desc), 'lowest'/'bottom'/'least' (asc), 'last'/'latest' (desc),
    'first'/'earliest' (asc) for the order of a ranking."""
    word = item.text.lower()
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
    if item.kind == "number" and _same_number(part.value, item.number):
        return Strength.STRONG
    if part.value == 1 and (lexical(item) in ("order", "ordinal") or item.text.lower() in V.TIME_ORDER_WORDS):
        return Strength.STRONG
    return None


def ordinal_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """'second' for offset 1 ('the second highest')."""
    if lexical(item) == "ordinal" and int(item.meanings[0].value) == int(part.value) + 1:
        return Strength.STRONG
    return None


def group_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """A grouped column named right after a grouping cue ('by', 'per', 'each', 'which', 'what',
    an order word, 'top N', 'latest'); named elsewhere it is no evidence that rows are grouped."""
    if label_word(item) and ctx.table.roles.get(part.column) in _TEXT:
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


def label_word(item: Item) -> bool:
    """'who' (opening the question) and 'name'/'names' ask for a text label of the rows."""
    word = item.text.lower()
    return (word in CONTENT_WORDS and item.pos > 0) or (word in V.WHO_WORDS and item.pos == 0)  # 'Name the ...': a verb


STOP_EVIDENCE = frozenset({"all", "every", "each"})
"""Stop words that still stand for a part: 'all'/'every' for a test every row must pass."""


def gives_evidence(item: Item) -> bool:
    """False for a function word the lexicon read as a stop word (it stands for no part); True for
    every other item, words the parser consumed ('first' of a file order) and label words included."""
    return item.kind != "stop" or lexical(item) != "stop" or label_word(item) or item.text.lower() in STOP_EVIDENCE


def shown_word(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The column named, 'who'/'whose' for a text column naming each row, 'unique'/'distinct' for
    the listed values of a column."""
    named = names_column(part, item, ctx)
    if named is not None:
        return named
    if label_word(item) and ctx.table.roles.get(part.column) in _TEXT:
        return Strength.STRONG
    prev = ctx.reading.before(item)
    if item.kind in ("row", "entity", "column") and prev is not None and prev.kind == "which" \
            and ctx.table.roles.get(part.column) in _TEXT and ctx.plan_kind == "RankArgs":
        return Strength.STRONG  # 'Which person has the lowest age?': the row's label
    if item.text.lower() in _DISTINCT and ctx.plan_kind in ("DistinctArgs", "CheckArgs"):
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
        if item.kind == "number" and _same_number(part.value, item.number):
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


def _period(part: Part, item: Item) -> bool:
    number = item.number if item.kind == "number" else None
    return any(_same_number(v, number) or (isinstance(v, str) and (
        (item.date and v.startswith(item.date)) or (number is not None and v == f"{number:g}")))
        for v in (part.value, part.upper))


EVIDENCE: dict[Role, list[Rule]] = {
    Role.aggregate: [aggregate_word],
    Role.measure: [names_column],
    Role.shown: [shown_word],
    Role.order_key: [names_column, kind_word(("time",))],
    Role.filter: [names_column, filter_value],
    Role.group: [group_word],
    Role.order: [order_word],
    Role.limit: [limit_word],
    Role.offset: [ordinal_word],
    Role.statistic: [kind_word(("stat",), lambda p, i: i.meanings[0].value == p.op),
                     kind_word(("order",), lambda p, i: p.op == "range" and i.text.lower() in ("max", "min")),
                     kind_word(("number",), lambda p, i: True)],
    Role.arithmetic: [kind_word(("change",))],
    Role.ratio: [kind_word(("ratio",))],
    Role.check: [check_word],
    Role.period: [kind_word(("number", "date"), _period), percent_change],
    Role.distinct: [kind_word(("op",), lambda p, i: i.text.lower() in _DISTINCT)],
    Role.structural: [names_column],
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
