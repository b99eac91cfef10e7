"""Second pass: 'how many rows have <column>' (or 'records with <column>', 'entries having a
<column>') counts the rows where the column holds a value, `column IS NOT NULL`; never the number
of its distinct values, which the words 'different', 'distinct' or 'how many <column>s are there'
ask for (trial: 'How many rows have Insurance?' answered 5 distinct insurers; the rows are 547).

Read only when the row noun is one of the generic nouns of rows (rows, records, entries, lines),
right after the count word, with a having-word right after it and the column, named by its name or
header words, right after that (an article may stand between), with no value, number or comparison
of that column after it. A yes/no column ('rows have Discount' could mean Discount = yes) and a
numeric column holding 0 or written as text ('rows have a Bonus' could mean a Bonus above 0) are refused, naming the
two readings."""

from __future__ import annotations

from agent import table_rows
from agent.plan import Op, Predicate
from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Meaning
from agent.router.lexicon_data import Lexicon
from agent.router.reading import Evidence, Item, Reading
from agent.table import Table

ROW_WORDS = frozenset({"rows", "row", "records", "record", "entries", "entry", "lines"})
"""Nouns naming the table's rows themselves (not a kind of thing a column may describe)."""
HAVING = frozenset({"have", "has", "had", "having", "with", "contain", "contains", "containing"})
_ARTICLES = frozenset({"a", "an", "any", "some"})
_CELL = frozenset({"value", "values", "filled", "listed", "recorded", "given", "entered"})
_STRONG = (Evidence.exact, Evidence.header)


def present_condition(item: Item, reading: Reading, draft: Draft, lex: Lexicon, table: Table) -> bool:
    """True when the column `item` is read as 'the rows have a value of it' (module docstring): the
    condition `column IS NOT NULL` is appended, noted, and the item read. Raises Abstain for a yes/no
    column or a numeric one holding 0, where 'have' may test the value; False when the words differ."""
    if draft.op != "count" or item.similar or item.weak or item.evidence not in _STRONG:
        return False
    column = item.column
    words = [t.lower for t in reading.tokens]
    at = item.pos - 1
    while at >= 0 and words[at] in _ARTICLES:
        at -= 1
    if at < 1 or words[at] not in HAVING or words[at - 1] not in ROW_WORDS:
        return False
    row = reading.at(at - 1)
    counted = reading.before(row) if row is not None else None
    if row is None or row.kind != "row" or counted is None or counted.kind != "op" \
            or counted.meanings[0].value != "count":
        return False
    nxt = reading.after(item)
    if nxt is not None and (nxt.kind in ("number", "comparison", "date", "month", "negation")
                            or any(m.column == column for m in nxt.meanings)):
        return False  # 'rows have Insurance Medicare', 'rows with Rating above 3': a test of the column
    if any(p.column == column for _, p in draft.predicates):
        return False
    if column in lex.flag_values:
        raise Abstain(f"'{row.text} {words[at]} {item.text}' of the yes/no column {column} could mean {column} is "
                      f"yes or {column} is not blank; say which.")
    if column in lex.numeric_columns and (not table_rows.is_numeric(table, column)
                                          or table_rows.has_number(table, column, 0.0)):
        raise Abstain(f"'{row.text} {words[at]} {item.text}' could count the rows where {column} is not blank or "
                      f"where it is above 0; say which.")
    item.used, item.kind = True, "blank"  # the verifier reads it as router/blanks.py's items
    item.meanings = [Meaning("blank", column, value=Op.not_null.value)]
    if nxt is not None and nxt.text.lower() in _CELL and nxt.kind in ("stop", "measure") \
            and nxt.pos == item.pos + len(item.text.split()):
        nxt.used, nxt.kind = True, "stop"  # 'an Insurance value': the cell, not a measure
    draft.predicates.append((item.pos, Predicate(column=column, op=Op.not_null)))
    draft.notes.append(f"read '{row.text} {words[at]} {item.text}' as the rows where {column} is not blank "
                       f"({column} IS NOT NULL), not its distinct values")
    return True
