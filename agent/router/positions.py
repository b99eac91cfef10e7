"""Reading of questions about positions in the table's order: 'which jockey is before TM Jones',
'what is the next airport listed after Darwin International Airport', 'who is above Martyn
Bernard', 'which was listed first, A or B'. A grammar over the question's tokens, not cue words
alone: every word must be a question word, a position word, noted filler, the answer column's
name, or the anchor (a run spelling exactly one cell of one row). Anything else refuses, naming
the words; a question that does not fit the grammar at all is left to the other kinds (None)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import re


from agent.plan import Op, Predicate
from agent.positions import PositionArgs
from agent.router import vocabulary as V
from agent.router.anchors import Cell, cell_texts, describe, header_tokens, one_cell
from agent.router.lexicon import Lexicon
from agent.router.name_columns import holds_names
from agent.router.link import Reading
from agent.router.draft import Abstain
from agent.router.tokens import Token, tokenize
from agent.table import Table

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

STEPS = {"after": 1, "following": 1, "below": 1, "before": -1, "preceding": -1, "above": -1}
"""Words that place the answer row next to an anchor row: +1 the row after, -1 the row before."""
LEADING = {"next": 1, "previous": -1, "prior": -1}
"""Words that say the direction and may stand before the anchor word or alone before 'to'."""
QUESTION = frozenset({"which", "what", "who", "whom"})
ORDER_VERBS = frozenset("""listed placed ranked finished came come comes positioned played held drafted chosen
picked selected elected released launched built""".split())
"""Verbs of placing or time: a column they link ('placed': Place) must order the rows as the file does,
and (but for 'listed') so must every year, date and rank column."""
FILLER = ORDER_VERBS | frozenset("""is was were are be the a an located shown appears appear appeared right directly
just immediately on in this that list chart table name of one entry row to then""".split())
"""Words a position question may hold that decide nothing (forms of 'to be', 'listed', 'on the chart')."""
TRAILING = frozenset({"on", "in", "the", "this", "list", "chart", "table", "listed", "page"})
FIRST_LAST = {"first": "asc", "earlier": "asc", "sooner": "asc", "last": "desc", "later": "desc"}
_EARLIER_VERBS = frozenset({"is", "was", "were", "are", "listed", "came", "come", "comes", "appears", "appeared"})


def _month_day(tokens, at: int) -> bool:
    """A month name then a number at token `at` ('before March 1'): a day, compared like a date."""
    return tokens[at].lower in V.MONTHS and at + 1 < len(tokens) and tokens[at + 1].kind == "number"


def read_position(reading: Reading, lex: Lexicon, table: Table) -> PositionArgs | None:
    """The position plan of the question whose tokens `reading` holds, None when the question is
    not of this shape. Raises Abstain when it is, but a word or the anchor does not fit."""
    tokens = reading.tokens
    if not tokens or tokens[0].lower not in QUESTION | {"name"}:
        return None
    earlier = _earlier(reading, lex, table)
    if earlier is not None:
        return earlier
    words = [t.lower for t in tokens]
    if any(a == "next" and b == "to" for a, b in zip(words, words[1:])):
        raise Abstain("'next to' does not say whether the row before or after is meant; say 'before' or 'after'.")
    cue = _cue(tokens)
    if cue is None or cue == len(tokens) - 1 or (tokens[cue + 1].kind in ("number", "date") or
                                                 _month_day(tokens, cue + 1)) and not _listing(tokens):
        return None  # 'films before 1949' compares years; a number anchor needs 'comes'/'listed'/'next'
    offset = STEPS.get(tokens[cue].lower) or next(LEADING[t.lower] for t in tokens[:cue] if t.lower in LEADING)
    start = cue + 1
    end = len(tokens)
    while end > start + 1 and tokens[end - 1].lower in TRAILING:
        end -= 1
    anchor = one_cell(tokens[start:end], table, header_tokens(table))
    if anchor is None:
        raise Abstain(f"I read a position in the table's order ('{tokens[cue].text}'), but "
                      f"{describe(tokens[start:end], table)}.")
    directions = {LEADING[t.lower] for t in tokens[:cue] if t.lower in LEADING} | {offset}
    if len(directions) != 1:
        raise Abstain("The question says both before and after; I could not tell which row it asks for.")
    columns, ordering = _answer_columns(reading, tokens[:cue], anchor, table)
    at = _row(table, anchor)
    if not 0 <= at + offset < table.rows:
        raise Abstain(f"No row lies {'after' if offset > 0 else 'before'} {anchor.column} = {anchor.value!r} "
                      "in the table's order.")
    _has_value(table, at + offset, columns)
    implied = [] if "listed" in [t.lower for t in tokens] else ordering_columns(table)
    _same_order(sorted([at, at + offset]), table, list(dict.fromkeys([*ordering, *implied])), tokens[cue].text)
    reading.notes.append(f"read '{' '.join(t.text for t in tokens[start:end])}' as the row where "
                         f"{anchor.column} = {anchor.value!r}, and '{tokens[cue].text}' as the row "
                         f"{'after' if offset > 0 else 'before'} it in the table's order")
    return PositionArgs(kind="neighbour", anchor=[_equals(anchor)], offset=offset, columns=columns)


def _cue(tokens: list[Token]) -> int | None:
    """Index of the word the anchor follows: the last of before/after/above/below/..., else the
    'to' of 'previous (president) to X' / 'prior to X'."""
    cue = max((i for i, t in enumerate(tokens) if t.lower in STEPS), default=None)
    if cue is not None:
        return cue
    lead = next((i for i, t in enumerate(tokens) if t.lower in ("previous", "prior")), None)
    if lead is None:
        return None
    return next((i for i in range(lead + 1, min(lead + 4, len(tokens))) if tokens[i].lower == "to"), None)


def _listing(tokens: list[Token]) -> bool:
    """True when the question speaks of the listing ('comes after 2010-11', 'the next year after'),
    so a number after 'after' names a row, not a threshold."""
    return any(t.lower in _LISTING for t in tokens)


_LISTING = frozenset({"come", "comes", "came", "listed", "next", "previous", "right", "directly", "immediately"})


def _equals(cell: Cell) -> Predicate:
    return Predicate(column=cell.column, op=Op.eq, value=cell.value)


def _covering(reading: Reading) -> dict[int, str | None]:
    """{token position: the column an exact (non-similarity) column link there names, else None}."""
    covered: dict[int, str | None] = {}
    for item in reading.items:
        width = max(1, len(item.text.split()))
        for p in range(item.pos, item.pos + width):
            covered[p] = item.column if item.kind == "column" and not item.similar else None
    return covered


def _answer_columns(reading: Reading, left: list[Token], anchor: Cell, table: Table) -> tuple[list[str], list[str]]:
    """The column named before the position word ('which jockey'), or the anchor's own column when
    none is ('who is above X'); and the columns filler words link ('placed': Place), which must
    then order the rows as the file does. Raises Abstain naming any word that is not filler nor a column."""
    covered, named, unknown, ordering = _covering(reading), [], [], []
    for p, token in enumerate(left):
        if token.lower in QUESTION or token.lower in LEADING or token.lower in STEPS or p == 0 and token.lower == "name":
            continue
        column = covered.get(p)
        if token.lower in ORDER_VERBS:
            ordering += [column] if column is not None else []
        elif column is not None:
            if column not in named:
                named.append(column)
        elif token.lower not in FILLER:
            unknown.append(token.text)
    if unknown:
        raise Abstain(f"I read a position in the table's order, but not the words {', '.join(map(repr, unknown))}.")
    if len(named) == 2 and named[1] == anchor.column:
        named = named[:1]  # 'the title of the episode after X': the episode names the anchor's column
    if len(named) > 1:
        raise Abstain(f"I could not tell which column to answer from ({', '.join(named)}).")
    if named and named[0] != anchor.column and left and left[0].lower == "who" and not holds_names(table, named[0]):
        raise Abstain(f"'who' asks for a name, but {named[0]} holds numbers or dates; I could not tell whether the "
                      f"question asks for {named[0]} or for the {anchor.column} of that row.")
    return named or [anchor.column], ordering


def _earlier(reading: Reading, lex: Lexicon, table: Table) -> PositionArgs | None:
    """'which was listed first, A or B' / 'which came first: A or B': of two values of one column,
    the one in the earlier row. 'came' (not 'listed') is read so only when every year, date and
    rank column orders the two rows the same way as the file does."""
    tokens = reading.tokens
    words = [t.lower for t in tokens]
    if "or" not in words:
        return None
    at = next((i for i, w in enumerate(words) if w in FIRST_LAST), None)
    if at is None or at < 2 or not all(w in _EARLIER_VERBS for w in words[1:at]):
        return None
    split = words.index("or")
    if not at < split:
        return None
    options = [tokens[at + 1:split], tokens[split + 1:]]
    found = [one_cell(o, table, header_tokens(table)) if o else None for o in options]
    if any(c is None for c in found) or len({c.column for c in found}) != 1:
        reasons = "; ".join(describe(o, table) for o, c in zip(options, found) if c is None and o) or \
            "the two are values of different columns"
        raise Abstain(f"I read 'which {tokens[at].text}, A or B' as an order of rows, but {reasons}.")
    order = FIRST_LAST[words[at]]
    covered = _covering(reading)
    linked = [covered[p] for p in range(1, at) if covered.get(p) is not None]  # 'listed' of 'Date listed'
    implied = [] if "listed" in words[1:at] else ordering_columns(table)
    _same_order([_row(table, c) for c in found], table, list(dict.fromkeys([*linked, *implied])), tokens[at].text)
    reading.notes.append(f"read '{tokens[at].text}' as the order of rows in the table")
    return PositionArgs(kind="earlier", columns=[found[0].column], candidates=[c.value for c in found], order=order)


_ORDERING = ("year", "date", "rank", "place", "position", "pos", "season")
TIME = ("year", "date", "season")


def ordering_columns(table: Table, names: tuple[str, ...] | None = None) -> list[str]:
    """Columns that may order the rows by time or standing: a header whose first or last word is one
    of `names` (default year, date, rank, place, position, season: 'Year', 'Final Position', not
    'Place of Conference')."""
    names = names or _ORDERING
    found = []
    for column in table.df.columns:
        words = [t.lower for t in tokenize(str(column))]
        if words and (words[-1] in names or words[0] in names and words[0] in TIME and words[1:2] != ["of"]):
            found.append(str(column))
    return found


def _same_order(rows: list[int], table: Table, columns: list[str], word: str) -> None:
    """Abstain unless each of `columns` orders rows[0] before rows[1] as the file does, or ties them
    (both present and comparable): 'came first' may mean by date or by place, not by listing."""
    for column in columns:
        a, b = table.df[column].iloc[rows[0]], table.df[column].iloc[rows[1]]
        ka, kb = order_key(a), order_key(b)
        agrees = ka is not None and kb is not None and (ka == kb or (ka < kb) == (rows[0] < rows[1]))
        if not agrees:
            raise Abstain(f"'{word}' could mean by {column} or by the table's order; they differ or tie for "
                          f"these rows ({a} and {b}). Say 'listed' for the table's order.")


def order_key(value: object) -> float | None:
    """A cell as a number to order by: a number, a date (as a timestamp), or text that is a number,
    a date ('October 1, 1969') or holds one year; None when it is none of these (or missing)."""
    import numpy as np

    import pandas as pd

    if isinstance(value, (int, float, np.integer, np.floating)) and not pd.isna(value):
        return float(value)
    if isinstance(value, pd.Timestamp):
        return value.timestamp()
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip().split("\n")[0]
    try:
        return float(text.replace(",", ""))
    except ValueError:
        pass
    try:
        return pd.Timestamp(text).timestamp()
    except (ValueError, TypeError, OverflowError):
        years = re.findall(r"\b(1[0-9]{3}|20[0-9]{2})\b", text)
        return float(years[0]) if len(set(years)) == 1 else None


PLACEHOLDERS = frozenset({"", "n/a", "na", "-", "\u2014", "\u2013", "?", "none", "tba", "tbd", "unknown"})
"""Cells that hold no value: a neighbour row with one of these is not what 'the next X' means."""


def _has_value(table: Table, row: int, columns: list[str]) -> None:
    """Abstain when the answer row holds no value in an answer column (missing, 'N/A', a dash):
    'the next event' then means a later row, which the table's order alone cannot say."""
    import pandas as pd

    for column in columns:
        value = table.df[column].iloc[row]
        if pd.isna(value) or str(value).strip().casefold() in PLACEHOLDERS:
            raise Abstain(f"The next row in the table's order holds no {column} ({value}); I could not tell "
                          "which row the question means.")


def _row(table: Table, cell: Cell) -> int:
    import numpy as np

    return int(np.flatnonzero(_holds(table.df[cell.column], cell.value))[0])


def _holds(series: pd.Series, value: str | float) -> np.ndarray:
    """Row mask of the cells equal to `value` (text compared stripped, as the anchor index stores it)."""
    if isinstance(value, str):
        return (cell_texts(series) == value).to_numpy()
    return (series == value).to_numpy()
