"""The column a comparison with a number applies to when no word of the question names one, in the
two cases where only one column can be meant:

- people over or under a number ('how many customers are under 30', 'respondents over 50'): a
  person's number with no unit is an age, so the one numeric column with a header word 'age';
- a table with one numeric column ('how many orders are over 10' on order_id, customer, amount),
  unless the comparator is one of time ('after', 'before', 'since': a date or a year).

Anything else stays unread (the caller refuses naming the numeric columns)."""

from __future__ import annotations

from agent.router import word_senses as S
from agent.router.lexicon import Lexicon
from agent.router.reading import Item, Reading
from agent.router.rows import year_column
from agent.table import Table

AGE_WORDS = frozenset({"under", "over", "above", "below"})
"""Comparators that, after a noun for people and before a bare number, compare an age."""
AGES = (0.0, 130.0)
"""Numbers that can be an age in years."""
TIME_WORDS = frozenset({"after", "before", "since", "until", "till"})
"""Comparators of time: 'hired after 2018' compares a date or a year, never the one numeric column
(trial 7: read as Salary > 2018, 40 of 40 rows, with HireDate text in mixed formats)."""


def implied_subject(item: Item, reading: Reading, draft_notes: list[str], lex: Lexicon,
                    table: Table) -> str | None:
    """The column comparison `item` (a comparator followed by a number) applies to, noted in
    `draft_notes`, or None when no single column can be meant."""
    found = implied_column(item, reading, lex, table)
    if found is None:
        return None
    draft_notes.append(found[1])
    return found[0]


def implied_column(item: Item, reading: Reading, lex: Lexicon, table: Table) -> tuple[str, str] | None:
    """(the column, a note saying why) comparison `item` applies to with no word naming it, or None;
    the verifier (agent/router/verify/columns.py) accepts the comparator as naming that column."""
    number = reading.after(item)
    if item.kind != "comparison" or number is None or number.kind != "number" or number.number is None:
        return None
    people = _people_before(item, reading)
    if people is not None and item.text.lower() in AGE_WORDS and AGES[0] <= number.number <= AGES[1]:
        ages = [c for c in lex.numeric_columns if "age" in lex.header_words.get(c, ())]
        if len(ages) != 1:
            return None  # 'customers under 30' with no age column is not some other quantity under 30
        return ages[0], (f"read '{people.text} {item.text} {number.text}' as {ages[0]} {item.text} {number.text} "
                         "(people over or under a number with no unit: an age)")
    measures = [c for c in lex.numeric_columns if not year_column(c, table)]
    if item.text.lower() in TIME_WORDS:
        return None
    if len(measures) == 1 and len(lex.numeric_columns) == 1 and people is None and not _counts_a_noun(number, reading):
        return measures[0], (f"read '{item.text} {number.text}' as {measures[0]} {item.text} {number.text} "
                             f"({measures[0]} is the one numeric column)")
    return None


def _counts_a_noun(number: Item, reading: Reading) -> bool:
    """True when a word follows the number ('at least five players'): the number counts those
    things, no threshold on the one numeric column (nt-9927 read it as Total >= 5)."""
    after = number.pos + len(number.text.split())
    return after < len(reading.tokens) and reading.tokens[after].lower.isalpha()


def _people_before(item: Item, reading: Reading) -> Item | None:
    """The plural noun for people right before the comparison (stop words between): 'customers',
    'respondents', 'employees' (WordNet: its first sense a kind of person), else None."""
    before = reading.before(item)
    if before is None or before.kind not in ("entity", "row", "column"):
        return None
    return before if S.is_people(before.text.lower().split()[-1]) else None
