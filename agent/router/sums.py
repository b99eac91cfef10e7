"""Total columns of a table: a numeric column headed 'total' whose cells are, on every row, the sum
of one set of the table's other numeric columns (Total = Gold + Silver + Bronze). Found once when
the lexicon is built, from the typed rows; the unit nouns of router/units.py rest on it."""

from __future__ import annotations

from itertools import combinations

from agent.table import Table

MAX_ADDENDS = 8
"""At most this many numeric columns are tried as the addends of a total column."""


def row_sums(table: Table, numeric: list[str], header_words: dict[str, set[str]]) -> dict[str, frozenset[str]]:
    """{total column: the one set of other numeric columns whose values add up to it on every row}
    for each numeric column with 'total' among its header words (missing addends count 0; at least
    two rows with a total, two addends). A column two sets sum to is left out. Reads the typed rows;
    a table read where it lies (a sample) is skipped."""
    if table.lies_in_file:
        return {}
    found: dict[str, frozenset[str]] = {}
    for total in numeric:
        if "total" not in header_words.get(total, set()):
            continue
        import numpy as np  # deferred: only a table with a 'total' column reads its rows here
        import pandas as pd

        target = pd.to_numeric(table.df[total], errors="coerce")
        present = target.notna().to_numpy()
        others = [c for c in numeric if c != total][:MAX_ADDENDS]
        if int(present.sum()) < 2 or len(others) < 2:
            continue
        values = np.column_stack([pd.to_numeric(table.df[c], errors="coerce").fillna(0).to_numpy(float)[present]
                                  for c in others])
        want = target[present].to_numpy(float)
        hits = [frozenset(others[i] for i in s) for n in range(2, len(others) + 1)
                for s in combinations(range(len(others)), n) if np.array_equal(values[:, list(s)].sum(axis=1), want)]
        if len(hits) == 1:
            found[total] = hits[0]
    return found


def restated_sums(table: Table, columns: frozenset[str]) -> frozenset[str]:
    """The `columns` (numeric) in which one row's value equals the sum of all the other rows' values
    (a total row the loader did not recognise, 'All places': agent/summary_rows.py needs a total
    word): summing such a column counts every value twice. Reads the typed rows; a table read where
    it lies is skipped (empty)."""
    if table.lies_in_file:
        return frozenset()
    from agent import table_rows  # SQL over the typed rows: no DataFrame on the first-open path

    found = set()
    for column in columns:
        values = [(float(v), n) for v, n in table_rows.values(table, column)
                  if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v]
        total = sum(v * n for v, n in values)
        if sum(n for _, n in values) >= 3 and total != 0 and any(abs(2 * v - total) <= 1e-6 * abs(total)
                                                                 for v, _ in values):
            found.add(column)
    return frozenset(found)
