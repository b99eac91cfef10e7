"""Which words of a search query its predicates already say. A lookup whose every word is covered
('a sample transaction from Texas' with state = 'TX'; 'Jennifer Banks' with first and last) is
answered exactly from the table; words left over ('coffee shop', 'refunds', 'most relevant') are
what the vector and BM25 stages rank by. The query is read with the router's own lexicon, so
aliases count ('Texas' is covered by state = 'TX')."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.plan import Op, Predicate
from agent.router import vocabulary as V
from agent.router.lexicon import Lexicon
from agent.router.link import Item, read

FILLER = frozenset("""
find show list fetch get display give look lookup search retrieve sample samples example examples
record records row rows entry entries item items result results detail details transaction transactions
one ones some any all me please anything something everything purchase purchases
around approximately approx roughly nearly almost
""".split())
"""Words that ask for rows without saying which: they add nothing to a filter."""

_ALWAYS_COVERED = {"stop", "column", "measure", "comparison", "negation", "which", "group", "row", "entity", "op"}
"""Item kinds that qualify a condition or name a field, never content to rank by."""


@dataclass
class Coverage:
    """The query's content words split into those the predicates say (`covered`) and the rest
    (`uncovered`, in query order). `exact` is True when nothing is left to rank by."""

    covered: list[str] = field(default_factory=list)
    uncovered: list[str] = field(default_factory=list)

    @property
    def exact(self) -> bool:
        return not self.uncovered


def coverage(query: str, where: list[Predicate], lex: Lexicon) -> Coverage:
    """Split `query`'s words by whether `where` covers them. A value is covered by a predicate on
    its column holding it (or containing it); a number by a predicate with that operand or a
    range around it; a date by a predicate on that day or period; order words ('latest', 'most')
    are never covered (the predicates hold no order); unmatched words are covered when filler
    (FILLER, stopwords) or an operand of a predicate ('Banks' in last = 'Banks')."""
    reading = read(query, lex)
    out = Coverage()
    for item in reading.items:
        (out.covered if _item_covered(item, where) else out.uncovered).append(item.text)
    operands = {o for p in where for o in _texts(p)}
    for phrase in reading.unmatched:
        for word in re.findall(r"[^\W_]+(?:['.][^\W_]+)*", phrase):
            low = word.casefold()
            filler = low in FILLER or low in V.STOPWORDS
            (out.covered if filler or low in operands or any(low in o.split() for o in operands)
             else out.uncovered).append(word)
    return out


def _texts(p: Predicate) -> list[str]:
    values = [p.value, p.upper, *(p.values or [])]
    return [str(v).strip().casefold() for v in values if v is not None]


def _numbers(p: Predicate) -> list[float]:
    out = []
    for v in [p.value, p.upper, *(p.values or [])]:
        try:
            out.append(float(str(v).replace(",", "").lstrip("$€£")))
        except (TypeError, ValueError):
            continue
    return out


def _item_covered(item: Item, where: list[Predicate]) -> bool:
    if item.kind in _ALWAYS_COVERED:
        return True
    if item.kind in ("value", "flag"):
        wanted = {(m.column.casefold(), str(m.value).casefold()) for m in item.meanings if m.column}
        for p in where:
            column = p.column.casefold()
            for text in _texts(p) or [""]:
                for col, value in wanted:
                    if col == column and (item.kind == "flag" or text == value or text == item.text.casefold()
                                          or (p.op is Op.contains and text in value)):
                        return True
        return False
    if item.kind == "date" and item.date:
        return any(t.startswith(item.date) or item.date.startswith(t) for p in where for t in _texts(p) if t)
    if item.kind == "number" and item.number is not None:
        for p in where:
            numbers = _numbers(p)
            if item.number in numbers or (p.op is Op.between and len(numbers) == 2
                                          and numbers[0] <= item.number <= numbers[1]):
                return True
        return False
    return False  # order and time words: the predicates hold no order
