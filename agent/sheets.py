"""Choosing among several tables (the sheets of a workbook, several files) for one question: the
question goes to the one table holding a column the question names by its exact name that no other
readable table holds ('total Amount' where only the Orders sheet has a column Amount, though the
Returns sheet reads 'amount' as its one money column). Otherwise there is no choice to make here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agent.router.tokens import tokenize
from agent.router.words import column_forms
from agent.table import Table

if TYPE_CHECKING:
    from agent.loop import Agent


def named_columns(question: str, table: Table) -> set[str]:
    """The columns of `table` the question names by an exact spelling of their name (any case, a
    plural, spaces for underscores: words.column_forms), as a run of its words."""
    words = " ".join(t.lower for t in tokenize(question))
    padded = f" {words} "
    return {str(c) for c in table.columns
            if any(f" {' '.join(t.lower for t in tokenize(form))} " in padded for form in column_forms(str(c)))}


def only_named_here(question: str, tables: Sequence[Table]) -> tuple[int, list[str]] | None:
    """(index of the one table, the columns only it has) when exactly one of `tables` holds columns
    the question names by name that none of the others hold; None otherwise."""
    named = [named_columns(question, t) for t in tables]
    holders = [set(map(str, t.columns)) for t in tables]
    own = [sorted(n - set().union(*(h for j, h in enumerate(holders) if j != i))) for i, n in enumerate(named)]
    picked = [i for i, cols in enumerate(own) if cols]
    return (picked[0], own[picked[0]]) if len(picked) == 1 else None


GENERIC_NAMES = frozenset({"data", "dataset", "table", "sheet", "file", "export", "output", "input", "inline",
                           "results", "result", "report", "list", "main", "all", "new", "final", "copy"})
"""File or sheet names too generic to say which table a question is about ('data.csv')."""


def name_forms(table: Table) -> set[tuple[str, ...]]:
    """The word runs that spell `table`'s name: its sheet name for a workbook's sheet, else the file
    name without its extension, as words.column_forms spells a column ('order_lines.csv' -> 'order
    lines', 'order line'); empty for a generic or wordless name ('data.csv', 'Sheet1', '2023')."""
    from agent.router.words import singular

    stem = table.name.split("#", 1)[1] if "#" in table.name else table.name.rsplit(".", 1)[0]
    runs = {tuple(t.lower for t in tokenize(form)) for form in column_forms(stem.split("/")[-1])}
    runs |= {(*w[:-1], singular(w[-1])) for w in runs if w and singular(w[-1]) + "s" == w[-1]}
    return {w for w in runs if w and not set(w) <= GENERIC_NAMES and any(x.isalpha() and len(x) >= 3 for x in w)
            and not any(x.startswith("sheet") and x[5:].isdigit() for x in w)}


def tables_named(question: str, tables: Sequence[Table]) -> list[int]:
    """Indices of the tables whose name the question spells as a run of its words ('How many order
    lines are there?' names order_lines.csv), a name inside another named table's longer one left
    out ('order' of orders.csv inside 'order lines'). Empty when it names none."""
    words = [t.lower for t in tokenize(question)]
    spans: list[tuple[int, int, int]] = []  # (table index, start, end)
    for i, table in enumerate(tables):
        for form in name_forms(table):
            n = len(form)
            spans += [(i, s, s + n) for s in range(len(words) - n + 1) if tuple(words[s:s + n]) == form]
    kept = {i for i, s, e in spans
            if not any(j != i and s2 <= s and e <= e2 and e2 - s2 > e - s for j, s2, e2 in spans)}
    return sorted(kept)


@dataclass(frozen=True)
class TableChoice:
    """Which of several tables a question goes to. `index`: the chosen table, or None when no
    table reads the question (the caller's default answers: the first table, or a chat's table of
    the last question). `notice`: said when a column only that table has decided. `refusal`: set
    (and `index` None) when several tables read it and nothing tells them apart."""

    index: int | None
    notice: str | None = None
    refusal: str | None = None


def choose_table(question: str, agents: Sequence[Agent]) -> TableChoice:
    """The table of `agents` (one per sheet or file) the router reads `question` against: the one
    whose name the question spells (tables_named; several named is a refusal) unless it cannot read
    the question and another table can, else those
    whose router decision holds a plan or lookup, or refuses after reading every word (its rows,
    not the words, keep it from an answer). One such table answers; of several, the one holding a
    column the question names that the others lack (only_named_here); else a refusal naming them.
    A chosen table is refused too when a word it reads as nothing names another table
    (word_of_another: 'the total quantity returned' read on Orders, 'returned' dropped as a verb,
    while Returns has a column Qty Returned)."""
    choice = _choose(question, agents)
    if choice.index is None:
        return choice
    other = word_of_another(question, agents, choice.index)
    if other is None:
        return choice
    word, j, what = other
    return TableChoice(None, refusal=f"I cannot tell which table this asks about: it reads against "
                                     f"{agents[choice.index].table.name}, which reads nothing for '{word}', but "
                                     f"'{word}' names {what} of {agents[j].table.name}. Ask again naming a column only "
                                     f"one of them has{_open_one(agents)}.")


def word_of_another(question: str, agents: Sequence[Agent], chosen: int) -> tuple[str, int, str] | None:
    """(the word, the other table's index, what it names there) for the first content word of
    `question` that the `chosen` table's reading leaves unread (no item, or a stop item: a dropped
    verb, or a generic row noun such as 'items' or 'records') and that names another of `agents`' tables: a header word of one of its columns, or its
    name, in either number ('returned' -> the column Qty Returned of Returns). A word the chosen
    table's own headers or name hold is never one. None when there is none."""
    from agent.router import vocabulary as V
    from agent.router.link import read
    from agent.router.words import header_words, singular

    reading = read(question, agents[chosen].router.lexicon)
    covered = {p for item in reading.items if item.kind not in ("stop", "row")  # 'items': any table's rows
               for p in range(item.pos, item.pos + max(1, len(item.text.split())))}
    skip = V.STOPWORDS | V.FILLER | V.GENERIC_HEADER_WORDS

    def words_of(table: Table) -> dict[str, str]:
        spelled = {singular(w): f"the column {c}" for c in table.columns for w in header_words(str(c))}
        spelled.update({singular(form[0]): "the table" for form in name_forms(table) if len(form) == 1})
        return spelled

    own = words_of(agents[chosen].table)
    others = [(j, words_of(a.table)) for j, a in enumerate(agents) if j != chosen]
    for p, token in enumerate(reading.tokens):
        word = token.lower
        if p in covered or not word.isalpha() or len(word) < 3 or word in skip or singular(word) in own:
            continue
        for j, spelled in others:
            if singular(word) in spelled:
                return token.text, j, spelled[singular(word)]
    return None


def _choose(question: str, agents: Sequence[Agent]) -> TableChoice:
    """choose_table before the check of words naming another table."""
    named = tables_named(question, [a.table for a in agents])
    if len(named) > 1:
        return TableChoice(None, refusal=f"The question names several of the tables given "
                                         f"({', '.join(agents[i].table.name for i in named)}); I answer over one "
                                         "table at a time. Ask about one of them.")
    readable = [i for i, a in enumerate(agents) if _reads(a, question)]
    if named and (named[0] in readable or not readable):
        # 'How many order lines ...' with orders.csv and order_lines.csv; not 'the average salary by
        # department' sent to a Departments sheet that has no salary while Employees reads it all
        return TableChoice(named[0], notice=f"Read against {agents[named[0]].table.name}: the question names it.")
    if len(readable) == 1:
        return TableChoice(readable[0])
    if not readable:
        return TableChoice(None)
    only = only_named_here(question, [agents[i].table for i in readable])
    if only is not None:
        chosen = readable[only[0]]
        return TableChoice(chosen, notice=f"Read against {agents[chosen].table.name}: the question names "
                                          f"{', '.join(only[1])}, a column of that table only.")
    names = ", ".join(agents[i].table.name for i in readable)
    return TableChoice(None, refusal=f"I cannot tell which table this asks about: it reads against {names}. Ask "
                                     f"again naming a column only one of them has{_open_one(agents)}.")


def _open_one(agents: Sequence[Agent]) -> str:
    """', or open one sheet (book.xlsx#Sheet)' when the tables are sheets of a workbook; else
    ', or give one file'."""
    name = next((a.table.name for a in agents if "#" in a.table.name), None)
    if name is None:
        return ", or give one file"
    return f", or open one sheet ({name.split('#', 1)[0]}#<sheet>)"


def _reads(agent: Agent, question: str) -> bool:
    """True when the agent's router reads `question` into a plan or lookup, or refuses it after
    reading every word (its rows, not the words, keep it from an answer)."""
    decision = agent.router.route(question)
    return decision.plan is not None or decision.lookup is not None or decision.data_refused


@dataclass(frozen=True)
class SheetTurn:
    """Which sheet one turn of a conversation over a workbook reads against. `index`: the sheet;
    `switched`: True when it is another sheet than the last turn's (the last plan's columns are not
    its columns, so nothing is carried); `notice` and `refusal` as in TableChoice (on a refusal
    `index` is the last turn's sheet, or the first)."""

    index: int
    switched: bool = False
    notice: str | None = None
    refusal: str | None = None


def follow_sheet(question: str, agents: Sequence[Agent], current: int | None) -> SheetTurn:
    """The sheet of `agents` that `question` reads against in a conversation whose last question
    went to sheet `current` (None before the first): choose_table's sheet; a question no sheet
    reads alone (a follow-up, 'and for North?') stays on `current`. One agent: always it."""
    if len(agents) == 1:
        return SheetTurn(0)
    choice = choose_table(question, agents)
    if choice.refusal is not None:
        return SheetTurn(current or 0, refusal=choice.refusal)
    if choice.index is None:
        return SheetTurn(current or 0, notice=choice.notice)
    return SheetTurn(choice.index, switched=current is not None and choice.index != current, notice=choice.notice)
