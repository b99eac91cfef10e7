"""Verifier rule: a test, total, ranking or count over a numeric or date column silently leaves out
the cells the loader could not read as one number, and a cell holding digits ('39-40', '1.09,
1.22', '3 (tie)') is a number the question may mean. 'how many creatures are on page 40?' with one
creature on pages '39-40' counted 3, not 4. A column whose unread cells hold no digits ('—', 'TBA')
holds no hidden number, and stands."""

from __future__ import annotations

import operator
import re

from agent.router.draft import DataAbstain
from agent.router.verify.parts import Part, Role
from agent.table import ColumnRole, Table

_DIGIT = re.compile(r"\d")
_READ = (Role.filter, Role.measure, Role.order_key, Role.period)
"""Roles whose column's values are read as numbers or dates (a shown column is printed as it is)."""


_TESTS = {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le}
_NUMBER = re.compile(r"(?:(?<!\d)[-\u2212])?\d+(?:\.\d+)?")
"""A number, its sign only where no digit comes before (the dash of '39-40' joins a range)."""


def _numbers(cell: object) -> list[float]:
    """Every number written in `cell` ('1950s' -> [1950]; '39-40' -> [39, 40]; '\u22122.3' -> [-2.3])."""
    return [float(m.replace("\u2212", "-")) for m in _NUMBER.findall(str(cell).replace(",", ""))]


def unread_numbers(table: Table, column: str) -> list[str]:
    """Raw cells of a numeric or date `column` that did not parse and hold a digit (up to the
    report's five examples); [] for another column or when every unread cell is digit-free."""
    if table.roles.get(column) not in (ColumnRole.numeric, ColumnRole.date):
        return []
    report = table.reports.get(column) if column in table.reports else None
    if report is None or not report.unparseable:
        return []
    return [cell for cell in report.unparseable_examples if _DIGIT.search(str(cell))]


def check_unread_numbers(parts: list[Part], table: Table) -> None:
    """Raises DataAbstain when one of a plan's `parts` (plan_parts) reads a column (a filter, a measure, the ranking
    key, a period's key) holding cells with digits the loader could not read as a number."""
    for part in parts:
        if part.role not in _READ or not part.column or part.column not in table.roles \
                or part.path.startswith("anchor"):  # a position's anchor names one row by its cell
            continue
        cells = unread_numbers(table, part.column)
        if part.role is Role.filter and part.op == "=" and isinstance(part.value, (int, float)):
            number = f"{part.value:g}"  # an equality can only have missed a cell spelling its number
            cells = [c for c in cells if number in str(c)]
        elif part.role is Role.filter and part.op in _TESTS and isinstance(part.value, (int, float)):
            cells = [c for c in cells if any(_TESTS[part.op](n, part.value) for n in _numbers(c))]
        if cells:
            shown = ", ".join(f"'{c}'" for c in cells[:2])
            raise DataAbstain(f"Some cells of {part.column} hold numbers I cannot read as one value ({shown}); my "
                              f"answer would leave those rows out. Ask about the rows you mean, naming them.")
