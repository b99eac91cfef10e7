"""Plan stage for the question kinds beyond aggregate and ratio: a Reading (and the Draft the parser
makes of it) becomes a typed query plan (agent/queries.py), or None when the question is of an
aggregate/ratio kind (the planner's job). Raises Abstain when the kind is clear but a part is not."""

from __future__ import annotations

from agent.plan import Agg, Op, Predicate
from agent.queries import (ArithOp, ChangeArgs, CheckArgs, CheckKind, Cmp, DistinctArgs, ExpressionArgs, FrequencyArgs,
                           Measure, Operand, QueryPlan, RankArgs, StatisticArgs, StatOp)
from agent.router import vocabulary as V
from agent.router.checks import every_row_check, row_count_check, same_check
from agent.router.kind import Kind
from agent.router.lexicon import Lexicon, Meaning
from agent.router.ordinal import nth_rank
from agent.router.link import Item, Reading
from agent.router.parse import Abstain, Draft
from agent.table import ColumnRole, Table

_TEXT = (ColumnRole.categorical, ColumnRole.identifier, ColumnRole.text)
_CMP = {">": Cmp.gt, ">=": Cmp.ge, "<": Cmp.lt, "<=": Cmp.le, "=": Cmp.eq}


def distinct_count(table: Table, column: str) -> tuple[int, int]:
    """(distinct values, non-missing values) of a column, cached on the table."""
    cache = table.__dict__.setdefault("_distinct_counts", {})
    if column not in cache:
        cache[column] = (int(table.df[column].nunique()), int(table.df[column].count()))
    return cache[column]


def one_per_row(table: Table, column: str) -> bool:
    """True when every row holds its own value of `column` (no repeats, none missing)."""
    distinct, present = distinct_count(table, column)
    return distinct == present == table.rows


def take_limit(reading: Reading) -> int | None:
    """The N of 'top 5', '5 highest', 'lowest 4', '3 most common', 'first five': the number next
    to an order or time word, marked used so it is not read as a condition."""
    for item in reading.items:
        if item.kind not in ("order", "time") or item.text.lower() == "most recent":
            continue
        for near in (reading.before(item), reading.after(item)):
            if near is not None and near.kind == "number" and not near.used and abs(near.pos - item.pos) == 1 \
                    and float(near.number).is_integer() and 0 < near.number <= 1000:
                near.used = True
                return int(near.number)
    ordered = bool(reading.of("order"))
    for item in reading.of("number"):  # 'the three players with the most rebounds'
        nxt, prev = reading.at(item.pos + 1), reading.at(item.pos - 1)
        if ordered and not item.used and float(item.number).is_integer() and 0 < item.number <= 100 \
                and nxt is not None and nxt.kind in ("column", "row", "entity") \
                and prev is not None and prev.text.lower() in ("the", "top", "list", "our"):
            item.used = True
            return int(item.number)
    return None


def take_file_order(reading: Reading) -> tuple[str, int | None]:
    """('asc' for first / 'desc' for last, N) of 'the first five books', 'the last 3 rows'; the
    first/last word is then no longer read as a date ('first' is not the earliest date here)."""
    limit = take_limit(reading)
    word = next(i for i in reading.of("time") if i.text.lower() in ("first", "last"))
    word.kind = "stop"
    for item in reading.of("number"):  # 'the 5 categories of the last five books': the count said twice
        prev, nxt = reading.at(item.pos - 1), reading.at(item.pos + 1)
        if not item.used and item.number == limit and prev is not None and prev.text.lower() == "the" \
                and nxt is not None and nxt.kind == "column":
            item.used = True
    return ("asc" if word.text.lower() == "first" else "desc"), limit


def take_periods(reading: Reading, lex: Lexicon, table: Table) -> tuple[str, object, object] | None:
    """(key column, start, end) of 'from 2014 to 2015' / 'between 2014 and 2015': the first two
    numbers or dates, and the one column holding both (a date column for years); marked used."""
    found = [i for i in reading.items if i.kind in ("number", "date") and not i.used][:2]
    if len(found) != 2:
        return None
    values = [i.date if i.kind == "date" else i.number for i in found]
    holders = []
    for column in table.df.columns:
        series = table.df[column]
        if column in lex.numeric_columns and all(i.kind == "number" for i in found):
            if all((series == v).any() for v in values):
                holders.append((column, *values))
        elif column in lex.date_columns:
            texts = [str(int(v)) if isinstance(v, float) else v for v in values]
            years = set(series.dropna().dt.year.astype(str))
            if all(t[:4] in years for t in texts):
                holders.append((column, *texts))
        elif table.roles[column] in _TEXT and all(i.kind == "number" for i in found):
            texts = {str(v).strip() for v in series.dropna().unique()}
            if all(f"{v:g}" in texts for v in values):
                holders.append((column, *(f"{v:g}" for v in values)))
    if len(holders) != 1:
        return None
    for item in found:
        item.used = True
    return holders[0]


def _named(draft: Draft) -> list[Item]:
    """Columns the question names that no condition consumed, in question order."""
    return sorted([c for c in draft.columns if not c.used], key=lambda c: c.pos)


def _one_column(draft: Draft, what: str, lex: Lexicon | None = None) -> str:
    columns = list(dict.fromkeys([*draft.group_by, *(c.column for c in _named(draft))]))
    if len(columns) == 2 and lex is not None:  # 'field of education': EducationField, not also Education
        a, b = (lex.header_words[c] for c in columns)
        columns = [columns[1]] if a < b else ([columns[0]] if b < a else columns)
    if len(columns) != 1:
        raise Abstain(f"I could not tell which column {what} ({', '.join(columns) or 'none named'}).")
    return columns[0]


def _no_names_of_numbers(reading: Reading, column: str, lex: Lexicon, table: Table) -> str:
    """The column to answer from: 'the weekday names' asks for text, so a numeric column named
    'weekday' answers it only through its one text companion (Weekday_1, weekday_name: a text
    column whose name starts with it); else Abstain."""
    for item in reading.of("column"):
        after = reading.at(item.pos + len(item.text.split()))
        if item.column == column and column in lex.numeric_columns and after is not None \
                and after.text.lower() in ("name", "names"):
            stem = column.strip().lower()
            companions = [c for c in table.df.columns if c != column and table.roles[c] in _TEXT
                          and c.strip().lower().startswith(stem)]
            if len(companions) != 1:
                raise Abstain(f"'{item.text} {after.text}' asks for names, but {column} holds numbers.")
            reading.notes.append(f"read '{item.text} {after.text}' as {companions[0]} (the names of {column})")
            return companions[0]
    return column


def _flag_as_column(reading: Reading, draft: Draft) -> None:
    """'the unique values overtime can take': a Yes/No column named by itself is the column whose
    values are listed, not the condition OverTime = Yes (which the parser first read)."""
    flags = [i for i in reading.of("flag") if i.meanings[0].column and " " not in i.text]
    if _named(draft) or draft.group_by or len(flags) != 1:
        return
    column = flags[0].meanings[0].column
    draft.predicates = [(pos, p) for pos, p in draft.predicates if not (pos == flags[0].pos and p.column == column)]
    draft.columns.append(Item(flags[0].text, flags[0].pos, [Meaning("column", column)]))
    draft.notes[:] = [n for n in draft.notes if not n.startswith(f"read '{flags[0].text}' as {column} =")]


def _where(draft: Draft) -> list[Predicate]:
    return [p for _, p in draft.predicates]


def build_query(kind: Kind, reading: Reading, draft: Draft, taken: object, lex: Lexicon,
                table: Table) -> QueryPlan | None:
    """The typed query plan for a question of `kind` (`taken`: what take_limit or take_periods
    took before the draft was built), or None to leave it to the planner. Raises Abstain."""
    limit = taken if isinstance(taken, int) else None
    if reading.of("same") and kind is not Kind.yes_no:
        raise Abstain(f"I read '{reading.of('same')[0].text}' only in 'Is X the same across all rows?'.")
    if draft.ordinal is not None:
        if kind is not Kind.rank:
            raise Abstain("I read an ordinal ('second') only in 'the second highest X'.")
        return nth_rank(reading, draft, lex, table, limit)
    if draft.row_count is not None and kind is not Kind.yes_no:
        raise Abstain("It compares a number of rows; I test that only in a yes/no question ('Does the table have "
                      "more than 1000 rows?').")
    match kind:
        case Kind.yes_no: return _yes_no(reading, draft, lex, table)
        case Kind.statistic: return _statistic(reading, draft)
        case Kind.change: return _change(reading, draft, lex, taken if isinstance(taken, tuple) else None)
        case Kind.frequency:
            order = next((i.meanings[0].value for i in reading.of("order") if i.text.lower() in V.FREQUENCY_ORDER), "desc")
            column = _one_column(draft, "to count the values of", lex)
            column = _no_names_of_numbers(reading, column, lex, table)
            return FrequencyArgs(column=column, order=order, limit=limit or 1, where=_where(draft))
        case Kind.distinct:
            _flag_as_column(reading, draft)
            column = _one_column(draft, "to list the values of", lex)
            column = _no_names_of_numbers(reading, column, lex, table)
            return DistinctArgs(column=column, where=_where(draft))
        case Kind.file_order: return _file_order(draft, taken, reading)
        case Kind.rank: return _rank(reading, draft, limit, lex, table)
        case Kind.select: return _select(draft, lex)
    return _one_row(draft, table, reading)


def _yes_no(reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> CheckArgs:
    if V.DISTINCT_LIST.search(" ".join(i.text for i in reading.items)) or draft.op == "count_distinct":
        return CheckArgs(check=CheckKind.unique, column=_one_column(draft, "must be unique"), where=_where(draft))
    predicates = _where(draft)
    if draft.group_by:
        raise Abstain("I can test one aggregate or a condition, not compare groups, in a yes/no question.")
    if draft.row_count is not None:
        return row_count_check(draft, [c.column for c in _named(draft)])
    if reading.of("same"):  # 'Is X the same across all rows?'
        return same_check(reading, draft, lambda: _one_column(draft, "must hold one value", lex))
    if draft.op or draft.order:
        return _compare(reading, draft, lex)
    if not predicates:
        raise Abstain("I could not tell what condition the yes/no question tests.")
    asked = [c for c in _named(draft) if table.roles[c.column] not in _TEXT]
    if asked:  # 'is there a player with ...': a text column names who, the condition is the test
        raise Abstain(f"I could not tell what the yes/no question asks of {asked[0].column}.")
    if V.ALL_WORDS.search(" ".join(i.text for i in reading.items)) and not V.ANY_WORDS.search(
            " ".join(i.text for i in reading.items)):
        return every_row_check(draft)
    return CheckArgs(check=CheckKind.any, condition=predicates)


def _compare(reading: Reading, draft: Draft, lex: Lexicon) -> CheckArgs:
    """'Is the highest X equal to 1499', 'Is the average Y above 105': the aggregate, then the
    comparison with a number that the parser read as a condition on the same column."""
    compared = [(pos, p) for pos, p in draft.predicates if p.op.value in _CMP and isinstance(p.value, float)]
    if not compared or not reading.of("comparison", "sign"):
        raise Abstain("I could not tell what the aggregate is compared with.")
    pos, test = compared[-1]
    rest = [p for q, p in draft.predicates if q != pos]
    op = draft.op or ("max" if draft.order == "desc" else "min")
    if op == "count":
        column = None
    else:
        column = test.column
    return CheckArgs(check=CheckKind.compare, left=Measure(op=Agg(op), column=column, where=rest),
                     cmp=_CMP[test.op.value], value=test.value)


def _statistic(reading: Reading, draft: Draft) -> StatisticArgs:
    stat = next(i.meanings[0].value for i in reading.of("stat"))
    numbers = [i for i in reading.of("number") if not i.used]
    columns = list(dict.fromkeys(c.column for c in _named(draft)))
    if stat == "correlation":
        if len(columns) != 2:
            raise Abstain("A correlation needs two numeric columns named.")
        return StatisticArgs(op=StatOp.correlation, column=columns[0], other=columns[1], where=_where(draft))
    if stat == "percentile":
        q = next((i.number for i in reading.items if i.kind == "number"), None)
        return StatisticArgs(op=StatOp.percentile, column=_one_column(draft, "to take the percentile of"), q=q,
                             where=[p for p in _where(draft) if p.value != q])
    del numbers
    return StatisticArgs(op=StatOp.range, column=_one_column(draft, "to take the range of"), where=_where(draft))


def _change(reading: Reading, draft: Draft, lex: Lexicon,
            periods: tuple[str, object, object] | None) -> ChangeArgs | ExpressionArgs:
    """'growth in exports from 2014 to 2015': two values of one column (the periods, taken by
    take_periods), one numeric column measured; percent when the question says percent or %.
    Without periods, 'the change from Q1 Budget to Q2 Budget' is between two columns (_column_change)."""
    percent = draft.ratio or any(i.text.lower() in ("percent", "percentage", "%") for i in reading.items)
    if draft.group_by or draft.order or reading.of("order"):
        raise Abstain("I can compute one change, not rank or group changes ('which ... had the largest increase').")
    if periods is None:
        return _column_change(reading, draft, lex, percent)
    key, start, end = periods
    measured = list(dict.fromkeys(c.column for c in _named(draft) if c.column in lex.numeric_columns and c.column != key))
    if len(measured) != 1:
        raise Abstain(f"I could not tell which column changed ({', '.join(measured) or 'none named'}).")
    reading.notes.append(f"read the periods as {key} = {start} and {key} = {end}")
    return ChangeArgs(column=measured[0], key=key, start=start, end=end, where=_where(draft),
                      report="percent" if percent else "absolute")


def _column_change(reading: Reading, draft: Draft, lex: Lexicon, percent: bool) -> ExpressionArgs:
    """'the change from Q1 Budget to Q2 Budget for Sales': SUM(Q2 Budget - Q1 Budget) over the
    matching rows (the later column is the one after 'to'; AVG or MEDIAN when the question says so). A percent change between columns,
    (new - old) / old, is no typed operation here: raise Abstain, never a share of a total."""
    columns = list({c.column: c for c in reversed(_named(draft)) if c.column in lex.numeric_columns}.values())[::-1]
    to = next((i for i in reading.items if i.text.lower() == "to"), None)
    if len(columns) != 2 or to is None or not columns[0].pos < to.pos < columns[1].pos:
        raise Abstain("A change needs two periods found in one column ('from 2014 to 2015') or two columns "
                      "('from Q1 Budget to Q2 Budget').")
    old, new = (c.column for c in columns)
    if percent:
        raise Abstain(f"A percent change from {old} to {new} is ({new} - {old}) / {old}, not a share of a total; "
                      "I have no operation for it between two columns. Ask for the change, or for each total.")
    if draft.op not in (None, "sum", "mean", "median"):
        raise Abstain(f"I could not tell how to combine the changes from {old} to {new} ('{draft.op}').")
    agg = Agg(draft.op or "sum")
    reading.notes.append(f"read the change from {old} to {new} as the {agg.value} of {new} - {old} over the rows")
    return ExpressionArgs(left=Operand(column=new), op=ArithOp.sub, right=Operand(column=old), agg=agg,
                          where=_where(draft))


def _file_order(draft: Draft, taken: tuple[str, int | None], reading: Reading) -> RankArgs:
    """'the categories of the first five books', 'the location of the first purchase row-wise'; a
    column named right after first/last beside another column names the rows ('the date that the
    last ship was built' shows Built, not Ship)."""
    order, limit = taken
    returned = list(dict.fromkeys([*draft.group_by, *(c.column for c in _named(draft))]))  # 'the 5 categories'
    subjects = [c for c in _named(draft) if _after_first_or_last(c, reading)]
    if subjects and len(returned) > len(subjects):
        returned = _asked_of_row(returned, subjects, reading)

    if not returned:
        raise Abstain("I could not tell which column to show for those rows.")
    return RankArgs(by=None, order=order, limit=limit or 1, columns=returned, where=_where(draft))


def _asked_of_row(returned: list[str], subjects: list[Item], reading: Reading) -> list[str]:
    """Of the columns a file-order question names, the one it asks for: the column right after
    'which'/'what' ('in what city was the first race'), else those named before the row's noun
    ('the density of the last city'), else, with a date word, those after it ('the date that the
    last ship was built'); otherwise Abstain ('which was the last ship in service': ship or service?)."""
    named = {c.column: c for c in reading.of("column")}
    asked = [c for c in returned if c in named and (p := reading.at(named[c].pos - 1)) is not None and p.kind == "which"]
    first = min(s.pos for s in subjects)
    before = [c for c in returned if c in named and named[c].pos < first and c not in {s.column for s in subjects}]
    after = [c for c in returned if c not in {s.column for s in subjects}]
    if asked or before:
        return asked or before
    if any(i.kind == "datenoun" for i in reading.items):
        return after
    raise Abstain(f"It names {', '.join(returned)}; which one does it ask for about that row?")


def _after_first_or_last(item: Item, reading: Reading) -> bool:
    """True when the item comes right after 'first'/'last' (stop words between allowed)."""
    before = reading.before(item)
    return before is not None and before.text.lower() in ("first", "last") or \
        any(i.text.lower() in ("first", "last") for i in reading.items if i.pos == item.pos - 1)


def _rank(reading: Reading, draft: Draft, limit: int | None, lex: Lexicon, table: Table) -> RankArgs | None:
    """'the university rating of the applicant with the lowest GRE score' (columns named before the
    order word are returned, the numeric column after it ranks), 'List the top 5 English scores'
    (the ranked column itself), 'the 3 highest different revenues' (distinct values)."""
    order_item = next(i for i in reading.of("order") if i.text.lower() not in V.FREQUENCY_ORDER)
    named = _named(draft)
    after = [c for c in named if c.pos > order_item.pos and c.column in lex.numeric_columns]
    before = [c.column for c in named if c.pos < order_item.pos]
    if draft.op == "count" and after and any(i.text.lower() == "number of" for i in reading.items):
        draft.op = None  # 'the highest number of steals' is the highest steals value, not a count
    if draft.group_by and reading.row_scope and not draft.op:
        # 'which player had the most steals in a single season': a row, and its player is returned;
        # 'the most blocks by any player in a season': the player only says who, the value is returned
        if _by_whom(reading, draft.group_by[0]):
            draft.notes.append(f"read 'by {draft.group_by[0]}' as who holds each single row (no group-by)")
            draft.group_by.clear()
        before = [*draft.group_by, *before]
    elif draft.group_by:
        _rows_or_totals(reading, draft.group_by[0], table)
        return None
    if draft.magnitude and reading.row_scope and draft.op in (None, "sum") and not draft.group_by and limit is None:
        draft.op, draft.order = ("max" if order_item.meanings[0].value == "desc" else "min"), None
        return None  # 'How much revenue did our best single transaction bring?': MAX(revenue) of one row
    if draft.op == "count_distinct" and after and limit is not None:
        draft.op = None  # 'the highest 3 different revenues': distinct values ranked, not counted
    if draft.op == "sum" and after and reading.row_scope and not draft.group_by:
        draft.op = None  # 'the highest total assists in one season': a row's total, not a sum over rows
    if draft.op == "count" and after and any(i.text.lower() == "number of" for i in reading.items):
        draft.op = None  # 'the highest number of steals' is the highest steals value, not a count
    if (draft.op or not after) and asks_who(reading):
        raise Abstain("'who' asks for a row's label; name the column that ranks the rows ('who has the highest <column>').")
    if draft.op or not after:
        return None
    by = after[0].column
    extra = [c.column for c in after[1:]]
    if extra:
        raise Abstain(f"I could not tell whether to rank by {by} or {', '.join(extra)}.")
    label = None if before else _who(reading, table)
    if label is not None:
        before = [label]  # 'who has the highest X': the row's label, ties named
    elif not before and limit is None:
        return None  # 'the highest X' is an aggregate (MAX), left to the planner
    repeated = [c for c in before if table.roles[c] in _TEXT and distinct_count(table, c)[0] < distinct_count(table, c)[1]]
    if repeated and not reading.row_scope and not reading.of("row", "entity"):
        _rows_or_totals(reading, repeated[0], table)
        return None  # totals per value: the planner's group-by
    distinct = any(i.text.lower() in ("different", "distinct", "unique") for i in reading.items)
    rows_named = not before and any(i.kind in ("row", "entity") and order_item.pos < i.pos < after[0].pos - 1
                                    for i in reading.items)  # 'top 5 transactions by amt', not 'single-product price'

    columns = list(dict.fromkeys(before)) or ([] if rows_named else [by])
    return RankArgs(by=by, order=order_item.meanings[0].value, limit=limit or 1, columns=columns,
                    distinct=distinct and not before, where=_where(draft))


def _who(reading: Reading, table: Table) -> str | None:
    """The column naming each row, for a question starting 'who' ('Who has the highest score'): the
    one text column with a value per row, a header with 'name' preferred. None when the question
    does not start with 'who'; raises Abstain when no column or several could name the rows."""
    if not asks_who(reading):
        return None
    unique = [c for c in table.df.columns if table.roles[c] in _TEXT and one_per_row(table, c)]
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


def _one_row(draft: Draft, table: Table, reading: Reading) -> RankArgs | None:
    """'Which category does the Quran belong to?', 'What is the price of Ikigai?': a 'which X' or a
    named X whose condition names one row (a column of all-distinct values) reads X off that row.
    None for any other shape."""
    from agent.router.planner import one_row_key

    named = list(dict.fromkeys(c.column for c in _named(draft)))
    shown = draft.group_by if draft.which else ([] if draft.group_by else named)
    if len(shown) != 1 or draft.op or draft.order or draft.ratio or draft.measure_used or (draft.which and named) \
            or reading.of("change"):  # 'the change in Q2 Budget for Sales' is not Sales' Q2 Budget
        return None
    if one_row_key(_where(draft), table) is None:
        return None
    return RankArgs(by=None, order="asc", limit=1, columns=shown, where=_where(draft))


def _select(draft: Draft, lex: Lexicon) -> RankArgs | None:
    """'List the authors of books with more than 10 reviews': the named column of every row
    matching the conditions, in file order (up to 1,000 rows). None without both a column to
    show and a condition (a lookup or an aggregate then)."""
    conditioned = {p.column for p in _where(draft)}
    shown = list(dict.fromkeys(c.column for c in _named(draft) if c.column not in conditioned))
    if not shown or not draft.predicates or draft.op or draft.order or draft.group_by or draft.ratio:
        return None
    return RankArgs(by=None, order="asc", limit=1000, columns=shown, where=_where(draft))
