"""Verifier rule (a): every content word of the question is accounted for by one part of the plan
(or is a closed-class function word, a noted filler, a row noun), and the question holds no word
the tokenizer could not read (another script: Chinese, Cyrillic)."""

from __future__ import annotations

import re

from agent.router import vocabulary as V
from agent.router.reading import Item
from agent.router.entity_nouns import COUNT_WORDS
from agent.router.row_nouns import plural
from agent.router.draft import Abstain
from agent.router.tokens import TOKEN
from agent.router.verify.against import against_filler
from agent.router.verify.differences import than_read
from agent.router.verify.evidence import CLOSED_KINDS, Context, label_word, lexical, supports
from agent.router.verify.positions import position_filler, table_word
from agent.router.verify.parts import Part, Role
from agent.router.verify.row_columns import unread_row_columns
from agent.router.verify.cells import holds_numbers
from agent.router.verify.summed import years_column
from agent.router.value_heads import head_of_tested_value
from agent.table import ColumnRole
from agent.table_type import TEXT_ROLES

_GENERIC = {w.rstrip("s") for w in V.GENERIC_HEADER_WORDS} | set(V.GENERIC_HEADER_WORDS) | {"kind", "sort"}

_LETTERS = re.compile(r"[^\W\d_]+")


def unread_script(question: str) -> list[str]:
    """Letter runs of `question` the tokenizer reads as no token (Chinese, Cyrillic, Greek words):
    '人口的平均值是多少' of '人口的平均值是多少?'."""
    if question.isascii():
        return []
    return _LETTERS.findall(TOKEN.sub(" ", question))


def check_script(question: str) -> None:
    """Raises Abstain naming the words of `question` no stage read."""
    unread = unread_script(question)
    if unread:
        words = ", ".join(f"'{w}'" for w in unread[:4])
        raise Abstain(f"I cannot read {words} (only English words are read here), so I cannot tell what they ask; "
                      "ask in English, naming the columns.")


_DOER_DETERMINERS = {"any", "a", "an", "its", "their", "his", "her", "single", "one", "the"}
_ROW_COUNT_NOUNS = V.ROW_COUNT_NOUNS
_OF_NUMBERS = ("sum", "mean", "median", "min", "max", "std")


def _measure_word(item: Item, parts: list[Part], ctx: Context) -> bool:
    """A measure word ('amount', 'value') or 'how much' beside a measured numeric column: 'the
    total amount of sales', 'How much revenue did our best single transaction bring?'."""
    quantity = lexical(item) == "measure" or item.text.lower() == "how much"
    return quantity and any(p.column in ctx.lex.numeric_columns and not years_column(ctx.table, p.column)
                            for p in parts)  # 'top paid year' does not measure Year


def _frequency_count(item: Item, ctx: Context) -> bool:
    """'the most popular stores in terms of number of purchases': a count word right before a row
    noun is the row count a frequency ranking is made of (FrequencyArgs counts rows per value)."""
    nxt = ctx.reading.after(item)
    return ctx.plan_kind == "FrequencyArgs" and lexical(item) == "op" and bool(item.meanings) \
        and item.meanings[0].value == "count" and nxt is not None and nxt.kind == "row"


def _row_word(item: Item, parts: list[Part], ctx: Context) -> bool:
    """A column word that names the rows, not a part: a text column after 'is there a'/'any' in a
    yes/no test ('Is there a player with ...'), the doer after a passive or a determined 'by'
    ('scored by its players', 'by any player'), a column before a row noun ('status updates'), a
    'total' right before a column the plan uses ('a thousand total points')."""
    tokens = ctx.reading.tokens
    before = [t.lower for t in tokens[max(0, item.pos - 2):item.pos]]
    after = tokens[item.pos + len(item.text.split())].lower if item.pos + len(item.text.split()) < len(tokens) else ""
    text_column = item.kind == "column" and ctx.table.roles.get(item.column) in TEXT_ROLES
    if text_column and ctx.plan_kind == "CheckArgs" and before and before[-1] in ("a", "an", "any", "some", "all", "every"):
        return True
    if item.kind == "column" and ctx.table.roles.get(item.column) is ColumnRole.identifier and _counts(parts, ctx):
        return True  # 'how many tickets', 'what share of respondents': the entities counted
    if item.kind == "column" and ctx.plan_kind == "SubsetArgs" and _one_per_row(item.column, ctx):
        return True  # 'the total population of the 5 largest towns': a key of one row each names the rows
    if text_column and before[-1:] == ["per"] and _entity_rows(item, parts, ctx, ("mean", "median")):
        return True  # 'the average points per team', one row per team: the mean over the rows
    if text_column and _entity_plural(item, parts, ctx):
        return True  # 'the average price of discontinued products', one row per product: the rows
    if text_column and (before[-1:] == ["by"] or before[-2:-1] == ["by"] and before[-1] in _DOER_DETERMINERS):
        by = item.pos - 1 if before[-1:] == ["by"] else item.pos - 2
        verb = tokens[by - 1].lower if by > 0 else ""
        return before[-1] in _DOER_DETERMINERS or verb.endswith("ed") or verb in V.FILLER
    if item.kind == "column" and after in _ROW_COUNT_NOUNS:
        return True
    if text_column and head_of_tested_value(item, ctx.reading, ctx.table, {p.column for p in parts if p.role is Role.filter},
                                            {p.column for p in parts if p.role is not Role.filter}):
        return True  # 'how many loans were Children books': 'books' says what the Genre value describes
    if item.kind == "column" and before[-1:] in (["all"], ["every"]) and before[:1] in (["across"], ["for"], ["over"]):
        return True  # 'across all countries': every row, no grouping
    if item.kind == "column" and ctx.plan_kind == "RankArgs" and before[-1:] in (["first"], ["last"]):
        return True  # 'the date that the last ship was built': the rows, shown by another column
    nxt = ctx.reading.after(item)
    if lexical(item) == "op" and item.text.lower() == "total" and nxt is not None and nxt.pos == item.pos + 1 \
            and nxt.kind == "op" and nxt.meanings[0].value == "count":
        return True  # 'the total number of different ratings'
    return lexical(item) == "op" and item.text.lower() == "total" and nxt is not None and nxt.pos == item.pos + 1 \
        and nxt.kind == "column" and any(p.column == nxt.column for p in parts)


def _entity_rows(item: Item, parts: list[Part], ctx: Context, ops: tuple[str, ...]) -> bool:
    """True when `item`'s column holds its own value on every row, no part of the aggregate plan
    uses it, and the plan's aggregate is one of `ops`: the column's word names the rows."""
    return ctx.plan_kind == "AggregateArgs" and _one_per_row(item.column, ctx) \
        and not any(p.column == item.column for p in parts) \
        and any(p.role is Role.aggregate and p.op in ops for p in parts)


def _entity_plural(item: Item, parts: list[Part], ctx: Context) -> bool:
    """A plural column word ('products') of a column holding its own value on every row, beside an
    aggregate of another, numeric column, in a question with no counting word (router/entity_nouns.py)."""
    return plural(item.text.lower()) and not any(t.lower in COUNT_WORDS for t in ctx.reading.tokens) \
        and _entity_rows(item, parts, ctx, _OF_NUMBERS) \
        and any(p.role is Role.measure and p.column in ctx.lex.numeric_columns for p in parts)


def _counts(parts: list[Part], ctx: Context) -> bool:
    """True when the plan counts rows or entities (a count, a share of rows, each id's latest row)."""
    return ctx.plan_kind in ("RatioArgs", "LatestArgs") or any(
        p.role is Role.aggregate and p.op in ("count", "count_distinct") for p in parts)


_COMPARING = {">", ">=", "<", "<=", "!=", "between", "-"}


def _unread_comparison(items: list[Item], parts: list[Part]) -> list[Item]:
    """'than' outside a comparison phrase ('how much taller is A than B') when no part of the plan
    compares: the comparison was not read."""
    compares = any(p.op in _COMPARING for p in parts)
    return [] if compares else [i for i in items if i.text.lower() == "than" and i.kind == "stop"]


def _loose_grouping(items: list[Item], parts: list[Part], ctx: Context) -> list[Item]:
    """'per'/'by' right before a column the plan neither groups nor ranks by ('the most persons per
    square kilometer' summed land area): the grouping word was not read."""
    ranked = any(p.role is Role.order and p.decisive for p in parts)  # 'Top 5 regions by sales'
    used = {p.column for p in parts if p.role in (Role.group, Role.order_key)}
    measured = {p.column for p in parts if ranked and p.role is Role.measure}
    loose = []
    for item in items:
        nxt = ctx.reading.at(item.pos + 1)
        if nxt is not None and item.text.lower() == "by" and nxt.column in measured:
            continue
        if item.kind == "group" and item.text.lower() in ("per", "by") and nxt is not None and nxt.kind == "column" \
                and nxt.column not in used and not _row_word(nxt, parts, ctx) and not _passive_by(item, ctx):
            loose.append(item)
    return loose


def _passive_by(item: Item, ctx: Context) -> bool:
    """'scored by', 'paid by': 'by' names who did it."""
    verb = ctx.reading.tokens[item.pos - 1].lower if item.pos else ""
    return item.text.lower() == "by" and (verb.endswith("ed") or verb in V.FILLER or verb in ("paid", "made", "won"))


def _crossed_values(items: list[Item], ctx: Context, parts: list[Part] | None = None) -> list[Item]:
    """A value right after another text column's name, 'by' or 'of' between ('directed by Jim
    Ryan' where Jim Ryan is a value of Story, not of Director): the question puts the value in
    that column, the reading in another. Not 'the producer of Splash' read as the Producer shown
    of the one row Title = 'Splash' (of_the_row)."""
    crossed = []
    for item in items:
        if item.kind != "value" or of_the_row(item, parts or [], ctx):
            continue
        prev = ctx.reading.before(item)
        while prev is not None and prev.text.lower() in ("by", "of"):
            prev = ctx.reading.before(prev)  # 'directed by Jim Ryan': the column before 'by'
        between = [t.lower for t in ctx.reading.tokens[prev.pos + len(prev.text.split()):item.pos]] if prev else []
        if prev is not None and prev.kind == "column" and prev.column != item.column and set(between) <= {"by", "of"} \
                and ctx.table.roles.get(prev.column) in TEXT_ROLES and between \
                and prev.pos not in ctx.reading.id_rows:  # 'the most loans of Children books': the rows
            crossed.append(item)
    return crossed


def _compounds(items: list[Item], parts: list[Part], ctx: Context) -> list[Item]:
    """A column named right before a generic noun that is another column's name, counted ('how
    many of the surface types': the types of surface, i.e. Surface's values, not the column Type)."""
    from agent.router.lexicon import singular

    counted = {p.column for p in parts if p.role is Role.aggregate and p.op in ("count", "count_distinct")}
    found = []
    for item in items:
        nxt = ctx.reading.at(item.pos + len(item.text.split()))
        if item.kind == "column" and nxt is not None and nxt.kind == "column" and nxt.column != item.column \
                and nxt.column in counted and singular(nxt.text.lower()) in _GENERIC:
            found.append(nxt)
    return found


def _double_negations(items: list[Item], ctx: Context) -> list[Item]:
    """Two negations before one condition ("who didn't not survive"): the reading keeps one."""
    found = []
    for item in items:
        nxt = ctx.reading.after(item)
        if lexical(item) == "negation" and nxt is not None and lexical(nxt) == "negation":
            found.append(nxt)
    return found


def check_accounted(parts: list[Part], items: list[Item], ctx: Context) -> None:
    """Raises Abstain naming the content words no part of the plan stands on."""
    labelled = any(p.role is not Role.filter and ctx.table.roles.get(p.column or "") in TEXT_ROLES
                   and not holds_numbers(ctx.table, p.column) for p in parts)  # race 1..24 names nothing
    loose = []
    for i in items:
        if label_word(i):
            if not labelled:
                loose.append(i)  # 'the name of the most retweeted author' answered by a number
        elif i.kind not in CLOSED_KINDS and not any(supports(p, i, ctx) is not None for p in parts) \
                and not _measure_word(i, parts, ctx) and not _row_word(i, parts, ctx) and not _frequency_count(i, ctx) \
                and not table_word(i) and not position_filler(i, parts, ctx) and not against_filler(i, parts, ctx):
            loose.append(i)
    loose += ([] if than_read(parts, ctx) else _unread_comparison(ctx.reading.items, parts))
    loose += _loose_grouping(items, parts, ctx)
    loose += _crossed_values(items, ctx, parts) + _compounds(items, parts, ctx) + _double_negations(items, ctx)
    loose += unread_row_columns(ctx.reading.items, parts, ctx)
    if loose:
        words = ", ".join(f"'{i.text}'" for i in loose)
        raise Abstain(f"I read {words} but the reading I could build does not use {'it' if len(loose) == 1 else 'them'} "
                      "(a condition, the operation or a grouping would be missing); rephrase naming how "
                      f"{'it applies' if len(loose) == 1 else 'they apply'}.")


def _one_per_row(column: str | None, ctx: Context) -> bool:
    """True when every row holds its own value of `column` (a key such as Town, one row a town)."""
    from agent.router.rows import one_per_row

    return column is not None and one_per_row(ctx.table, column)


def of_the_row(item: Item, parts: list[Part], ctx: Context) -> bool:
    """True for the value of 'the <column> of <value>' in a plan showing that column of the one row
    the value picks (router/row_value.py): 'of' there says whose cell is shown, not that the value
    is one of the column's own (as 'directed by' does)."""
    tokens = ctx.reading.tokens
    column = ctx.reading.before(item)
    if ctx.plan_kind != "RankArgs" or item.pos < 1 or tokens[item.pos - 1].lower not in ("of", "for", "the") \
            or column is None:
        return False
    between = [t.lower for t in tokens[column.pos + len(column.text.split()):item.pos]]
    if between not in (["of"], ["for"], ["of", "the"], ["for", "the"]):
        return False
    shown = {p.column for p in parts if p.role is Role.shown}
    picked = [p for p in parts if p.role is Role.filter]
    return column is not None and column.kind == "column" and shown == {column.column} and len(picked) == 1 \
        and picked[0].op == "=" and any(m.column == picked[0].column and m.value == picked[0].value
                                        for m in item.meanings)
