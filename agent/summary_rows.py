"""Summary rows pasted into data ('Total', 'Grand total'): a row labelled as a total whose every
number is the sum of the other rows. Summing it with the data would double every total, so it is
left out, and each numeric column's parse report says which line it was."""

from __future__ import annotations

import math

import pandas as pd

LABELS = {"total", "totals", "grand total", "sum", "subtotal", "overall", "all"}


def summary_rows(df: pd.DataFrame, text_columns: list[str], numeric_columns: list[str]) -> list[tuple[int, str, str]]:
    """(row position, column, label) of each summary row among the first and last three rows: a
    text cell in LABELS (case and spaces ignored) and every non-missing number in the row equal to
    the sum of the other rows (to 1e-6 relative). Rows with no numbers, or tables with no numeric
    column, never qualify."""
    if not numeric_columns or len(df) < 3:
        return []
    found = []
    edges = df.index[:3].union(df.index[-3:])  # summary rows sit at the top or the bottom
    for column in text_columns:
        labels = df.loc[edges, column].astype("string").str.strip().str.rstrip(":.").str.strip().str.casefold()
        for position in labels.index[labels.isin(LABELS).fillna(False)]:
            row = df.loc[position, numeric_columns]
            present = [c for c in numeric_columns if pd.notna(row[c])]
            if present and all(_is_sum(df[c], position) for c in present):
                found.append((df.index.get_loc(position), column, str(df.loc[position, column])))
    return found


def _is_sum(series: pd.Series, position: object) -> bool:
    value, rest = float(series[position]), float(series.drop(index=position).sum())
    return math.isclose(value, rest, rel_tol=1e-6, abs_tol=1e-9)


def drop_summary_rows(df: pd.DataFrame, text_columns: list[str], numeric_columns: list[str], reports: dict) -> pd.DataFrame:
    """`df` without its summary rows; the parse report of each numeric column gets a note naming
    the line (header = line 1) and the label."""
    found = summary_rows(df, text_columns, numeric_columns)
    for position, column, label in found:
        note = (f"line {position + 2} ({column} = {label!r}) is a summary row (its numbers are the sums of the "
                "other rows) and was left out")
        for c in numeric_columns:
            reports[c].conversions.append(note)
    return df.drop(index=df.index[[p for p, _, _ in found]]).reset_index(drop=True) if found else df
