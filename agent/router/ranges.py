"""'from A to B', 'A through B' over one ordered column: a range with both ends included, never
the two ends alone. Trial 9: 'the total kwh from 2025-01 to 2025-03' was read as IN (the two
months) and left out February. A number column and a date column order their values, so the range
is read (BETWEEN, both ends included); a text column's values have no order the table states, so
the reading that calls `ranged` there refuses naming the range."""

from __future__ import annotations

import re

from agent import table_rows
from agent.plan import Op, Predicate
from agent.router import vocabulary as V
from agent.router.draft import Draft
from agent.router.reading import Item, Reading
from agent.table import Table

RANGE_WORDS = frozenset({"to", "through", "thru", "until", "till", "-", "–"})
"""Words joining the two ends of a range ('from 2 to 4', 'Mon through Wed')."""


def ranged(at: int, item: Item, reading: Reading) -> bool:
    """True when the words between token `at` and `item` hold a range word (RANGE_WORDS) and no
    'or'/'and', and no change word stands in the question: the two values are a range's ends, not
    either value (with a change word, 'from Alpha to Beta' names the two rows compared)."""
    change = any(t.lower in V.CHANGE_WORDS for t in reading.tokens)  # 'increase from Alpha to Beta': two rows
    return range_between(reading, at, item.pos) and not change


def range_between(reading: Reading, start: int, end: int) -> bool:
    """True when the tokens strictly between positions `start` and `end` hold a range word
    (RANGE_WORDS) and no 'or'/'and': 'A to B', 'A through B', never 'A or B'."""
    between = {t.lower for t in reading.tokens[start + 1:end]}
    return bool(between & RANGE_WORDS) and not between & {"or", "and"}


def range_start(column: str, item: Item, reading: Reading, draft: Draft) -> tuple[int, Predicate] | None:
    """The draft's last '=' predicate on `column` (position, predicate) when `item` is the far end
    of a range that starts at it (`ranged`), else None."""
    placed = [(at, p) for at, p in draft.predicates if p.column == column and p.op is Op.eq]
    return placed[-1] if placed and ranged(placed[-1][0], item, reading) else None


def close_range(start: tuple[int, Predicate], end: object, item: Item, reading: Reading, draft: Draft) -> None:
    """Replace the range's first end `start` (from `range_start`) in `draft` by BETWEEN the two ends
    (sorted; a date's ends as ISO prefixes, which compare in calendar order), noting the reading."""
    at, first = start
    low, high = sorted((first.value, end))
    draft.predicates.remove(start)
    draft.predicates.append((at, Predicate(column=first.column, op=Op.between, value=low, upper=high)))
    shown = [f"{v:g}" if isinstance(v, float) else str(v) for v in (low, high)]
    draft.notes.append(f"read '{reading.tokens[at].text} ... {item.text}' as {first.column} from {shown[0]} to "
                       f"{shown[1]}, both included")


_ISO = re.compile(r"\d{4}-\d{2}(?:-\d{2})?")
"""Text cells written as ISO months or days ('2025-01', '2025-01-31'): their text order is the calendar's."""


def iso_range(start: tuple[int, Predicate], end: object, item: Item, reading: Reading, draft: Draft,
              table: Table) -> bool:
    """Replace the range's first end `start` by IN every value of its text column from it to `end`
    (both included) when every cell of the column is an ISO month or day written alike ('2025-01'
    .. '2025-12': text order is calendar order), noting the values; False (draft unchanged) for any
    other text column, whose values have no order the table states."""
    at, first = start
    values = [str(v) for v in table_rows.distinct(table, first.column)]
    if first.op is not Op.eq or not values or not all(_ISO.fullmatch(v) for v in values) \
            or len({len(v) for v in values}) != 1:
        return False
    low, high = sorted((str(first.value), str(end)))
    inside = sorted(v for v in values if low <= v <= high)
    draft.predicates.remove(start)
    draft.predicates.append((at, Predicate(column=first.column, op=Op.in_, values=inside)))
    draft.notes.append(f"read '{reading.tokens[at].text} ... {item.text}' as {first.column} from {low} to {high}, both "
                       f"included ({len(inside)} values; its cells are ISO dates written as text)")
    return True
