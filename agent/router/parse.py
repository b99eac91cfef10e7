"""Second pass of the router's parser: a Reading becomes a Draft (what the question asks for and
the conditions it sets), or an abstention that names the part it could not map. Never guesses."""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.plan import Op, Predicate
from agent.router import vocabulary as V
from agent.router.lexicon import Lexicon, Meaning
from agent.router.link import Item, Reading
from agent.router.subjects import column_after, counts_rows, dimension_column, sign_predicate, unit_column
from agent.router.wording import framed, multiple_reason, nested_reason
from agent.table import ColumnRole, Table

_GROUPABLE = (ColumnRole.categorical, ColumnRole.identifier, ColumnRole.text, ColumnRole.date)


class Abstain(Exception):
    """The parser cannot map part of the question; `reason` names that part."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


@dataclass
class Draft:
    """What the parser has understood so far."""

    op: str | None = None
    ratio: bool = False
    order: str | None = None
    limit: int | None = None
    which: bool = False
    magnitude: bool = False
    """'the largest transaction': rank by the measure's max/min, not by a count."""
    group_by: list[str] = field(default_factory=list)
    columns: list[Item] = field(default_factory=list)
    predicates: list[tuple[int, Predicate]] = field(default_factory=list)
    time_lookup: tuple[str, str] | None = None
    time_value: tuple[str, str] | None = None
    """('latest', column) when the question may ask for the latest value of a date column itself."""
    measure_used: bool = False
    measure_consumed: bool = False
    """The measure word was the subject of a comparison ('an amount above 100'), not what to sum."""
    per_row: bool = False
    """A column named before a row noun ('status updates', 'ticket entries'): the rows are counted."""
    ordinal: int | None = None
    """2 for 'the second highest X' (the ordinal right before an order word)."""
    row_count: tuple[str, float] | None = None
    """('<', 200000) for 'fewer than 200k rows': a test of the number of rows, not of a column."""
    notes: list[str] = field(default_factory=list)

    @property
    def asks(self) -> bool:
        """True when the question asks for something itself (not only adds conditions)."""
        return bool(self.op or self.ratio or self.order or self.group_by or self.columns
                    or self.measure_used or self.time_lookup)


def build_draft(reading: Reading, lex: Lexicon, table: Table) -> Draft:
    """Interpret the items of `reading`. Raises Abstain naming what it could not map."""
    if reading.unmatched:
        parts = ", ".join(repr(u) for u in reading.unmatched)
        raise Abstain(f"I could not match {parts} to a column or value of {table.name}.")
    draft = Draft()
    for item in reading.items:
        _word(item, reading, draft, lex, table)
    for item in reading.of("number"):
        if not item.used:
            _bare_number(item, reading, draft, lex, table)
    _check_or(reading, draft)
    _total_number(reading, draft, lex)
    conditioned = {p.column for _, p in draft.predicates if p.op in (Op.eq, Op.ne, Op.in_, Op.not_in)}
    draft.columns = [c for c in draft.columns if not (c.column in conditioned and table.roles[c.column] in _GROUPABLE)]
    return draft


def _word(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    kind, meaning = item.kind, (item.meanings[0] if item.meanings else None)
    nxt = reading.after(item)
    if kind == "op" and item.used:
        return  # 'exactly 1000 total points': 'total' only introduced the compared column
    if kind == "op":
        if reason := nested_reason(item, reading, lex):
            raise Abstain(reason)
        if meaning.value == "count_distinct" and draft.op in (None, "count"):
            draft.op = "count_distinct"
        elif draft.op is None or (draft.op == "sum" and meaning.value in ("mean", "median", "std") and framed(item, reading)):
            draft.op = meaning.value  # 'How much is the average amount': the average, not a total
        if meaning.value == "count" and nxt is not None and nxt.text.lower() in V.CHANGE_NOUNS:
            raise Abstain(f"'{item.text} {nxt.text}' asks for changes between rows, which I cannot count exactly; "
                          "ask 'how many rows' or 'how many distinct <column>'.")
        if meaning.value == "count" and nxt is not None and nxt.kind == "entity" and not _rows_are_entities(table):
            raise Abstain(f"'{nxt.text}' could mean the rows or the distinct values of a column; "
                          f"name the column (e.g. 'how many distinct ...').")
    elif kind == "ratio":
        draft.ratio = True
    elif kind == "order":
        draft.order = draft.order or meaning.value
        if nxt is not None and nxt.kind == "number" and item.text.lower() in ("top", "bottom"):
            draft.limit, nxt.used = int(nxt.number), True
            nxt = reading.after(nxt)
        if nxt is not None and nxt.kind in ("row", "entity") and item.text.lower() not in V.COUNT_ORDER:
            draft.magnitude = True
        if item.text.lower() in V.FREQUENCY_ORDER:
            draft.op, draft.limit = draft.op or "count", draft.limit or 1
    elif kind == "group" and nxt is not None and nxt.kind in ("row", "entity") and not _passive(reading, item) \
            and not (nxt.kind == "row" and reading.row_scope) and not _every(item, reading):
        # 'by a single player in one season': who, per row; 'across all employees': every row
        raise Abstain(f"I cannot tell which column '{item.text} {nxt.text}' groups by; name the column.")
    elif kind == "group" and nxt is not None and nxt.kind == "datenoun" and nxt.pos == item.pos + 1:
        raise Abstain(f"'{item.text} {nxt.text}' asks for one value per {nxt.text.lower()} (a group per period), which I "
                      "cannot form from the word alone; name the date column to group by.")
    elif kind == "time":
        _time_word(item, meaning.value, reading, draft, lex)
    elif kind == "measure":
        draft.measure_used = True
    elif kind == "column" and item.column in lex.flag_values and not item.used and not _groups_here(item, reading):
        item.meanings = [Meaning("flag", item.column)]  # "attrition rate": Attrition = 'Yes'
        item.kind = "flag"
        _value(item, reading, draft, lex, table)
    elif kind == "column":
        _column(item, reading, draft, lex, table)
    elif kind in ("value", "flag"):
        _value(item, reading, draft, lex, table)
    elif kind == "comparison":
        _comparison(item, meaning.value, reading, draft, lex)
    elif kind == "ordinal":
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
        item.used = True
        draft.predicates.append((item.pos, Predicate(column=_date_column(item, reading, lex), op=Op.eq, value=item.date)))
    elif kind == "month":
        _month(item, reading, draft, lex, table)


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


def _rows_are_entities(table: Table) -> bool:
    """True when each row is one entity: the table has id columns and every one is unique per row
    (EmployeeNumber, Serial No.), so 'how many applicants' counts rows. A repeating id (a card
    number across transactions) makes 'how many customers' ambiguous."""
    from agent.router.queries import one_per_row

    ids = [c for c, role in table.roles.items() if role is ColumnRole.identifier]
    return bool(ids) and all(one_per_row(table, c) for c in ids)


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
    _counted_rows_not_values(item, rows, prev, scope, draft)
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
    groupable = table.roles[column] in _GROUPABLE or (column in lex.small_ints and here and prev.text.lower() != "by")
    if groupable and prev is not None and (here or (prev.kind == "order" and not draft.group_by)):
        draft.which = draft.which or prev.kind == "which"
        draft.group_by.append(column)
    elif groupable and prev is not None and prev.kind == "number" and prev.used:
        draft.group_by.append(column)  # "top 5 regions"
    elif table.roles[column] is not ColumnRole.date:
        draft.columns.append(item)


def _counted_rows_not_values(item: Item, nxt: Item | None, prev: Item | None, scope: Item | None,
                             draft: Draft) -> None:
    """Raises Abstain when a count names a column but counts something else: 'how many state
    changes' (changes between rows, not the distinct states) or 'how many rows are <column>' of a
    column that is not yes/no (the rows, but which value?)."""
    if draft.op not in ("count", "count_distinct"):
        return
    if nxt is not None and nxt.text.lower() in V.CHANGE_NOUNS:
        raise Abstain(f"'{item.text} {nxt.text}' asks for changes between rows, which I cannot count exactly; "
                      f"ask 'how many rows' or 'how many distinct {item.column}'.")
    if prev is not None and prev.kind == "row" and scope is not None and scope.text.lower() in V.COPULAS:
        raise Abstain(f"'{prev.text} {scope.text} {item.text}' does not say which value of {item.column} to count; "
                      f"name the value.")


_LINKS = {"of", "is", "=", "named", "called", "the", "equal", "equals"}


def _groups_here(item: Item, reading: Reading) -> bool:
    """A column right after 'which'/'what' ("which state ...") or after by/per/each is grouped by."""
    prev = reading.before(item)
    if prev is not None and prev.text.lower() == "by" and _passive(reading, prev):
        return False  # 'scored by its players': who did it, not a group-by
    return prev is not None and (prev.kind == "group" or (prev.kind == "which" and prev.pos == item.pos - 1))


def _after_number(unit: Item, reading: Reading) -> bool:
    prev = reading.before(unit)
    return prev is not None and prev.kind == "number" and prev.pos == unit.pos - 1


def _every(group: Item, reading: Reading) -> bool:
    """'across all employees', 'for every row': the group word spans every row, no group-by."""
    scope = reading.at(group.pos + 1)
    return scope is not None and scope.text.lower() in ("all", "every")


def _passive(reading: Reading, by: Item) -> bool:
    verb = reading.at(by.pos - 1)
    return verb is not None and verb.kind == "stop" and (verb.text.lower() in V.FILLER or verb.text.lower().endswith("ed"))


def _value(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    columns = {m.column for m in item.meanings}
    if len(columns) > 1:
        mentioned = [c.column for c in reading.of("column") if c.column in columns]
        if len(mentioned) != 1:
            raise Abstain(f"'{item.text}' is a value of several columns ({', '.join(sorted(columns))}); "
                          "name the column.")
        item.meanings = [m for m in item.meanings if m.column == mentioned[0]]
    meaning = item.meanings[0]
    prev = reading.before(item)
    linked = prev is not None and all(i.text.lower() in _LINKS for i in reading.items if prev.pos < i.pos < item.pos)
    if meaning.kind == "value" and prev is not None and prev.kind == "column" and prev.column != meaning.column \
            and table.roles[prev.column] in _GROUPABLE and prev.column not in draft.group_by and linked:
        raise Abstain(f"'{item.text}' is not a value of {prev.column} (it matches {meaning.column} = "
                      f"'{meaning.value}').")
    for mention in draft.columns:  # "state is TX": the column only names where the value lives
        if mention.column == meaning.column:
            mention.used = True
    draft.columns = [c for c in draft.columns if not c.used]
    negated = prev is not None and prev.kind == "negation"
    if meaning.kind == "flag":
        _flag(item, meaning, negated, reading, draft, lex)
        return
    if item.text.casefold() != str(meaning.value).casefold():
        draft.notes.append(f"read '{item.text}' as {meaning.column} = '{meaning.value}'")
    same = [p for _, p in draft.predicates if p.column == meaning.column]
    if same and not negated and same[-1].op in (Op.eq, Op.in_, Op.ne, Op.not_in):
        last = same[-1]  # "grocery_pos or travel" -> IN; "not CA or TX" -> NOT IN
        last.values = [*(last.values or [last.value]), meaning.value]
        last.op, last.value = (Op.in_ if last.op in (Op.eq, Op.in_) else Op.not_in), None
        return
    draft.predicates.append((item.pos, Predicate(column=meaning.column, op=Op.ne if negated else Op.eq,
                                                 value=meaning.value)))


def _flag(item: Item, meaning: Meaning, negated: bool, reading: Reading, draft: Draft, lex: Lexicon) -> None:
    """A yes/no column as a condition: its true value, the false one when negated ('not active',
    'inactive', 'non-member'), or the value said after it ('active is no', 'paid = 0'). A flag
    linked by embedding similarity alone abstains: similarity cannot tell a word from its opposite."""
    positive, negative = lex.flag_values.get(meaning.column, (1.0, 0.0))
    said = _said_value(item, reading)
    if said is None and item.similar:
        raise Abstain(f"I linked '{item.text}' to the yes/no column {meaning.column} by similarity, which cannot "
                      f"tell a word from its opposite; say '{meaning.column} is yes' or '{meaning.column} is no'.")
    truth = (True if said is None else said) ^ negated ^ (meaning.value == "negated")
    value = positive if truth else negative
    draft.notes.append(f"read '{item.text}' as {meaning.column} = {value if isinstance(value, str) else int(value)}")
    draft.predicates.append((item.pos, Predicate(column=meaning.column, op=Op.eq, value=value)))


def _said_value(item: Item, reading: Reading) -> bool | None:
    """True/False when a yes/no value follows a flag's name ('active is no', 'member = N', 'verified
    false', 'paid is not 1'), marking those words read; None when none does."""
    pos, flip, read_ = item.pos + len(item.text.split()), False, []
    while (nxt := reading.at(pos)) is not None:
        word = f"{nxt.number:g}" if nxt.kind == "number" else nxt.text.lower()
        if word in V.FLAG_TRUE or word in V.FLAG_FALSE:
            for said in (*read_, nxt):
                said.kind, said.used = "stop", True
            return (word in V.FLAG_TRUE) != flip
        if word == "not" and not flip:
            flip = True
        elif word not in V.FLAG_LINKS:
            return None
        read_.append(nxt)
        pos += len(nxt.text.split())
    return None


def _subject(item: Item, reading: Reading, draft: Draft, lex: Lexicon, currency: bool) -> str:
    """The numeric column a comparison applies to: the quantity of a unit after the number ('over 50
    years old': Age), else the nearest column named before it (unless the comparison names another
    quantity: 'income of employees older than 40' compares Age), else the
    column right after the number, else the one column of the quantity the comparison names, else
    the measure column when money or a measure word is involved."""
    number = reading.after(item)
    try:
        aged = unit_column(number, reading, lex) if number is not None and number.kind == "number" else None
    except ValueError as exc:
        raise Abstain(f"{exc}; name the column.") from None
    if aged is not None:  # 'over 50 years old' compares Age, whatever column came before
        return aged
    dimension = dimension_column(item, lex)
    quantity = item.text.lower() in V.DIMENSIONS  # 'older than' compares an age, never 'amt'
    earlier = [c for c in reading.of("column") if c.pos < item.pos and c.column in lex.numeric_columns
               and (dimension == c.column if quantity else True)]
    if earlier:
        earlier[-1].used = True
        draft.columns = [c for c in draft.columns if c is not earlier[-1]]
        return earlier[-1].column
    unit = reading.after(number) if number is not None else None
    named = reading.after(unit) if unit is not None and unit.kind == "op" and reading.row_scope else None
    if named is not None and unit.meanings[0].value == "sum" and named.kind == "column":
        unit.used, unit = True, named  # 'exactly 1000 total points in a given season': a row's total
    if unit is not None and unit.kind == "column" and unit.column in lex.numeric_columns and not unit.used:
        unit.used = True  # 'more than 500 assists': the column follows the number
        draft.columns = [c for c in draft.columns if c is not unit]
        return unit.column
    if dimension is not None:
        draft.notes.append(f"read '{item.text}' as a comparison of {dimension}")
        return dimension
    if (currency or draft.measure_used or reading.of("measure")) and lex.measure:
        draft.measure_consumed = draft.measure_consumed or bool(reading.of("measure"))
        return lex.measure
    raise Abstain(f"I could not tell which column '{item.text}' applies to "
                  f"(numeric columns: {', '.join(lex.numeric_columns)}).")


def _second(item: Item, reading: Reading, kind: str) -> Item:
    upper = reading.after(item)
    if upper is None or upper.kind != kind:
        raise Abstain(f"'between {item.text}' needs a second {kind} ('between 50 and 200').")
    upper.used = True
    return upper


def _comparison(item: Item, op: str, reading: Reading, draft: Draft, lex: Lexicon) -> None:
    nxt = reading.after(item)
    if nxt is None or nxt.kind not in ("number", "date"):
        raise Abstain(f"'{item.text}' is not followed by a number or date.")
    nxt.used = True
    if nxt.kind == "number":
        if reason := multiple_reason(item, nxt, reading):
            raise Abstain(reason)
    if nxt.kind == "date":
        column = _date_column(item, reading, lex)
        upper = _second(nxt, reading, "date").date if op == "between" else None
        draft.predicates.append((item.pos, Predicate(column=column, op=Op(op), value=nxt.date, upper=upper)))
        return
    if op in (">", ">=", "<", "<=") and item.text.lower() in ("after", "before", "since") and lex.date_columns \
            and 1900 <= nxt.number <= 2100:
        column = _date_column(item, reading, lex)
        draft.predicates.append((item.pos, Predicate(column=column, op=Op(op), value=str(int(nxt.number)))))
        return
    if counts_rows(item, nxt, reading, lex):
        draft.row_count = (op, nxt.number)
        return
    after = reading.after(nxt)
    currency = nxt.currency or (op == "between" and after is not None and after.currency)
    column = _subject(item, reading, draft, lex, currency)
    if op == "between":
        low, high = sorted((nxt.number, _second(nxt, reading, "number").number))
        draft.predicates.append((item.pos, Predicate(column=column, op=Op.between, value=low, upper=high)))
        return
    draft.predicates.append((item.pos, Predicate(column=column, op=Op(op), value=nxt.number)))


def _date_column(item: Item, reading: Reading, lex: Lexicon) -> str:
    """The date column a date applies to: the one named in the question, else the table's first."""
    mentioned = [c.column for c in reading.of("column") if c.column in lex.date_columns]
    if mentioned or lex.date_columns:
        return (mentioned or lex.date_columns)[0]
    raise Abstain(f"'{item.text}' is a date, but the table has no date column.")


def _month_value(item: Item, reading: Reading, table: Table, column: str, year: int | None = None) -> str:
    """'YYYY-MM' for a month name: the year written after it, else `year`, else the one year the
    column has rows in that month. Raises Abstain when no row or several years qualify."""
    month = int(item.meanings[0].value)
    nxt = reading.after(item)
    if nxt is not None and nxt.kind == "number" and 1900 <= (nxt.number or 0) <= 2100:
        nxt.used = True
        years = [int(nxt.number)]
    elif year is not None:
        years = [year]
    else:
        dates = table.df[column].dropna()
        years = sorted({int(y) for y in dates[dates.dt.month == month].dt.year.unique()})
    if not years:
        raise Abstain(f"No rows of {column} fall in '{item.text}'.")
    if len(years) > 1:
        raise Abstain(f"'{item.text}' spans several years in {column} ({', '.join(map(str, years))}); name the year.")
    return f"{years[0]:04d}-{month:02d}"


def _month(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    """'in March' (one month) or 'from January to March [2019]' (a range of whole months)."""
    if item.used:
        return
    column = _date_column(item, reading, lex)
    link, second = reading.at(item.pos + 1), reading.after(item)
    if link is not None and link.text.lower() in ("to", "through", "until", "thru") and second is not None \
            and second.kind == "month":
        second.used = True
        end = _month_value(second, reading, table, column)
        start = _month_value(item, reading, table, column, year=int(end[:4]))
        draft.notes.append(f"read '{item.text} {link.text} {second.text}' as {column} from {start} to {end}")
        draft.predicates.append((item.pos, Predicate(column=column, op=Op.between, value=start, upper=end)))
        return
    value = _month_value(item, reading, table, column)
    draft.notes.append(f"read '{item.text}' as {column} in {value}")
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=value)))


def _time_word(item: Item, which: str, reading: Reading, draft: Draft, lex: Lexicon) -> None:
    nxt = reading.after(item)
    if nxt is not None and nxt.kind == "column" and nxt.column not in lex.date_columns:
        if not lex.date_columns:
            raise Abstain(f"'{item.text} {nxt.text}' needs a date column; the table has none.")
        nxt.used = True
        draft.time_lookup = (which, nxt.column)
        return
    if nxt is not None and nxt.kind == "column":
        nxt.used = True
        column = nxt.column
        draft.time_value = (which, column)
    else:
        column = _date_column(item, reading, lex)
        if nxt is not None and nxt.kind in ("row", "datenoun"):
            nxt.used = True
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.latest if which == "latest" else Op.earliest)))


def _bare_number(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    if reason := multiple_reason(item, item, reading):
        raise Abstain(reason)
    before = reading.at(item.pos - 1)
    year_word = before is not None and before.text.lower() in V.YEAR_PREPOSITIONS
    if lex.date_columns and year_word and 1900 <= item.number <= 2100 and float(item.number).is_integer():
        column = _date_column(item, reading, lex)
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
    elif prev is not None and prev.kind == "column" and prev.column in lex.numeric_columns:
        prev.used = True
        draft.columns = [c for c in draft.columns if c is not prev]
        column = prev.column
    elif nxt is not None and (prev is None or prev.kind == "stop"):  # 'Is 99 an existing store id?'
        nxt.used = True
        draft.columns = [c for c in draft.columns if c is not nxt]
        column = nxt.column
    else:
        holders = [c for c in lex.numeric_columns if (table.df[c] == item.number).any()]
        if len(holders) != 1:
            where = f"in {', '.join(holders)}" if holders else "in no numeric column"
            raise Abstain(f"I could not tell which column {item.text} refers to (it occurs {where}).")
        column = holders[0]
        draft.notes.append(f"read {item.text} as {column} = {item.text}")
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=item.number)))


def _check_or(reading: Reading, draft: Draft) -> None:
    """'or' between conditions on different columns cannot be expressed (predicates are ANDed)."""
    for item in reading.of("or"):
        left = [p for pos, p in draft.predicates if pos < item.pos]
        right = [p for pos, p in draft.predicates if pos > item.pos]
        if left and right and left[-1].column != right[0].column:
            raise Abstain(f"'or' between conditions on {left[-1].column} and {right[0].column} is not supported "
                          "(conditions are combined with AND); ask for each separately.")
