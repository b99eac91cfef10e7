"""Reading of rows compared against a named row: 'how many nations received more medals than
canada?' (a count), 'which building has more floors than the landmark hotel?' (a list), 'did charles
oakley play more minutes than robert parish?' (a yes/no test of a second named row). The named row
is the run after 'than', spelling exactly one cell of one row of a text column (router/anchors.py:
the label column that holds the name); the subject of a test is a run spelling another cell of that
column. The measure is one numeric column named by its header, or by a comparative of a closed list
('taller': the one numeric column holding 'height'); 'more'/'higher'/'taller' compare up, 'fewer'/
'lower'/'shorter' down. Planned as an AgainstArgs (agent/against.py): the named row's cell is read
first, then the rows beyond it counted or listed (the anchor's column shown), or the subject tested.

Every other word must be noted filler, a unit ('gold medals'), the counted or listed noun right
after 'how many'/'which' when a row noun or the named row's column, or the reading refuses naming it; a name spelling cells of several rows,
or no single measure, refuses naming the words. None when the shape does not fit: no single 'than',
a number or 'any other' after it, 'how many more ... than' (a difference: differences.py), 'A or B',
a run after 'than' that spells no cell, or a test whose rows are groups ('is research bigger than
sales': the other readings say what they cannot read)."""

from __future__ import annotations

from agent.against import AgainstArgs
from agent.plan import Op, Predicate
from agent.router import vocabulary as V
from agent.router.anchors import (
    Cell,
    cell_texts,
    cells,
    describe,
    header_tokens,
    one_cell,
)
from agent.router.differences import COMPARATIVES
from agent.router.differences import FILLER as _DIFFERENCE_FILLER
from agent.router.draft import Abstain
from agent.router.lexicon import Lexicon
from agent.router.number_words import COMPARED_NUMBER_WORDS
from agent.router.reading import Reading
from agent.router.rows import one_per_row
from agent.router.tokens import Token, tokenize
from agent.router.units import unit_word
from agent.table import Table
from agent.table_type import TEXT_ROLES

UP = frozenset({"more", "higher", "greater", "larger", "bigger", "taller", "older", "heavier", "longer"})
DOWN = frozenset({"fewer", "less", "lower", "smaller", "shorter", "younger", "lighter"})
FILLER = _DIFFERENCE_FILLER | frozenset({"with", "only", "a", "an", "play", "played", "hold", "held"})
"""Words that decide nothing in these questions (verbs of having and getting, articles)."""
_TESTS = frozenset({"is", "was", "are", "were", "does", "did", "do", "has", "had", "have"})
_LISTS = frozenset({"which", "what", "who"})
_NOT_A_ROW = frozenset({"any", "all", "every", "each", "other", "others", "rest", "in", "on", "at", "during", "for",
                        "that", "those", "this", "these", "they", "he", "she", "it", "him", "her", "them", "ever",
                        "before", "usual", "expected", "average", "normal"})
"""First words after 'than' that name no row ('than any other', 'than in 2001', 'than they did')."""


def read_than_row(reading: Reading, lex: Lexicon, table: Table) -> AgainstArgs | None:
    """The plan for a count, list or test against the named row after 'than', or None for another
    shape. Raises Abstain when the shape fits but a word, the named row or the measure does not."""
    tokens, words = reading.tokens, [t.lower for t in reading.tokens]
    shape = _shape(words)
    if shape is None:
        return None
    ask, start, than, degree = shape
    named = _strip(tokens[than + 1:])
    if not named or named[0].kind != "word" or named[0].lower in _NOT_A_ROW or _number_word(named[0].lower):
        return None  # 'more than one title', 'than any other', 'than in 2001': a threshold or no row
    whole = _of_that(tokens[than + 1:])  # 'than "where the spirit is"': the whole run first, then without a verb
    anchor = one_cell(whole, table, header_tokens(table)) or one_cell(named, table, header_tokens(table))
    if anchor is None and ask != "check" and (cells(whole, table) or cells(named, table)):
        raise Abstain(f"I read '{words[degree]} ... than' as a comparison with one named row, but "
                      f"{describe(named, table)}.")
    if anchor is None or table.roles.get(anchor.column) not in TEXT_ROLES:
        return None  # no cell ('than the North in total'), or a group ('is research bigger than sales'): other readings
    if ask != "check" and not one_per_row(table, anchor.column):  # 'how many nations' over several rows a nation
        raise Abstain(f"{anchor.column} does not hold one value a row (repeated or blank), so counting or listing "
                      f"its rows is not counting its {anchor.column} values; ask per row or per {anchor.column}.")
    subject, span = _subject(tokens, start, degree, anchor, table) if ask == "check" else (None, None)
    if ask == "check" and subject is None:
        raise Abstain(f"I read a test of one row against {anchor.value!r}, but not which row is tested.")
    measure = _measure(reading, range(start, than), degree, set(range(*(span or (0, 0)))), anchor, lex, ask)
    cmp = ">" if words[degree] in UP else "<"
    row = [Predicate(column=anchor.column, op=Op.eq, value=anchor.value)]
    plan = AgainstArgs(column=measure, cmp=cmp, anchor=row, ask=ask, columns=[anchor.column] if ask == "list" else [],
                       subject=[Predicate(column=anchor.column, op=Op.eq, value=subject.value)] if subject else [])
    if ask == "list":
        _some_row_beyond(table, plan, anchor)
    reading.notes.append(f"read as rows with {measure} {cmp} the {measure} of {anchor.column} = {anchor.value!r}")
    return plan


def _some_row_beyond(table: Table, plan: AgainstArgs, anchor: Cell) -> None:
    """Raises Abstain when no row holds more (or less) than the named row: 'which nation won
    more gold than X' where none did asks for a row the table does not have ('no one' is the answer
    in words, no row to list)."""
    import pandas as pd

    values = pd.to_numeric(table.df[plan.column], errors="coerce")
    mine = values[cell_texts(table.df[anchor.column]) == anchor.value]
    if len(mine) != 1 or pd.isna(mine.iloc[0]):
        return  # the engine refuses, naming the row
    beyond = values > mine.iloc[0] if plan.cmp == ">" else values < mine.iloc[0]
    if not beyond.any():
        raise Abstain(f"No row has {plan.column} {'more' if plan.cmp == '>' else 'less'} than {anchor.value!r} "
                          f"({mine.iloc[0]:g}): there is no row to list.")


def _shape(words: list[str]) -> tuple[str, int, int, int] | None:
    """(ask, where the question's body starts, position of 'than', position of the comparative), or
    None when the question is not 'how many/which/who ... <comparative> ... than X' or 'is/did A ...
    <comparative> ... than B' with one comparative and one 'than'."""
    if words.count("than") != 1 or "or" in words or len(words) < 4:
        return None
    than = words.index("than")
    if words[:2] == ["how", "many"]:
        ask, start = "count", 2
    elif words[0] in _LISTS:
        ask, start = "list", 1
    elif words[0] in _TESTS and words[1] != "there":  # 'were there more X than Y': counts of rows
        ask, start = "check", 1
    else:
        return None
    degrees = [p for p in range(start, than) if words[p] in UP or words[p] in DOWN]
    if len(degrees) != 1 or (ask == "count" and degrees[0] == start):
        return None  # 'how many more ... than' is a difference of two rows
    return ask, start, than, degrees[0]


def _number_word(word: str) -> bool:
    """'one', 'five', 'a dozen': a number written in words."""
    return word in COMPARED_NUMBER_WORDS or word in V.NUMBER_WORDS or word in ("a", "an", "half", "once", "twice")


def _strip(span: list[Token]) -> list[Token]:
    """The named run without its trailing verb or filler ('than porto did' -> 'porto') and a leading
    'that of'."""
    end = len(span)
    while end and span[end - 1].lower in FILLER:
        end -= 1
    return _of_that(span[:end])


def _of_that(span: list[Token]) -> list[Token]:
    """The run without a leading 'that of' ('than that of Peru')."""
    return span[2:] if [t.lower for t in span[:2]] == ["that", "of"] else span


def _subject(tokens: list[Token], start: int, degree: int, anchor: Cell, table: Table) -> tuple[Cell | None, tuple[int, int] | None]:
    """(the tested row's cell, its span): the longest run after the opening verb, before the
    comparative, spelling one cell of the named row's column other than the named one."""
    for i in range(start, degree):
        for j in range(degree, i, -1):
            cell = one_cell(tokens[i:j], table, header_tokens(table))
            if cell is not None and cell.column == anchor.column and cell.value != anchor.value:
                return cell, (i, j)
    return None, None


def _measure(reading: Reading, body: range, degree: int, taken: set[int], anchor: Cell, lex: Lexicon, ask: str) -> str:
    """The one numeric column the body's words name (or the comparative names: 'taller' for a column
    holding 'height'). Raises Abstain naming the words no part accounts for, or when not one column is named."""
    words = [t.lower for t in reading.tokens]
    strong = reading.strong_columns()
    measures, unknown = [], []
    for p in body:
        if p in taken or p == degree:
            continue
        column = strong.get(p)
        if column is not None and column in lex.numeric_columns and column != anchor.column:
            measures.append(column)
        elif words[p] in FILLER or unit_word(reading, p) or (p == body.start and ask != "check" and _noun(reading, p, anchor)):
            continue
        else:
            unknown.append(reading.tokens[p].text)
    if words[degree] in COMPARATIVES:
        noun = COMPARATIVES[words[degree]]
        measures += [c for c in lex.numeric_columns if noun in [t.lower for t in tokenize(c)]]
    measures = list(dict.fromkeys(measures))
    if unknown:
        raise Abstain(f"I read a comparison with the row {anchor.column} = {anchor.value!r}, but not the words "
                      f"{', '.join(map(repr, unknown))}.")
    if len(measures) != 1:
        raise Abstain(f"A comparison with the row {anchor.column} = {anchor.value!r} needs one numeric column named "
                      f"({', '.join(measures) or 'none named'}).")
    return measures[0]


def _noun(reading: Reading, pos: int, anchor: Cell) -> bool:
    """True for the counted or listed noun right after 'how many'/'which' when it names the rows: a
    row noun, or the named row's own column. A word no stage read ('which building', 'which
    volcano') is not taken: nothing tells a noun of the rows from an unrelated word."""
    item = reading.at(pos)
    return item is not None and (item.kind in ("row", "entity") or (item.kind == "column" and item.column == anchor.column))
