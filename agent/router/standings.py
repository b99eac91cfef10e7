"""Finishing places read off a standing column: 'which player came in first place?', 'who finished
first?', 'which nation placed first?'. The standing is a column whose header holds the standing word
said ('place', 'position', 'rank'; with none said after a placing verb, any of STANDING_WORDS), and
whose cells read as standings: numbers, or text written '1', '1st', 'T1', '=1' (a tie mark; text
columns mix them with 'DNF', 'Ret'). The rows at a standing are the cells that read as it, as the
table writes them (Place IN ('1') on a text column, Place = 1 on a numeric one); the caller
(file_order.first_place) asks for exactly one such row. A placing verb ('came', 'finished',
'placed') right before '[in|at] [the] first' says where the row stands and nothing else: it is
noted and no longer an unmatched word (placing_verbs); it is never read as the table's order."""

from __future__ import annotations

import math
import re

from agent.router.reading import Reading
from agent.router.tokens import tokenize
from agent.table import ColumnRole, Table

STANDING_WORDS = frozenset({"place", "position", "pos", "rank", "finish", "placing", "standing"})
"""Header words that name a finishing standing ('Place', 'Pos', 'Final position')."""
PLACING_VERBS = frozenset({"came", "come", "placed", "finished", "finish", "place"})
"""Verbs saying where a row finished: 'came in first', 'finished first', 'did X place first'."""
_CELL = re.compile(r"\s*[T=]?\s*(\d{1,4})\s*(?:st|nd|rd|th)?\.?\s*", re.IGNORECASE)
"""A standing as a text cell writes it: '1', '1st', 'T4' (tied), '=2', '3.'."""
_BETWEEN = frozenset({"in", "at", "the"})


def standing_value(cell: object) -> int | None:
    """The standing `cell` reads as (1 for 1, 1.0, '1', '1st', 'T1', '=1'), or None."""
    if isinstance(cell, bool) or cell is None:
        return None
    if isinstance(cell, (int, float)):
        return int(cell) if not math.isnan(cell) and float(cell).is_integer() and cell >= 1 else None
    found = _CELL.fullmatch(str(cell))
    return int(found.group(1)) if found and int(found.group(1)) >= 1 else None


def standing_columns(table: Table, word: str | None) -> list[str]:
    """Columns whose header holds `word` ('place' of 'Place', 'places' said alike) or, for None, any
    of STANDING_WORDS, and whose present cells read as standings: every one when numeric, at least
    half when text (the rest 'DNF', 'Ret', '—')."""
    wanted = {word, word.removesuffix("s")} if word else STANDING_WORDS
    found = []
    for column in table.df.columns:
        header = {w for t in tokenize(str(column)) for w in (t.lower, t.lower.removesuffix("s"))}
        if not header & wanted:
            continue
        role = table.roles[column]
        cells = table.df[column].dropna()
        if len(cells) == 0 or role not in (ColumnRole.numeric, ColumnRole.categorical, ColumnRole.text,
                                           ColumnRole.identifier):
            continue
        read = sum(standing_value(c) is not None for c in cells)
        if read == len(cells) or (role is not ColumnRole.numeric and 2 * read >= len(cells)):
            found.append(str(column))
    return found


def cells_at(table: Table, column: str, standing: int) -> tuple[list[object], int]:
    """(the values of `column` that read as `standing`, as stored: [1.0] on a numeric column, ['1',
    '1st'] on a text one; the number of rows holding them)."""
    series = table.df[column]
    if table.roles[column] is ColumnRole.numeric:
        rows = int((series == standing).sum())
        return ([float(standing)] if rows else []), rows
    values = sorted({str(c) for c in series.dropna() if standing_value(c) == standing})
    rows = int(series.dropna().astype(str).isin(values).sum())
    return values, rows


def check_telling(table: Table, shown: str, held: list[object], column: str) -> None:
    """Raises Abstain when the value shown for the row at the standing is the value of most rows
    (Event 'Shot put' in 9 of 11 rows): asking 'which event' of a column that hardly tells the rows
    apart likely means another column (the competition), so no one is answered."""
    from agent.router.draft import Abstain

    series = table.df[shown]
    rows = table.df[column].isin(held) if held else series.isna()
    values = series[rows].dropna()
    if len(values) != 1 or len(series) < 3 or table.roles[shown] is ColumnRole.numeric:
        return
    same = int((series == values.iloc[0]).sum())
    if 2 * same > len(series):
        raise Abstain(f"{shown} holds {values.iloc[0]!r} in {same} of {len(series)} rows, so it hardly tells the "
                      f"rows apart; the question may ask another column of the row where {column} reads 1.")


def placed_before(words: list[str], at: int) -> bool:
    """True when a placing verb stands right before the word at `at`, with only 'in'/'at'/'the'
    between ('came in first', 'finished first', 'placed at the first')."""
    p = at - 1
    while p >= 0 and words[p] in _BETWEEN:
        p -= 1
    return p >= 0 and words[p] in PLACING_VERBS


def placed_label(reading: Reading, table: Table) -> str | None:
    """For 'who came in first?' / 'who finished first?': the column naming each row (rank._who),
    which file_order.first_place shows for the row at 1; None for any other shape."""
    from agent.router.rank import _who

    words = [t.lower for t in reading.tokens]
    if not words or words[0] not in ("who", "whom") or "first" not in words or not placed_before(words, words.index("first")):
        return None
    return _who(reading, table)


def placing_verbs(reading: Reading) -> None:
    """Drop from the unmatched words a placing verb standing right before '[in|at] [the] first'
    ('who came in first?'), noted: it says where the row finished, which the standing reads."""
    words = [t.lower for t in reading.tokens]
    verbs = set()
    for at, word in enumerate(words):
        if word == "first" and placed_before(words, at):
            p = at - 1
            while words[p] in _BETWEEN:
                p -= 1
            verbs.add(words[p])
    kept = [u for u in reading.unmatched if u.lower() not in verbs]
    if len(kept) < len(reading.unmatched):
        reading.notes.append(f"read {', '.join(map(repr, sorted(verbs)))} as where the row finished (a standing)")
        reading.unmatched = kept
