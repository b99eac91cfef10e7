"""Facts about a table's rows the router's stages consult: distinct counts per column (cached on
the table), whether a column holds one value per row, and which condition picks one row."""

from __future__ import annotations

import re

from agent import table_rows
from agent.plan import Predicate
from agent.router.intensive import intensive_header
from agent.router.words import header_words
from agent.table import ColumnRole, Table
from agent.table_type import TEXT_ROLES




def distinct_count(table: Table, column: str) -> tuple[int, int]:
    """(distinct values, non-missing values) of a column, by SQL over the typed rows (cached on the table)."""
    counts = table_rows.counts(table, column)
    return counts.distinct, counts.present


def one_per_row(table: Table, column: str) -> bool:
    """True when every row holds its own value of `column` (no repeats, none missing)."""
    distinct, present = distinct_count(table, column)
    return distinct == present == table.rows


def one_row_key(predicates: list[Predicate], table: Table) -> str | None:
    """The column of an equality condition that picks at most one row (its values are all distinct:
    'Book Title = Sapiens', or a year column with one row a year: 'Year = 2011'), else None."""
    for p in predicates:
        keyed = table.roles[p.column] in TEXT_ROLES or year_column(p.column, table)
        if p.op.value == "=" and keyed and one_per_row(table, p.column):
            return p.column
    return None


YEAR_HEADERS = frozenset({"year", "yr", "season"})


def year_column(column: str, table: Table) -> bool:
    """True for a numeric column of whole years: a header word 'year'/'season' ('Year', 'season_year')
    and every value a whole number from 1000 to 2999."""
    if table.roles.get(column) is not ColumnRole.numeric or not YEAR_HEADERS & set(header_words(str(column))):
        return False
    values = table.df[column].dropna()
    try:
        return len(values) > 0 and bool(((values % 1 == 0) & (values >= 1000) & (values < 3000)).all())
    except TypeError:
        return False


NAMESAKES = 0.995
"""Share of distinct values from which a name column names one entity per row: two billionaires
of 2,668 may share a name (namesakes), but a customer named on every order repeats far more."""
_ADDRESSED = frozenset({"you", "your", "yourself"})


def rows_are_entities(table: Table) -> bool:
    """True when each row is one entity, so 'how many applicants' counts rows: no identifier column
    repeats, and either there is one (EmployeeNumber, Serial No.), or a column of names (a header
    word 'name', text values) holds a distinct value on (nearly: NAMESAKES) every row, or most
    headers address the one who answered ('What is your age?': each row is one respondent)."""
    ids = [c for c, role in table.roles.items() if role is ColumnRole.identifier]
    if any(not one_per_row(table, c) for c in ids):
        return False
    if ids:
        return True
    for column, role in table.roles.items():
        if role in (ColumnRole.text, ColumnRole.categorical) and "name" in header_words(str(column)):
            distinct, present = distinct_count(table, column)
            if present == table.rows and distinct >= NAMESAKES * present:
                return True
    addressed = [c for c in table.columns if _ADDRESSED & set(header_words(str(c)))]
    return 2 * len(addressed) > len(table.columns)


_PER_ROW = re.compile(r"price|rate|rating|score|percent|pct|%|ratio|average|avg|mean|age\b|grade|temperature|"
                      r"speed|per[_ ]|salar|wage|height", re.I)


def per_row_quantity(column: str, table: Table) -> bool:
    """True when `column` holds a per-row quantity whose total means nothing ('the brand with the
    highest price' is not the brand whose prices add up most; 'the employee with the highest
    salary' is not two namesakes' salaries added): its header names a price, rate, rating, score,
    percentage, age, salary, wage, height or average, or a feeling, state or attribute
    (agent.router.intensive), or it was read from percent strings ('15%')."""
    if _PER_ROW.search(column) or intensive_header(column):  # 'satisfaction': a feeling, per row
        return True
    # a file read where it lies types its columns lazily over every row: its header decides alone
    return not table.lies_in_file and any("percent" in n.lower() for n in table.reports[column].conversions)


def one_row_each(table: Table, column: str) -> bool:
    """True when every row has its own value of `column` (judged over all rows; a table read where
    it lies holds only a sample in memory, so it is never judged)."""
    return not table.lies_in_file and table.rows > 1 and table_rows.counts(table, column).unique


def holds_number(table: Table, column: str, number: float) -> bool:
    """True when some cell of `column` equals `number` (as pandas `(table.df[column] == number).any()`
    reads it), by membership in the column's distinct present values, read once per table and column
    and cached on the table (each set published whole: threads share tables)."""
    cache = table.__dict__.setdefault("_router_number_cells", {})
    cells = cache.get(column)
    if cells is None:
        series = table.df[column]
        try:
            cells = frozenset(series.dropna().unique().tolist())
        except TypeError:  # unhashable cells (lists): compared as pandas does, uncached
            return bool((series == number).any())
        cache[column] = cells
    return number in cells
