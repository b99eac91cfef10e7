"""Rank plans: rows ordered by a value ('the applicant with the lowest GRE score', 'the top 5
English scores'), rows in file order ('the first five books'), and who a row is ('who has ...')."""

from __future__ import annotations

from pydantic import BaseModel

from agent.queries import RankArgs
from agent.router import vocabulary as V
from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Lexicon
from agent.router.name_columns import names_things
from agent.router.named import named_columns, where
from agent.router.reading import Item, Reading
from agent.router.rows import distinct_count, one_per_row, rows_are_entities
from agent.router.words import singular
from agent.table import ColumnRole, Table
from agent.table_type import TEXT_ROLES




def file_order_rank(draft: Draft, taken: tuple[str, int | None], label: str | None = None) -> RankArgs:
    """'the categories of the first five books', 'the location of the first purchase row-wise';
    `label`: the column naming the rows, shown when no column is named ('who came in first')."""
    order, limit = taken
    returned = list(dict.fromkeys([*draft.group_by, *(c.column for c in named_columns(draft))]))  # 'the 5 categories'
    returned = returned or ([label] if label else [])
    if not returned:
        raise Abstain("I could not tell which column to show for those rows.")
    return RankArgs(by=None, order=order, limit=limit or 1, columns=returned, where=where(draft))


def rank_plan(reading: Reading, draft: Draft, limit: int | None, lex: Lexicon, table: Table) -> RankArgs | None:
    """'the university rating of the applicant with the lowest GRE score' (columns named before the
    order word are returned, the numeric column after it ranks), 'List the top 5 English scores'
    (the ranked column itself), 'the 3 highest different revenues' (distinct values). None when the
    question is an aggregate or a group-by for the planner; raises Abstain when it cannot tell."""
    order_item = next(i for i in reading.of("order") if i.text.lower() not in V.FREQUENCY_ORDER)
    named = named_columns(draft)
    after = [c for c in named if c.pos > order_item.pos and c.column in lex.numeric_columns]
    if draft.op == "count" and after and any(i.text.lower() == "number of" for i in reading.items):
        draft.op = None  # 'the highest number of steals' is the highest steals value, not a count
    before = _ungrouped(reading, draft, order_item.pos, bool(after), [c.column for c in named if c.pos < order_item.pos],
                        table)
    if before is None or not _ranks_rows(reading, draft, order_item, bool(after), limit):
        return None
    by = after[0].column
    extra = [c.column for c in after[1:]]
    if extra:
        raise Abstain(f"I could not tell whether to rank by {by} or {', '.join(extra)}.")
    _not_a_rank_read_as_a_number(order_item.text, by, lex)
    label = None if before else _who(reading, table)
    if label is not None:
        before = [label]  # 'who has the highest X': the row's label, ties named
    elif not before and limit is None:
        return None  # 'the highest X' is an aggregate (MAX), left to the planner
    repeated = [c for c in before if table.roles[c] in TEXT_ROLES and distinct_count(table, c)[0] < distinct_count(table, c)[1]]
    if repeated and not reading.row_scope and not reading.of("row", "entity"):
        _rows_or_totals(reading, repeated[0], table)
        return None  # totals per value: the planner's group-by
    distinct = any(i.text.lower() in ("different", "distinct", "unique") for i in reading.items)
    rows_named = not before and any(i.kind in ("row", "entity") and order_item.pos < i.pos < after[0].pos - 1
                                    for i in reading.items)  # 'top 5 transactions by amt', not 'single-product price'
    columns = list(dict.fromkeys(before)) or ([] if rows_named else [by])
    return RankArgs(by=by, order=order_item.meanings[0].value, limit=limit or 1, columns=columns,
                    distinct=distinct and not before, where=where(draft))


def _ungrouped(reading: Reading, draft: Draft, order_pos: int, ranked: bool, before: list[str],
               table: Table) -> list[str] | None:
    """The columns a ranking returns (`before`: those named before the order word at `order_pos`)
    once a group-by that names who holds a row is dropped ('which player had the most steals in a
    single season'); None when the group-by stands (totals per group, the planner's). `ranked`:
    a numeric column follows the order word."""
    if draft.group_by and reading.row_scope and not draft.op:
        # 'which player had the most steals in a single season': a row, and its player is returned;
        # 'the most blocks by any player in a season': the player only says who, the value is returned
        if _by_whom(reading, draft.group_by[0]):
            draft.notes.append(f"read 'by {draft.group_by[0]}' as who holds each single row (no group-by)")
            draft.group_by.clear()
        return [*draft.group_by, *before]
    if draft.group_by and ranked and _one_named(reading, draft, order_pos, table):
        draft.notes.append(f"read 'which {draft.group_by[0]}' as the {draft.group_by[0]} of that one row (each row is "
                           "one of the people named; no group-by)")
        before, draft.group_by = [*draft.group_by, *before], []
        return before
    if draft.group_by:
        _rows_or_totals(reading, draft.group_by[0], table)
        return None
    return before


def _ranks_rows(reading: Reading, draft: Draft, order_item: Item, ranked: bool, limit: int | None) -> bool:
    """True when the question ranks rows by the numeric column after the order word (`ranked`);
    False when it asks an aggregate instead (the draft's operation, set or cleared here: 'our best
    single transaction' is MAX of one row, 'the highest 3 different revenues' ranks values).
    Raises Abstain for 'who' with no column that ranks the rows."""
    if draft.magnitude and reading.row_scope and draft.op in (None, "sum") and not draft.group_by and limit is None:
        draft.op, draft.order = ("max" if order_item.meanings[0].value == "desc" else "min"), None
        return False  # 'How much revenue did our best single transaction bring?': MAX(revenue) of one row
    if draft.op == "count_distinct" and ranked and limit is not None:
        draft.op = None  # 'the highest 3 different revenues': distinct values ranked, not counted
    if draft.op == "sum" and ranked and reading.row_scope and not draft.group_by:
        draft.op = None  # 'the highest total assists in one season': a row's total, not a sum over rows
    if draft.op == "count" and ranked and any(i.text.lower() == "number of" for i in reading.items):
        draft.op = None  # 'the highest number of steals' is the highest steals value, not a count
    if (draft.op or not ranked) and asks_who(reading):
        raise Abstain("'who' asks for a row's label; name the column that ranks the rows ('who has the highest <column>').")
    return not (draft.op or not ranked)


_RANK_ORDER = {"top", "bottom", "highest", "lowest", "best", "worst", "greatest", "least"}


def _not_a_rank_read_as_a_number(word: str, column: str, lex: Lexicon) -> None:
    """Raises Abstain when a word like 'top' orders a rank column ('the top 5 ranks'): rank 1 is the
    top, so 'top' could mean the smallest numbers or the largest; 'smallest'/'largest' are not."""
    if word.lower() in _RANK_ORDER and lex.header_words.get(column, set()) & {"rank", "ranking"}:
        raise Abstain(f"{column} is a rank (1 comes first): '{word}' could mean the smallest or the largest "
                      f"{column}; say 'smallest {column}' or 'largest {column}'.")


def check_who_shown(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a question opening 'who'/'whom'/'whose' would be answered by a ranked
    row shown through identifier columns only ('Who made the order with the highest total?' ->
    order_id), or by columns that name nothing (a text column of dates: 'Who has the highest
    salary?' -> Start Date): 'who' and 'which employee' ask for a person or thing, which an id or
    a date does not name. Other plans pass."""
    first = next(iter(reading.items), None)
    if not isinstance(plan, RankArgs) or first is None or not asks_who(reading) or not plan.columns:
        return
    shown = [c for c in plan.columns if c != plan.by]
    if shown and all(table.roles.get(c) is ColumnRole.identifier for c in shown):
        raise Abstain(f"'{first.text}' asks for a person, but the column read is {', '.join(shown)}, an identifier; "
                      "name the column of names to show (e.g. 'which <name column> ...').")
    if shown and not any(names_things(table, c) for c in shown):
        raise Abstain(f"'{first.text}' asks for a person or thing, but {', '.join(shown)} holds dates, codes or "
                      "numbers, not names; name the column of names to show.")


def _who(reading: Reading, table: Table) -> str | None:
    """The column naming each row, for a question starting 'who' ('Who has the highest score'): the
    one text column with a value per row, a header with 'name' preferred. None when the question
    does not start with 'who'; raises Abstain when no column or several could name the rows."""
    if not asks_who(reading):
        return None
    unique = [c for c in table.df.columns if table.roles[c] in TEXT_ROLES and one_per_row(table, c) and names_things(table, c)]
    named = [c for c in unique if "name" in c.lower()]
    labels = named if len(named) == 1 else unique
    if len(labels) != 1:
        raise Abstain(f"'who' needs one column naming each row ({', '.join(labels) or 'no text column has a value per row'}); "
                      "name the column to show (e.g. 'which name has the highest ...').")
    return labels[0]


def asks_who(reading: Reading) -> bool:
    """True when the question asks for a row's label: it opens with 'who'/'whom'/'whose', or with
    'which'/'what' and a noun for the rows themselves ('Which employee has the highest salary?',
    'What book has the most reviews?'), not a column ('Which city ...' groups by city)."""
    first = next(iter(reading.items), None)
    if first is None:
        return False
    if first.text.lower() in V.WHO_WORDS:
        return True
    nxt = reading.after(first)
    return first.kind == "which" and nxt is not None and nxt.kind == "entity"


def _by_whom(reading: Reading, column: str) -> bool:
    """True when the grouped column follows 'by' ('the most blocks by any player'): it says who
    holds the row, it is not what the question asks for."""
    named = next((i for i in reading.of("column") if i.column == column), None)
    prev = reading.before(named) if named is not None else None
    return prev is not None and prev.text.lower() == "by"


def _rows_or_totals(reading: Reading, column: str, table: Table) -> None:
    """'the players with the most rebounds' where a player has several rows: single rows or totals
    per player? Totals when the question says so ('overall') or the column has few values (teams:
    a group); otherwise Abstain asking which."""
    distinct, present = distinct_count(table, column)
    if V.TOTAL_SCOPE.search(" ".join(t.text for t in reading.items)) or distinct <= 0.1 * present \
            or table.rows < 1000:
        return  # said, or few values (teams), or a small table: the group-by reading stands
    if distinct == present:
        return  # one row per value: rows and totals agree
    raise Abstain(f"{column} repeats across rows: rank single rows ('in a single season') or totals per "
                  f"{column} ('overall')? Say which.")


def _one_named(reading: Reading, draft: Draft, order_pos: int, table: Table) -> bool:
    """True for 'Which category does the billionaire with the highest worth belong to?': a singular
    noun for the rows' people stands between the grouped column and the order word, after 'the' and
    before 'with', and each row is one of them (rows_are_entities): the column of that one row is
    asked, not the group with the highest total."""
    grouped = next((i for i in reading.of("column") if i.column == draft.group_by[0]), None)
    if grouped is None or draft.op or not rows_are_entities(table):
        return False
    words = [t.lower for t in reading.tokens]
    for item in reading.of("row", "entity"):
        at = item.pos
        if grouped.pos < at < order_pos and singular(item.text.lower()) == item.text.lower() \
                and at > 0 and words[at - 1] == "the" and at + 1 < len(words) and words[at + 1] == "with":
            return True
    return False
