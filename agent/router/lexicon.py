"""The router's lexicon for ONE table: phrases of the question mapped to meanings, built from the
table's own columns and values plus the generic vocabulary and the config's aliases. The typed
values live in `lexicon_data`, value entries in `values`, word forms in `words`."""

from __future__ import annotations

import re

from agent import table_rows
from agent.config import RouterConfig
from agent.router import vocabulary as V
from agent.router.percentile_words import stat_phrases
from agent.router.abbreviations import is_abbreviation
from agent.router.file_noun import add_file_noun
from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.sums import restated_sums, row_sums
from agent.router.calendar import calendar_columns
from agent.router.cell_items import entity_nouns_in_cells
from agent.router.id_facts import unique_ids
from agent.router.money_cells import currency_cells
from agent.router.tokens import Token, value_tokens
from agent.router.values import add_value_words, add_values, is_flag, truth_spellings, yes_no
from agent.router.words import column_forms, header_words, is_month_header, singular, stem
from agent.table import ColumnRole, Table

__all__ = ["Lexicon", "Meaning", "build_lexicon", "column_forms", "header_words", "lookup_word", "singular", "stem"]

def build_lexicon(table: Table, config: RouterConfig) -> Lexicon:
    """The lexicon of `table`, cached on it. Cost: one pass over each categorical column's values."""
    cache = table.__dict__.setdefault("_lexicons", {})
    key = id(config)
    if key not in cache:
        cache[key] = _build(table, config)
    return cache[key]


def _build(table: Table, config: RouterConfig) -> Lexicon:
    lex = Lexicon()
    lex.date_mixups = dict(table.mixed_dates)
    for words, kind in ((V.STOPWORDS | V.FILLER | V.FILLER_PHRASES, "stop"), (config.row_nouns, "row"), (config.entity_nouns, "entity"),
                        (config.measure_words, "measure"), (V.CURRENCY_WORDS, "currency"), (("or",), "or"),
                        (V.DATE_NOUNS, "datenoun")):
        for w in words:
            lex.add(w, Meaning(kind), replace=True)
    for table_ in ((V.OP_WORDS, "op"), (V.ORDER_WORDS, "order"), (V.FREQUENCY_ORDER, "order"), (V.TIME_ORDER_WORDS, "time"),
                   (V.COMPARISONS, "comparison")):
        for phrase, value in table_[0].items():
            lex.add(phrase, Meaning(table_[1], value=value), replace=True)
    for w in V.RATIO_WORDS:
        lex.add(w, Meaning("ratio"), replace=True)
    for w, stat in {**V.STAT_WORDS, **stat_phrases()}.items():
        lex.add(w, Meaning("stat", value=stat), replace=True)
    for w, op in V.SIGN_WORDS.items():
        lex.add(w, Meaning("sign", value=op), replace=True)
    for w in V.SAME_WORDS:
        lex.add(w, Meaning("same"), replace=True)
    for w, n in V.ORDINALS.items():
        lex.add(w, Meaning("ordinal", value=str(n)), replace=True)
    for phrase, quantity in V.UNIT_PHRASES.items():
        lex.add(phrase, Meaning("unit", value=quantity), replace=True)
    for w in V.CHANGE_WORDS:
        lex.add(w, Meaning("change"), replace=True)
    for w in V.GROUP_WORDS:
        lex.add(w, Meaning("group"), replace=True)
    for w in V.WHICH_WORDS:
        lex.add(w, Meaning("which"), replace=True)
    for w in V.NEGATIONS:
        lex.add(w, Meaning("negation"), replace=True)
    for column in table.columns:
        _add_column(lex, table, column, config)
    _values_over_row_nouns(lex)
    entity_nouns_in_cells(lex)  # 'students' beside a cell 'Student': a value, not every row
    add_file_noun(lex, table)
    _add_message_nouns(lex, table)
    lex.money_cells = currency_cells(table, lex.numeric_columns)
    _choose_measure(lex, table)
    lex.row_sums = row_sums(table, lex.numeric_columns, lex.header_words)
    totals = any("total" in lex.header_words.get(c, set()) for c in table.columns)  # router/total_of.py
    lex.restated = restated_sums(table, frozenset().union(*lex.row_sums.values(), lex.numeric_columns if totals else ()))
    lex.calendar_columns = calendar_columns(table)
    lex.unique_ids = unique_ids(table)
    return lex


def _values_over_row_nouns(lex: Lexicon) -> None:
    """A generic row noun ('orders', 'purchases') whose singular is a value of the table (kind =
    'order', event = 'purchase') names that value, never the rows: 'how many purchases' counts the
    rows holding 'purchase'. (The singular itself was already replaced by the value in `add`.)"""
    for key, meanings in list(lex.phrases.items()):
        if len(key) != 1 or not meanings or meanings[0].kind != "row":
            continue
        one = singular(key[0])
        values = lex.phrases.get((one,), [])
        if one != key[0] and values and all(m.kind == "value" for m in values):
            lex.phrases[key] = list(values)


MESSAGE_WORDS = 5
"""Mean words per value from which a text column holds messages (a post's text), not names or titles."""


def _add_message_nouns(lex: Lexicon, table: Table) -> None:
    """'posts', 'messages', 'tweets' name the rows when each row is one message: a text column whose
    values average MESSAGE_WORDS+ words and differ on (nearly) every row. Only words the lexicon
    knows no other meaning for (a column 'comment' keeps its own)."""
    for column, role in table.roles.items():
        if role not in (ColumnRole.text, ColumnRole.categorical):
            continue
        cells = table_rows.values(table, column)  # each distinct value with its row count
        present = sum(n for _, n in cells)
        if present and sum(len(str(v).split()) * n for v, n in cells) / present >= MESSAGE_WORDS \
                and len(cells) >= 0.9 * table.rows:
            for noun in V.MESSAGE_NOUNS:
                if (noun,) not in lex.phrases and noun not in lex.headers and noun not in lex.value_words:
                    lex.add(noun, Meaning("row"))
            return


_HEADED = re.compile(r"the file has \d+ columns headed '(.*)': ")
"""The loader's note on a column whose header the file repeats (agent.table._note_duplicates)."""


def repeated_header(notes: list[str]) -> str | None:
    """The header the file gave a column whose header it repeats ('Price' for 'Price.1'), read from
    the column's parse notes; None when the header is not repeated."""
    for note in notes:
        if found := _HEADED.match(note):
            return found.group(1)
    return None


def _decimal_convention(table: Table, column: str, fraction: bool) -> str | None:
    """'comma' when the loader read the column's cells with a decimal comma (its note says so), 'dot'
    when its notes show comma thousands or a value is not whole (`fraction`), else None (no evidence)."""
    report = table.reports.get(column) or table.reports.get(column.strip())
    notes = report.conversions if report is not None else []
    if any("(decimal comma)" in n for n in notes):
        return "comma"
    if any("(thousands separator)" in n for n in notes) or fraction:
        return "dot"
    return None


def _add_column(lex: Lexicon, table: Table, column: str, config: RouterConfig) -> None:
    role = table.roles[column]
    report = table.reports.get(column) or table.reports.get(column.strip())
    header = repeated_header(report.conversions) if report is not None else None
    if header is not None:
        lex.file_headers[column] = header
    for form in column_forms(column) | (column_forms(header) if header is not None else set()):
        lex.add(form, Meaning("column", column), replace=True)
        lex.stems.setdefault(stem(form), column)
    words = header_words(column)
    lex.header_words[column] = {singular(w) for w in words}
    for w in words:
        lex.headers.setdefault(singular(w), set()).add(column)
    for raw in re.split(r"[^A-Za-z0-9]+", column):
        if 2 <= len(raw) <= 6 and raw.isalpha() and raw.isupper():
            acronym = raw.lower()
            if lex.acronyms.setdefault(acronym, column) == column:
                lex.acronym_tails.setdefault(acronym[1:], set()).add(column)
                for part in (acronym[1:], acronym[:-1]):
                    lex.acronym_near.setdefault(part, set()).add(column)
    name = column.strip().lower()
    short = name.isalpha() and 2 <= len(name) <= 5
    if short and (not re.search(r"[aeiou]", name[1:]) or column.strip().isupper()):
        lex.abbreviations[name] = column
    if role is ColumnRole.date:
        lex.date_columns.append(column)
        notes = " ".join(report.conversions) if report is not None else ""
        order = re.search(r"'([^']*)' read as \S+ \((day-first|month-first)(, assumed[^)]*)?\)", notes)
        if order:
            lex.date_orders[column] = order.group(2)
            if order.group(3):
                lex.date_assumed[column] = order.group(1)
                if _same_order(table_rows.distinct(table, column)):
                    lex.date_same_order.add(column)
    elif role is ColumnRole.numeric:
        _add_numeric(lex, table, column, name)
    elif role is ColumnRole.text:  # titles and names: their words link, never free text of 7+ words
        titles = [str(v) for v in _named_values(table, column) if len(value_tokens(str(v))) <= 6]
        add_value_words(lex, column, titles)
        for title in titles:  # 'Is Mouse v2 discontinued?': a name of two words or more, said whole
            if len(value_tokens(title)) >= 2:
                lex.add(title.strip(), Meaning("value", column, title.strip()))
    elif role is ColumnRole.identifier and (codes := _text_codes(table, column)):
        add_values(lex, column, codes, config)  # 'S-03', 'E100': a sensor's or a manager's rows
    elif role is ColumnRole.categorical:
        values = add_values(lex, column, [str(v) for v in _named_values(table, column)], config)
        pair, mixed = yes_no(values), truth_spellings(values)
        if mixed:  # 'yes', 'Yes', 'Y' / 'no', 'NO', 'n': each answer is every spelling of it
            lex.flag_spellings[column], pair = mixed, (mixed[0][0], mixed[1][0])
        if pair:
            lex.flags[stem(name.replace("_", " "))] = column
            lex.flag_values[column] = pair


def _add_numeric(lex: Lexicon, table: Table, column: str, name: str) -> None:
    """A numeric column: a 0/1 flag, or a number column (a fraction when its values lie in [0, 1],
    its decimal convention, small whole numbers when at most 100 distinct, a month number 1-12
    under a month header)."""
    numbers = table_rows.numbers(table, column)
    if is_flag(numbers):
        flag = re.sub(r"^(is|has|was|flag)_|_(flag|ind|yn)$", "", name)
        lex.flags[stem(flag.replace("_", " "))] = column
        lex.flag_values[column] = (1.0, 0.0)
        return
    lex.numeric_columns.append(column)
    counts = table_rows.counts(table, column)
    if counts.present and numbers.low >= 0 and numbers.high <= 1 and not table.lies_in_file:
        lex.fractions.add(column)
    if convention := _decimal_convention(table, column, bool(counts.present) and not numbers.whole):
        lex.decimal[column] = convention
    if counts.present and counts.distinct <= 100 and numbers.whole:
        lex.small_ints.add(column)
        if is_month_header(column) and numbers.low >= 1 and numbers.high <= 12:
            lex.month_numbers.append(column)


def _same_order(dates: list[object]) -> bool:
    """True when `dates` (a column's distinct dates, every day and month 12 or less) rank alike
    read as they are (month-first) and with day and month swapped (day-first)."""
    present = [d for d in dates if d is not None and hasattr(d, "month") and d == d]
    swapped = {id(d): d.replace(month=d.day, day=d.month) for d in present}
    return sorted(present) == sorted(present, key=lambda d: swapped[id(d)])


ID_VALUES_MAX = 5000
"""An identifier column's codes are values to name up to this many distinct ones (above it a code
is a record lookup's: agent.router.lookup)."""


def _text_codes(table: Table, column: str) -> list[str]:
    """An identifier column's distinct codes that hold a letter ('S-03', 'E100', 'u42'; in order of
    first appearance), when it has at most ID_VALUES_MAX of them; [] for numbers ('1', '00789':
    a question's number is read as a number first) and for larger columns."""
    if table_rows.counts(table, column).distinct > ID_VALUES_MAX:  # counted: the values are never read
        return []
    values = table_rows.distinct(table, column)
    return [str(v) for v in values if isinstance(v, str) and re.search(r"[A-Za-z]", v)]


def _named_values(table: Table, column: str) -> list[object]:
    """The column's distinct values in order of first appearance, then those only its summary rows
    hold ('Grand Total' is a value to name)."""
    found = table_rows.distinct(table, column)
    if table.summary is None or table.summary.frame is None or column not in table.summary.frame:
        return found
    seen = set(found)
    extra = [v for v in dict.fromkeys(table.summary.frame[column].dropna().tolist()) if v not in seen]
    return found + extra


def _choose_measure(lex: Lexicon, table: Table) -> None:
    """The column 'spend', 'amount' and similar words mean: the one numeric column whose name
    looks like money; else the only non-flag numeric column; else none (the router abstains).
    Not money.looks_like_money, a wider rule: that one also takes a currency sign or code and splits
    the name at parentheses ('Fee (USD)', 'Price(GBP)')."""
    def money(column: str) -> bool:
        name = column.lower()
        return any(h in re.split(r"[_\s]+", name) or name == h or is_abbreviation(name, h) for h in V.MONEY_HINTS)
    hinted = [c for c in lex.numeric_columns if money(c)]
    lex.measure_candidates = hinted or lex.numeric_columns
    if len(lex.measure_candidates) == 1:
        lex.measure = lex.measure_candidates[0]


def lookup_word(lex: Lexicon, token: Token) -> list[Meaning]:
    """Single-token fallbacks after phrase lookup: short case-sensitive values, flag stems,
    column stems. Memoised per lexicon by the token's text (a new list each call)."""
    memo = lex.__dict__.setdefault("_word_fallbacks", {})
    found = memo.get(token.text)
    if found is None:
        found = memo[token.text] = tuple(_lookup_word(lex, token))
    return list(found)


def _lookup_word(lex: Lexicon, token: Token) -> list[Meaning]:
    """lookup_word, computed."""
    if token.text in lex.short_values:
        return lex.short_values[token.text]
    word = token.lower
    for prefix in V.NEGATIVE_PREFIXES:  # 'inactive', 'unpaid', 'nonmember': the flag's false value
        rest = word[len(prefix):]
        if word.startswith(prefix) and len(rest) >= 4 and stem(rest) in lex.flags:
            return [Meaning("flag", lex.flags[stem(rest)], value="negated")]
    for flag_stem, column in lex.flags.items():
        if len(flag_stem) >= 4 and word.startswith(flag_stem):
            return [Meaning("flag", column)]
    if stem(word) in lex.stems:
        return [Meaning("column", lex.stems[stem(word)])]
    return []  # short headers that abbreviate the word: agent.router.abbreviations
