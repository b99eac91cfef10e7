"""Evidence rules that name a column or a filter's value: names_column (a column's name, header
word, value, unit, comparison or date word) and filter_value (the right-hand side or operator of
a filter: a value, a number, a date, a comparator, a negation)."""

from __future__ import annotations

import re

from functools import lru_cache

from agent import table_rows
from agent.router import vocabulary as V
from agent.router.calendar import is_year
from agent.router.reading import Item
from agent.router.measure_words import spent_column
from agent.router.money_verbs import billed_column
from agent.router.subjects import dimension_column
from agent.router.standings import standing_value
from agent.router.verify.context import Context, Strength, lexical, strength_of
from agent.router.verify.parts import Part, Role
from agent.table import Table


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
    if kind == "row" and part.role is Role.filter and _header_words_of(item, column, ctx) \
            and (nxt := ctx.reading.at(item.pos + 1)) is not None and nxt.kind == "number":
        return Strength.STRONG  # 'loan 7010' of Loan No: the id's noun, then its value
    if (kind in ("value", "blank") and part.role is Role.filter or kind == "flag" and part.role in (Role.filter, Role.shown)) \
            and any(m.column == column for m in item.meanings):
        return strength_of(item)  # a value says which rows, never what is measured or grouped
    if kind == "op" and item.meanings[0].value == "count" and _quantity_after(item, column, ctx):
        return Strength.STRONG  # 'the highest number of steals': the values of steals
    if column == ctx.lex.measure and (kind == "measure" or (kind == "number" and item.currency) or _magnitude(item, ctx)):
        return Strength.STRONG  # 'spend', '$1000', 'the largest invoice': the table's one money column
    if kind == "number" and item.currency and ctx.lex.measure is None and _one_money(column, ctx):
        return Strength.STRONG  # '$100' beside Fee ($) and Duration (min): money names the one money column
    if kind == "measure" and ctx.lex.measure is None and column == spent_column([item.text], ctx.lex):
        return Strength.STRONG  # 'spend' where Debit sits beside Credit: the money going out
    if kind == "measure" and ctx.lex.measure is None and column == billed_column(item, ctx.lex):
        return Strength.STRONG  # 'the total invoiced': the one column of money amounts (router/money_verbs.py)
    if kind == "unit" and item.meanings[0].value in ctx.lex.header_words.get(column, ()):
        return Strength.STRONG
    if kind == "comparison" and dimension_column(item, ctx.lex) == column:
        return Strength.STRONG
    if kind == "comparison" and part.role is Role.filter and _implied(item, column, ctx):
        return Strength.STRONG  # 'customers under 30': an age; 'orders over 8': the one numeric column
    if kind in ("date", "month", "datenoun") or item.text.lower() in V.TIME_ORDER_WORDS:
        return Strength.STRONG if _one_date(column, ctx) or _only_holder(part, ctx) else None
    if kind == "number" and item.number is not None and is_year(item.number) and (
            _one_date(column, ctx) or _only_holder(part, ctx)):
        return Strength.STRONG
    return None


def _implied(item: Item, column: str, ctx: Context) -> bool:
    """True when the comparison can only mean `column` (agent/router/implied.py)."""
    from agent.router.implied import implied_column

    found = implied_column(item, ctx.reading, ctx.lex, ctx.table)
    return found is not None and found[0] == column


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
        counts = sorted(((table_rows.counts(ctx.table, c).distinct, c) for c in ctx.lex.date_columns), reverse=True)
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


def same_number(a: object, b: float | None) -> bool:
    """True when `a` is a number equal to `b` (within 1e-9)."""
    return isinstance(a, (int, float)) and b is not None and abs(float(a) - b) < 1e-9


def _same_value(part: Part, item: Item, values: list[object]) -> bool:
    """False when a value item of the filter's column names another cell than the filter's text
    value(s) ('tm jones' said, Jockey = 'J King' planned); True otherwise (numbers, flags, a
    contains test, a value item without its cell). Flags are read by their own rules."""
    texts = [v for v in values if isinstance(v, str)]
    if part.op not in ("=", "in", "!=", "not in") or not texts or len(texts) != len(values):
        return True
    said = [m.value for m in item.meanings if m.column == part.column and isinstance(m.value, str)]
    wanted = {v.strip().casefold() for v in texts}
    return not said or any(s.strip().casefold() in wanted for s in said)


def filter_value(part: Part, item: Item, ctx: Context) -> Strength | None:
    """The item gives the filter's right-hand side or operator: a value of the column, a number or
    date equal to it, a month in it, a comparator of the same operator, a negation of a '!='."""
    values = [v for v in (part.value, part.upper, *part.values) if v is not None]
    kind, op = item.kind, part.op
    if kind == "blank":  # 'a blank remote': remote IS NULL (router/blanks.py)
        return Strength.STRONG if item.column == part.column and item.meanings[0].value == op else None
    if kind in ("value", "flag") and any(m.column == part.column for m in item.meanings):
        return strength_of(item) if kind == "flag" or _same_value(part, item, values) else None
    if kind == "number" and any(same_number(v, item.number) for v in values):
        return Strength.STRONG
    if kind == "number" and item.text in values:
        return Strength.STRONG  # a code as its cells write it: zip = '02139' (router/conditions.py)
    if kind == "number" and item.text.endswith("%") and part.column in ctx.lex.fractions \
            and any(same_number(v, item.number / 100) for v in values):
        return Strength.STRONG  # '95%' of a column of fractions: 0.95 (router/conditions.py)
    if item.text.lower() == "first" and (op == "=" and any(same_number(v, 1.0) for v in values)
                                         or op == "in" and values and all(standing_value(v) == 1 for v in values)):
        return Strength.STRONG  # 'took first place': Place = 1 (router/file_order.py reads it)
    if kind == "number" and item.number is not None and float(item.number).is_integer() \
            and any(isinstance(v, str) and re.match(rf"{int(item.number):04d}(?:-|$)", v) for v in values):
        return Strength.STRONG  # a year: '2019' of '2019-03' (the whole year: '2' is no year of '2024-03-02')
    before = ctx.reading.at(item.pos - 1)
    if kind == "number" and item.number is not None and before is not None and before.kind == "month" \
            and any(isinstance(v, str) and re.fullmatch(rf"\d{{4}}-{int(before.meanings[0].value):02d}-{int(item.number):02d}", v)
                    for v in values):
        return Strength.STRONG  # a day after its month: 'March 2' of '2024-03-02' (router/dates.py)
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
    if lexical(item) == "negation" and op == "=" and len(values) == 1 and same_number(values[0], 0.0) \
            and nxt is not None and nxt.kind == "column" and nxt.column == part.column and not nxt.similar:
        return Strength.STRONG  # 'no gold medals': Gold = 0 (router/none_of.py)
    return None


def _one_money(column: str, ctx: Context) -> bool:
    """True when `column` is the table's one numeric column whose header names money (router/money.py)."""
    from agent.router.money import money_columns

    return money_columns(ctx.lex) == [column]
