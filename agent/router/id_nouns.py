"""Router stage after planning: a count of rows whose counted noun is the head word of an id column
whose values repeat ('How many orders are there?' on order lines, order_id 1001 on two lines) counts
that noun's entities, COUNT(DISTINCT order_id), not the lines; rows and entities are only the same
when the id is one per row. Never a silent row count where the words name the id's entity."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from agent.plan import Agg, AggregateArgs
from agent.router.draft import Abstain
from agent.router.lexicon_data import Meaning
from agent.router.reading import Item, Reading
from agent.router.rows import distinct_count
from agent.router.words import header_words, singular
from agent.table import ColumnRole, Table

_ID_WORDS = frozenset({"id", "ids", "no", "num", "number", "nr", "code", "key", "ref"})
"""Last header words of an entity's id column ('order_id', 'Invoice No', 'ticket number')."""


def counted_entity_ids(plan: BaseModel, reading: Reading, table: Table, notes: list[str]) -> BaseModel:
    """`plan` with a row count (COUNT(*), grouped or not) read as COUNT(DISTINCT id) when a plural
    noun of the question ('orders') is the head word of exactly one id column ('order_id': header
    words <noun> + an id word, or an identifier column headed by the noun) whose values repeat
    across rows; a note says so. `plan` unchanged otherwise. Raises Abstain when the table lies in
    a file (only a sample is in memory, so whether the id repeats cannot be judged)."""
    if not isinstance(plan, AggregateArgs) or plan.op is not Agg.count or plan.column is not None:
        return plan
    found = _id_column(reading, table)
    if found is None:
        return plan
    noun, column = found
    if table.lies_in_file:
        raise Abstain(f"'{noun}' could be the rows or the distinct {column} values, and I cannot tell here whether "
                      f"{column} repeats; ask 'how many rows' or 'how many distinct {column}'.")
    distinct, present = distinct_count(table, column)
    if distinct == present == table.rows:
        return plan  # one row per id: rows and entities agree
    notes.append(f"read '{noun}' as the distinct {column} values ({column} repeats: {table.rows} rows, "
                 f"{distinct} distinct {column})")
    return plan.model_copy(update={"op": Agg.count_distinct, "column": column})


def _id_column(reading: Reading, table: Table) -> tuple[str, str] | None:
    """(noun, id column) for the one plural row noun of the question ('orders') naming one id
    column, that noun's item re-read as the column (so the verifier sees the word it rests on);
    None when no row noun, or several, name an id column."""
    found: list[tuple[Item, str]] = []
    for item in reading.of("row", "entity"):
        word = item.text.lower()
        if " " in word or singular(word) == word or _spells_file_name(item, reading, table):
            continue  # a counted noun is one plural word: 'orders', not 'order 1001'
        columns = [c for c in table.df.columns if _heads(str(c), singular(word), table.roles.get(c))]
        if len(columns) == 1:
            found.append((item, columns[0]))
    if len({c for _, c in found}) != 1:
        return None
    item, column = found[0]
    item.meanings, item.kind = [Meaning("column", column)], "column"
    return item.text, column


def _heads(column: str, word: str, role: ColumnRole | None) -> bool:
    """True when `word` heads the id column `column` ('order' of order_id, OrderNo, 'Order ID')."""
    words = header_words(column)
    if not words or words[0] != word:
        return False
    return (len(words) == 2 and words[1] in _ID_WORDS) or (len(words) == 1 and role is ColumnRole.identifier)


def _spells_file_name(item: Item, reading: Reading, table: Table) -> bool:
    """True when the noun and the words before it spell the file's name of two words or more
    ('order lines' of order_lines.csv): the question counts the table's rows, whatever id column
    the last word heads (line_no numbers the lines of each order)."""
    stem = re.findall(r"[a-z]+", Path(table.name.split("#")[0]).stem.lower())
    start = item.pos - len(stem) + 1
    if len(stem) < 2 or start < 0:
        return False
    said = [t.lower for t in reading.tokens[start: item.pos + 1]]
    return [singular(w) for w in said] == [singular(w) for w in stem]
