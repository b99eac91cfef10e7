"""The lexicon's typed values: a Meaning (what a phrase means) and the Lexicon of one table
(phrases -> meanings, and the per-column facts the router's stages consult). Built in `lexicon`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.router.tokens import CJK, value_tokens
from agent.router.words import SIMPLE

_CJK_CHAR = re.compile(f"[{CJK}]")


@dataclass(frozen=True)
class Meaning:
    """What a phrase means. kind: column, value, flag, measure, op, order, time, ratio, comparison,
    group, which, negation, row, stop. `column`/`value` are set for column/value/flag."""

    kind: str
    column: str | None = None
    value: str | None = None


@dataclass
class Lexicon:
    """Phrase (tuple of lowercase words) -> meanings, plus single-word fallbacks."""

    phrases: dict[tuple[str, ...], list[Meaning]] = field(default_factory=dict)
    short_values: dict[str, list[Meaning]] = field(default_factory=dict)
    """Values of 1-2 characters, matched case-sensitively (so 'a' is not region 'A')."""
    stems: dict[str, str] = field(default_factory=dict)
    flags: dict[str, str] = field(default_factory=dict)
    """Stem of a two-valued column's name ('fraud' for is_fraud, 'attrition') -> column."""
    flag_values: dict[str, tuple[str | float, str | float]] = field(default_factory=dict)
    """Flag column -> (positive, negative) values: (1.0, 0.0), ('Yes', 'No'), ('True', 'False')."""
    flag_spellings: dict[str, tuple[list[str], list[str]]] = field(default_factory=dict)
    """A flag column that mixes spellings of its two answers ('yes', 'Yes', 'Y' / 'no', 'NO', 'n') ->
    (every positive spelling, every negative spelling) its cells hold (router/values.py)."""
    unique_ids: frozenset[str] = frozenset()
    """Identifier columns holding one distinct value on every row (router/id_rows.py)."""
    fractions: set[str] = field(default_factory=set)
    """Numeric columns (not flags) whose values all lie in [0, 1]: a share written as a fraction,
    so '95%' compared with one is 0.95 (router/conditions.py)."""
    small_ints: set[str] = field(default_factory=set)
    """Numeric columns of at most 100 distinct whole numbers (hour, age, level): groupable."""
    month_numbers: list[str] = field(default_factory=list)
    """Numeric columns headed 'month' (or 'month number') whose values are all whole numbers 1..12."""
    abbreviations: dict[str, str] = field(default_factory=dict)
    money_cells: frozenset[str] = frozenset()
    """Numeric columns whose cells were written with a currency sign ('$1.25'): money, whatever
    the header says ('Late Fee'; agent/router/money.py)."""
    measure: str | None = None
    measure_candidates: list[str] = field(default_factory=list)
    date_columns: list[str] = field(default_factory=list)
    numeric_columns: list[str] = field(default_factory=list)
    row_sums: dict[str, frozenset[str]] = field(default_factory=dict)
    """{total column: the numeric columns its cells are the sum of on every row} (router/units.py)."""
    calendar_columns: tuple[str, ...] = ()
    """Numeric columns whose values are all calendar years (router/year_words.py)."""
    restated: frozenset[str] = frozenset()
    """Addends of the row_sums columns in which one row restates the sum of the others (router/sums.py)."""
    file_headers: dict[str, str] = field(default_factory=dict)
    """A column whose header the file repeats -> the header as written ('Price.1' -> 'Price')."""
    date_orders: dict[str, str] = field(default_factory=dict)
    """A date column whose cells are slash dates -> 'day-first' or 'month-first', as the loader read them."""
    date_mixups: dict[str, str] = field(default_factory=dict)
    """A text column of dates written several ways that do not read one way -> why (Table.mixed_dates,
    agent/mixed_dates.py): a question needing it as dates is refused with it."""
    date_assumed: dict[str, str] = field(default_factory=dict)
    """A slash-date column whose order no cell shows (every day and month 12 or less) -> one of its
    cells ('01/02/2024'): its month-first reading is a default (router/verify/date_order.py)."""
    date_same_order: set[str] = field(default_factory=set)
    """Columns of date_assumed whose distinct dates rank alike read month-first or day-first
    ('01/04/2024' before '01/05/2024' either way): 'latest' and rankings by them do not depend on it."""
    decimal: dict[str, str] = field(default_factory=dict)
    """A numeric column -> 'comma' when its cells use a decimal comma ('1,50'), 'dot' when they show a
    decimal point or comma thousands; absent when they show neither (whole numbers): how a question's
    '2,5' or '1.000' compared with the column is read (agent.numbers.question_number)."""
    value_words: dict[str, tuple[str, str] | None] = field(default_factory=dict)
    """A word (4+ letters) of text values -> (column, value) when exactly one value holds it, None
    when several do ('Sapiens' -> Book Title = 'Sapiens A Brief History Of Humankind')."""
    folded_values: list[str] = field(default_factory=list)
    """Every text value the value words were taken from, casefolded: a run of words links to a value
    only when no other value holds it as text (tokens alone can hide a second holder)."""
    proper: set[str] = field(default_factory=set)
    """Casefolded one-word values written capitalised in a column of more than PROPER_MIN_VALUES
    distinct values ('Make' among 480 jobs, 'Houston' among cities): names, linked only from a
    capitalised word ('how many purchases did women make' has no job in it)."""
    headers: dict[str, set[str]] = field(default_factory=dict)
    """Stem of a word of a column's header (split from snake/camel case and spaces) -> columns."""
    header_words: dict[str, set[str]] = field(default_factory=dict)
    """Column -> the stems of its header words ('YearsSinceLastPromotion' -> year, since, last, promotion)."""
    acronyms: dict[str, str] = field(default_factory=dict)
    acronym_tails: dict[str, set[str]] = field(default_factory=dict)
    """An acronym without its first letter -> columns ('gpa' -> CGPA)."""
    acronym_near: dict[str, set[str]] = field(default_factory=dict)
    """An acronym without its first or last letter -> columns (initials one letter short)."""
    """Lowercase acronym word of a header ('gre' of 'GRE Score', 'cgpa') -> column."""
    cjk_phrases: set[str] = field(default_factory=set)
    """Words of phrases written in CJK characters (Chinese headers, values): how a CJK run of a
    question is split (agent/router/chinese.py)."""
    cjk_longest: int = 0
    table_noun: str | None = None
    """The plural noun of the file's name that names the rows ('movies' of movies.csv), if any."""
    max_len: int = 1
    lengths: dict[str, list[int]] = field(default_factory=dict)
    """First word -> phrase lengths starting with it, longest first (so lookups try only those)."""

    def columns_named(self, phrase: tuple[str, ...]) -> set[str]:
        """The columns `phrase` (lowercase words) names by its name or header words."""
        return {m.column for m in self.phrases.get(phrase, ()) if m.kind == "column"}

    def add(self, phrase: str, meaning: Meaning, *, replace: bool = False) -> None:
        key = (phrase.lower(),) if SIMPLE.match(phrase) else tuple(t.lower for t in value_tokens(phrase))
        if not key:
            return
        lengths = self.lengths.setdefault(key[0], [])
        if len(key) not in lengths:
            lengths.append(len(key))
            lengths.sort(reverse=True)
        current = self.phrases.get(key, [])
        weaker = current and current[0].kind in ("stop", "row", "entity", "measure", "datenoun", "sign", "same", "unit", "ordinal")
        if current and current[0].kind != meaning.kind and (replace or weaker):
            current = []  # a column, value or operator word outranks filler; `replace` always wins
        if meaning not in current:
            current.append(meaning)
        self.phrases[key] = current
        for word in key:
            if _CJK_CHAR.search(word):
                self.cjk_phrases.add(word)
                self.cjk_longest = max(self.cjk_longest, len(word))
        self.max_len = max(self.max_len, len(key))
