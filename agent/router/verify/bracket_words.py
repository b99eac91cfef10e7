"""Verifier rule: a column named only by the words its header holds in parentheses, whose values the
plan counts, groups or lists.

'how many different countries are listed?' over 'Company (country)' (cells 'Lockheed Martin',
'Boeing': the countries were links in the source, lost) had been read as the distinct companies,
22, where 6 countries were asked. The words in a header's parentheses describe a part the cells
may not hold; when no cell holds parentheses, the cells are the part before them, and a count,
grouping or list of the values answers for that part, not the one asked. Refused naming the
header (the same rule file_order_cells.shown_by_bracket applies to the column shown)."""

from __future__ import annotations

import re

from pydantic import BaseModel

from agent import table_rows
from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.router.tokens import tokenize
from agent.router.words import singular
from agent.table import Table


def bracket_only(reading: Reading, columns: set[str], table: Table) -> tuple[str, str] | None:
    """(words, column) of a column item of `columns` named only by words inside its header's
    parentheses (none outside them) while no cell of the column holds a parenthesis; else None."""
    for item in reading.items:
        if item.kind != "column" or item.column not in columns:
            continue
        header = str(item.column)
        inside = " ".join(re.findall(r"\(([^)]*)\)", header))
        outside = re.sub(r"\([^)]*\)", " ", header)
        said = _words(item.text)
        if not said or not said <= _words(inside) or said & _words(outside):
            continue
        if not any("(" in str(v) for v in table_rows.distinct(table, item.column)[:200]):
            return item.text, header
    return None


def _words(text: str) -> set[str]:
    """The singular lowercase words of `text` ('countries' -> 'country')."""
    return {singular(t.lower) for t in tokenize(text)}


def _valued_columns(plan: BaseModel) -> set[str]:
    """The columns whose values a plan counts apart, groups by or lists (not a measure summed)."""
    name = type(plan).__name__
    found = set(getattr(plan, "group_by", None) or [])
    if name == "AggregateArgs" and plan.op.value == "count_distinct" and plan.column:
        found.add(plan.column)
    if name in ("FrequencyArgs", "DistinctArgs") and getattr(plan, "column", None):
        found.add(plan.column)
    return found


def check_bracket_words(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when the column whose values the plan counts, groups or lists is named only by
    words in its header's parentheses and its cells hold none (module docstring)."""
    columns = _valued_columns(plan)
    found = bracket_only(reading, columns, table) if columns else None
    if found is not None:
        words, header = found
        raise Abstain(f"'{words}' is only the part in parentheses of {header}, whose cells hold the part before "
                      "them; I cannot count or list what the parentheses name.")
