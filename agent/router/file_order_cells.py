"""Checks on the cells a first/last answer in the table's order shows (agent/router/file_order.py):
a column named only by the part of its header in parentheses ('country' for 'Company (country)'
holding companies), and 'year' asked of cells holding more than a year ('March 1983'). Each
refuses naming the cell or the words."""

from __future__ import annotations

import math
import re

from agent.queries import RankArgs
from agent.router.draft import Abstain
from agent.router.link import Reading
from agent.router.tokens import tokenize
from agent.table import Table


def missing(value: object) -> bool:
    """True for a missing cell as pandas reads one (None, NaN, NA, NaT)."""
    import pandas as pd

    return value is None or value is pd.NA or value is pd.NaT or (isinstance(value, float) and math.isnan(value))


def shown_by_bracket(reading: Reading, plan: RankArgs, table: Table) -> None:
    """Abstain when the column shown is named only by words its header holds in parentheses
    ('country' for 'Company (country)') and its cells hold no parentheses: the cells are the part
    before them (a company), not the part the question asks for."""
    for item in reading.items:
        if item.kind != "column" or item.column not in plan.columns:
            continue
        header = str(item.column)
        inside = " ".join(re.findall(r"\(([^)]*)\)", header))
        outside = re.sub(r"\([^)]*\)", " ", header)
        said = {t.lower for t in tokenize(item.text)}
        if not said or not said <= {t.lower for t in tokenize(inside)} or said & {t.lower for t in tokenize(outside)}:
            continue
        if not any("(" in str(v) for v in table.df[item.column].dropna().head(200)):
            raise Abstain(f"'{item.text}' is only the part in parentheses of {header}, whose cells hold the part "
                          f"before them ('{table.df[item.column].dropna().iloc[0]}'); name the column to show.")


_ONLY_YEAR = re.compile(r"(?:1[0-9]{3}|20[0-9]{2})(?:\.0)?")


def year_asked(reading: Reading, plan: RankArgs, table: Table) -> None:
    """Abstain when the question asks for a year of the column shown ('year' right beside a word
    naming that column, 'the first year entered service', or right after 'what'/'which') and the
    column holds cells that are more than a year ('March 1983'): the answer would be the whole
    cell, not the year asked. 'the first year of 1992' (a number after it) names a year, asks none."""
    tokens = reading.tokens
    words = [t.lower for t in tokens]
    spans = [(i.pos, i.pos + len(i.text.split())) for i in reading.items
             if i.kind == "column" and i.column in plan.columns]
    for p, word in enumerate(words):
        if word not in ("year", "years") or _names_year(tokens, p):
            continue
        beside = any(end == p or start == p + 1 for start, end in spans) or p > 0 and words[p - 1] in ("what", "which")
        if not beside:
            continue
        for column in plan.columns:
            cells = [str(v).strip() for v in table.df[column].head(5000) if not missing(v) and str(v).strip()]
            other = next((c for c in cells if not _ONLY_YEAR.fullmatch(c)), None)
            if other is not None:
                raise Abstain(f"'{tokens[p].text}' asks for a year, but {column} holds more than a year ('{other}'); "
                              f"ask for the {column} of that row.")


def _names_year(tokens, p: int) -> bool:
    """True when a number follows 'year' at `p`, or 'of' then a number ('the year 2000', 'year of 1992')."""
    after = [t.kind for t in tokens[p + 1:p + 3]]
    return after[:1] == ["number"] or bool(tokens[p + 1:p + 2]) and tokens[p + 1].lower == "of" and after[1:2] == ["number"]
