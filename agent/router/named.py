"""The columns a question names for a query kind to answer from, once conditions took theirs."""

from __future__ import annotations

from agent.plan import Predicate
from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Lexicon, Meaning
from agent.router.reading import Item, Reading
from agent.table import Table
from agent.table_type import TEXT_ROLES




def named_columns(draft: Draft) -> list[Item]:
    """Columns the question names that no condition consumed, in question order."""
    return sorted([c for c in draft.columns if not c.used], key=lambda c: c.pos)


def one_column(draft: Draft, what: str, lex: Lexicon | None = None) -> str:
    columns = list(dict.fromkeys([*draft.group_by, *(c.column for c in named_columns(draft))]))
    if len(columns) == 2 and lex is not None:  # 'field of education': EducationField, not also Education
        a, b = (lex.header_words[c] for c in columns)
        columns = [columns[1]] if a < b else ([columns[0]] if b < a else columns)
    if len(columns) != 1:
        raise Abstain(f"I could not tell which column {what} ({', '.join(columns) or 'none named'}).")
    return columns[0]


def no_names_of_numbers(reading: Reading, column: str, lex: Lexicon, table: Table) -> str:
    """The column to answer from: 'the weekday names' asks for text, so a numeric column named
    'weekday' answers it only through its one text companion (Weekday_1, weekday_name: a text
    column whose name starts with it); else Abstain."""
    for item in reading.of("column"):
        after = reading.at(item.pos + len(item.text.split()))
        if item.column == column and column in lex.numeric_columns and after is not None \
                and after.text.lower() in ("name", "names"):
            stem = column.strip().lower()
            companions = [c for c in table.df.columns if c != column and table.roles[c] in TEXT_ROLES
                          and c.strip().lower().startswith(stem)]
            if len(companions) != 1:
                raise Abstain(f"'{item.text} {after.text}' asks for names, but {column} holds numbers.")
            reading.notes.append(f"read '{item.text} {after.text}' as {companions[0]} (the names of {column})")
            return companions[0]
    return column


def flag_as_column(reading: Reading, draft: Draft) -> None:
    """'the unique values overtime can take': a Yes/No column named by itself is the column whose
    values are listed, not the condition OverTime = Yes (which the parser first read)."""
    flags = [i for i in reading.of("flag") if i.meanings[0].column and " " not in i.text]
    if named_columns(draft) or draft.group_by or len(flags) != 1:
        return
    column = flags[0].meanings[0].column
    draft.predicates = [(pos, p) for pos, p in draft.predicates if not (pos == flags[0].pos and p.column == column)]
    draft.columns.append(Item(flags[0].text, flags[0].pos, [Meaning("column", column)]))
    draft.notes[:] = [n for n in draft.notes if not n.startswith(f"read '{flags[0].text}' as {column} =")]


def where(draft: Draft) -> list[Predicate]:
    return [p for _, p in draft.predicates]
