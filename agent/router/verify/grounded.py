"""Verifier rules (b) and (c): every part of the plan rests on words of the question (no default
aggregate, no default grouping, no limit or filter nobody asked for), and the parts that decide
which rows count and what is computed rest on strong evidence; weak evidence (similarity, a
shared word start) may name a measure column only."""

from __future__ import annotations

from pydantic import BaseModel

from agent import table_rows
from agent.router.reading import Item
from agent.router.draft import Abstain
from agent.router.verify.standings import placed_first
from agent.router.verify.evidence import GROUNDLESS_OK, Context, Strength, filter_value, names_column, supports
from agent.router.verify.parts import Part, Role

_COMPARED = (">", ">=", "<", "<=", "between")
_WORDLESS_CHECKS = ("any", "compare")


def evidence(part: Part, items: list[Item], ctx: Context) -> list[tuple[Item, Strength]]:
    """(item, strength) for every item the part can rest on."""
    found = []
    for item in items:
        got = supports(part, item, ctx)
        if got is not None:
            found.append((item, got))
    return found


def _best(found: list[tuple[Item, Strength]]) -> Strength | None:
    return max((s for _, s in found), default=None)


def filter_strength(part: Part, items: list[Item], ctx: Context) -> Strength | None:
    """How well a filter rests on the words: its column (named, or a value of it) and its
    right-hand side and operator (a value, a number or date with a comparator for a comparison,
    a time word for latest/earliest), the weaker of the two; None when either is missing."""
    column = _best([(i, s) for i in items if (s := names_column(part, i, ctx)) is not None])
    said = [(i, s) for i in items if (s := filter_value(part, i, ctx)) is not None]
    if part.op in _COMPARED:
        comparator = [s for i, s in said if i.kind not in ("number", "date", "month")]
        operand = [s for i, s in said if i.kind in ("number", "date", "month", "sign")]  # 'negative': < 0
        months = [i for i, _ in said if i.kind == "month"]
        ends = [i for i, _ in said if i.kind in ("number", "date")]
        if len(months) == 2 or (part.op == "between" and not months and len(ends) == 2):
            comparator = operand  # 'from February through April', 'from 2 to 4': the range is said by its two ends
        value = min(max(comparator), max(operand)) if comparator and operand else None
    else:
        value = _best(said)
    if column is None and value is not None and part.op == "=" and _held(part, said, ctx):
        column = Strength.STRONG  # a bare number that only this column holds: a value of that column
    placed = [s for i in items if (s := placed_first(part, i, ctx)) is not None]
    if placed:  # 'came in first': a standing column at 1, column and value (verify/standings.py)
        column, value = column or max(placed), value or max(placed)
    return None if column is None or value is None else min(column, value)


def _rival(found: list[tuple[Item, Strength]], part: Part, ctx: Context) -> bool:
    """True when a word of a weak lexical link is a header word of another column ('single' of UK
    Singles in 'uk single' linked to US Hot 100 by its initials)."""
    from agent.router.lexicon import singular

    for item, _ in found:
        if item.similar:
            continue  # an embedding link already beat every other column by a margin
        for word in item.text.lower().split():
            if ctx.lex.headers.get(singular(word), set()) - {part.column}:
                return True
    return False


def _held(part: Part, said: list[tuple[Item, Strength]], ctx: Context) -> bool:
    if not part.column or part.column not in ctx.table.roles or not isinstance(part.value, float) \
            or not any(i.kind == "number" for i, _ in said):
        return False
    if not table_rows.is_numeric(ctx.table, part.column):
        return False
    return table_rows.has_number(ctx.table, part.column, part.value)


def _wordless(part: Part, plan: BaseModel, ctx: Context) -> bool:
    """True for a part the plan may hold with no word: see GROUNDLESS_OK; the order and limit of
    a listing in file order ('List the authors of books with ...': every matching row) or of the
    one row a key picks ('the price of Ikigai')."""
    if part.role is Role.check:
        return part.op in _WORDLESS_CHECKS or part.op in ("=", "value")
    if part.role in GROUNDLESS_OK and not part.decisive:
        return True
    if type(plan).__name__ == "RankArgs" and getattr(plan, "by", None) is None \
            and part.role in (Role.order, Role.limit) and (getattr(plan, "limit", 0) == 1000 or _one_row(plan, ctx)):
        return part.role is Role.limit or part.op == "asc"
    return part.role in GROUNDLESS_OK and part.role is not Role.order


def _one_row(plan: BaseModel, ctx: Context) -> bool:
    from agent.router.rows import one_row_key
    from agent.router.value_rows import named_row_key, spelled_row_key

    where = list(getattr(plan, "where", []))
    return getattr(plan, "limit", 0) == 1 and (one_row_key(where, ctx.table) is not None
                                               or named_row_key(where, ctx.reading, ctx.table) is not None
                                               or spelled_row_key(where, ctx.reading, ctx.table) is not None)


def _which_date(part: Part, ctx: Context) -> None:
    """Raises Abstain naming the date columns when a filter on a date column rests on no word and
    the table has several ('the total fine in April 2025' over Loan Date, Due Date, Returned On):
    the period is said, the column it applies to is not."""
    dates = ctx.lex.date_columns
    if part.role is Role.filter and part.column in dates and len(dates) > 1:
        raise Abstain(f"The question names a period but not which date it applies to ({', '.join(dates)}); "
                      "name the date column (e.g. 'with " + dates[0] + " in ...').")


def check_grounded(parts: list[Part], plan: BaseModel, items: list[Item], ctx: Context) -> None:
    """Raises Abstain naming the first part that rests on no word, or a decisive part that rests
    on weak evidence only."""
    for part in parts:
        if part.role is Role.filter:
            strength = filter_strength(part, items, ctx)
            found = evidence(part, items, ctx)
        else:
            found = evidence(part, items, ctx)
            strength = _best(found)
        if strength is None:
            if _wordless(part, plan, ctx):
                continue
            _which_date(part, ctx)
            raise Abstain(f"No word of the question asks for {describe(part)}; I will not assume it. "
                          f"Say it in the question, e.g. name the {_what(part)}.")
        if strength < Strength.STRONG and _rival(found, part, ctx):
            words = ", ".join(f"'{i.text}'" for i, s in found if s == Strength.WEAK)
            raise Abstain(f"I linked {words} to {part.column} by a near match only, and its words also name another "
                          f"column; name the column.")
        if part.decisive and strength < Strength.STRONG:
            words = ", ".join(f"'{i.text}'" for i, s in found if s == Strength.WEAK) or "a near match"
            raise Abstain(f"{describe(part).capitalize()} would rest on {words} only, which could mean something "
                          f"else (similar wording, a shared word start, 'top' for the first rows); name the column, "
                          f"value or order to use ('highest', 'lowest').")


def describe(part: Part) -> str:
    """A part in plain words, for abstentions: 'the aggregate sum', 'the grouping by park'."""
    match part.role:
        case Role.aggregate: return f"the aggregate {part.op}" + (f" of {part.column}" if part.column else "")
        case Role.filter: return f"the condition {part.column} {part.op} {part.value if part.value is not None else ''}".rstrip()
        case Role.group: return f"the grouping by {part.column}"
        case Role.order: return f"the order {'highest first' if part.op == 'desc' else 'lowest first'}"
        case Role.limit: return f"keeping {part.value} row(s) or group(s)"
        case Role.offset: return f"skipping {part.value} row(s)"
        case Role.step if part.op is None: return f"the row {'after' if part.value > 0 else 'before'} the one named"
        case Role.step: return f"the {'first' if part.op == 'asc' else 'last'} of the rows named, in the table's order"
    return f"the {part.role.value} {part.column or part.op or ''}".rstrip()


def _what(part: Part) -> str:
    return {Role.aggregate: "operation (total, average, how many...)", Role.group: "column to group by ('by <column>')",
            Role.filter: "condition", Role.limit: "number of rows wanted", Role.order: "order (highest, lowest)",
            Role.step: "position ('after', 'before', 'listed first')"
            }.get(part.role, "column")
