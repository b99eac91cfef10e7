"""What a query kind reads before the draft: the N of a top-N ('top 5', 'the three players'),
first/last in file order, and the two periods of a change ('from 2014 to 2015'), marked used."""

from __future__ import annotations

from agent.router.lexicon import Lexicon
from agent.router.ranges import range_between
from agent.router.reading import Reading
from agent.table import Table
from agent.table_type import TEXT_ROLES




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
        return two_values(reading)
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
        elif table.roles[column] in TEXT_ROLES and all(i.kind == "number" for i in found):
            texts = {str(v).strip() for v in series.dropna().unique()}
            if all(f"{v:g}" in texts for v in values):
                holders.append((column, *(f"{v:g}" for v in values)))
    if len(holders) != 1:
        return None
    for item in found:
        item.used = True
    return holders[0]


def two_values(reading: Reading, mark: bool = True) -> tuple[str, object, object] | None:
    """(column, first, second) of 'from 2025-01 to 2025-06' where both ends are values of one text
    column (each word read as that column's value only, joined by a range word): the two rows a
    change compares. Marked used when `mark`; None for any other shape."""
    ends = [i for i in reading.of("value") if not i.used and len(i.meanings) == 1]
    if len(ends) != 2 or ends[0].column != ends[1].column or not range_between(reading, ends[0].pos, ends[1].pos):
        return None
    if mark:
        for item in ends:
            item.used = True
    return ends[0].column, ends[0].meanings[0].value, ends[1].meanings[0].value
