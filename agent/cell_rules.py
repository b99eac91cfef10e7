"""The column-typing rules of agent/numbers.py (`parse_cells`, as agent.typed_view.decide applies
them) run over a column's cells as plain Python strings, so a file's first open needs no pandas.

Each function gives the decision pandas would reach, or None when only pandas' own reading can be
sure of it (the caller then decides from a pandas sample, agent.typed_view.decide): a cell with a
character outside printable ASCII (besides tab and the currency signs), where pandas' Arrow-backed
string operations and Python's `re` may read whitespace and digits differently; an ISO date column
with a cell Arrow's strict cast may refuse; a m/d/y date column. Cells are str, None for missing."""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass

from agent.numbers import _COMMA_DECIMAL, _CURRENCY, _DOT_DECIMAL, _ISO, _NUMBERISH, _SAMPLE, _SLASH, \
    MISSING_TOKENS, NUMERIC_SHARE, currencies, fmt_number, is_code, well_grouped

_PLAIN = re.compile(r"[\t\x20-\x7e€£¥]*")
_FLOAT = re.compile(r"[ \t\n\v\f\r]*[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[ \t\n\v\f\r]*")
_INF = re.compile(r"[ \t\n\v\f\r]*([+-]?)(?:inf|infinity)[ \t\n\v\f\r]*", re.IGNORECASE)
_WHOLE = re.compile(r"[ \t\n\f\r]*[+-]?[0-9]{1,19}[ \t\n\f\r]*")
_CLEAN_ISO = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2})(?::([0-9]{2})(?::([0-9]{2})(?:\.[0-9]{1,9})?)?)?)?")


@dataclass(frozen=True)
class Decision:
    """A text column's typing: `kind` is 'number', 'whole' (BIGINT), 'iso' (ISO dates) or 'text';
    `notes` as agent.numbers.parse_numbers words them; `decimal_comma` for a number column."""

    kind: str
    notes: tuple[str, ...] = ()
    decimal_comma: bool = False


def sample(cells: list[str | None], rows: int) -> list[str] | None:
    """numbers._sample over the column's first cells (`cells`: at least its first 2 x _SAMPLE, of
    `rows` in all): up to _SAMPLE stripped non-missing cells; None when the column's top holds
    fewer and more rows follow (the sample then needs every cell: `sample(all cells, rows)`)."""
    head = [v.strip() for v in cells[: _SAMPLE * 2] if isinstance(v, str)]
    head = [v for v in head if v.lower() not in MISSING_TOKENS]
    if len(head) < _SAMPLE and rows > _SAMPLE * 2:
        if len(cells) < rows:
            return None
        head = [v.strip() for v in cells if isinstance(v, str)]
        head = [v for v in head if v.lower() not in MISSING_TOKENS]
    return head[:_SAMPLE]


def _share(pattern: re.Pattern[str], values: list[str]) -> float:
    return sum(1 for v in values if pattern.fullmatch(v)) / len(values) if values else 0.0


def needs_every_cell(head: list[str]) -> bool:
    """False when the sample alone settles the column as text (neither numbers nor dates)."""
    return (_share(_NUMBERISH, head) >= NUMERIC_SHARE or _share(_ISO, head) >= NUMERIC_SHARE
            or _share(_SLASH, head) >= NUMERIC_SHARE)


def decide_cells(head: list[str], cells: list[str | None]) -> Decision | None:
    """The typing of a text column from its sample `head` (see `sample`) and every cell `cells`
    (file order), by typed_view.decide's rules; None when pandas must decide (see the module doc)."""
    if _share(_NUMBERISH, head) >= NUMERIC_SHARE:
        if any(v is not None and not _PLAIN.fullmatch(v) for v in cells):
            return None
        if any(v is not None and is_code(v.strip()) for v in cells):
            return Decision("text")  # codes with leading zeros: parse_numbers leaves them text
        if len(currencies([v.strip() for v in cells if v is not None and not _missing(v.strip())])) > 1:
            return Decision("text")  # several currencies: parse_numbers leaves them text
        found = _numbers(cells)
        if found is not None:
            return found
    iso = _share(_ISO, head) >= NUMERIC_SHARE
    if not iso and _share(_SLASH, head) < NUMERIC_SHARE:
        return Decision("text")
    if iso and all(v is None or _clean_iso(v) for v in cells):
        return Decision("iso")
    return None


def iso_sample(head: list[str]) -> bool:
    """True when the sample is ISO dates (parse_dates' test) and not numbers (parse_numbers')."""
    return _share(_NUMBERISH, head) < NUMERIC_SHARE and _share(_ISO, head) >= NUMERIC_SHARE


def to_number(body: str) -> float | None:
    """pandas.to_numeric(errors='coerce') of one ASCII cell: the float, or None where it gives NaN."""
    if _FLOAT.fullmatch(body):
        return float(body)
    if found := _INF.fullmatch(body):
        return -math.inf if found.group(1) == "-" else math.inf
    return None


def _bodies(present: list[str]) -> tuple[list[str], dict[str, list[bool]]]:
    """numbers._clean's first steps: (bodies, masks by kind) of stripped non-missing cells."""
    bodies, masks = [], {"parentheses = negative": [], "percent": [], "currency dropped": []}
    for cell in present:
        neg = cell.startswith("(") and cell.endswith(")")
        body = (cell[1:-1] if neg else cell).strip()
        pct = body.endswith("%")
        body = body[:-1] if pct else body
        currency = bool(_CURRENCY.search(body))
        body = re.sub(r"^([-+])\s+", r"\1", _CURRENCY.sub("", body).strip())
        bodies.append(body)
        for kind, hit in zip(masks, (neg, pct, currency)):
            masks[kind].append(hit)
    return bodies, masks


def _numbers(cells: list[str | None]) -> Decision | None:
    """parse_numbers over every cell: a number Decision, or None when under NUMERIC_SHARE read."""
    at = [i for i, v in enumerate(cells) if v is not None and not _missing(v.strip())]
    bodies, masks = _bodies([cells[i].strip() for i in at])
    comma = sum(bool(_COMMA_DECIMAL.search(b)) for b in bodies) > sum(bool(_DOT_DECIMAL.search(b)) for b in bodies)
    values, thousands, decimal = [], [], []
    for body, neg in zip(bodies, masks["parentheses = negative"]):
        mark = "." if comma else ","
        if not well_grouped(body, comma):
            body = "unread"
        thousands.append(mark in body)
        body = body.replace(".", "").replace(",", ".") if comma else body.replace(",", "")
        decimal.append("." in body)
        value = to_number(body)
        values.append(None if value is None or value != value else -value if neg else value)
    read = sum(v is not None for v in values)
    if not at or read / len(at) < NUMERIC_SHARE:
        return None
    ordered = {"parentheses = negative": masks["parentheses = negative"], "percent": masks["percent"],
               **({"decimal comma": decimal} if comma else {}), "currency dropped": masks["currency dropped"],
               "thousands separator": thousands}
    notes = _notes([cells[i] for i in at], values, ordered)
    kind = "whole" if _whole(cells) else "number"
    return Decision(kind, tuple(notes), decimal_comma=any("decimal comma" in n for n in notes))


def _missing(stripped: str) -> bool:
    return len(stripped) <= 4 and stripped.lower() in MISSING_TOKENS


def _notes(raw: list[str], values: list[float | None], masks: dict[str, list[bool]]) -> list[str]:
    """numbers._notes: one note per kind of conversion, the first cell read that way and a count."""
    notes = []
    for kind, mask in masks.items():
        hits = [i for i, hit in enumerate(mask) if hit and values[i] is not None]
        if hits:
            note = f"{raw[hits[0]]!r} read as {fmt_number(values[hits[0]])} ({kind})"
            notes.append(note + (f", {len(hits):,} cells" if len(hits) > 1 else ""))
    return notes[:5]


def _whole(cells: list[str | None]) -> bool:
    """typed_view._whole: every cell a plain whole number fitting BIGINT, none missing."""
    if not cells or any(v is None or not _WHOLE.fullmatch(v) for v in cells):
        return False
    return all(-(2**63) <= int(v) < 2**63 for v in cells)


def _clean_iso(cell: str) -> bool:
    """True for ISO 8601 text Arrow's cast to timestamp[ns] surely reads: a valid date between
    1678 and 2261, optionally with hours, minutes, seconds and up to 9 fraction digits, no offset."""
    found = _CLEAN_ISO.fullmatch(cell)
    if found is None:
        return False
    year, month, day, hour, minute, second = (int(g) if g else 0 for g in found.groups())
    if not 1678 <= year <= 2261:
        return False
    try:
        dt.datetime(year, month, day, hour, minute, second)
    except ValueError:
        return False
    return True


def leading_index(cells: list[object]) -> bool | None:
    """relation._index over a first column's cells (str or numbers, None missing): strictly
    increasing whole numbers; None when pandas must say (a cell outside printable ASCII, a number
    past 2**53)."""
    numbers = []
    for cell in cells:
        if isinstance(cell, str):
            if not _PLAIN.fullmatch(cell):
                return None
            cell = to_number(cell)
        if cell is None or isinstance(cell, bool) or not isinstance(cell, (int, float)) or cell != cell:
            return False if cell is None or cell != cell else None
        if abs(cell) >= 2**53:
            return None
        numbers.append(cell)
    if any(v % 1 for v in numbers):
        return False
    return all(a < b for a, b in zip(numbers, numbers[1:]))
