"""Second pass of the router's parser: a Reading becomes a Draft (what the question asks for and
the conditions it sets), or an abstention that names the part it could not map. Never guesses.
Conditions are read in `conditions`, date words in `dates`."""

from __future__ import annotations

from agent.plan import Op
from agent.router import vocabulary as V
from agent.router.bare_number import bare_number
from agent.router.percentiles import mark_q
from agent.router.blanks import blank_condition
from agent.router.conditions import comparison, value_condition
from agent.router.contains import EXACTLY, contained_words
from agent.router.held_items import held_items
from agent.router.dates import date_point, month_condition, time_word
from agent.router.none_of import none_of
from agent.router.present_rows import present_condition
from agent.router.rate_per import check_rate_per
from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Lexicon, Meaning
from agent.router.reading import Item, Reading
from agent.router.rows import one_per_row, rows_are_entities
from agent.router.subjects import sign_predicate
from agent.router.unknown_values import known_words, unmatched_reason
from agent.router.wording import framed, nested_reason
from agent.table import ColumnRole, Table

__all__ = ["Abstain", "Draft", "build_draft"]


_GROUPABLE = (ColumnRole.categorical, ColumnRole.identifier, ColumnRole.text, ColumnRole.date)


def build_draft(reading: Reading, lex: Lexicon, table: Table) -> Draft:
    """Interpret the items of `reading`. Raises Abstain naming what it could not map."""
    contained_words(reading, table)
    held_items(reading, table)  # 'rick long', an item of 'Milann Miles, Rick Long'
    if reading.unmatched:
        raise Abstain(unmatched_reason(reading, table, known_words(lex)))
    draft = Draft(names_rows=bool(reading.tokens) and reading.tokens[0].lower in V.NAMING_VERBS)
    mark_q(reading)  # '90th percentile': the statistic's q, no condition
    none_of(reading, draft, lex, table)  # 'do not have any gold medals': Gold = 0
    for item in reading.items:
        _word(item, reading, draft, lex, table)
    for item in reading.of("number"):
        if not item.used:
            bare_number(item, reading, draft, lex, table)
    _check_or(reading, draft)
    _total_number(reading, draft, lex)
    conditioned = {p.column for _, p in draft.predicates if p.op in (Op.eq, Op.ne, Op.in_, Op.not_in)}
    draft.columns = [c for c in draft.columns if not (c.column in conditioned and table.roles[c.column] in _GROUPABLE)]
    return draft


def _word(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    """Read one item of `reading` into `draft` by its kind: the operation, a ratio word, an order, a
    grouping, a column or value (a condition or what is asked), or another word (time, comparison,
    ordinal, unit, sign, date, month). Raises Abstain naming the words it cannot read."""
    if item.kind == "op":
        _op_word(item, reading, draft, lex, table)
    elif item.kind == "ratio":
        draft.ratio = True
    elif item.kind == "order":
        _order_word(item, reading, draft)
    elif item.kind == "group":
        _group_word(item, reading, table)
    elif item.kind in ("column", "value", "flag"):
        _column_word(item, reading, draft, lex, table)
    elif item.kind == "blank":
        blank_condition(item, draft)
    else:
        _other_word(item, reading, draft, lex, table)


def _op_word(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    """An operation word ('total', 'how many', 'average') sets the draft's aggregate."""
    if item.used:
        return  # 'exactly 1000 total points': 'total' only introduced the compared column
    meaning, nxt = item.meanings[0], reading.after(item)
    if reason := nested_reason(item, reading, lex):
        raise Abstain(reason)
    if meaning.value == "count_distinct" and draft.op in (None, "count"):
        draft.op = "count_distinct"
    elif draft.op is None or (draft.op == "sum" and meaning.value in ("mean", "median", "std") and framed(item, reading)):
        draft.op = meaning.value  # 'How much is the average amount': the average, not a total
    if meaning.value == "count" and nxt is not None and nxt.text.lower() in V.CHANGE_NOUNS:
        raise Abstain(f"'{item.text} {nxt.text}' asks for changes between rows, which I cannot count exactly; "
                      "ask 'how many rows' or 'how many distinct <column>'.")
    if meaning.value == "count" and nxt is not None and nxt.kind == "entity":
        if not rows_are_entities(table):
            raise Abstain(f"'{nxt.text}' could mean the rows or the distinct values of a column; "
                          f"name the column (e.g. 'how many distinct ...').")
        draft.counts_entity = nxt.text


def _order_word(item: Item, reading: Reading, draft: Draft) -> None:
    """An order word ('highest', 'top 3', 'most common') sets the draft's order and limit."""
    draft.order = draft.order or item.meanings[0].value
    nxt = reading.after(item)
    if nxt is not None and nxt.kind == "number" and item.text.lower() in ("top", "bottom"):
        draft.limit, nxt.used = int(nxt.number), True
        nxt = reading.after(nxt)
    if nxt is not None and nxt.kind in ("row", "entity") and item.text.lower() not in V.COUNT_ORDER:
        draft.magnitude = True
    if item.text.lower() in V.FREQUENCY_ORDER:
        draft.op, draft.limit = draft.op or "count", draft.limit or 1


def _group_word(item: Item, reading: Reading, table: Table) -> None:
    """A grouping word ('by', 'per', 'each') before a row noun or a date noun, which names no column
    to group by, abstains; before a column the column's item reads the grouping."""
    nxt = reading.after(item)
    if nxt is not None and nxt.kind in ("row", "entity") and not _passive(reading, item) \
            and not (nxt.kind == "row" and reading.row_scope) and not _every(item, reading) \
            and not _each_one(item, nxt, table):
        # 'by a single player in one season': who, per row; 'across all employees': every row
        raise Abstain(f"I cannot tell which column '{item.text} {nxt.text}' groups by; name the column.")
    if nxt is not None and nxt.kind == "datenoun" and nxt.pos == item.pos + 1:
        raise Abstain(f"'{item.text} {nxt.text}' asks for one value per {nxt.text.lower()} (a group per period), which I "
                      "cannot form from the word alone; name the date column to group by.")


def _column_word(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    """A column or value item: a yes/no column named alone is its positive value ('attrition
    rate': Attrition = 'Yes'), a value a condition, another column what is asked or grouped."""
    if item.kind == "column" and item.column in lex.flag_values and not item.used and not _groups_here(item, reading) \
            and not _attribute_of(item, reading):
        item.meanings = [Meaning("flag", item.column)]  # "attrition rate": Attrition = 'Yes'
        item.kind = "flag"
        value_condition(item, reading, draft, lex, table)
    elif item.kind == "column":
        _column(item, reading, draft, lex, table)
    else:
        value_condition(item, reading, draft, lex, table)


def _other_word(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    """The other kinds of item: time words, comparisons, ordinals, units, signs, dates, months."""
    kind, meaning = item.kind, (item.meanings[0] if item.meanings else None)
    if kind == "time":
        time_word(item, meaning.value, reading, draft, lex)
    elif kind == "measure":
        draft.measure_used = True
        draft.measure_words.append(item.text)
    elif kind == "comparison" and item.text.lower() == EXACTLY and (nxt := reading.after(item)) is not None \
            and nxt.kind == "value":
        return  # 'answer is exactly satisfied': the equality the value makes (conditions.value_condition)
    elif kind == "comparison":
        comparison(item, meaning.value, reading, draft, lex, table)
    elif kind == "ordinal":
        nxt = reading.after(item)
        if nxt is None or nxt.kind != "order" or nxt.text.lower() in V.FREQUENCY_ORDER or draft.ordinal:
            raise Abstain(f"I read '{item.text}' only right before highest/lowest ('the {item.text} highest X').")
        draft.ordinal = int(meaning.value)
    elif kind == "unit" and not item.used and not _after_number(item, reading):
        raise Abstain(f"'{item.text}' needs a number before it ('60 {item.text}').")
    elif kind == "sign":
        predicate = sign_predicate(item, reading, draft, lex)
        if predicate is None:
            raise Abstain(f"I could not tell which numeric column '{item.text}' applies to.")
        draft.predicates.append((item.pos, predicate))
    elif kind == "date" and not item.used:
        date_point(item, reading, draft, lex)
    elif kind == "month":
        month_condition(item, reading, draft, lex, table)


def _total_number(reading: Reading, draft: Draft, lex: Lexicon) -> None:
    """'the total number of applicants with ...' counts rows; 'the total number of book pages' sums
    a numeric column: 'total' then 'number of' is a count unless a numeric column follows."""
    for item in reading.of("op"):
        nxt = reading.after(item)
        if item.text.lower() == "total" and draft.op == "sum" and nxt is not None and nxt.pos == item.pos + 1 \
                and nxt.kind == "op" and nxt.meanings[0].value == "count":
            counted = reading.after(nxt)
            if counted is None or not (counted.kind == "column" and counted.column in lex.numeric_columns):
                distinct = any(i.meanings[0].value == "count_distinct" for i in reading.of("op"))
                draft.op = "count_distinct" if distinct else "count"  # 'total number of different roles'


def _column(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    if item.used:
        return
    column = item.column
    rows = reading.at(item.pos + len(item.text.split()))
    if rows is not None and rows.text.lower() in V.ROW_COUNT_NOUNS and table.roles[column] in _GROUPABLE:
        item.used, draft.per_row = True, True  # 'how many status updates': rows, not distinct statuses
        rows.used = True
        draft.notes.append(f"read '{item.text} {rows.text}' as rows (each row counted)")
        return
    prev = reading.before(item)
    scope = reading.at(item.pos - 1)
    agent = reading.after(rows) if rows is not None and rows.text.lower() == "by" else None  # 'refereed by C. Pawson'
    _counted_rows_not_values(item, agent or rows, prev, scope, draft, table.roles[column] is ColumnRole.date)
    if present_condition(item, reading, draft, lex, table):  # 'how many rows have Insurance': IS NOT NULL
        return
    if prev is not None and prev.kind == "group" and scope is not None and scope.text.lower() in ("all", "every"):
        item.used = True  # 'across all countries': every row, one number, never a group-by
        draft.notes.append(f"read '{prev.text} {scope.text} {item.text}' as every row (no group-by)")
        return
    if prev is not None and prev.text.lower() == "by" and _passive(reading, prev) and table.roles[column] in _GROUPABLE \
            and any(c.column in lex.numeric_columns for c in reading.of("column")):
        item.used = True  # 'the highest total points scored by its players': who scored, not what to total
        draft.notes.append(f"read 'by {item.text}' as who did it (no condition, no group-by)")
        return
    here = _groups_here(item, reading)
    if here and prev.text.lower() == "per" and draft.op in ("mean", "median") and one_per_row(table, column):
        item.used = True  # 'the average points per team', one row per team: the mean over the rows
        draft.notes.append(f"read 'per {item.text}' as each row (one {column} per row)")
        return
    if here and prev.text.lower() == "per" and draft.op in ("mean", "median"):
        raise Abstain(f"'per {item.text}' after an average could be the unit of each row's value (so much per "
                      f"{item.text}) or one average per {item.text}; say 'by {item.text}' for one per {item.text}.")
    if here:
        check_rate_per(item, prev, reading, draft, lex)  # 'which X has the most Y per Z': a rate, or pairs?
    groupable = table.roles[column] in _GROUPABLE or (column in lex.small_ints and here and prev.text.lower() != "by")
    if groupable and prev is not None and (here or (prev.kind == "order" and not draft.group_by)):
        draft.which = draft.which or prev.kind == "which"
        draft.group_by.append(column)
    elif groupable and prev is not None and prev.kind == "number" and prev.used:
        draft.group_by.append(column)  # "top 5 regions"
    elif table.roles[column] is not ColumnRole.date:
        draft.columns.append(item)


def _counted_rows_not_values(item: Item, nxt: Item | None, prev: Item | None, scope: Item | None,
                             draft: Draft, dated: bool = False) -> None:
    """Raises Abstain when a count names a column but counts something else: 'how many state
    changes' (changes between rows, not the distinct states) or 'how many rows are <column>' of a
    column that is not yes/no (the rows, but which value?), unless a value of it follows. A `dated`
    column (a date) right before a comparison, a date or a month ('rows were updated after March 15')
    is the date compared."""
    if draft.op not in ("count", "count_distinct"):
        return
    if nxt is not None and nxt.text.lower() in V.CHANGE_NOUNS:
        raise Abstain(f"'{item.text} {nxt.text}' asks for changes between rows, which I cannot count exactly; "
                      f"ask 'how many rows' or 'how many distinct {item.column}'.")
    if dated and nxt is not None and nxt.kind in ("comparison", "date", "month"):
        return
    names_value = nxt is not None and any(m.kind == "value" and m.column == item.column for m in nxt.meanings)
    if prev is not None and prev.kind == "row" and scope is not None and scope.text.lower() in V.COPULAS \
            and not names_value:  # 'trips were tagged airport': the value follows
        raise Abstain(f"'{prev.text} {scope.text} {item.text}' does not say which value of {item.column} to count; "
                      f"name the value.")


def _groups_here(item: Item, reading: Reading) -> bool:
    """A column right after 'which'/'what' ("which state ...") or after by/per/each is grouped by."""
    prev = reading.before(item)
    if prev is not None and prev.text.lower() == "by" and _passive(reading, prev):
        return False  # 'scored by its players': who did it, not a group-by
    return prev is not None and (prev.kind == "group" or (prev.kind == "which" and prev.pos == item.pos - 1))


def _attribute_of(item: Item, reading: Reading) -> bool:
    """'the selfMade of the person with ...': a column word between 'the' and 'of' is the attribute
    asked for (a noun), never a condition on the rows. A reading without its tokens (a record
    lookup's re-read: router/lookup.py) has no such words."""
    tokens, start, end = reading.tokens, item.pos, item.pos + len(item.text.split())
    return 0 < start <= len(tokens) and tokens[start - 1].lower == "the" and end < len(tokens) and tokens[end].lower == "of"


def _after_number(unit: Item, reading: Reading) -> bool:
    prev = reading.before(unit)
    return prev is not None and prev.kind == "number" and prev.pos == unit.pos - 1


def _every(group: Item, reading: Reading) -> bool:
    """'across all employees', 'for every row': the group word spans every row, no group-by."""
    scope = reading.at(group.pos + 1)
    return scope is not None and scope.text.lower() in ("all", "every")


def _each_one(group: Item, noun: Item, table: Table) -> bool:
    """'Is every passenger's name unique?': 'every'/'each' before the rows' people, where each row is
    one of them (rows_are_entities), spans every row: no group-by."""
    return group.text.lower() in ("every", "each") and noun.kind == "entity" and rows_are_entities(table)


def _passive(reading: Reading, by: Item) -> bool:
    verb = reading.at(by.pos - 1)
    return verb is not None and verb.kind == "stop" and (verb.text.lower() in V.FILLER or verb.text.lower().endswith("ed"))


def _check_or(reading: Reading, draft: Draft) -> None:
    """'or' between conditions on different columns cannot be expressed (predicates are ANDed)."""
    for item in reading.of("or"):
        left = [p for pos, p in draft.predicates if pos < item.pos]
        right = [p for pos, p in draft.predicates if pos > item.pos]
        if left and right and left[-1].column != right[0].column:
            raise Abstain(f"'or' between conditions on {left[-1].column} and {right[0].column} is not supported "
                          "(conditions are combined with AND); ask for each separately.")
