"""The number a comparison tests, read against the compared column: its decimal convention and
scale word (column_number), a percentage against a column of fractions (fraction_share),
'between <year> and <year>' over a named date column (year_range), and 'after 1975' tested on a
column that holds no years (not_a_year_column)."""

from __future__ import annotations

from agent.numbers import AmbiguousNumber, lenient_number, question_number
from agent.router.calendar import YEAR_VALUES, is_year
from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Lexicon
from agent.router.reading import Item, Reading
from agent.table import Table


def column_number(number: Item, column: str, draft: Draft, lex: Lexicon) -> float:
    """The question's number as the compared column writes numbers ('2,5' is 2.5 in a decimal-comma
    column, '1.000' is 1000 there and 1 in a decimal-point one), times any scale word ('2 million');
    the item's number is set to it. Abstains naming the number when its reading is not sure."""
    if number.number is None or not any(ch.isdigit() for ch in number.text):
        return number.number  # 'three': a number word has no separators
    try:
        plain = lenient_number(number.text)
        value = question_number(number.text, lex.decimal.get(column))
    except AmbiguousNumber as exc:
        raise Abstain(f"{exc} (compared with {column}).") from None
    scale = number.number / plain if plain and number.number is not None else 1.0
    if value != plain:
        draft.notes.append(f"read '{number.text}' as {value * scale:g} ({column} is written with a decimal "
                           f"{'comma' if lex.decimal.get(column) == 'comma' else 'point'})")
    number.number = value * scale
    return number.number


def year_range(low: Item, reading: Reading, lex: Lexicon) -> tuple[str, str, str] | None:
    """(date column, first year, last year) for 'between <year> and <year>' when the question names
    a date column ('a join date between 2021 and 2022', 'joined between ...'): whole years, both
    included. None otherwise (a number column may hold years-like numbers: its reading decides)."""
    named = [c.column for c in reading.of("column") if c.column in lex.date_columns]
    high = reading.after(low)
    if high is not None and high.text.lower() == "and":
        high = reading.after(high)
    if not named or high is None or high.kind != "number" or \
            not all(n.number is not None and float(n.number).is_integer() and is_year(n.number) for n in (low, high)):
        return None
    high.used = True
    first, last = sorted((int(low.number), int(high.number)))
    return named[0], str(first), str(last)


def fraction_share(number: Item, value: float, column: str, draft: Draft, lex: Lexicon) -> float:
    """The number a comparison tests: '95%' against a column of fractions (all values in [0, 1],
    'Chance of Admit' 0.34-0.97) is 0.95, noted; any other number as read (`value`)."""
    if not number.text.endswith("%") or column not in lex.fractions:
        return value
    draft.notes.append(f"read '{number.text}' as {value / 100:g} ({column} holds fractions of 1)")
    return value / 100


_TIME_WORDS = frozenset({"after", "before", "since"})


def not_a_year_column(item: Item, number: Item, column: str, table: Table) -> None:
    """Raises Abstain for 'after'/'before'/'since' and a whole number that may be a year (1000 to
    2100) compared with a numeric column that holds no years: 'the total of articles after 1975'
    is not Articles > 1975. A column of years is one whose values are all whole numbers from 1000
    to 2100 ('Year', 'Founded'); any other, named or implied, refuses, naming the words."""
    from agent import table_rows

    value = number.number
    if item.text.lower() not in _TIME_WORDS or value is None or not float(value).is_integer() \
            or not is_year(value, YEAR_VALUES) or column not in table.roles:
        return
    found = table_rows.numbers(table, column)
    if found.low is not None and found.whole and is_year(found.low, YEAR_VALUES) \
            and is_year(found.high, YEAR_VALUES):
        return
    raise Abstain(f"'{item.text} {number.text}' reads as a time, but {column} holds no years; name the column of "
                  f"years it tests ('year {item.text} {number.text}').")
