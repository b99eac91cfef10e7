"""Second pass, date words: the date column a date applies to, month names ('in March', 'from
January to March 2019') and latest/earliest words as conditions or lookups."""

from __future__ import annotations

import datetime as dt

from agent.plan import Op, Predicate
from agent.router.calendar import is_year
from agent.router.draft import Abstain, DataAbstain, Draft
from agent.router.lexicon import Lexicon
from agent.router.ranges import close_range, range_start
from agent.router.reading import Item, Reading
from agent.table import Table


def column_date(item: Item, column: str, lex: Lexicon, draft: Draft) -> str:
    """A question's date as ISO text, a slash date ('01/04/2024') read in the compared column's
    order: day-first when the loader read the column's cells day-first ('15/01/2024'), month-first
    when it read them month-first; with no slash dates in the column, a date both readings make
    valid abstains naming it. The reading is noted when it is day-first."""
    if item.date is None or "/" not in item.text:
        return item.date or ""
    a, b, year = (int(p) for p in item.text.split("/"))
    year = year + 2000 if year < 100 else year
    order = lex.date_orders.get(column)
    if order is None and a <= 12 and b <= 12 and a != b:
        raise Abstain(f"'{item.text}' may be day-first or month-first, and {column} does not show which; "
                      "write the date as YYYY-MM-DD.")
    day_first = a > 12 or (order == "day-first" and b <= 12)
    month, day = (b, a) if day_first else (a, b)
    if month > 12:
        raise Abstain(f"'{item.text}' is not a date in {column}'s order ({order}).")
    if day_first:
        draft.notes.append(f"read '{item.text}' as {year:04d}-{month:02d}-{day:02d} (day-first, as {column}'s dates)")
    item.date = f"{year:04d}-{month:02d}-{day:02d}"
    return item.date


def date_point(item: Item, reading: Reading, draft: Draft, lex: Lexicon) -> None:
    """A date said alone ('on 2024-03-02', '01/04/2024') as '=' on its date column; the far end of
    a range ('from 2021-01-01 to 2021-06-30') closes the range the first date opened (both days
    included; router/ranges.py)."""
    item.used = True
    column = date_column(item, reading, lex)
    value = column_date(item, column, lex, draft)
    if (start := range_start(column, item, reading, draft)) is not None:
        close_range(start, value, item, reading, draft)
        return
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=value)))


_DATE_HEADERS = frozenset({"date", "day", "time", "timestamp", "datetime", "when"})


def date_column(item: Item, reading: Reading, lex: Lexicon) -> str:
    """The date column a date applies to: the one named in the question, else the table's first."""
    mentioned = [c.column for c in reading.of("column") if c.column in lex.date_columns]
    if mentioned:
        return mentioned[0]
    if lex.date_columns:
        _named_elsewhere(item, reading, lex)
        return lex.date_columns[0]
    mixed = [c.column for c in reading.of("column") if c.column in lex.date_mixups] or list(lex.date_mixups)
    if mixed:  # dates written several ways, some of which read two ways: the reason is the column's
        raise DataAbstain(f"'{item.text}' is a date, but {lex.date_mixups[mixed[0]]}.")
    named = [c for c in lex.header_words if lex.header_words[c] & _DATE_HEADERS]
    if named:  # 'Date' holding '2024-03-23' beside '03/05/2024': not typed as dates
        raise Abstain(f"'{item.text}' is a date, but {named[0]} could not be read as dates (its cells are not "
                      "all written one way), so I cannot tell which rows fall in it.")
    raise Abstain(f"'{item.text}' is a date, but the table has no date column.")


def _named_elsewhere(item: Item, reading: Reading, lex: Lexicon) -> None:
    """Raises Abstain when the question names no date column but does name a text column whose
    header is a date's ('a due date before 2025-02-01' with Due Date left text): the date belongs
    to that column, so it is never put on the table's date column (Loan Date) instead."""
    for named in reading.of("column"):
        column = named.column
        if column in lex.numeric_columns or not lex.header_words.get(column, set()) & _DATE_HEADERS:
            continue
        if column in lex.date_mixups:
            raise DataAbstain(f"'{item.text}' is a date for {column}, but {lex.date_mixups[column]}.")
        raise Abstain(f"'{named.text}' names {column}, which could not be read as dates (its cells are not all "
                      f"dates written one way), so I will not put the date condition ('{item.text}') on "
                      f"{lex.date_columns[0]} instead.")


def _month_value(item: Item, reading: Reading, table: Table, column: str, year: int | None = None,
                 bound: str = "") -> str:
    """'YYYY-MM' for a month name ('YYYY-MM-DD' with its day): the year written after it, else `year`,
    else the one year the column has rows on that day ('on March 9' with no row that day is refused).
    A `bound`, the day a comparison starts or ends at, need hold no row: its year is the one year
    every date of the column is in; over several years a 'point' ('after June 1') is refused naming
    them, a 'range' end ('between March 2 and March 5') takes the year of the rows on that day, or
    with none that day in that month. Raises Abstain when no row or several years qualify."""
    month = int(item.meanings[0].value)
    day = _day_after(item, reading)
    named = f"{item.text} {day.text}" if day else item.text
    nxt = reading.after(day or item)
    if nxt is not None and nxt.kind == "number" and is_year(nxt.number or 0):
        nxt.used = True
        years = [int(nxt.number)]
    elif year is not None:
        years = [year]
    elif bound and len(spanned := sorted({int(y) for y in table.df[column].dropna().dt.year.unique()})) == 1:
        years = spanned  # 'after June 1': the column's one year, whether or not a row falls on that day
    elif bound == "point" and spanned:
        raise Abstain(f"'{named}' names no year and {column} holds dates of several years ({spanned[0]} to "
                      f"{spanned[-1]}); name the year ('{named}, {spanned[-1]}').")
    else:
        dates = table.df[column].dropna()
        dates = dates[dates.dt.month == month]
        years = sorted({int(y) for y in (dates[dates.dt.day == int(day.number)] if day else dates).dt.year.unique()})
        if day and bound and not years:  # a range end on a day no row falls on: the year of the month's rows
            years = sorted({int(y) for y in dates.dt.year.unique()})
    if not years:
        raise Abstain(f"No rows of {column} fall in '{named}'.")
    if len(years) > 1:
        raise Abstain(f"'{named}' spans several years in {column} ({', '.join(map(str, years))}); name the year.")
    if day is None:
        return f"{years[0]:04d}-{month:02d}"
    try:
        return dt.date(years[0], month, int(day.number)).isoformat()
    except ValueError:
        raise Abstain(f"'{named}' is no day of {years[0]}.") from None


def _day_after(item: Item, reading: Reading) -> Item | None:
    """The day number written right after a month name ('March 2', 'May 3rd'): a whole number
    1-31 at the next position, not yet read, which it marks read; None otherwise ('March 2024'
    is a year)."""
    nxt = reading.at(item.pos + 1)
    if not _is_day(nxt):
        return None
    nxt.used = True
    return nxt


RANGE_LINKS = ("to", "through", "until", "thru")
"""Words that join the two ends of a range of months or days ('from March 2 to March 5')."""


def _is_day(item: Item | None) -> bool:
    """True for an unread whole number 1-31 (a day of a month)."""
    return item is not None and item.kind == "number" and not item.used and item.number is not None \
        and float(item.number).is_integer() and 1 <= item.number <= 31


def _is_year_item(item: Item | None) -> bool:
    return item is not None and item.kind == "number" and item.number is not None and is_year(item.number)


def _range_link(item: Item, reading: Reading) -> Item | None:
    """The range word ('to', 'through') after a month name, its day number and its year, if any."""
    pos = item.pos + 1
    if _is_day(reading.at(pos)):
        pos += 1
    if _is_year_item(reading.at(pos)):
        pos += 1
    link = reading.at(pos)
    return link if link is not None and link.text.lower() in RANGE_LINKS else None


def month_day_value(item: Item, reading: Reading, table: Table, column: str, bound: str = "point") -> str | None:
    """The ISO day a month name and the day number right after it name ('March 2' -> '2024-03-02',
    the year written after it or the one year all the column's dates are in), reading both; None
    when no day number follows (a whole month is no point to compare with). `bound`: 'point' for
    a comparison's one day, 'range' for an end of a range. Raises Abstain as `_month_value`."""
    if not _is_day(reading.at(item.pos + 1)):
        return None
    item.used = True
    return _month_value(item, reading, table, column, bound=bound)


def month_day_comparison(item: Item, nxt: Item, op: str, reading: Reading, draft: Draft, lex: Lexicon,
                          table: Table) -> bool:
    """'after March 5', 'before May 3rd', 'between March 2 and March 5': a comparison with a month
    name and its day number (dates.month_day_value) as one day of the date column; False when no
    day number follows the month (a whole month is left to the other readings)."""
    column = date_column(nxt, reading, lex)
    value = month_day_value(nxt, reading, table, column, "range" if op == "between" else "point")
    if value is None:
        return False
    upper = None
    if op == "between":
        second = next((i for i in reading.items if i.pos > nxt.pos and i.kind != "stop" and not i.used), None)
        if second is not None and second.text.lower() == "and":
            second = next((i for i in reading.items if i.pos > second.pos and i.kind != "stop" and not i.used), None)
        upper = month_day_value(second, reading, table, column, "range") \
            if second is not None and second.kind == "month" else None
        if upper is None:
            raise Abstain(f"'between {nxt.text} ...' needs a second day ('between March 2 and March 5').")
        value, upper = sorted((value, upper))
    draft.notes.append(f"read '{item.text} {nxt.text}' as {column} {op} {value}" + (f" and {upper}" if upper else ""))
    draft.predicates.append((item.pos, Predicate(column=column, op=Op(op), value=value, upper=upper)))
    return True


def month_condition(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> None:
    """'in March' (one month), 'on March 2' (one day), 'from January to March [2019]' (a range of
    whole months) or 'from March 2 to March 5' (a range of days, both ends included)."""
    if item.used:
        return
    column = date_column(item, reading, lex)
    link = _range_link(item, reading)
    second = reading.after(link) if link is not None else None
    if link is not None and second is not None and second.kind == "month":
        second.used = True
        end = _month_value(second, reading, table, column, bound="range")
        start = _month_value(item, reading, table, column, year=int(end[:4]))
        if len(start) != len(end):
            raise Abstain(f"'{item.text} ... {link.text} {second.text}' joins a day and a whole month; "
                          "name a day at both ends or a month at both.")
        last = second.pos + (1 if len(end) == 10 else 0)
        named = " ".join(t.text for t in reading.tokens[item.pos:last + 1])
        draft.notes.append(f"read '{named}' as {column} from {start} to {end}")
        draft.predicates.append((item.pos, Predicate(column=column, op=Op.between, value=start, upper=end)))
        return
    value = _month_value(item, reading, table, column)
    draft.notes.append(f"read '{item.text}' as {column} in {value}")
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.eq, value=value)))


def time_word(item: Item, which: str, reading: Reading, draft: Draft, lex: Lexicon) -> None:
    nxt = reading.after(item)
    if nxt is not None and nxt.kind == "column" and nxt.column not in lex.date_columns:
        if nxt.column in lex.date_mixups:
            raise DataAbstain(f"'{item.text} {nxt.text}' needs {nxt.column} as dates, but {lex.date_mixups[nxt.column]}.")
        if not lex.date_columns:
            raise Abstain(f"'{item.text} {nxt.text}' needs a date column; the table has none.")
        if nxt.column not in lex.numeric_columns and lex.header_words.get(nxt.column, set()) & _DATE_HEADERS:
            raise Abstain(f"'{item.text} {nxt.text}' asks for {nxt.column} as dates, but it could not be read as dates "
                          f"(its cells are not all dates written one way), so I will not rank it by "
                          f"{lex.date_columns[0]}.")
        nxt.used = True
        draft.time_lookup = (which, nxt.column)
        return
    if nxt is not None and nxt.kind == "column":
        nxt.used = True
        column = nxt.column
        draft.time_value = (which, column)
    else:
        column = date_column(item, reading, lex)
        if nxt is not None and nxt.kind in ("row", "datenoun"):
            nxt.used = True
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.latest if which == "latest" else Op.earliest)))


def month_year_comparison(item: Item, nxt: Item, op: str, reading: Reading, draft: Draft, lex: Lexicon) -> bool:
    """'after April 2025', 'before March 2025': a comparison with a month name and its written year
    compares the date column with that whole month: after = past its last day, before = before its
    first day ('by' / 'until' / 'since' keep the month: <= its last day, >= its first). False when no
    year follows the month (which year would be a guess) or the operator is no order."""
    year = reading.after(nxt)
    if op not in (">", ">=", "<", "<=") or nxt.kind != "month" or year is None or year.kind != "number" \
            or year.pos != nxt.pos + 1 or year.number is None or not float(year.number).is_integer() \
            or not is_year(year.number):
        return False
    month, y = int(nxt.meanings[0].value), int(year.number)
    first = dt.date(y, month, 1)
    last = (dt.date(y + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1))
    value = (last if op in (">", "<=") else first).isoformat()
    column = date_column(nxt, reading, lex)
    nxt.used = year.used = True
    draft.notes.append(f"read '{item.text} {nxt.text} {year.text}' as {column} {op} {value}")
    draft.predicates.append((item.pos, Predicate(column=column, op=Op(op), value=value)))
    return True
