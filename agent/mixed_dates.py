"""A text column of dates written several ways ('2024-03-05', '14/03/2024', 'March 7, 2024'): the
loader's one-format rules (agent.numbers.parse_dates: ISO, or slash dates) leave it text, so a
question asking for its earliest date would find no date column.

Here the cells are read form by form: ISO (YYYY-MM-DD, optional time), year first with slashes
(2024/03/05), dotted (05.03.2024, day-first as agent.numbers reads it), English month names
('March 7, 2024', 'Mar 7 2024', '7 March 2024', '7-Mar-2024'), and d/m/y or m/d/y slash dates,
whose order the column must settle: a cell with a first field above 12 shows day-first, one with
a second field above 12 month-first. When the sample of a text column is dates in at least two
of these forms (at least agent.numbers.NUMERIC_SHARE of its present cells):
- every cell reads one way (ISO, month names, the slash order some cell shows, or slash dates
  whose day and month are the same number): the column is typed a date, by a CASE over the forms
  as a SQL syntax tree (each form's own strptime; nothing of the cells enters the SQL);
- some slash cell reads two ways ('05/03/2024': 5 March or 3 May) and no cell settles the order,
  or cells show both orders: the column stays text, with a reason naming one such cell
  (`ColumnTyping.mixed`; `reason` names the column too), and date questions on it are refused with it
  (agent.router.verify.date_order.check_mixed_dates)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from sqlglot import exp

from agent.numbers import MISSING_TOKENS, NUMERIC_SHARE

_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                "november", "december")
MONTHS = {**{m: i + 1 for i, m in enumerate(_MONTH_NAMES)}, **{m[:3]: i + 1 for i, m in enumerate(_MONTH_NAMES)}}
"""English month names and their three-letter abbreviations (DuckDB's %B and %b) -> month number."""
_NAME = r"([A-Za-z]{3,9})\.?"
_FORMS: dict[str, re.Pattern[str]] = {
    "iso": re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?"),
    "year first": re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})"),
    "dotted": re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})"),
    "month name": re.compile(_NAME + r" (\d{1,2}),? (\d{4})"),
    "day month name": re.compile(r"(\d{1,2})[ -]" + _NAME + r",?[ -](\d{4})"),
    "slash": re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})"),
}
"""Each form's cell pattern (a whole stripped cell); the SQL tree tests the same patterns."""
_SQL_FORMATS = {"year first": ["%Y/%m/%d"], "dotted": ["%d.%m.%Y"],
                "month name": ["%B %d %Y", "%b %d %Y"], "day month name": ["%d %B %Y", "%d %b %Y"]}
"""strptime formats per form over the cell with '.', ',' and '-' of month-name forms made spaces."""


@dataclass(frozen=True)
class MixedReading:
    """How a text column of mixed date forms reads: `order` of its slash dates ('day-first',
    'month-first', or '' when none needs one), `counts` of cells per form, one `example` cell per
    form with its ISO date, and `ambiguous`, the refusal reason ('' when every cell reads one way)."""

    order: str
    counts: dict[str, int]
    examples: dict[str, tuple[str, str]]
    ambiguous: str = ""


def _date(form: str, groups: tuple[str | None, ...], day_first: bool | None = None) -> dt.date | None:
    """The date of one cell of `form` from its pattern's groups; None when it is no valid date.
    A slash cell reads in the order `day_first` gives (None: month-first)."""
    try:
        if form == "iso" or form == "year first":
            return dt.date(int(groups[0]), int(groups[1]), int(groups[2]))
        if form == "dotted":
            return dt.date(int(groups[2]), int(groups[1]), int(groups[0]))
        if form in ("month name", "day month name"):
            name, day = (groups[0], groups[1]) if form == "month name" else (groups[1], groups[0])
            month = MONTHS.get(name.lower())
            return dt.date(int(groups[2]), month, int(day)) if month else None
        a, b, year = int(groups[0]), int(groups[1]), int(groups[2])
        year = year + 2000 if len(groups[2]) == 2 else year  # DuckDB's %y: 00-68 -> 20xx
        if len(groups[2]) == 2 and year > 2068:
            year -= 100
        return dt.date(year, b, a) if day_first else dt.date(year, a, b)
    except (ValueError, TypeError):
        return None


def classify(cell: str) -> tuple[str, tuple[str | None, ...]] | None:
    """(form, pattern groups) of one stripped cell, or None when it is none of the date forms."""
    for form, pattern in _FORMS.items():
        found = pattern.fullmatch(cell)
        if found is not None:
            return form, found.groups()
    return None


def _present(cells: list[object]) -> list[str]:
    return [v.strip() for v in cells if isinstance(v, str) and v.strip().lower() not in MISSING_TOKENS]


def looks_mixed(head: list[object]) -> bool:
    """True when at least NUMERIC_SHARE of the present cells of `head` (a column's sampled cells)
    are dates in the forms of this module: worth reading every cell (`reading`)."""
    present = _present(head)
    if not present:
        return False
    hits = sum(1 for v in present if (found := classify(v)) is not None and _readable(*found))
    return hits / len(present) >= NUMERIC_SHARE


def _readable(form: str, groups: tuple[str | None, ...]) -> bool:
    """True when the cell is a date in some reading (a slash cell in either order)."""
    return _date(form, groups, False) is not None or (form == "slash" and _date(form, groups, True) is not None)


def reading(cells: list[object]) -> MixedReading | None:
    """How a column's `cells` (every cell, or a big table's sample; str, None missing) read as
    mixed date forms, or None when under NUMERIC_SHARE of the present cells are such dates or
    they are all of one form (a column of ISO or slash dates alone is agent.numbers'). A column of
    one month-name form alone ('31 May 2025', 'May 15, 2025') is read when every present cell is
    such a date (`_named_only`); one cell of anything else leaves it text."""
    present = _present(cells)
    found = [(v, classify(v)) for v in present]
    dated = [(v, f) for v, f in found if f is not None and _readable(*f)]
    forms = {f[0] for _, f in dated}
    if not present or len(dated) / len(present) < NUMERIC_SHARE or (len(forms) < 2 and not _named_only(forms, dated, present)):
        return None  # one form alone is the one-format rules' to read or leave, but for month names
    slash = [(v, f[1]) for v, f in dated if f[0] == "slash"]
    day_first = next((v for v, g in slash if int(g[0]) > 12), None)
    month_first = next((v for v, g in slash if int(g[1]) > 12), None)
    two_ways = next((v for v, g in slash if int(g[0]) != int(g[1]) and max(int(g[0]), int(g[1])) <= 12), None)
    ambiguous, order = "", ""
    if day_first and month_first:
        ambiguous = f"'{day_first}' is day-first but '{month_first}' month-first" + (
            f", so '{two_ways}' could be either" if two_ways else "")
    elif day_first or month_first:
        order = "day-first" if day_first else "month-first"
    elif two_ways is not None:
        a, b, year = _slash_parts(two_ways)
        ambiguous = f"'{two_ways}' could be {_spoken(a, b, year)} or {_spoken(b, a, year)}, and no cell settles which"
    counts: dict[str, int] = {}
    examples: dict[str, tuple[str, str]] = {}
    for cell, (form, groups) in dated:
        counts[form] = counts.get(form, 0) + 1
        if form not in examples and not ambiguous:
            when = _date(form, groups, order == "day-first")
            if when is not None:
                examples[form] = (cell, when.isoformat())
    return MixedReading(order, counts, examples, ambiguous)


def _named_only(forms: set[str], dated: list, present: list[str]) -> bool:
    """True when every present cell is a date of one month-name form ('31 May 2025' or 'May 15,
    2025', the month spelled or cut to three letters): the one-format rules leave it text, yet it
    reads one way only, so it is typed a date (a cell that is no date keeps the column text)."""
    return len(forms) == 1 and forms <= {"month name", "day month name"} and len(dated) == len(present)


def _slash_parts(cell: str) -> tuple[int, int, str]:
    a, b, year = _FORMS["slash"].fullmatch(cell).groups()
    return int(a), int(b), year


def _spoken(day: int, month: int, year: str) -> str:
    """'5 March' for day 5 of month 3 (the year left out: both readings share it)."""
    return f"{day} {_MONTH_NAMES[month - 1].capitalize()}" if 1 <= month <= 12 else f"day {day} of month {month}"


def reason(column: str, ambiguous: str) -> str:
    """Why column `column` is not read as dates (`ambiguous`: MixedReading.ambiguous), for the
    profile and a refusal."""
    return f"{column} mixes date formats: {ambiguous}; I will not guess: write its dates one way (YYYY-MM-DD)"


def notes(found: MixedReading) -> tuple[str, ...]:
    """The parse notes of a column read as mixed date forms: the mix, then one line per form read
    otherwise than ISO; a slash form's line is worded as agent.numbers words a slash column's
    ('read as ... (day-first)'), which the router's lexicon reads the column's order from."""
    mix = ", ".join(f"{_LABELS[f]} ({n:,})" for f, n in found.counts.items())
    lines = [f"dates written several ways, each cell read by its own form: {mix}"]
    for form, (cell, iso) in found.examples.items():
        if form == "iso":
            continue
        label = found.order if form == "slash" and found.order else \
            "day and month alike" if form == "slash" else _LABELS[form]
        count = found.counts[form]
        lines.append(f"{cell!r} read as {iso} ({label})" + (f", {count:,} cells" if count > 1 else ""))
    return tuple(lines)


_LABELS = {"iso": "ISO", "year first": "year first", "dotted": "dotted, day-first", "month name": "month name",
           "day month name": "day and month name", "slash": "slash"}


def _fn(name: str, *args: exp.Expression) -> exp.Expression:
    return exp.Anonymous(this=name, expressions=list(args))


def expression(raw: exp.Expression, found: MixedReading) -> exp.Expression:
    """The typed date of raw text column `raw` as a SQL tree: CASE over the forms the column holds,
    each tested by its pattern and read by its own formats (slash dates in `found.order`, every
    other form as it is); NULL for a cell of no form (counted unparseable by the parse report)."""
    text = exp.Trim(this=exp.cast(raw, "VARCHAR"))
    ifs = []
    for form in found.counts:
        test = _fn("regexp_full_match", text.copy(), exp.Literal.string(_FORMS[form].pattern))
        if form == "iso":
            value = exp.TryCast(this=text.copy(), to=exp.DataType.build("TIMESTAMP"))
        elif form == "slash":
            order = "%d/%m" if found.order == "day-first" else "%m/%d"
            four = _fn("regexp_full_match", text.copy(), exp.Literal.string(r".*/\d{4}"))
            value = exp.Case(ifs=[exp.If(this=four, true=_fn("try_strptime", text.copy(), exp.Literal.string(
                f"{order}/%Y")))], default=_fn("try_strptime", text.copy(), exp.Literal.string(f"{order}/%y")))
        else:
            spaced = _fn("regexp_replace", text.copy(), exp.Literal.string(r"[.,\s-]+"), exp.Literal.string(" "),
                         exp.Literal.string("g")) if form in ("month name", "day month name") else text.copy()
            reads = [_fn("try_strptime", spaced.copy(), exp.Literal.string(f)) for f in _SQL_FORMATS[form]]
            value = exp.Coalesce(this=reads[0], expressions=reads[1:]) if len(reads) > 1 else reads[0]
        ifs.append(exp.If(this=test, true=exp.cast(value, "TIMESTAMP")))
    return exp.Case(ifs=ifs, default=exp.cast(exp.Null(), "TIMESTAMP"))
