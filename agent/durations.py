"""Columns of race, track and song times held as text ('1:03.59', '2:10:46', '4:14:05.7', '3:45',
'57.43' beside '1:01.20'): read as seconds, so they are compared, ordered and taken min/max of as
numbers, and shown back in the column's own form.

The rule (`form_of`), decided from every cell the typing reads and the header:

- every present cell (missing tokens aside) is a duration: `m:ss`, `h:mm:ss`, either with a
  fraction of a second (`m:ss.f`), or plain seconds with a fraction under 60 ('57.43') when the
  column's other cells have fractions too; at least 3 cells, at least half of them with a colon;
  all written one way, so a value is shown back as the cells are: one form (all `h:mm:ss` or
  all `m:ss`), the same digits of fraction in every cell or in none, the leading part zero-padded
  in every cell or in none ('09:59' beside '9:58' is not);
- and the cells or the header give evidence that they are durations, not clock times ('14:30')
  nor scores ('2:1', '21:17'):
  - a fraction of a second in some cell ('1:03.59'; a clock time or a score never has one), or
  - hours, minutes and seconds with the hours not zero-padded ('2:10:46'; a clock's '09:30:00' is),
    under a header naming a time, or
  - a header naming a length ('Length', 'Duration', 'Running time', or a written form '(m:s)',
    '(h:m:s)', '(m:ss)'), or
  - a header naming a time ('Time', 'Race Time') over `m:ss` cells whose seconds do not look like
    a clock's minutes: fewer than half of them a multiple of 5 (a schedule's '14:30', '19:45' are;
    a race's seconds are spread), and at least 5 cells.

A score column ('Score' header, '2:1') never has a header naming a time or length, nor fractions."""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlglot import exp

from agent.numbers import MISSING_TOKENS

_CELL = re.compile(r"(?:(?P<h>\d{1,2}):(?P<m2>[0-5]\d)|(?P<m>\d{1,3})):(?P<s>[0-5]\d)(?P<f>\.\d{1,3})?")
_PLAIN = re.compile(r"(?P<s>[0-5]?\d)(?P<f>\.\d{1,3})")
_LENGTH_WORDS = frozenset({"length", "duration", "runtime", "running"})
_TIME_WORDS = frozenset({"time", "times", "lap", "split"})
_WRITTEN_FORM = re.compile(r"\(\s*(?:h+\s*:\s*)?m+\s*:\s*s+\s*\)", re.IGNORECASE)


@dataclass(frozen=True)
class DurationForm:
    """How a duration column writes its cells: with hours (h:mm:ss), the digits of its fractions,
    whether its leading part is zero-padded ('03:00'), and whether some cells are plain seconds."""

    hours: bool
    decimals: int
    padded: bool
    plain: bool

    def show(self, seconds: float | int | None) -> str:
        """`seconds` written as the column writes its cells: 3834.5 -> '1:03:54.5' with hours,
        63.59 -> '1:03.59', 57.43 -> '57.43' when the column holds plain seconds too."""
        if seconds is None:
            return "missing"
        sign = "-" if seconds < 0 else ""
        scale = 10 ** self.decimals
        total = round(abs(float(seconds)) * scale)
        whole, part = divmod(total, scale)
        fraction = f".{part:0{self.decimals}d}" if self.decimals else ""
        if self.plain and whole < 60:
            return f"{sign}{whole}{fraction}"
        minutes, secs = divmod(whole, 60)
        if self.hours:
            hours, minutes = divmod(minutes, 60)
            lead = f"{hours:02d}" if self.padded else str(hours)
            return f"{sign}{lead}:{minutes:02d}:{secs:02d}{fraction}"
        lead = f"{minutes:02d}" if self.padded else str(minutes)
        return f"{sign}{lead}:{secs:02d}{fraction}"


def seconds(text: str) -> float | None:
    """The seconds a duration cell or question number spells ('1:03.59' -> 63.59, '2:10:46' ->
    7846, '57.43' -> 57.43), None for anything else."""
    text = text.strip()
    if (m := _CELL.fullmatch(text)) is not None:
        fraction = float(m["f"]) if m["f"] else 0.0
        if m["h"] is not None:
            return int(m["h"]) * 3600 + int(m["m2"]) * 60 + int(m["s"]) + fraction
        return int(m["m"]) * 60 + int(m["s"]) + fraction
    if (m := _PLAIN.fullmatch(text)) is not None:
        return float(text)
    return None


def cell_form(cell: object) -> bool:
    """True for a cell `form_of` allows (a duration, plain seconds, a missing token) or no text."""
    if not isinstance(cell, str):
        return True
    text = cell.strip()
    return bool(_CELL.fullmatch(text) or _PLAIN.fullmatch(text)) or text.lower() in MISSING_TOKENS


def _words(header: str) -> set[str]:
    return {w.lower() for w in re.split(r"[^A-Za-z]+", header) if w}


def form_of(header: str, cells: list[object]) -> DurationForm | None:
    """The duration form of a text column with header `header` and cells `cells` (str, None or NaN
    for missing) by the module's rule; None when it is not a duration column."""
    present = [str(c).strip() for c in cells if isinstance(c, str) and c.strip().lower() not in MISSING_TOKENS]
    if len(present) < 3:
        return None
    colon, plain = [], []
    for cell in present:
        if (m := _CELL.fullmatch(cell)) is not None:
            colon.append(m)
        elif _PLAIN.fullmatch(cell) is not None:
            plain.append(cell)
        else:
            return None
    if len(colon) * 2 < len(present):
        return None
    fractions = [m["f"] for m in colon if m["f"]]
    if plain and len(fractions) < len(colon):
        return None  # plain seconds beside colon cells without fractions: not one form
    hours = [m for m in colon if m["h"] is not None]
    if hours and len(hours) < len(colon):
        return None  # 'h:mm:ss' beside 'm:ss': not one form
    words = _words(header)
    if not (fractions or words & _LENGTH_WORDS or _WRITTEN_FORM.search(header) or (words & _TIME_WORDS and (
            hours and not any(m["h"].startswith("0") and len(m["h"]) == 2 for m in hours)
            or not hours and len(colon) >= 5 and 2 * sum(int(m["s"]) % 5 == 0 for m in colon) < len(colon)))):
        return None
    lead = [m["h"] if m["h"] is not None else m["m"] for m in colon]
    places = {len(f) - 1 for f in fractions} | {len(c.partition(".")[2]) for c in plain}
    if len(places) > 1 or (fractions and len(fractions) < len(colon)):
        return None  # '1:59.5' beside '2:00.10', or '2:00' beside '1:59.5': not one form to show back
    if any(x.startswith("0") and len(x) > 1 for x in lead) and any(len(x) == 1 for x in lead):
        return None  # '09:59' beside '9:58'
    decimals = places.pop() if places else 0
    padded = all(len(x) == 2 for x in lead) and any(x.startswith("0") for x in lead)
    return DurationForm(hours=bool(hours), decimals=decimals, padded=padded, plain=bool(plain))


def expression(raw: exp.Expression) -> exp.Expression:
    """The SQL tree giving a duration cell's seconds as DOUBLE (NULL for a missing token): the
    colon parts of TRIM(raw) read right to left as seconds, minutes, hours."""
    text = exp.Trim(this=raw)
    parts = exp.Anonymous(this="string_split", expressions=[text, exp.Literal.string(":")])
    count = exp.Anonymous(this="len", expressions=[parts.copy()])

    def part(offset: int) -> exp.Expression:
        index = exp.Sub(this=count.copy(), expression=exp.Literal.number(offset))
        value = exp.TryCast(this=exp.Bracket(this=parts.copy(), expressions=[index]), to=exp.DataType.build("DOUBLE"))
        return exp.Case(ifs=[exp.If(this=exp.GT(this=count.copy(), expression=exp.Literal.number(offset)), true=value)],
                        default=exp.Literal.number(0))

    total = exp.Add(this=exp.Add(this=part(0), expression=exp.Mul(this=part(1), expression=exp.Literal.number(60))),
                    expression=exp.Mul(this=part(2), expression=exp.Literal.number(3600)))
    pattern = exp.Literal.string(r"[0-9]{1,3}(:[0-5][0-9]){0,2}(\.[0-9]{1,3})?")
    well = exp.Anonymous(this="regexp_full_match", expressions=[text.copy(), pattern])
    return exp.Case(ifs=[exp.If(this=well, true=exp.paren(total))], default=exp.Null())

