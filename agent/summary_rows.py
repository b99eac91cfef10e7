"""Summary rows pasted into data: 'North Total', 'Total for South', 'Grand Total', 'Sum' rows whose
numbers restate the rows above them. Summed with the data they double or triple every total,
skew every average and win every ranking, so they are taken out of the table's rows (each
computation then runs over the data rows only) and kept aside: the answer names them ("2 subtotal
rows and 1 grand-total row left out"), and a question that names a summary row's label (a lookup
of 'Grand Total', a filter on 'North Total') still reaches it (agent.engine.scope).

The rule, applied row by row in file order (line = header line 1 + position):
- a row is a *candidate* when one of its text cells says total, totals, subtotal, sub-total,
  sum or grand total as a whole word, in any case and any position ('North Total', 'Total for
  South'; never 'Summit', 'Sumatra', 'Totally'), or when every text cell of the row is blank,
  at least two of its numbers are present and a text column is filled in every row of its block;
- a candidate *is* a summary row when at least one of its numbers is present and most of them
  (every one, for a row with no label) equal the sum of the same column over the rows it
  closes: the data rows since the previous summary row (a subtotal of its block), or every data
  row before it (a total), or every data row after it (a total at the top), to 1e-6 relative;
- a label alone is never enough: an eclipse of type 'Total' is data, its numbers restate nothing.
A 'Total' column header is not a row, so it is never looked at."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

TOTAL_WORDS = re.compile(r"\b(?:grand[\s_-]*total|sub[\s_-]?totals?|totals?|sum)\b", re.IGNORECASE)
"""A cell naming a total: whole words only, so 'Summit', 'Sumatra' and 'Totally' never match."""
GRAND = re.compile(r"\bgrand\b|\boverall\b", re.IGNORECASE)


@dataclass(frozen=True)
class SummaryRow:
    """One row left out: its 1-based `line` in the file (header = line 1), `kind` ('subtotal',
    'grand total' or 'total'), and the `label` cell that names it ('' for an unlabelled row)."""

    line: int
    kind: str
    label: str
    column: str | None


@dataclass
class SummaryRows:
    """The summary rows of a table: `rows` in file order and `frame`, the rows themselves (the
    table's columns, typed like the data)."""

    rows: list[SummaryRow] = field(default_factory=list)
    frame: pd.DataFrame | None = None

    def note(self) -> str:
        """'2 subtotal rows and 1 grand-total row left out (lines 5, 9, 10: ...)' for provenance."""
        counts: dict[str, int] = {}
        for row in self.rows:
            counts[row.kind] = counts.get(row.kind, 0) + 1
        parts = [f"{n} {kind.replace(' ', '-')} row{'s' if n > 1 else ''}" for kind, n in counts.items()]
        listed = ", ".join(f"line {r.line}" + (f" {r.label!r}" if r.label else "") for r in self.rows[:6])
        more = f" and {len(self.rows) - 6} more" if len(self.rows) > 6 else ""
        return (f"{' and '.join(parts)} left out (their numbers restate the rows above them): {listed}{more}; "
                "name one to ask about it")

    def labels(self, column: str) -> set[str]:
        """The casefolded, trimmed labels summary rows hold in `column`."""
        if self.frame is None or column not in self.frame:
            return set()
        return {str(v).strip().casefold() for v in self.frame[column].dropna()}


def find_summary_rows(df: pd.DataFrame, text_columns: list[str], numeric_columns: list[str]) -> list[SummaryRow]:
    """The summary rows of `df` by the module's rule; [] without a numeric column or under 3 rows."""
    if not numeric_columns or len(df) < 3:
        return []
    numbers = df[numeric_columns].astype("float64").to_numpy()
    text = df[text_columns] if text_columns else None
    found: dict[int, tuple[str | None, str | None, bool]] = {}  # position -> (label, column, closes all before)
    block_start = 0
    for i in range(len(df)):
        label, column = _label(df, i, text_columns)
        if label is None and not (text is not None and bool(text.iloc[i].isna().all())):
            continue
        data = [j for j in range(i) if j not in found]
        block = [j for j in data if j >= block_start]
        least = 1 if label is not None else 2
        if label is None and not _unlabelled_shape(df, numbers, i, block, text_columns):
            continue
        closes_all = len(data) >= least and _matches(numbers, i, data, strict=label is None)
        if closes_all or (len(block) >= least and _matches(numbers, i, block, strict=label is None)):
            found[i] = (label, column, closes_all)
            block_start = i + 1
    for i in range(min(3, len(df))):  # a total at the top restates every data row below it
        label, column = _label(df, i, text_columns)
        below = [j for j in range(i + 1, len(df)) if j not in found]
        if i not in found and label is not None and _matches(numbers, i, below, strict=False):
            found[i] = (label, column, True)
    last_data = max((j for j in range(len(df)) if j not in found), default=-1)
    rows = []
    for i in sorted(found):
        label, column, closes_all = found[i]
        if closes_all and i > last_data:
            kind = "grand total" if len(found) > 1 or (label and GRAND.search(label)) else "total"
        else:
            kind = "total" if _top(found, i) else "subtotal"
        rows.append(SummaryRow(i + 2, kind, label or "", column))
    return rows


def _unlabelled_shape(df: pd.DataFrame, numbers, i: int, block: list[int], text_columns: list[str]) -> bool:
    """An unlabelled row may close its block only with 2+ numbers present and a text column every
    row of the block fills (the label the summary row leaves blank); '3' under '1' and '2' in a
    lone number column is a coincidence, not a sum."""
    if len(block) < 2 or int((~np.isnan(numbers[i])).sum()) < 2:
        return False
    return any(bool(df[c].iloc[block].notna().all()) for c in text_columns)


def _top(found: dict, i: int) -> bool:
    """True for a total above all the data (no data row before it)."""
    return all(j in found for j in range(i))


def _label(df: pd.DataFrame, i: int, text_columns: list[str]) -> tuple[str | None, str | None]:
    for column in text_columns:
        value = df.iat[i, df.columns.get_loc(column)]
        if isinstance(value, str) and TOTAL_WORDS.search(value):
            return value.strip(), column
    return None, None


def _matches(numbers, i: int, rows: list[int], strict: bool) -> bool:
    """Most present numbers of row i (all, when `strict`) equal their column's sum over `rows`."""
    if not rows:
        return False
    row = numbers[i]
    present = [k for k in range(len(row)) if not math.isnan(row[k])]
    if not present:
        return False
    sums = np.nansum(numbers[rows], axis=0)  # missing cells count as 0
    equal = [math.isclose(row[k], sums[k], rel_tol=1e-6, abs_tol=1e-9) for k in present]
    if strict:
        return all(equal) and any(row[k] != 0 for k in present)
    return sum(equal) * 2 > len(present)


def drop_summary_rows(df: pd.DataFrame, text_columns: list[str], numeric_columns: list[str],
                      reports: dict) -> tuple[pd.DataFrame, SummaryRows | None]:
    """(`df` without its summary rows, the rows taken out or None when there are none). `reports`
    is kept for the callers' signature; the note is table-wide (SummaryRows.note)."""
    found = find_summary_rows(df, text_columns, numeric_columns)
    if not found:
        return df, None
    positions = [r.line - 2 for r in found]
    frame = df.iloc[positions].reset_index(drop=True)
    return df.drop(index=df.index[positions]).reset_index(drop=True), SummaryRows(found, frame)
