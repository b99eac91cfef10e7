"""Load a CSV/TSV/Parquet file into a typed table: messy numbers and dates parsed, a leading
unnamed index dropped, headers trimmed, a role per column, and a parse report per column."""

from __future__ import annotations

import csv
import hashlib
import io
import re
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import ClassVar

import numpy as np
import pandas as pd

from agent.errors import TableLoadError, UnknownColumn
from agent.numbers import NA_VALUES, parse_cells
from agent.list_columns import ListForm, as_json_text, is_native, list_form
from agent.summary_rows import SummaryRows, drop_summary_rows
from agent.text_files import check_nul, decoded, first_lines, records, title_rows

__all__ = ["ColumnRole", "ParseReport", "Table", "load_table", "table_from_frame", "table_from_text"]

_PARQUET = {".parquet", ".pq"}
_ID_SUFFIXES = ("_id", " id", "-id", "uuid", "guid", "_num", "number", "zip", "code")
_hasher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tally-sha256")


class ColumnRole(StrEnum):
    """What a column is for: which operations make sense on it."""

    numeric = "numeric"
    categorical = "categorical"
    date = "date"
    identifier = "identifier"
    text = "text"


@dataclass(frozen=True)
class ParseReport:
    """How one column's raw text became typed values. Counts are cells."""

    missing: int
    """Blank / N/A / NA / null / None / - / nan cells."""
    unparseable: int = 0
    """Non-missing cells of a numeric/date column that did not parse (now NaN/NaT)."""
    unparseable_examples: list[str] = field(default_factory=list)
    """Up to 5 raw values that did not parse."""
    conversions: list[str] = field(default_factory=list)
    """Human notes, one per kind of conversion, e.g. "'(120.00)' read as -120 (parentheses = negative)"."""


@dataclass(eq=False)
class Table:
    """A loaded table. `df` columns are the trimmed headers: numeric columns float64/int64,
    dates datetime64[ns], everything else strings with the original text (NaN when missing).
    `sha256` is the hex digest of the file bytes (hashed in the background while loading)."""

    path: Path
    name: str
    df: pd.DataFrame
    display: dict[str, str]
    reports: dict[str, ParseReport]
    roles: dict[str, ColumnRole]
    digest: str | Future[str] = field(default="", repr=False)
    in_place: bool = False
    """True for a DataFrame another agent holds: engines scan it where it is, never copy it."""
    lies_in_file: ClassVar[bool] = False
    """True for a table read where it lies (agent.engine.view_table): `df` then holds only a sample
    and the table's values, so only SQL over the file may answer from its rows."""
    lists: dict[str, ListForm] = field(default_factory=dict)
    """List columns (agent.list_columns): column -> how its cells hold their items. Their cells
    stay text in `df` (a Parquet LIST as JSON text); the engine matches and counts their items."""
    summary: SummaryRows | None = field(default=None, repr=False)
    """Summary rows ('North Total', 'Grand Total') taken out of `df`, kept to be named and reached
    (agent.summary_rows); None when the file has none."""
    _profile: dict = field(default_factory=dict, init=False, repr=False)

    @property
    def sha256(self) -> str:
        """Hex sha256 of the file bytes as read by `load_table`."""
        if isinstance(self.digest, Future):
            self.digest = self.digest.result()
        return self.digest

    @property
    def rows(self) -> int:
        """Number of data rows."""
        return len(self.df)

    def column(self, name: str) -> str:
        """Resolve a user/model-given column name to a df column: exact, then case-insensitive and
        trimmed, then with spaces and underscores equivalent. Raises UnknownColumn with suggestions."""
        columns = [str(c) for c in self.df.columns]
        if name in columns:
            return name
        for norm in (lambda s: s.strip().casefold(), lambda s: re.sub(r"[\s_]+", "_", s.strip().casefold())):
            hits = [c for c in columns if norm(c) == norm(name)]
            if hits:
                return hits[0]
        raise UnknownColumn(name, columns)


def load_table(path: str | Path) -> Table:
    """Read a CSV/TSV (delimiter sniffed) or Parquet (.parquet/.pq) file.

    Raises TableLoadError naming the file and, where known, the line or column: missing file,
    empty file or no rows, binary content, bytes that are not UTF-8 (no silent latin-1
    fallback), rows with more fields than the header, unreadable Parquet."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise TableLoadError(path, "file not found") from None
    except OSError as exc:
        raise TableLoadError(path, f"cannot read file: {exc.strerror or exc}") from None
    if not data.strip(b" \t\r\n\x00"):
        raise TableLoadError(path, "empty file", line=1)
    if path.suffix.lower() in _PARQUET:
        raw = _read_parquet(path)
    else:
        text = decoded(path, data)
        raw = _read_csv(path, path if text is None else io.StringIO(text), data if text is None else text.encode())
    # Hashing after read_csv (which uses every core) overlaps it with the single-threaded typing.
    return _build(path, raw, _hasher.submit(lambda: hashlib.sha256(data).hexdigest()))


def table_from_text(text: str, name: str = "inline.csv") -> Table:
    """Parse CSV/TSV `text` as if it were a file called `name` (sha256 of the UTF-8 text bytes).
    Raises TableLoadError like `load_table`."""
    data = text.encode("utf-8")
    if not text.strip():
        raise TableLoadError(name, "empty file", line=1)
    check_nul(name, text)
    raw = _read_csv(name, io.StringIO(text), data)
    return _build(Path(name), raw, hashlib.sha256(data).hexdigest())


def table_notes(table: Table, notes: list[str]) -> list[str]:
    """`notes` with what the table leaves out of every computation (its summary rows) first."""
    if table.summary is None or (note := table.summary.note()) in notes:
        return notes
    return [note, *notes]


def parse_notes(table: Table, columns: list[str]) -> list[str]:
    """How the raw text of these columns was read (conversions, unparseable cells skipped), one
    line per kind, for provenance."""
    notes = []
    for name in dict.fromkeys(columns):
        report = table.reports[name]
        notes += report.conversions
        if report.unparseable:
            examples = ", ".join(repr(e) for e in report.unparseable_examples)
            notes.append(f"{report.unparseable} value(s) of {name} could not be read and were skipped: {examples}")
    return notes


def table_from_frame(frame: pd.DataFrame, name: str) -> Table:
    """A Table over a DataFrame already in memory (named `name`; sha256 of its pandas hash). Raises
    TableLoadError for a frame with no rows or no columns."""
    if frame.empty:
        raise TableLoadError(name, "no rows" if len(frame.columns) else "no columns")
    digest = hashlib.sha256(pd.util.hash_pandas_object(frame, index=False).to_numpy().tobytes()).hexdigest()
    table = _build(Path(name), frame.reset_index(drop=True), digest)
    table.in_place = True
    return table


def _sniff(data: bytes) -> str:
    """Delimiter from the header line: the most frequent of , TAB ; | outside quotes (default ,)."""
    header = first_lines(data[:65536].decode("utf-8", errors="replace"), 1)[0]
    header = re.sub(r'"[^"]*"', "", header)
    counts = {sep: header.count(sep) for sep in (",", "\t", ";", "|")}
    best = max(counts, key=counts.get)
    return best if counts[best] else ","


def _read_csv(path: str | Path, source, data: bytes) -> pd.DataFrame:
    """pandas C-engine read with missing tokens as NaN, title rows above the header skipped
    (agent.text_files.title_rows); errors become TableLoadError naming the line."""
    sep = _sniff(data)
    skip = title_rows(records(data[:65536].decode("utf-8", errors="replace").lstrip("\ufeff"), sep))
    try:
        df = pd.read_csv(source, sep=sep, na_values=NA_VALUES, keep_default_na=False, encoding="utf-8",
                         skiprows=skip)
    except UnicodeDecodeError:
        decoded(path, data)  # raises naming the line
        raise TableLoadError(path, "not UTF-8") from None
    except pd.errors.EmptyDataError:
        raise TableLoadError(path, "empty file", line=1) from None
    except pd.errors.ParserError as exc:
        line = _ragged_line(data, sep, skip)
        if line is None:
            found = re.search(r"line (\d+)", str(exc))
            line = int(found.group(1)) + skip if found else None
        raise TableLoadError(path, "row has more fields than the header", line=line) from None
    if not df.index.equals(pd.RangeIndex(len(df))):  # pandas made an implicit index from extra fields
        raise TableLoadError(path, "row has more fields than the header", line=_ragged_line(data, sep, skip) or 2)
    if df.empty:
        raise TableLoadError(path, f"no rows: the file ends after its header (line {skip + 1})", line=skip + 1)
    if skip:
        df.attrs["title_rows"] = skip
    df.attrs["duplicate_headers"] = _duplicate_headers(data, sep, [str(c) for c in df.columns], skip)
    return df


def _duplicate_headers(data: bytes, sep: str, columns: list[str], skip: int = 0) -> dict[str, str]:
    """Column -> the header the file gave it, for headers the file repeats (pandas renames the
    second 'score' to 'score.1'); {} when every header is distinct."""
    text = data[:65536].decode("utf-8", errors="replace").lstrip("\ufeff")
    header = (records(text, sep, skip + 1) or [[]])[-1]
    if len(header) != len(columns) or len(set(header)) == len(header):
        return {}
    repeated = {h for h in header if header.count(h) > 1}
    return {c: h for c, h in zip(columns, header) if h in repeated}


def _ragged_line(data: bytes, sep: str, skip: int = 0) -> int | None:
    """1-based physical line where the first record with more fields than the header (the record
    after `skip` title rows) starts; None when none does or a field is past the csv module's limit."""
    reader = csv.reader(io.StringIO(data.decode("utf-8", errors="replace"), newline=""), delimiter=sep)
    width, start = None, 1
    try:
        for number, record in enumerate(reader):
            if number == skip:
                width = len(record)
            elif width is not None and len(record) > width:
                return start
            start = reader.line_num + 1
    except csv.Error:
        return None
    return None


def _read_parquet(path: Path) -> pd.DataFrame:
    """Read a Parquet file; tz-aware timestamps become naive UTC, bools and objects become strings."""
    try:
        df = pd.read_parquet(path)
    except Exception as exc:  # pyarrow raises many types for corrupt files
        raise TableLoadError(path, f"not a readable Parquet file: {exc}") from None
    if df.empty:
        raise TableLoadError(path, "no rows")
    for col in df.columns:
        s = df[col]
        if isinstance(s.dtype, pd.DatetimeTZDtype):
            df[col] = s.dt.tz_convert(None)
        elif s.dtype == object and s.dropna().map(type).isin([pd.Timestamp, __import__("datetime").date]).all():
            df[col] = pd.to_datetime(s, errors="coerce")
    return df.reset_index(drop=True)


def _build(path: Path, raw: pd.DataFrame, digest: str | Future[str]) -> Table:
    """Drop a leading index column, trim headers, type each column, assign roles."""
    raw = _drop_index(raw)
    display, names = {}, []
    for original in raw.columns:
        trimmed = str(original).strip() or "column"
        while trimmed in display:
            trimmed += "_"
        display[trimmed] = str(original)
        names.append(trimmed)
    raw.columns = names
    reports, columns, lists = {}, {}, {}
    for name in names:
        if is_native(raw[name]):  # a Parquet LIST: kept as JSON text, matched by its items
            lists[name] = ListForm.json
            columns[name], reports[name] = raw[name].map(as_json_text).astype("str"), ParseReport(int(raw[name].isna().sum()))
            continue
        columns[name], reports[name] = _type_column(raw[name])
        if columns[name].dtype == "str" and (form := list_form(columns[name])) is not None:
            lists[name] = form
    df = pd.DataFrame(columns, index=raw.index)
    _note_duplicates(raw.attrs.get("duplicate_headers", {}), reports)
    roles = {name: infer_role(name, df[name]) for name in names}
    text = [c for c, r in roles.items() if r in (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier)
            and not pd.api.types.is_numeric_dtype(df[c])]
    df, summary = drop_summary_rows(df, text, [c for c, r in roles.items() if r is ColumnRole.numeric], reports)
    if summary is not None:
        roles = {name: infer_role(name, df[name]) for name in names}
    return Table(path, path.name, df, display, reports, roles, digest, lists=lists, summary=summary)



def _note_duplicates(duplicates: dict[str, str], reports: dict[str, ParseReport]) -> None:
    """A parse note on each column of a header the file repeats: which of the columns it is, and
    what the others were renamed to (provenance shows it wherever the column is used)."""
    for column, header in duplicates.items():
        same = [c for c, h in duplicates.items() if h == header]
        others = ", ".join(c for c in same if c != column)
        if column.strip() in reports:
            reports[column.strip()].conversions.append(
                f"the file has {len(same)} columns headed '{header}': {column} is number {same.index(column) + 1} "
                f"of them (the others are {others})")


def _drop_index(df: pd.DataFrame) -> pd.DataFrame:
    """Drop a first column with an empty / 'Unnamed: 0' header holding unique integers."""
    first = str(df.columns[0])
    if len(df.columns) > 1 and (not first.strip() or first == "Unnamed: 0"):
        s = df.iloc[:, 0]
        if pd.api.types.is_integer_dtype(s) and (bool((np.diff(s.to_numpy()) > 0).all()) or s.is_unique):
            return df.iloc[:, 1:]
    return df


def _type_column(s: pd.Series) -> tuple[pd.Series, ParseReport]:
    """Typed column and its report: numeric and datetime dtypes pass through; text is tried as
    numbers, then as dates; what stays text keeps its original strings."""
    if pd.api.types.is_bool_dtype(s):
        s = s.map({True: "True", False: "False"}).astype("str")
    if pd.api.types.is_numeric_dtype(s) or pd.api.types.is_datetime64_any_dtype(s):
        if pd.api.types.is_datetime64_any_dtype(s):
            s = s.astype("datetime64[ns]")
        return s, ParseReport(missing=int(s.isna().sum()))
    text = s.astype("str") if s.dtype != "str" else s
    parsed = parse_cells(text)
    if parsed is not None:
        return parsed.values, _report(parsed.missing, parsed.bad, parsed.conversions)
    return text, ParseReport(missing=int(text.isna().sum()))


def _report(missing: int, bad: pd.Series, conversions: list[str]) -> ParseReport:
    """ParseReport from a missing count, the raw unparseable cells and the notes."""
    return ParseReport(missing, len(bad), [str(v) for v in bad.iloc[:5]], conversions)


def infer_role(name: str, s: pd.Series) -> ColumnRole:
    """Role of a typed column. Identifier by name (`id`, `*_id`, `customerId`, `*_num`, `*number`,
    `*zip`, `*code`, `unix*`/`epoch*`) or by being all-distinct integers that increase or are
    dense (see `_id_like`) / no-space strings (> 20 rows). Large columns are judged on their first 1000 non-null values where that settles it."""
    if pd.api.types.is_datetime64_any_dtype(s):
        return ColumnRole.date
    lower = name.strip().lower()
    if (lower == "id" or lower.endswith(_ID_SUFFIXES) or re.search(r"[a-z0-9](Id|ID)$", name.strip())
            or lower.startswith(("unix", "epoch"))):
        return ColumnRole.identifier
    if pd.api.types.is_numeric_dtype(s):
        head = s.iloc[:1000].dropna()
        integral = pd.api.types.is_integer_dtype(s) or bool((head % 1 == 0).all() and (s.dropna() % 1 == 0).all())
        return ColumnRole.identifier if integral and _all_distinct(head, s) and _id_like(s) else ColumnRole.numeric
    head = [v for v in s.iloc[:1000].tolist() if isinstance(v, str)]
    spaced = sum(" " in v for v in head) / len(head) if head else 0.0
    if len(set(head)) <= 0.5 * len(head):  # the distinct share only falls as rows are added
        return ColumnRole.categorical
    values = s.dropna()
    distinct = values.nunique()
    if distinct <= 20:
        return ColumnRole.categorical
    if spaced == 0 and distinct == len(values) > 20:
        return ColumnRole.identifier
    if spaced > 0.5 and distinct > 0.5 * len(values):
        return ColumnRole.text
    return ColumnRole.categorical


def _id_like(s: pd.Series) -> bool:
    """True when all-distinct integers also look like a key: increasing in file order (a row
    number, an order id) or dense (max - min + 1 <= 2 x count: ids drawn from a block). Distinct
    quantities of a small table (units sold 385, 764, 120, ...) are neither, and stay numeric."""
    values = s.dropna()
    if values.is_monotonic_increasing:
        return True
    return float(values.max()) - float(values.min()) + 1 <= 2 * len(values)


def _all_distinct(head: pd.Series, s: pd.Series) -> bool:
    """True when the column has more than 20 non-null values, all distinct (a repeat in the head settles it)."""
    return head.is_unique and s.count() > 20 and s.dropna().is_unique
