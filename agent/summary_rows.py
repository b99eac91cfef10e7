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

from typing import TYPE_CHECKING

import re
from dataclasses import dataclass, field


if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

_LATIN_TOTALS = ("grand[\\s_-]*total", "sub[\\s_-]?totals?", "totals?", "sum",
                 # German, Dutch, Italian, French, Nordic, Polish, Turkish, Russian words for a total row
                 "gesamt", "insgesamt", "gesamtsumme", "zwischensumme", "summe", "subtotaal", "totaal",
                 "totale", "subtotale", "sous-total", "totalt", "summa", "i alt", "razem", "suma", "toplam",
                 "итого", "всего")
_CJK_TOTALS = ("合计", "合計", "总计", "總計", "総計", "小计", "小計", "共计", "共計", "합계", "소계", "총계")
TOTAL_WORDS = re.compile(r"\b(?:" + "|".join(_LATIN_TOTALS) + r")\b|" + "|".join(_CJK_TOTALS), re.IGNORECASE)
"""A cell naming a total, in English or one of the languages above: Latin and Cyrillic words
whole only, so 'Summit', 'Sumatra', 'Totally' and 'Gesamtschule' never match; Chinese, Japanese and
Korean words anywhere in the cell ('北京合计'), as those scripts write no spaces."""
LABEL_STEMS = ("tot", "sum", "gesamt", "i alt", "razem", "toplam", "итого", "всего", *_CJK_TOTALS)
"""Lower-case substrings one of which every cell TOTAL_WORDS matches contains: the cheap test SQL
runs over every cell (agent.relation) before the pattern runs on the few that pass."""


def names_total(cell: str) -> bool:
    """True when the text `cell` names a total (TOTAL_WORDS), the cheap LABEL_STEMS test first."""
    low = cell.lower()
    return any(stem in low for stem in LABEL_STEMS) and TOTAL_WORDS.search(cell) is not None
GRAND = re.compile(r"\bgrand\b|\boverall\b", re.IGNORECASE)


@dataclass(frozen=True)
class SummaryRow:
    """One row left out: its 1-based `line` in the file (header = line 1), `kind` ('subtotal',
    'grand total' or 'total'), and the `label` cell that names it ('' for an unlabelled row)."""

    line: int
    kind: str
    label: str


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


def find_summary_rows(df: pd.DataFrame, text_columns: list[str], numeric_columns: list[str],
                      label_columns: list[str] | None = None) -> list[SummaryRow]:
    """The summary rows of `df` by the module's rule; [] without a numeric column or under 3 rows.
    `label_columns`: the text columns that may hold a label at all (a cell containing one of
    LABEL_STEMS in any case, as SQL over the table finds them; None: every text column is read).
    Candidates are found in one vectorised pass; every candidate is then checked at once against
    the running sums, again after each summary row found (which moves the sums)."""
    if not numeric_columns or len(df) < 3:
        return []
    found, labels = _found(df, text_columns, numeric_columns, label_columns)
    if found is None:
        return []
    extra = _group_subtotals(df, text_columns, numeric_columns, labels, found)
    if extra:  # again without them: a total below them restates the data rows only
        keep = [j for j in range(len(df)) if j not in extra]
        again, _ = _found(df.iloc[keep].reset_index(drop=True), text_columns, numeric_columns, label_columns)
        found = {keep[j]: v for j, v in (again or {}).items()} | extra
    return _kinds(found, len(df), labels)


def _group_subtotals(df: pd.DataFrame, text_columns: list[str], numeric_columns: list[str], labels: pd.Series,
                     found: dict[int, tuple[str | None, bool]]) -> dict[int, tuple[str, bool]]:
    """Labelled rows the block rule left in that close one group of their block: the label names a
    value of another text column ('North Subtotal' and Region = 'North'), or the row leaves that
    column blank ('Subtotal' under North's rows), and the row's numbers equal
    that value's rows since the previous summary row, or above it in all (every present number,
    not all zero, for a group of one row). {position: (label, False)}."""
    import numpy as np

    numbers = df[numeric_columns].astype("float64").to_numpy()
    filled = np.nan_to_num(numbers)
    out: dict[int, tuple[str, bool]] = {}
    for i in np.flatnonzero(labels.notna().to_numpy()):
        if i in found:
            continue
        start = max((j + 1 for j in (*found, *out) if j < i), default=0)
        taken = {*found, *out}
        if any(_closes(df[column], numbers, filled, int(i), value, lo, taken)
               for column in text_columns for value in _group_values(df[column], int(i), start, str(labels.iat[i]))
               for lo in (start, 0)):
            out[int(i)] = (str(labels.iat[i]), False)
    return out


def _group_values(cells: pd.Series, i: int, start: int, label: str) -> list[str]:
    """The values of one text column among rows `start`..`i - 1` that row `i` (labelled `label`) may
    close: values its label names as a whole word, or every one when row `i` leaves the column
    blank (it groups by it); in sorted order."""
    label = label.casefold()
    blank = bool(cells.isna().iat[i])
    values = sorted({str(v).strip() for v in cells.iloc[start:i].dropna()})
    return [v for v in values if v and v.casefold() != label
            and (blank or re.search(rf"\b{re.escape(v.casefold())}\b", label) is not None)]


def _closes(cells: pd.Series, numbers, filled, i: int, value: str, lo: int, taken: set[int]) -> bool:
    """True when row `i`'s numbers equal the sum of the rows `lo`..`i - 1` (none of `taken`) whose
    cell is `value` (every present number, not all zero, for a group of one row)."""
    import numpy as np

    rows = [j for j in range(lo, i) if j not in taken and str(cells.iat[j]).strip() == value]
    return bool(rows) and bool(_matches(numbers[i:i + 1], filled[rows].sum(axis=0)[None, :],
                                        np.array([len(rows) < 2]))[0])


def _found(df: pd.DataFrame, text_columns: list[str], numeric_columns: list[str],
           label_columns: list[str] | None) -> tuple[dict[int, tuple[str | None, bool]] | None, pd.Series]:
    """(the summary rows the block rule finds, {position: (label, closes every data row before it)},
    or None when no row is a candidate; each row's label)."""
    numbers = df[numeric_columns].astype("float64").to_numpy()
    labels = _labels(df, text_columns if label_columns is None else [c for c in text_columns if c in label_columns])
    labelled = labels.notna().to_numpy()
    import numpy as np
    blank = df[text_columns].isna().all(axis=1).to_numpy() if text_columns else np.zeros(len(df), bool)
    candidates = np.flatnonzero(labelled | blank)
    if not len(candidates):
        return None, labels
    filled = np.nan_to_num(numbers)
    before = np.vstack([np.zeros(filled.shape[1]), np.cumsum(filled, axis=0)])  # before[i]: sum of rows < i
    found: dict[int, tuple[str | None, bool]] = {}  # position -> (label, closes every data row before it)
    removed, block_start = np.zeros(filled.shape[1]), 0
    while len(candidates := candidates[candidates >= block_start]):
        strict, least = ~labelled[candidates], np.where(labelled[candidates], 1, 2)
        closes_all = (candidates - len(found) >= least) & _matches(numbers[candidates], before[candidates] - removed, strict)
        closes_block = (candidates - block_start >= least) & _matches(
            numbers[candidates], before[candidates] - before[block_start], strict)
        hits = [k for k in np.flatnonzero(closes_all | closes_block)
                if labelled[candidates[k]] or _unlabelled_shape(df, numbers, candidates[k], block_start, text_columns)]
        if not hits:
            break
        i = int(candidates[hits[0]])
        found[i] = (labels.iat[i] if labelled[i] else None, bool(closes_all[hits[0]]))
        removed, block_start = removed + filled[i], i + 1
    for i in np.flatnonzero(labelled[:3]):  # a total at the top restates every data row below it
        below = before[-1] - before[i + 1] - sum((filled[j] for j in found if j > i), np.zeros(filled.shape[1]))
        if i not in found and _matches(numbers[i:i + 1], below[None, :], np.array([False]))[0]:
            found[int(i)] = (labels.iat[i], True)
    return found, labels


def _labels(df: pd.DataFrame, text_columns: list[str]) -> pd.Series:
    """Per row, the first text cell naming a total (NaN where none does)."""
    import numpy as np

    import pandas as pd

    out = pd.Series(np.nan, index=df.index, dtype="object")
    for column in text_columns:
        cells = df[column].astype("string").str.strip()
        # the pattern runs once per distinct spelling, not per cell (a compiled pattern puts pandas on a
        # per-cell Python path: 12 s of a 100k-row open)
        named = [v for v in cells.dropna().unique() if names_total(v)]
        hit = cells.isin(named).to_numpy(dtype=bool) & out.isna().to_numpy()
        out[hit] = cells[hit].astype(object)
    return out.reset_index(drop=True)


def _kinds(found: dict[int, tuple[str | None, bool]], rows: int, labels: pd.Series) -> list[SummaryRow]:
    """Name each summary row: the last, closing every data row, a (grand) total; one above all the
    data a total; the others subtotals."""
    last_data = max((j for j in range(rows) if j not in found), default=-1)
    out = []
    for i in sorted(found):
        label, closes_all = found[i]
        if closes_all and i > last_data:
            kind = "grand total" if len(found) > 1 or (label and GRAND.search(label)) else "total"
        else:
            kind = "total" if all(j in found for j in range(i)) else "subtotal"
        out.append(SummaryRow(int(i) + 2, kind, label or ""))
    return out


def _unlabelled_shape(df: pd.DataFrame, numbers, i: int, block_start: int, text_columns: list[str]) -> bool:
    """An unlabelled row may close its block only with 2+ numbers present and a text column every
    row of the block (2+ rows) fills (the label the summary row leaves blank); '3' under '1' and
    '2' in a lone number column is a coincidence, not a sum."""
    import numpy as np

    if i - block_start < 2 or int((~np.isnan(numbers[i])).sum()) < 2:
        return False
    return any(bool(df[c].iloc[block_start:i].notna().all()) for c in text_columns)


def _matches(rows: np.ndarray, sums: np.ndarray, strict: np.ndarray) -> np.ndarray:
    """Per row of `rows` (shape (n, columns)): most of its present numbers equal `sums` (all of
    them, and not all zero, where `strict`), to 1e-6 relative. Missing sums count as 0."""
    import numpy as np

    present = ~np.isnan(rows)
    count = present.sum(axis=1)
    equal = (np.isclose(rows, sums, rtol=1e-6, atol=1e-9) & present).sum(axis=1)
    nonzero = ((rows != 0) & present).any(axis=1)
    return (count > 0) & np.where(strict, (equal == count) & nonzero, equal * 2 > count)


def drop_summary_rows(df: pd.DataFrame, text_columns: list[str], numeric_columns: list[str],
                      reports: dict, label_columns: list[str] | None = None) -> tuple[pd.DataFrame, SummaryRows | None]:
    """(`df` without its summary rows, the rows taken out or None when there are none). `reports`
    is kept for the callers' signature; the note is table-wide (SummaryRows.note);
    `label_columns` as find_summary_rows takes it."""
    found = find_summary_rows(df, text_columns, numeric_columns, label_columns)
    if not found:
        return df, None
    positions = [r.line - 2 for r in found]
    frame = df.iloc[positions].reset_index(drop=True)
    return df.drop(index=df.index[positions]).reset_index(drop=True), SummaryRows(found, frame)
