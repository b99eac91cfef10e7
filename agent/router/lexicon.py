"""The router's lexicon for ONE table: phrases of the question mapped to meanings, built from the
table's own columns and values plus the generic vocabulary and the config's aliases."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from agent.config import RouterConfig
from agent.router import vocabulary as V
from agent.router.tokens import Token, tokenize
from agent.table import ColumnRole, Table

_SIMPLE = re.compile(r"[A-Za-z_]\w*[A-Za-z0-9]\Z")


@dataclass(frozen=True)
class Meaning:
    """What a phrase means. kind: column, value, flag, measure, op, order, time, ratio, comparison,
    group, which, negation, row, stop. `column`/`value` are set for column/value/flag."""

    kind: str
    column: str | None = None
    value: str | None = None


def stem(word: str) -> str:
    """A crude English stem for matching column names: crashes/crashed/crashing -> crash."""
    for suffix in ("ies", "es", "ed", "ing", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            return base + "y" if suffix == "ies" else base
    return word


def singular(word: str) -> str:
    """A noun's singular for header matching: pages -> page, categories -> category, boxes -> box,
    classes -> class, rebounds -> rebound; other words unchanged."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def column_forms(name: str) -> set[str]:
    """Spellings a question may use for a column: 'total_revenue' -> 'total revenue', plurals,
    camelCase split ('TimeGenerated' -> 'time generated')."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name.strip())
    spaced = re.sub(r"[_\s.-]+", " ", spaced).lower().strip()
    forms = {name.strip().lower(), spaced}
    last = spaced.split(" ")[-1]
    head = spaced[: len(spaced) - len(last)]
    plural = last[:-1] + "ies" if last.endswith("y") and last[-2:-1] not in "aeiou" else (
        last + "es" if last.endswith(("s", "x", "ch", "sh")) else last + "s")
    forms.add(head + plural)
    return {f for f in forms if f}


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
    small_ints: set[str] = field(default_factory=set)
    """Numeric columns of at most 100 distinct whole numbers (hour, age, level): groupable."""
    abbreviations: dict[str, str] = field(default_factory=dict)
    measure: str | None = None
    measure_candidates: list[str] = field(default_factory=list)
    date_columns: list[str] = field(default_factory=list)
    numeric_columns: list[str] = field(default_factory=list)
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
    max_len: int = 1
    lengths: dict[str, list[int]] = field(default_factory=dict)
    """First word -> phrase lengths starting with it, longest first (so lookups try only those)."""

    def add(self, phrase: str, meaning: Meaning, *, replace: bool = False) -> None:
        key = (phrase.lower(),) if _SIMPLE.match(phrase) else tuple(t.lower for t in tokenize(phrase))
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
        self.max_len = max(self.max_len, len(key))


def header_words(name: str) -> list[str]:
    """The words of a header: 'YearsSinceLastPromotion' -> years since last promotion; 'GRE Score'
    -> gre score; 'Price (TK)' -> price tk; 'FG3_PCT' -> fg3 pct."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", name.strip())
    return [w for w in re.split(r"[^A-Za-z0-9]+", spaced.lower()) if w]


def _is_flag(series: pd.Series) -> bool:
    """A 0/1 column (is_fraud): numeric, min 0 or 1, max 0 or 1, and whole numbers only."""
    if not pd.api.types.is_numeric_dtype(series):
        return False
    low, high = series.min(), series.max()
    return low in (0, 1) and high in (0, 1) and bool(series.dropna().isin((0, 1)).all())


_PAIRS = ({"yes", "no"}, {"y", "n"}, {"true", "false"}, {"ja", "nee"}, {"ja", "nein"}, {"oui", "non"},
          {"si", "no"}, {"sí", "no"}, {"sim", "nao"}, {"sim", "não"})
"""Yes/no spellings of a two-valued column: English, Dutch, German, French, Spanish/Italian, Portuguese."""
_POSITIVE = {"yes", "y", "true", "ja", "oui", "si", "sí", "sim"}


def _yes_no(values: list[str]) -> tuple[str, str] | None:
    """(positive, negative) spellings of a Yes/No (Y/N, True/False, ja/nee, oui/non...) column's
    values, else None."""
    folded: dict[str, str] = {}
    for v in values:  # 'Yes', 'YES', 'yes' are one value (predicates ignore case), the first spelling named
        folded.setdefault(v.strip().casefold(), v.strip())
    if len(folded) != 2:
        return None
    for pair in _PAIRS:
        if set(folded) == pair:
            positive = next(p for p in pair if p in _POSITIVE)
            return folded[positive], folded[(pair - {positive}).pop()]
    return None


def build_lexicon(table: Table, config: RouterConfig) -> Lexicon:
    """The lexicon of `table`, cached on it. Cost: one pass over each categorical column's values."""
    cache = table.__dict__.setdefault("_lexicons", {})
    key = id(config)
    if key not in cache:
        cache[key] = _build(table, config)
    return cache[key]


def _build(table: Table, config: RouterConfig) -> Lexicon:
    lex = Lexicon()
    for words, kind in ((V.STOPWORDS | V.FILLER, "stop"), (config.row_nouns, "row"), (config.entity_nouns, "entity"),
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
    for w, stat in V.STAT_WORDS.items():
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
    for column in table.df.columns:
        _add_column(lex, table, column, config)
    _add_name_noun(lex, table)
    _choose_measure(lex, table)
    return lex


def _add_name_noun(lex: Lexicon, table: Table) -> None:
    """The plural noun ending the file's name ('runs' of runs.csv, 'orders' of shop_orders.csv)
    names the rows, so 'how many runs' counts rows; only when the lexicon knows no other meaning
    for the word and no identifier column repeats (a history table's rows are updates of its ids)."""
    words = re.findall(r"[a-z]+", Path(table.name).stem.lower())
    if not words or len(words[-1]) < 4 or singular(words[-1]) == words[-1] or table.lies_in_file:
        return
    noun = words[-1]
    if any((w,) in lex.phrases or w in lex.headers or w in lex.value_words for w in (noun, singular(noun))):
        return
    if any(role is ColumnRole.identifier and not table.df[c].is_unique for c, role in table.roles.items()):
        return
    lex.add(noun, Meaning("row"))


def _add_column(lex: Lexicon, table: Table, column: str, config: RouterConfig) -> None:
    role = table.roles[column]
    series = table.df[column]
    if table.summary is not None and role in (ColumnRole.categorical, ColumnRole.text):
        series = pd.concat([series, table.summary.frame[column]], ignore_index=True)  # 'Grand Total' is a value to name
    for form in column_forms(column):
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
    elif role is ColumnRole.numeric:
        if _is_flag(series):
            flag = re.sub(r"^(is|has|was|flag)_|_(flag|ind|yn)$", "", name)
            lex.flags[stem(flag.replace("_", " "))] = column
            lex.flag_values[column] = (1.0, 0.0)
        else:
            lex.numeric_columns.append(column)
            values = series.dropna()
            if len(values) and values.nunique() <= 100 and bool((values % 1 == 0).all()):
                lex.small_ints.add(column)
    elif role is ColumnRole.text:  # titles and names: their words link, never free text of 7+ words
        titles = [str(v) for v in pd.unique(series.dropna()) if len(tokenize(str(v))) <= 6]
        _add_value_words(lex, column, titles)
    elif role is ColumnRole.categorical:
        pair = _yes_no(_add_values(lex, column, series, config))
        if pair:
            lex.flags[stem(name.replace("_", " "))] = column
            lex.flag_values[column] = pair


PROPER_MIN_VALUES = 50
"""A text column with more distinct values than this holds names (jobs, merchants, cities), not a
handful of categories ('Sales', 'Male') that people write in lower case."""


def _add_values(lex: Lexicon, column: str, series: pd.Series, config: RouterConfig) -> list[str]:
    """Add the column's values (and their aliases) to the lexicon; returns the distinct values."""
    values = [str(v) for v in pd.unique(series.dropna())]
    by_fold = {v.strip().casefold(): v for v in values}
    for v in values:
        text = v.strip()
        if len(text) <= 2 or (text.casefold() in V.STOPWORDS and text != text.casefold()):
            # matched case-sensitively: 'was' in a question is not team 'WAS', 'a' is not region 'A'
            lex.short_values.setdefault(text, []).append(Meaning("value", column, text))
        elif _SIMPLE.match(text) or len(tokenize(text)) <= 6:
            lex.add(text, Meaning("value", column, text))
    if len(values) > PROPER_MIN_VALUES:
        lex.proper.update(v.strip().casefold() for v in values if _SIMPLE.match(v.strip()) and v.strip()[:1].isupper())
    _add_value_words(lex, column, values)
    for alias, target in config.value_aliases.items():
        if target.casefold() in by_fold:
            lex.add(alias, Meaning("value", column, by_fold[target.casefold()]))
    _add_full_names(lex, column, values)
    prefix = _shared_prefix(values)
    if prefix:  # 'fraud_Kirlin and Sons' may be asked for as 'Kirlin and Sons'
        for v in values:
            text = v.strip()[len(prefix):]
            if len(text) > 2 and len(tokenize(text)) <= 6:
                lex.add(text, Meaning("value", column, v.strip()))
    codes = {v.strip().upper() for v in values}
    if values and len(codes & set(V.US_STATES.values())) >= 0.8 * len(codes):
        for state, code in V.US_STATES.items():
            if code in codes:
                lex.add(state, Meaning("value", column, by_fold.get(code.casefold(), code)))
    return values


def _add_value_words(lex: Lexicon, column: str, values: list[str]) -> None:
    """Index the words (4+ letters) of a column's text values for `link._value_words` ('Sapiens'
    -> Book Title = 'Sapiens A Brief History Of Humankind'); skipped above 5000 distinct values."""
    if len(values) > 5000:
        return
    lex.folded_values += [v.strip().casefold() for v in values]
    for v in values:
        for word in {w.lower for w in tokenize(v) if w.kind == "word" and len(w.text) >= 4}:
            if word not in V.STOPWORDS and word not in V.FILLER:
                seen = lex.value_words.get(word, ())
                lex.value_words[word] = (column, v.strip()) if seen == () else None


def _add_full_names(lex: Lexicon, column: str, values: list[str]) -> None:
    """A column of abbreviated day or month names ('Sun', 'Mon'; 'Jan', 'Feb': every value the first
    three letters of one name, at least three values) is asked for by full name: 'Sunday', 'June'."""
    months = list(V.MONTHS)[:12]  # the full names come first
    for names in (V.WEEKDAYS, months):
        short = {n[:3]: n for n in names}
        found = {v.strip(): short.get(v.strip().casefold()) for v in values}
        if len(found) >= 3 and all(found.values()):
            for value, name in found.items():
                lex.add(name, Meaning("value", column, value), replace=True)


def _shared_prefix(values: list[str]) -> str:
    """A 'word_' prefix every value of a column carries ('fraud_' in the transactions' merchants),
    or ''. Needs at least 10 distinct values, so two-valued codes are never stripped."""
    if len(values) < 10:
        return ""
    first = values[0].strip()
    head = first[: first.find("_") + 1] if "_" in first else ""
    return head if head and all(v.strip().startswith(head) for v in values) else ""


def _choose_measure(lex: Lexicon, table: Table) -> None:
    """The column 'spend', 'amount' and similar words mean: the one numeric column whose name
    looks like money; else the only non-flag numeric column; else none (the router abstains)."""
    def money(column: str) -> bool:
        name = column.lower()
        return any(h in re.split(r"[_\s]+", name) or name == h or _abbreviates(name, h) for h in V.MONEY_HINTS)
    hinted = [c for c in lex.numeric_columns if money(c)]
    lex.measure_candidates = hinted or lex.numeric_columns
    if len(lex.measure_candidates) == 1:
        lex.measure = lex.measure_candidates[0]


def _abbreviates(short: str, word: str) -> bool:
    """'amt' abbreviates 'amount': same first letter, letters in order, shorter."""
    if not short or len(short) >= len(word) or short[0] != word[0]:
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in short[1:])


def lookup_word(lex: Lexicon, token: Token) -> list[Meaning]:
    """Single-token fallbacks after phrase lookup: short case-sensitive values, flag stems,
    column stems, abbreviations."""
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
    for short, column in lex.abbreviations.items():  # 'point' for PTS as 'points' is
        if len(word) >= 4 and (_abbreviates(short, word) or _abbreviates(short, word + "s")):
            return [Meaning("column", column)]
    return []
