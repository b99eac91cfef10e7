"""A Qdrant payload filter as plain values: the subset `filters.to_filter` builds (must / should /
must_not, match any / except, numeric and datetime ranges, is-empty), spelled like qdrant-client's
models, with one translation per store (`to_client`, `to_edge`). Building it imports neither
client: importing qdrant-client's models takes seconds, which a qdrant-edge query never needs."""

from __future__ import annotations

import re
from dataclasses import dataclass


def payload_key(column: str) -> str:
    """The payload key a store holds `column` under: letters, digits and '-' as they are, every
    other character (a space, '.', '[', '"', '_') as '_' and its code point in hex, then '_':
    'Start Date' -> 'Start_20_Date'. Qdrant reads a key as a JSON path, which refuses spaces and
    brackets ('invalid JSON path Start Date'); the encoding is one-to-one, so no two columns share a key."""
    return re.sub(r"[^0-9A-Za-z-]", lambda m: f"_{ord(m.group()):x}_", column)


@dataclass
class PayloadField:
    key: str


@dataclass
class IsEmptyCondition:
    """Matches a point whose `is_empty.key` is missing or null."""

    is_empty: PayloadField


@dataclass
class Range:
    """A numeric range; None bounds are open."""

    gt: float | None = None
    gte: float | None = None
    lt: float | None = None
    lte: float | None = None


@dataclass
class DatetimeRange:
    """A datetime range over RFC 3339 texts; None bounds are open."""

    gt: str | None = None
    gte: str | None = None
    lt: str | None = None
    lte: str | None = None


@dataclass
class MatchAny:
    any: list


class MatchExcept:
    """Matches values not in the list (`MatchExcept(**{"except": [...]})`, as qdrant-client spells it)."""

    def __init__(self, **values: list):
        self.except_ = list(values["except"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatchExcept) and other.except_ == self.except_


@dataclass
class FieldCondition:
    key: str
    match: MatchAny | MatchExcept | None = None
    range: Range | DatetimeRange | None = None


@dataclass
class Filter:
    must: list | None = None
    should: list | None = None
    must_not: list | None = None


def to_client(flt):
    """The same filter as qdrant-client models (None stays None)."""
    from qdrant_client import models as m

    if flt is None:
        return None
    if isinstance(flt, Filter):
        part = lambda items: [to_client(c) for c in items] if items else None  # noqa: E731
        return m.Filter(must=part(flt.must), should=part(flt.should), must_not=part(flt.must_not))
    if isinstance(flt, IsEmptyCondition):
        return m.IsEmptyCondition(is_empty=m.PayloadField(key=payload_key(flt.is_empty.key)))
    if isinstance(flt.match, MatchAny):
        return m.FieldCondition(key=payload_key(flt.key), match=m.MatchAny(any=flt.match.any))
    if isinstance(flt.match, MatchExcept):
        return m.FieldCondition(key=payload_key(flt.key), match=m.MatchExcept(**{"except": flt.match.except_}))
    r = flt.range
    kind = m.DatetimeRange if isinstance(r, DatetimeRange) else m.Range
    return m.FieldCondition(key=payload_key(flt.key), range=kind(gt=r.gt, gte=r.gte, lt=r.lt, lte=r.lte))


def to_edge(flt):
    """The same filter as qdrant-edge objects (None stays None)."""
    import qdrant_edge as q

    if flt is None:
        return None
    if isinstance(flt, Filter):
        part = lambda items: [to_edge(c) for c in items] if items else None  # noqa: E731
        return q.Filter(must=part(flt.must), should=part(flt.should), must_not=part(flt.must_not))
    if isinstance(flt, IsEmptyCondition):
        return q.IsEmptyCondition(key=payload_key(flt.is_empty.key))
    if isinstance(flt.match, MatchAny):
        return q.FieldCondition(key=payload_key(flt.key), match=q.MatchAny(any=list(flt.match.any)))
    if isinstance(flt.match, MatchExcept):
        return q.FieldCondition(key=payload_key(flt.key), match=q.MatchExcept(list(flt.match.except_)))
    r = flt.range
    kind = q.RangeDateTime if isinstance(r, DatetimeRange) else q.RangeFloat
    return q.FieldCondition(key=payload_key(flt.key), range=kind(gt=r.gt, gte=r.gte, lt=r.lt, lte=r.lte))
