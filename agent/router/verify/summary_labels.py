"""Summary rows the verifier's edge scan (verify/shape.py summary_rows: a 'Total' among the first
and last three rows) cannot see: a total whose label a column of numbers could not read ('TOTAL
(1–12)' among the volume numbers, now an empty cell), and a named total between the data ('TOTAL
MAINLAND' above the islands) whose numbers the loader did not find to be exact sums
(agent/summary_rows.py: rounded figures)."""

from __future__ import annotations

import re

from agent import table_rows
from agent.summary_rows import names_total
from agent.table import ColumnRole, Table
from agent.table_type import TEXT_ROLES



def typed_away_labels(table: Table, pattern: re.Pattern) -> dict[int, tuple[str, str]]:
    """Row position -> (column, label) for a summary label a numeric or date column could not read
    ('TOTAL (1–12)' among the volume numbers 1..13): its cell is now empty, like a blank one, so
    an empty cell of that column counts as the label's row when the row holds the largest figures
    (`_largest`); a label whose row the loader already left out (agent/summary_rows.py) is none."""
    if table.lies_in_file:
        return {}
    found: dict[int, tuple[str, str]] = {}
    for column, role in table.roles.items():
        report = table.reports.get(column) if role in (ColumnRole.numeric, ColumnRole.date) else None
        left_out = table.summary.labels(column) if table.summary is not None else set()
        labels = [str(c).strip() for c in (report.unparseable_examples if report is not None else [])
                  if (pattern.match(str(c)) or names_total(str(c))) and str(c).strip().casefold() not in left_out]
        if labels:
            import numpy as np
            numeric = [c for c, r in table.roles.items() if r is ColumnRole.numeric]
            text = [c for c, r in table.roles.items() if r in TEXT_ROLES]
            for pos in np.flatnonzero(table.df[column].isna().to_numpy()):
                if _largest(table, numeric, text, pattern, int(pos)):  # a blank rank of a tied row is data
                    found.setdefault(int(pos), (column, labels[0]))
    return found


def middle_totals(table: Table, pattern: re.Pattern, edges: dict[int, dict]) -> dict[int, tuple[str, str]]:
    """Row position -> (column, label) of rows past the edges (`edges`: the rows already read) whose
    text cell, met once in its column, reads like a summary ('TOTAL MAINLAND', 'DEN Total') and
    whose numbers are the largest of the data rows in at least half of its present numeric cells: a
    company named 'Total' or a film 'Total Recall' is no larger than the others."""
    if table.lies_in_file or table.rows > 50_000:
        return {}
    numeric = [c for c, role in table.roles.items() if role is ColumnRole.numeric]
    text = [c for c, role in table.roles.items() if role in TEXT_ROLES]
    found: dict[int, tuple[str, str]] = {}
    for column in text if numeric else []:
        labels = [v for v, n in table_rows.values(table, column)
                  if n == 1 and isinstance(v, str) and pattern.match(v)]
        for label in labels:
            pos = int((table.df[column] == label).to_numpy().argmax())
            if pos not in edges and _largest(table, numeric, text, pattern, pos):
                found.setdefault(pos, (column, label))
    return found


def _largest(table: Table, numeric: list[str], text: list[str], pattern: re.Pattern, pos: int) -> bool:
    """True when row `pos` holds, in at least half of the numeric columns it fills, a value above
    every other row without a summary label (`pattern` in a `text` column)."""
    import pandas as pd

    labelled = pd.Series(False, index=table.df.index)
    for column in text:
        labelled |= table.df[column].map(lambda v: isinstance(v, str) and pattern.match(v) is not None).astype(bool)
    labelled.iat[pos] = True  # the row itself is no rival
    data = table.df[~labelled.to_numpy()]
    present = largest = 0
    for column in numeric:
        value = pd.to_numeric(pd.Series([table.df[column].iat[pos]]), errors="coerce").iat[0]
        if pd.isna(value):
            continue
        present += 1
        largest += bool(value > pd.to_numeric(data[column], errors="coerce").max(skipna=True))
    return present > 0 and largest * 2 >= present
