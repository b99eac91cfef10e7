"""Reading of a choice between two rows by a measure: 'who scored more goals: mccoist or hateley?',
'who is taller, garreth lodge or ross campbell?', 'which team had the most wins, A or B?'. The two
options are runs spelling exactly one cell each, of one column, in one row each (router/anchors.py);
the measure is one numeric column named by its header (or a comparative of a closed list, 'taller':
the one numeric column holding 'height'); the direction is a comparison word. Planned as a rank of
the two rows by the measure (RankArgs, limit 1), showing the options' column. Every other word must
be a question word or noted filler, or the reading refuses naming it; a tie between the two refuses
(neither is more); None when the shape does not fit."""

from __future__ import annotations

from typing import TYPE_CHECKING


from agent.plan import Op, Predicate
from agent.queries import RankArgs
from agent.router.anchors import Cell, cell_texts, describe, header_tokens, one_cell, one_measure
from agent.router.differences import COMPARATIVES
from agent.router.draft import Abstain
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.router.units import unit_word
from agent.router.tokens import Token, tokenize
from agent.table import Table

if TYPE_CHECKING:
    import pandas as pd

MORE = frozenset({"more", "most", "higher", "highest", "larger", "largest", "greater", "greatest", "bigger",
                  "biggest"})
LESS = frozenset({"less", "least", "fewer", "fewest", "lower", "lowest", "smaller", "smallest"})
DIRECTION = {**{w: "desc" for w in MORE}, **{w: "asc" for w in LESS},
             **{w: ("asc" if w in ("shorter", "younger", "lighter") else "desc") for w in COMPARATIVES}}
QUESTION = frozenset({"which", "who", "what"})
FILLER = frozenset("""is was were are has had have did does do got get scored received earned the a an of
number amount total between in""".split())
"""Words a choice between two rows may hold that decide nothing."""
_RANKS = frozenset({"rank", "ranking", "place", "position", "pos", "seed"})


def read_which_of(reading: Reading, lex: Lexicon, table: Table) -> RankArgs | None:
    """The plan for 'which/who <comparison> <measure>, A or B', or None for another shape. Raises
    Abstain when the shape fits but a word, an option, the measure or a tie does not."""
    tokens, words = reading.tokens, [t.lower for t in reading.tokens]
    if len(words) < 5 or words[0] not in QUESTION or words.count("or") != 1:
        return None
    split = words.index("or")
    degree = next((p for p in range(1, split) if words[p] in DIRECTION), None)
    if degree is None:
        return None
    after = split + 1 + (split + 2 < len(words) and words[split + 1] in ("a", "an"))
    second = one_cell(tokens[after:], table, header_tokens(table))
    first, start = _first_option(tokens, degree + 1, split, second, table)
    if first is None or second is None:
        raise Abstain(f"I read '{words[0]} ... {words[degree]} ..., A or B' as a choice between two rows, but "
                      f"{describe(tokens[after:], table) if second is None else 'the first option is not one row of ' + second.column}.")
    measure = _measure(reading, degree, start, first.column, lex, table)
    order = DIRECTION[words[degree]]
    _no_tie(table, measure, first, second)
    reading.notes.append(f"read as whichever of {first.column} = {first.value!r} or {second.value!r} has the "
                         f"{'higher' if order == 'desc' else 'lower'} {measure}")
    return RankArgs(by=measure, order=order, limit=1, columns=[first.column],
                    where=[Predicate(column=first.column, op=Op.in_, values=[first.value, second.value])])


def _first_option(tokens: list[Token], lo: int, split: int, second: Cell | None,
                  table: Table) -> tuple[Cell | None, int]:
    """(the cell of the longest run ending right before 'or' that is one row of the second option's
    column, where that run starts); (None, split) when none is."""
    if second is None:
        return None, split
    for start in range(lo, split):
        cell = one_cell(tokens[start:split], table, header_tokens(table))
        if cell is not None and cell.column == second.column and cell.value != second.value:
            return cell, start
    return None, split


def _measure(reading: Reading, degree: int, start: int, key: str, lex: Lexicon, table: Table) -> str:
    """The one numeric column the words between the question word and the first option name (or the
    comparative's noun names). Raises Abstain naming any other word, or when no one column is named."""
    words = [t.lower for t in reading.tokens]
    strong = reading.strong_columns()
    measures, unknown = [], []
    for p in range(1, start):
        if p == degree or words[p] in FILLER or unit_word(reading, p):
            continue
        column = strong.get(p)
        if column is not None and column in lex.numeric_columns and column != key:
            measures.append(column)  # the options' own column ('which year ..., 1988 or 1985') is no measure
        elif column != key and not (p == 1 and column is None and _names_key(words[p], key)):
            unknown.append(reading.tokens[p].text)
    if words[degree] in COMPARATIVES:
        noun = COMPARATIVES[words[degree]]
        measures += [c for c in lex.numeric_columns if noun in [t.lower for t in tokenize(c)]]
    measure = one_measure(measures, unknown, "a choice between two rows", "to compare")
    if {t.lower for t in tokenize(measure)} & _RANKS:
        raise Abstain(f"{measure} is a standing (1 comes first): '{words[degree]}' could mean either end.")
    del table
    return measure


def _names_key(word: str, key: str) -> bool:
    """True when `word` is a header word of the options' column ('which team': Team)."""
    return word.rstrip("s") in {t.lower.rstrip("s") for t in tokenize(key)}


def _no_tie(table: Table, measure: str, a: Cell, b: Cell) -> None:
    """Abstain when the two rows hold the same value of `measure`, or either holds none."""
    import pandas as pd

    values = [pd.to_numeric(table.df.loc[_holds(table.df[c.column], c.value), measure], errors="coerce")
              for c in (a, b)]
    va, vb = (v.iloc[0] if len(v) else float("nan") for v in values)
    if pd.isna(va) or pd.isna(vb) or va == vb:
        raise Abstain(f"{a.value!r} and {b.value!r} hold {va} and {vb} of {measure}: neither is more.")


def _holds(series: pd.Series, value: str | float) -> pd.Series:
    """Row mask of the cells equal to `value` (text compared stripped, as the anchor index stores it)."""
    return cell_texts(series) == value if isinstance(value, str) else series == value
