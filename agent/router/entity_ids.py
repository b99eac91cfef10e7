"""Planning helper: 'how many different products do we sell?' where 'products' heads several
columns (product_id, product_category, product_type, product_detail) and so names what the rows
are about, not one column. The distinct count of the entity is the distinct count of its one
identifier column, when every other column that names the entity (a text column headed by the
same word and no class word: product_detail, not product_category or product_type) has exactly as
many distinct values. When they disagree (author_id 3,943, author_name 3,765), the entity has no
one count and the router keeps refusing."""

from __future__ import annotations

from agent.router.reading import Evidence, Item, Reading
from agent.router.lexicon_data import Meaning
from agent.router.rows import distinct_count
from agent.router.words import header_words, singular
from agent.table import ColumnRole, Table

_CLASS_WORDS = frozenset({"category", "categories", "type", "class", "group", "kind", "level", "status", "segment"})
"""Header words of a column that sorts the entity into classes: its values are not the entity's names."""
_NAMES = (ColumnRole.categorical, ColumnRole.text)


def entity_id(reading: Reading, table: Table, notes: list[str]) -> str | None:
    """The identifier column whose distinct count is the number of distinct entities the question's
    one entity noun names, re-reading that noun as the column (noted); None when there is no such
    noun, not exactly one identifier under it, no naming column, or the naming columns disagree
    with the identifier's count. Never judged on a table read where it lies (a sample in memory)."""
    nouns = [i for i in reading.of("row") if i.evidence is Evidence.header and " " not in i.text]
    if len(nouns) != 1 or table.lies_in_file:
        return None
    noun = nouns[0]
    word = singular(noun.text.lower())
    under = [c for c in table.df.columns if header_words(c)[:1] == [word]]
    ids = [c for c in under if table.roles[c] is ColumnRole.identifier]
    names = [c for c in under if table.roles[c] in _NAMES and not set(header_words(c)[1:]) & _CLASS_WORDS]
    if len(ids) != 1 or not names:
        return None
    counts = {c: distinct_count(table, c)[0] for c in [*ids, *names]}
    if len(set(counts.values())) != 1:
        return None
    _as_column(noun, ids[0])
    notes.append(f"read '{noun.text}' as the distinct {ids[0]} values ({', '.join(names)} has as many)")
    return ids[0]


def _as_column(item: Item, column: str) -> None:
    item.meanings, item.kind = [Meaning("column", column)], "column"
