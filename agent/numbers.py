"""Messy cell text -> typed values, vectorised with pandas `.str` operations.

Numbers: handles `$1,234.50`, `(120.00)` (negative), `−6` (U+2212 MINUS SIGN, noted), `1.2e3`, `12%` (kept as 12, noted as percent),
`6,00 US$` and `1.234,50` (decimal comma, decided once per column), currency symbols and
codes ($ € £ ¥ US$ USD EUR GBP) and the missing tokens in `MISSING_TOKENS`.
Dates: ISO 8601 (`2019-01-01 00:00:18`, `1988-03-09`) and `01/05/2024` (month-first unless a
first field > 12 shows day-first; noted as assumed when no field > 12 shows either order) and
`03.01.2024` (dotted: day-first), with optional H:M[:S]; plain integers are never dates."""

from __future__ import annotations

from typing import TYPE_CHECKING

import re
from dataclasses import dataclass


if TYPE_CHECKING:
    import pandas as pd

MISSING_TOKENS = frozenset({"", "n/a", "na", "null", "none", "-", "nan", "#n/a"})
"""Cell text (stripped, lowercased) that means 'no value'."""

NA_VALUES = ["", "N/A", "n/a", "NA", "na", "null", "NULL", "Null", "None", "none", "-", "nan", "NaN",
             "NAN", "#N/A"]
"""Exact spellings handed to `pandas.read_csv(na_values=...)` so missing cells never reach Python."""

NUMERIC_SHARE = 0.9
"""A column is numeric (or date) when at least this share of its non-missing cells parse."""

_CURRENCY = re.compile(r"US\$|USD|EUR|GBP|[$€£¥]")
_COMMA_DECIMAL = re.compile(r",\d{1,2}$|^[-+]?\d{1,3}(?:\.\d{3})+,\d+$")
_DOT_DECIMAL = re.compile(r"^[-+]?\d*\.\d{1,2}$|\.\d{4,}$|\.\d*[eE]|,\d{3}\.\d")
_SAMPLE = 200
_GROUPED = {False: re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})+,\d{3})(?:\.\d*)?(?:[eE][-+]?\d+)?"),
            True: re.compile(r"[-+]?(?:\d{1,3}(?:\.\d{3})+|\d{1,2}(?:\.\d{2})+\.\d{3})(?:,\d*)?")}
"""A body holding the thousands mark of its column's convention (',' with a decimal point, '.' with
a decimal comma, keyed by decimal_comma) reads only when the mark groups digits by three (or the
Indian 1,00,000): '34,50' in a column of '49.99' is no thousands separator and is left unread."""
_CURRENCY_OF = {"US$": "USD", "USD": "USD", "$": "USD", "EUR": "EUR", "€": "EUR", "GBP": "GBP", "£": "GBP",
                "¥": "JPY"}
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?")
_SLASH = re.compile(r"(?:\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})|\d{1,2}\.\d{1,2}\.\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?")
_DOTTED = r"\d{1,2}\.\d{1,2}\.\d{4}"
"""dd.mm.yyyy, the dotted dates of German, Russian, Nordic... files: always day-first."""
_NUMBERISH = re.compile(
    r"\(?\s*[-+\u2212]?\s*(?:US\$|USD|EUR|GBP|[$€£¥])?\s*[-+\u2212]?(?:\d[\d.,]*|\.\d+)(?:[eE][-+\u2212]?\d+)?\s*%?\s*"
    r"(?:US\$|USD|EUR|GBP|[$€£¥])?\s*\)?")


MINUS_SIGN = "\u2212"
"""U+2212 MINUS SIGN, the typeset minus ('\u22126'): read as '-'. An en dash ('\u2013') is not: it is
the range and score separator ('1990\u20131995', '2\u20131') and a blank in typeset tables, so a
leading one may be an open range ('\u20131990'), and reading it as a minus would be a guess."""

_CODE = re.compile(r"0[0-9]*[1-9][0-9]*")
_SHORT_PAD = re.compile(r"0[1-9]")


def is_code(cell: str) -> bool:
    """True for a stripped cell that is a code written with leading zeros to a width ('007',
    '00789', zip '02139'): digits only, three or more, starting with 0, not all zeros. A quantity
    is never written so; '0', '0.5', '000' and a zero-padded month or hour ('05') are not codes."""
    return bool(_CODE.fullmatch(cell)) and not _SHORT_PAD.fullmatch(cell)


def well_grouped(body: str, decimal_comma: bool) -> bool:
    """False when `body` (a cell without currency, percent or parentheses) holds its convention's
    thousands mark in a place no thousands separator stands ('34,50' with a decimal point)."""
    mark = "." if decimal_comma else ","
    return mark not in body or bool(_GROUPED[decimal_comma].fullmatch(body))


def currencies(cells: list[str]) -> set[str]:
    """The currencies the cells' signs and codes name ({'USD', 'EUR'} for '$49.99' and '€34,50')."""
    return {_CURRENCY_OF[m] for cell in cells for m in _CURRENCY.findall(cell)}


@dataclass(frozen=True)
class Parsed:
    """Result of parsing one column. `values` is float64 or datetime64[ns] aligned to the input
    index (NaN/NaT where missing or unparseable); `bad` holds the raw text of unparseable
    non-missing cells; `conversions` are human notes, one per kind, with counts."""

    values: pd.Series
    missing: int
    bad: pd.Series
    conversions: list[str]


def missing_mask(stripped: pd.Series) -> pd.Series:
    """Boolean mask of cells that are missing: NaN or a token of MISSING_TOKENS (input already stripped)."""
    missing = stripped.isna()
    short = (stripped.str.len() <= 4).to_numpy(dtype=bool)  # every token is at most 4 characters
    if short.any():
        missing[short] = missing[short] | stripped[short].str.lower().isin(MISSING_TOKENS)
    return missing


def _sample(text: pd.Series) -> list[str]:
    """Up to _SAMPLE stripped non-missing cells from the top of the column (plain Python: cheap)."""
    head = [v.strip() for v in text.iloc[: _SAMPLE * 2].tolist() if isinstance(v, str)]
    head = [v for v in head if v.lower() not in MISSING_TOKENS]
    if len(head) < _SAMPLE and len(text) > _SAMPLE * 2:
        head = [v.strip() for v in text.dropna().tolist()]
        head = [v for v in head if v.lower() not in MISSING_TOKENS]
    return head[:_SAMPLE]


def _share(pattern: re.Pattern[str], values: list[str]) -> float:
    """Share of `values` fully matching `pattern` (0 for no values)."""
    return sum(1 for v in values if pattern.fullmatch(v)) / len(values) if values else 0.0


def _present(text: pd.Series) -> tuple[pd.Series, pd.Series]:
    """(stripped non-missing cells, missing mask over the whole column)."""
    stripped = text.str.strip()
    missing = missing_mask(stripped)
    return stripped[~missing], missing


def fmt_number(value: float) -> str:
    """Short display of a parsed number: -120, 1230.45, 6."""
    return f"{value:.15g}"


def _clean(present: pd.Series, decimal_comma: bool | None) -> tuple[pd.Series, dict[str, pd.Series], bool]:
    """Strip parentheses, percent, currency and separators. Returns (float values, masks by kind,
    decimal_comma as decided). `decimal_comma=None` decides it from the values."""
    neg = present.str.startswith("(") & present.str.endswith(")")
    body = present.where(~neg, present.str.slice(1, -1)).str.strip()
    pct = body.str.endswith("%")
    body = body.where(~pct, body.str.slice(0, -1))
    currency = body.str.contains(_CURRENCY)
    minus = body.str.contains(MINUS_SIGN, regex=False)
    body = body.str.replace(MINUS_SIGN, "-", regex=False)
    body = body.str.replace(_CURRENCY, "", regex=True).str.strip().str.replace(r"^([-+])\s+", r"\1", regex=True)
    if decimal_comma is None:
        decimal_comma = int(body.str.contains(_COMMA_DECIMAL).sum()) > int(body.str.contains(_DOT_DECIMAL).sum())
    grouped = body.map(lambda b: well_grouped(b, bool(decimal_comma)))
    body = body.where(grouped.to_numpy(dtype=bool), "unread")  # NaN below, a bad cell
    if decimal_comma:
        thousands = body.str.contains(".", regex=False)
        body = body.str.replace(".", "", regex=False).str.replace(",", ".", regex=False)
        masks = {"decimal comma": body.str.contains(".", regex=False)}
    else:
        thousands = body.str.contains(",", regex=False)
        body = body.str.replace(",", "", regex=False)
        masks = {}
    import pandas as pd
    values = pd.to_numeric(body, errors="coerce").astype("float64")
    values = values.where(~neg.to_numpy(), -values)
    masks = {"parentheses = negative": neg, "percent": pct, **masks, "currency dropped": currency,
             "thousands separator": thousands, "minus sign U+2212": minus}
    return values, masks, decimal_comma


def _notes(raw: pd.Series, values: pd.Series, masks: dict[str, pd.Series]) -> list[str]:
    """One human note per kind of conversion that happened, with an example and a count."""
    notes = []
    ok = values.notna()
    for kind, mask in masks.items():
        hit = (mask & ok).to_numpy(dtype=bool)
        count = int(hit.sum())
        if count:
            at = raw.index[hit.argmax()]
            note = f"{raw[at]!r} read as {fmt_number(values[at])} ({kind})"
            notes.append(note + (f", {count:,} cells" if count > 1 else ""))
    return notes[:5]


def parse_cells(text: pd.Series) -> Parsed | None:
    """Parse a text column (str dtype, NaN for missing) as numbers, else as dates; None when it
    is neither (judged on one shared sample of up to 200 non-missing cells, then on all)."""
    sample = _sample(text)
    return parse_numbers(text, sample=sample) or parse_dates(text, sample=sample)


def parse_numbers(raw: pd.Series, share: float = NUMERIC_SHARE, sample: list[str] | None = None) -> Parsed | None:
    """Parse a column of text (str/object dtype, NaN for missing) into float64.

    Returns None when the column is not numeric: fewer than `share` of its non-missing cells
    (judged first on a sample of 200, then on all) parse, it has no non-missing cell, or some
    cell is a code with leading zeros (`is_code`: '00789' is an identifier, kept as text)."""
    text = raw if raw.dtype == "str" else raw.astype("str")
    if _share(_NUMBERISH, _sample(text) if sample is None else sample) < share:
        return None
    present, missing = _present(text)
    if present.map(is_code).any():  # an identifier column: its cells stay as written
        return None
    if len(currencies(present.tolist())) > 1:  # '$49.99' beside '€34,50': no one number adds them up
        return None
    values, masks, _ = _clean(present, None)
    ok = values.notna()
    if ok.mean() < share:
        return None
    import numpy as np
    import pandas as pd
    out = pd.Series(np.nan, index=raw.index, dtype="float64")
    out[present.index] = values
    bad = raw[present.index[~ok.to_numpy()]]
    return Parsed(out, int(missing.sum()), bad, _notes(raw[present.index], values, masks))


def parse_dates(text: pd.Series, sample: list[str] | None = None) -> Parsed | None:
    """Parse a text column (str dtype, NaN for missing) as datetime64[ns] when a 200-cell sample
    looks like ISO or m/d/y dates and at least 90% of non-missing cells parse; None otherwise."""
    sample = _sample(text) if sample is None else sample
    iso = _share(_ISO, sample) >= NUMERIC_SHARE
    if not iso and _share(_SLASH, sample) < NUMERIC_SHARE:
        return None
    if iso and (fast := _arrow_iso(text)) is not None:
        return Parsed(fast, int(text.isna().sum()), text.iloc[:0], [])
    present, missing = _present(text)
    notes: list[str] = []
    if iso:
        values = _iso_dates(present)
        offset = present.str.contains(r"(?:Z|[+-]\d{2}:?\d{2})$") & values.notna()
        if offset.any():
            at = offset.idxmax()
            notes.append(f"{present[at]!r} read as {values[at].isoformat()} (offset converted to UTC)"
                         + (f", {int(offset.sum()):,} cells" if offset.sum() > 1 else ""))
    else:
        values, notes = _slash_dates(present)
    ok = values.notna()
    if ok.mean() < NUMERIC_SHARE:
        return None
    import pandas as pd
    out = pd.Series(pd.NaT, index=text.index, dtype="datetime64[ns]")
    out[present.index] = values
    return Parsed(out, int(missing.sum()), text[present.index[~ok.to_numpy()]], notes)


def _arrow_iso(text: pd.Series) -> pd.Series | None:
    """Fast path: Arrow's cast when every non-null cell is clean ISO 8601 without offset; else None."""
    import pyarrow as pa

    try:
        arrow = pa.array(text, type=pa.string()).cast(pa.timestamp("ns"))
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, TypeError):
        return None
    import pandas as pd
    return pd.Series(arrow.to_numpy(zero_copy_only=False), index=text.index).astype("datetime64[ns]")


def _iso_dates(present: pd.Series) -> pd.Series:
    """ISO 8601 text -> datetime64[ns] (naive; offsets converted to UTC)."""
    import pandas as pd

    values = pd.to_datetime(present, format="ISO8601", errors="coerce", utc=True)
    return values.dt.tz_convert(None).astype("datetime64[ns]")


def dotted(present: pd.Series) -> bool:
    """True when most stripped present cells of a date column are dotted dates (dd.mm.yyyy)."""
    return bool(present.str.match(_DOTTED).mean() >= 0.5) if len(present) else False


def _slash_dates(present: pd.Series) -> tuple[pd.Series, list[str]]:
    """m/d/Y text (d/m/Y when some first field > 12; d.m.Y always), optional H:M[:S] ->
    datetime64[ns] and a note (its order noted as assumed when no field > 12 shows it)."""
    dayfirst = dotted(present) or bool(present.str.match(r"(?:1[3-9]|[23]\d)/").any())
    order, label = ("%d/%m", "day-first") if dayfirst else ("%m/%d", "month-first")
    if dotted(present):
        order = "%d.%m"
    elif not dayfirst and not present.str.match(r"\d{1,2}/(?:1[3-9]|[23]\d)/").any():
        label += ASSUMED  # no cell shows the order: month-first is a default
    import pandas as pd
    values = pd.Series(pd.NaT, index=present.index, dtype="datetime64[ns]")
    for year in ("%Y", "%y"):
        for clock in (" %H:%M:%S", " %H:%M", ""):
            todo = values.isna()
            if not todo.any():
                break
            parsed = pd.to_datetime(present[todo], format=f"{order}{order[2]}{year}{clock}", errors="coerce")
            # a year outside datetime64[ns] (1677-2262: '1/17/1599') is left unparsed, never a crash
            values[todo] = parsed.where(parsed.dt.year.between(1678, 2261)).astype("datetime64[ns]")
    ok = values.notna().to_numpy()
    if not ok.any():
        return values, []
    at = present.index[ok.argmax()]
    note = f"{present[at]!r} read as {values[at].date().isoformat()} ({label})"
    return values, [note + (f", {int(ok.sum()):,} cells" if ok.sum() > 1 else "")]


ASSUMED = ", assumed: no day above 12 shows the order"
"""Added to a slash-date note's order when no cell settles it (every first and second field is
12 or less): the month-first reading is a default, and what depends on it is refused
(agent/router/verify/date_order.py)."""


class AmbiguousNumber(ValueError):
    """A question's number whose digits read differently under the decimal-point and decimal-comma
    conventions ('1.000': 1 or 1000) and the compared column does not say which; the message names it."""


_QUESTION_NUMBER = re.compile(r"[-+]?\d(?:[\d,.]*\d)?(?:[eE][-+]?\d+)?")


def question_number(text: str, convention: str | None) -> float:
    """A number as written in a question ('$1,000', '2,5', '1.000,00', '12%') read by the compared
    column's decimal `convention`: 'comma' (its cells use a decimal comma, '1,50'), 'dot' (decimal
    point or comma thousands seen in its cells) or None (no evidence: whole numbers only).

    Separators never silently join or drop digits: '2,5' is 2.5 in a decimal-comma column and
    refused elsewhere; '1.000' is 1000 (comma) or 1 (dot) and refused with no convention; '1,000' is
    1 in a decimal-comma column, else 1000; '1.000,00' and '1,000.50' carry both separators and read
    one way only. Raises AmbiguousNumber naming the text when no reading is sure."""
    found = _QUESTION_NUMBER.search(text.replace(" ", ""))
    if found is None:
        raise AmbiguousNumber(f"'{text}' is not a number")
    body = found.group()
    if "e" in body.lower() or ("," not in body and "." not in body):
        return float(body.replace(",", ""))
    sign = -1.0 if body.startswith("-") else 1.0
    return sign * _separated(body.lstrip("+-"), text, convention)


def _groups_of_thousands(parts: list[str]) -> bool:
    return 1 <= len(parts[0]) <= 3 and all(len(p) == 3 for p in parts[1:])


def _separated(body: str, text: str, convention: str | None) -> float:
    """Digits with ',' and/or '.' separators -> float, by the rules of `question_number`."""
    if "," in body and "." in body:
        decimal = "," if body.rfind(",") > body.rfind(".") else "."
        thousands = "." if decimal == "," else ","
        whole, _, frac = body.rpartition(decimal)
        if decimal in whole or not _groups_of_thousands(whole.split(thousands)):
            raise AmbiguousNumber(f"I cannot read the number '{text}' (its separators do not group thousands)")
        return float(whole.replace(thousands, "") + "." + frac)
    mark = "," if "," in body else "."
    parts = body.split(mark)
    grouped, decimal_ok = _groups_of_thousands(parts), len(parts) == 2
    comma_means_decimal = convention == "comma"
    if grouped and not decimal_ok:  # '1,000,000', '1.000.000'
        return float("".join(parts))
    if mark == "," and decimal_ok and (comma_means_decimal or not grouped):
        if comma_means_decimal:
            return float(".".join(parts))
        raise AmbiguousNumber(f"'{text}' is written with a decimal comma, but the compared column is not read "
                              f"with one: write {'.'.join(parts)} or {''.join(parts)}")
    if mark == ",":
        return float("".join(parts))  # '1,000' in a column without decimal commas: thousands
    if grouped and decimal_ok:  # '1.000'
        if convention is None:
            raise AmbiguousNumber(f"'{text}' may be {float(body):g} (decimal point) or {''.join(parts)} (thousands "
                                  "point), and the compared column's cells do not show which: write it without the point")
        return float("".join(parts)) if comma_means_decimal else float(body)
    if decimal_ok:
        return float(body)
    raise AmbiguousNumber(f"I cannot read the number '{text}'")


def lenient_number(text: str) -> float:
    """The reading of a question's number before its column is known: the decimal-point one when it
    is sure or the usual ('1.000' -> 1), else the decimal-comma one ('2,5' -> 2.5); re-read by the
    compared column with `question_number` once the column is known. Raises AmbiguousNumber naming
    the text when it is no number in either convention ('05.01.2024')."""
    for convention in ("dot", "comma"):
        try:
            return question_number(text, convention)
        except AmbiguousNumber:
            continue
    try:
        return float(re.sub(r"[$€£,%]", "", text))  # '1,00.0': as read before separators were checked
    except ValueError:  # '05.01.2024', '1.2.3': no number at all
        raise AmbiguousNumber(f"I cannot read '{text}' as a number or a date (dates are read written "
                              "2024-01-05 or 01/05/2024)") from None
