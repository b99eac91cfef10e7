"""The lexicon's entries from a column's values: the values themselves (and their aliases, full
day and month names, prefix-stripped forms, US state names), the words of text values, and yes/no
spellings of two-valued columns."""

from __future__ import annotations

import re
from collections import Counter

from agent.config import RouterConfig
from agent.router import vocabulary as V
from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.tokens import value_tokens
from agent.router.words import SIMPLE
from agent.table_rows import Numbers


def is_flag(numbers: Numbers) -> bool:
    """A 0/1 column (is_fraud), from the facts of a numeric column: min 0 or 1, max 0 or 1, and
    every value 0 or 1."""
    return numbers.low in (0, 1) and numbers.high in (0, 1) and numbers.zero_one


_PAIRS = ({"yes", "no"}, {"y", "n"}, {"true", "false"}, {"ja", "nee"}, {"ja", "nein"}, {"oui", "non"},
          {"si", "no"}, {"sí", "no"}, {"sim", "nao"}, {"sim", "não"})
"""Yes/no spellings of a two-valued column: English, Dutch, German, French, Spanish/Italian, Portuguese."""


_POSITIVE = {"yes", "y", "true", "ja", "oui", "si", "sí", "sim"}


def yes_no(values: list[str]) -> tuple[str, str] | None:
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


def truth_spellings(values: list[str]) -> tuple[list[str], list[str]] | None:
    """(positive spellings, negative spellings) of a text column whose every value is a spelling
    of yes or no ('yes', 'Yes', 'Y', 'no', 'NO', 'n'; 'true'/'t', 'false'/'f') and that holds both
    answers in more than one spelling between them; None otherwise (a plain two-valued column is
    `yes_no`'s)."""
    positive, negative = [], []
    for v in values:
        word = v.strip().casefold()
        if word in _TRUE:
            positive.append(v.strip())
        elif word in _FALSE:
            negative.append(v.strip())
        else:
            return None
    if not positive or not negative or len({w.casefold() for w in positive + negative}) <= 2:
        return None
    return list(dict.fromkeys(positive)), list(dict.fromkeys(negative))


_TRUE = frozenset({"yes", "y", "true", "t"})
_FALSE = frozenset({"no", "n", "false", "f"})


PROPER_MIN_VALUES = 50
"""A text column with more distinct values than this holds names (jobs, merchants, cities), not a
handful of categories ('Sales', 'Male') that people write in lower case."""


def add_values(lex: Lexicon, column: str, values: list[str], config: RouterConfig) -> list[str]:
    """Add the column's distinct values (in order of first appearance) and their aliases to the
    lexicon; returns them."""
    by_fold = {v.strip().casefold(): v for v in values}
    for v in values:
        text = v.strip()
        if len(text) <= 2 or (text.casefold() in V.STOPWORDS and text != text.casefold()) or _marked_word(text):
            # matched case-sensitively: 'was' in a question is not team 'WAS', 'a' is not region 'A',
            # nor a footnote cell '[a]'
            lex.short_values.setdefault(text, []).append(Meaning("value", column, text))
        elif SIMPLE.match(text) or len(value_tokens(text)) <= 6:
            lex.add(text, Meaning("value", column, text))
    if len(values) > PROPER_MIN_VALUES:
        lex.proper.update(v.strip().casefold() for v in values if SIMPLE.match(v.strip()) and v.strip()[:1].isupper())
    add_value_words(lex, column, values)
    for alias, target in config.value_aliases.items():
        if target.casefold() in by_fold:
            lex.add(alias, Meaning("value", column, by_fold[target.casefold()]))
    add_full_names(lex, column, values)
    add_bare_names(lex, column, values)
    for v in values:  # 'in_progress' is asked for as 'in progress'
        text = v.strip()
        spaced = text.replace("_", " ")
        if "_" in text and re.fullmatch(r"[A-Za-z]+(?:_[A-Za-z]+)+", text) and spaced.casefold() not in by_fold:
            lex.add(spaced, Meaning("value", column, text))
    prefix = _shared_prefix(values)
    if prefix:  # 'fraud_Kirlin and Sons' may be asked for as 'Kirlin and Sons'
        for v in values:
            text = v.strip()[len(prefix):]
            if len(text) > 2 and len(value_tokens(text)) <= 6:
                lex.add(text, Meaning("value", column, v.strip()))
    codes = {v.strip().upper() for v in values}
    if values and len(codes & set(V.US_STATES.values())) >= 0.8 * len(codes):
        for state, code in V.US_STATES.items():
            if code in codes:
                lex.add(state, Meaning("value", column, by_fold.get(code.casefold(), code)))
    return values


def _marked_word(text: str) -> bool:
    """True for a cell that is one function word or letter inside marks ('[a]', '(b)', '*the*'): a
    footnote or a label, which a question's 'a' or 'the' never names."""
    tokens = value_tokens(text)
    return len(tokens) == 1 and (tokens[0].lower in V.STOPWORDS or len(tokens[0].text) == 1) and tokens[0].text != text


def add_value_words(lex: Lexicon, column: str, values: list[str]) -> None:
    """Index the words (4+ letters) of a column's text values for `link._value_words` ('Sapiens'
    -> Book Title = 'Sapiens A Brief History Of Humankind'); skipped above 5000 distinct values."""
    if len(values) > 5000:
        return
    lex.folded_values += [v.strip().casefold() for v in values]
    for v in values:
        for word in {w.lower for w in value_tokens(v) if w.kind == "word" and len(w.text) >= 4}:
            if word not in V.STOPWORDS and word not in V.FILLER:
                seen = lex.value_words.get(word, ())
                lex.value_words[word] = (column, v.strip()) if seen == () else None


def add_full_names(lex: Lexicon, column: str, values: list[str]) -> None:
    """A column of abbreviated day or month names ('Sun', 'Mon'; 'Jan', 'Feb': every value the first
    three letters of one name, at least three values) is asked for by full name: 'Sunday', 'June'."""
    months = list(V.MONTHS)[:12]  # the full names come first
    for names in (V.WEEKDAYS, months):
        short = {n[:3]: n for n in names}
        found = {v.strip(): short.get(v.strip().casefold()) for v in values}
        if len(found) >= 3 and all(found.values()):
            for value, name in found.items():
                lex.add(name, Meaning("value", column, value), replace=True)


_MARKED = re.compile(r"^(?P<name>[^()*†‡]*[^\s()*†‡])\s*(?:\((?P<code>[A-Z]{2,4})\))?\s*(?P<mark>[*†‡]*)$")
"""A name with a country code in parentheses and/or footnote marks after it: 'Italy (ITA)',
'Great Britain (GBR)*', 'Kenya*'."""


def bare_name(value: str) -> str | None:
    """The name a cell writes with a code in parentheses or footnote marks after it ('Italy (ITA)'
    -> 'Italy', 'Canada*' -> 'Canada'); None for a cell with neither, or a name under 3 letters."""
    found = _MARKED.match(value.strip())
    if found is None or not (found.group("code") or found.group("mark")) or len(found.group("name")) < 3:
        return None
    return found.group("name")


def add_bare_names(lex: Lexicon, column: str, values: list[str]) -> None:
    """A cell 'Italy (ITA)' (a code or a footnote mark after a name) is asked for by the name alone:
    'italy' names it. Only a name no other cell of the column is, or is written as, so the words
    spell one cell exactly; the code and marks add nothing a question says."""
    folded = {v.strip().casefold() for v in values}
    names = {v: bare_name(v) for v in values}
    counts = Counter(n.casefold() for n in names.values() if n is not None)
    for value, name in names.items():
        if name is not None and counts[name.casefold()] == 1 and name.casefold() not in folded \
                and len(value_tokens(name)) <= 6:
            lex.add(name, Meaning("value", column, value.strip()))


def _shared_prefix(values: list[str]) -> str:
    """A 'word_' prefix every value of a column carries ('fraud_' in the transactions' merchants),
    or ''. Needs at least 10 distinct values, so two-valued codes are never stripped."""
    if len(values) < 10:
        return ""
    first = values[0].strip()
    head = first[: first.find("_") + 1] if "_" in first else ""
    return head if head and all(v.strip().startswith(head) for v in values) else ""
