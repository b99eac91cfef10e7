"""A number said alone in a question ('who is 60 years old', 'store 99', '02139'): the condition it
makes on the one column it belongs to, or a refusal naming the columns that could hold it."""

from __future__ import annotations

from agent import table_rows
from agent.numbers import is_code
from agent.plan import Op, Predicate
from agent.router import vocabulary as V
from agent.router.calendar import is_year
from agent.router.compared_numbers import column_number
from agent.router.conditions import widen
from agent.router.dates import date_column
from agent.router.draft import Abstain, Draft
from agent.router.ranges import close_range, range_start
from agent.router.lexicon import Lexicon
from agent.router.reading import Item, Reading
from agent.router.rows import holds_number
from agent.router.subjects import column_after, unit_column
from agent.router.wording import multiple_reason
from agent.table import ColumnRole, Table


def _numeric_key(column: str, table: Table) -> bool:
    """True for an identifier column of numbers ('id' holding 1, 2, 3): a number said right after its
    name ('id 3', 'the row with id 3') is that column's value, as after a numeric column's name."""
    return table.roles[column] is ColumnRole.identifier and str(table.df[column].dtype).startswith(("int", "Int", "float"))


def _code_column(item: Item, prev: Item | None, table: Table) -> str | None:
    """The one text identifier column holding a question's number written with leading zeros
    ('02139', agent.numbers.is_code) as one of its cells, the column named just before it when it
    is one; None when the number is no code or not exactly one such column holds it."""
    if not is_code(item.text):
        return None
    columns = [c for c, role in table.roles.items() if role is ColumnRole.identifier and table_rows.is_text(table, c)]
    if prev is not None and prev.kind == "column" and prev.column in columns:
        columns = [prev.column]
    holders = [c for c in columns if item.text in table_rows.distinct(table, c)]
    if len(holders) == 1 and prev is not None and prev.kind == "column" and prev.column == holders[0]:
        prev.used = True
    return holders[0] if len(holders) == 1 else None


def _held_elsewhere(item: Item, column: str, lex: Lexicon, table: Table) -> None:
    """Raises Abstain when the column named before a number holds no cell of it while another
    numeric column does ('how many wins in 2003' on Wins 6..12 beside Season 2001..2005): the
    number is that other column's value, or a value of the named one no row has?"""
    if item.number is None or holds_number(table, column, item.number):
        return
    others = [c for c in lex.numeric_columns if c != column and holds_number(table, c, item.number)]
    if others:
        raise Abstain(f"No row has {column} = {item.text}, but {others[0]} holds {item.text}: which column does "
                      f"{item.text} belong to? Name it ('{others[0]} {item.text}').")


def bare_number(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    """Add to `draft` the predicate a number said alone makes (`item`, kind number): a year after 'in'
    on the date column, the column named just before or after it, a unit's column, a code's text
    column, or the one numeric column holding it. Raises Abstain when no single column is evidenced."""
    if reason := multiple_reason(item, item, reading):
        raise Abstain(reason)
    before = reading.at(item.pos - 1)
    year_word = before is not None and before.text.lower() in V.YEAR_PREPOSITIONS
    year = lex.date_columns and is_year(item.number) and float(item.number).is_integer()
    if year and (start := range_start(date_column(item, reading, lex), item, reading, draft)) is not None \
            and str(start[1].value).isdigit():  # 'joined from 2020 to 2022': 2021 too
        close_range(start, str(int(item.number)), item, reading, draft)
        return
    if year and year_word:
        column = date_column(item, reading, lex)
        draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=str(int(item.number)))))
        return
    prev, nxt = reading.before(item), column_after(item, reading, table)
    try:
        unit = unit_column(item, reading, lex)
    except ValueError as exc:
        raise Abstain(f"{exc}; name the column.") from None
    if unit is not None:  # 'who is 60 years old': Age = 60
        draft.notes.append(f"read '{item.text} {reading.after(item).text}' as {unit} = {item.text}")
        column = unit
    elif prev is not None and prev.kind == "column" and (prev.column in lex.numeric_columns
                                                         or _numeric_key(prev.column, table)):
        _held_elsewhere(item, prev.column, lex, table)
        prev.used = True
        draft.columns = [c for c in draft.columns if c is not prev]
        column = prev.column
    elif nxt is not None and (prev is None or prev.kind in ("stop", "row")):  # "Is 99 an existing store id?", "reviews with 7 stars"
        nxt.used = True
        draft.columns = [c for c in draft.columns if c is not nxt]
        column = nxt.column
    elif (code := _code_column(item, prev, table)) is not None:  # '02139': a zip as its cells write it
        draft.notes.append(f"read {item.text} as {code} = '{item.text}'")
        draft.predicates.append((item.pos, Predicate(column=code, op=Op.eq, value=item.text)))
        return
    else:
        holders = [c for c in lex.numeric_columns if holds_number(table, c, item.number)]
        if len(holders) != 1:
            where = f"in {', '.join(holders)}" if holders else "in no numeric column"
            ids = [c for c in table.roles if _numeric_key(c, table) and holds_number(table, c, item.number)]
            other = next((str(c) for c in table.columns if c not in ids), None)
            said = (f"; the id column {ids[0]} holds it: ask for a column of that row, as in 'the {other} of {ids[0]} "
                    f"{item.text}'") if len(ids) == 1 and other and not holders else ""
            raise Abstain(f"I could not tell which column {item.text} refers to (it occurs {where}{said}).")
        column = holders[0]
        draft.notes.append(f"read {item.text} as {column} = {item.text}")
        if nxt is not None and nxt.column == column and nxt.pos == item.pos + 1:  # 'reviews have 5 stars': stars = 5
            nxt.used = True
            draft.columns = [c for c in draft.columns if c is not nxt]
    value = column_number(item, column, draft, lex)
    start = range_start(column, item, reading, draft)
    if start is not None and isinstance(value, float) and isinstance(start[1].value, float):
        close_range(start, value, item, reading, draft)  # 'stars from 2 to 4': 3 too, never IN (2, 4)
        return
    same = [p for _, p in draft.predicates if p.column == column and p.op in (Op.eq, Op.in_)]
    if same and isinstance(value, float) and all(isinstance(v, float) for v in same[-1].values or [same[-1].value]):
        widen(same[-1], value)  # 'a score of 9 or 10': one cell holds one number, so either (it was 9 AND 10)
        return
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=value)))
