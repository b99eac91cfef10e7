"""Word forms for matching a question's words to headers: crude stems, singulars, a header's
words (split from snake and camel case), the spellings of a column's name, and abbreviations."""

from __future__ import annotations

import re
from functools import lru_cache


SIMPLE = re.compile(r"[A-Za-z_]\w*[A-Za-z0-9]\Z")


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


def _reserved() -> frozenset[str]:
    from agent.router import vocabulary as V

    return frozenset(V.OP_WORDS) | V.STOPWORDS | V.FILLER | frozenset(V.ORDER_WORDS) | frozenset(V.COMPARISONS)


_RESERVED = _reserved()
"""Words the question uses for operations, orders and comparisons: 'Total (2010)' is never asked
as 'total' (that is the operation)."""


def column_forms(name: str) -> set[str]:
    """Spellings a question may use for a column: 'total_revenue' -> 'total revenue', plurals,
    camelCase split ('TimeGenerated' -> 'time generated'), and the name without a trailing unit or
    note in parentheses ('Unit Cost (GBP)' -> 'unit cost')."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name.strip())
    spaced = re.sub(r"[_\s.-]+", " ", spaced).lower().strip()
    forms = {name.strip().lower(), spaced}
    last = spaced.split(" ")[-1]
    head = spaced[: len(spaced) - len(last)]
    plural = last[:-1] + "ies" if last.endswith("y") and last[-2:-1] not in "aeiou" else (
        last + "es" if last.endswith(("s", "x", "ch", "sh")) else last + "s")
    forms.add(head + plural)
    bare = re.sub(r"\s*\([^()]*\)\s*$", "", name.strip())  # 'Unit Cost (GBP)' is asked as 'unit cost'
    if bare and bare != name.strip() and re.search(r"[A-Za-z]", bare) and bare.lower() not in _RESERVED:
        forms |= column_forms(bare)
    return {f for f in forms if f}


def header_words(name: str) -> list[str]:
    """The words of a header: 'YearsSinceLastPromotion' -> years since last promotion; 'GRE Score'
    -> gre score; 'Price (TK)' -> price tk; 'FG3_PCT' -> fg3 pct. A new list each call."""
    return list(_header_words(name))


ID_WORDS = frozenset({"id", "no", "num", "number", "nr", "code", "key", "ref"})
"""Header words that mark an identifier ('Shipment ID', 'order_no'), not what it identifies."""


def noun_words(name: str) -> list[str]:
    """The header words of `name` without its id words (ID_WORDS): 'Respondent ID' -> ['respondent']."""
    return [w for w in _header_words(name) if w not in ID_WORDS]


@lru_cache(maxsize=4096)
def _header_words(name: str) -> tuple[str, ...]:
    """header_words, computed once per header text (a pure function of it)."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", name.strip())
    return tuple(w for w in re.split(r"[^A-Za-z0-9]+", spaced.lower()) if w)


def abbreviates(short: str, word: str) -> bool:
    """'amt' abbreviates 'amount': same first letter, letters in order, shorter."""
    if not short or len(short) >= len(word) or short[0] != word[0]:
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in short[1:])


_MONTH_HEADERS = ({"month"}, {"month", "number"}, {"month", "num"}, {"month", "no"})


def is_month_header(column: str) -> bool:
    """True for a header that says 'month' and nothing else but 'number': Month, month_no, MonthNum
    (a month-number column when its values are 1..12: Lexicon.month_numbers)."""
    return set(header_words(column)) in _MONTH_HEADERS
