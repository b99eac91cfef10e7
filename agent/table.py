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
from agent.summary_rows import drop_summary_rows
from agent.table_type import ColumnRole, ParseReport, Table, infer_role, parse_notes

__all__ = ["ColumnRole", "ParseReport", "Table", "load_table", "table_from_frame", "table_from_text"]

_PARQUET = {".parquet", ".pq"}
_ID_SUFFIXES = ("_id", " id", "-id", "uuid", "guid", "_num", "number", "zip", "code")
_hasher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tally-sha256")


def load_table(path: str | Path, *, frame_rows: int | None = None) -> Table:
    """Read a CSV/TSV (delimiter sniffed), Parquet (.parquet/.pq) or JSON-lines file on the one
    path (agent.relation): DuckDB reads it, the typing is decided from a sample and run as SQL.
    `frame_rows`: tables with more rows stay where they lie (default agent.relation.FRAME_ROWS).

    Raises TableLoadError naming the file and, where known, the line or column: missing file,
    empty file or no rows, binary content, bytes that are not UTF-8 (no silent latin-1
    fallback), rows with more fields than the header, unreadable Parquet."""
    from agent.relation import FRAME_ROWS, file_source, open_file, open_relation

    path = Path(path)
    rows = FRAME_ROWS if frame_rows is None else frame_rows
    try:
        with path.open("rb") as file:
            head = file.read(65536)
    except FileNotFoundError:
        raise TableLoadError(path, "file not found") from None
    except OSError as exc:
        raise TableLoadError(path, f"cannot read file: {exc.strerror or exc}") from None
    if not head.strip():
        raise TableLoadError(path, "empty file")
    digest = _hasher.submit(_file_sha256, path)
    suffix = path.suffix.lower()
    if suffix in _PARQUET or suffix in {".jsonl", ".ndjson"}:
        try:
            table = open_file(path, frame_rows=rows, digest=digest)
        except TableLoadError as exc:
            reason = "no rows" if exc.reason == "no rows" else f"not a readable {'Parquet' if suffix in _PARQUET else 'JSON-lines'} file: {exc.reason}"
            raise TableLoadError(path, reason) from None
        return table
    _check_text(path, head)
    sep = _sniff(head)
    headers = _header(head, sep)
    try:
        text = _text_rows(path, sep, len(headers), rows)
        if text is None:  # more rows than a frame holds: read where it lies
            table = open_file(path, delimiter=sep, null_tokens=NA_VALUES, headers=headers, frame_rows=rows, digest=digest)
        else:
            table = open_relation(path, file_source(path.resolve(), sep, NA_VALUES), digest, frame=text, headers=headers)
    except (TableLoadError, ValueError, OSError):  # pyarrow's ArrowInvalid is a ValueError
        table = None
    if table is None or len(table.display) + _dropped(headers, table) != len(headers):
        data = path.read_bytes()  # DuckDB refused it, or a row is longer than the header: say where
        table = _build(path, _read_csv(path, path, data), digest)
    else:
        _note_duplicates(_duplicate_headers(head, sep, _pandas_names(headers)), table.reports)
    return table


def _text_rows(path: Path, sep: str, width: int, limit: int):
    """Every row of a CSV/TSV as text (a pyarrow Table, columns c0, c1, ...; the loader's missing
    tokens as null), or None when it has more than `limit` rows. Raises pyarrow's ArrowInvalid
    (a ValueError) for a row of another width or bytes that are not UTF-8: the pandas reader then
    says where."""
    import pyarrow as pa
    import pyarrow.csv as pc

    names = [f"c{i}" for i in range(width)]
    reader = pc.open_csv(path, read_options=pc.ReadOptions(column_names=names, skip_rows=1, block_size=1 << 22),
                         parse_options=pc.ParseOptions(delimiter=sep, newlines_in_values=True),
                         convert_options=pc.ConvertOptions(column_types={n: pa.string() for n in names},
                                                           null_values=NA_VALUES, strings_can_be_null=True,
                                                           quoted_strings_can_be_null=True))
    batches, rows = [], 0
    for batch in reader:
        batches.append(batch)
        rows += batch.num_rows
        if rows > limit:
            return None
    return pa.Table.from_batches(batches, schema=reader.schema)


def _file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _header(head: bytes, sep: str) -> list[str]:
    """The header record's fields as the file gives them, named the way pandas names them
    (an empty header 'Unnamed: i', a repeated one 'x.1')."""
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff")
    fields = next(csv.reader(io.StringIO(text, newline=""), delimiter=sep), [])
    return _pandas_names(fields)


def _pandas_names(fields: list[str]) -> list[str]:
    names: list[str] = []
    for i, name in enumerate(fields):
        base = name if name else f"Unnamed: {i}"
        name, n = base, 0
        while name in names:
            n += 1
            name = f"{base}.{n}"
        names.append(name)
    return names


def _dropped(headers: list[str], table: Table) -> int:
    """1 when the loader dropped a leading index column, else 0."""
    return 1 if headers and headers[0] not in table.display.values() else 0


def table_from_text(text: str, name: str = "inline.csv") -> Table:
    """Parse CSV/TSV `text` as if it were a file called `name` (sha256 of the UTF-8 text bytes).
    Raises TableLoadError like `load_table`."""
    import tempfile

    data = text.encode("utf-8")
    if not text.strip():
        raise TableLoadError(name, "empty file")
    _check_text(name, data)
    with tempfile.TemporaryDirectory(prefix="tally-text-") as folder:
        path = Path(folder) / Path(name).name
        path.write_bytes(data)
        try:
            table = load_table(path, frame_rows=max(text.count("\n") + 1, 1))
        except TableLoadError as exc:
            raise TableLoadError(name, exc.reason, line=exc.line) from None
    table.path, table.name, table.digest = Path(name), Path(name).name, hashlib.sha256(data).hexdigest()
    return table


def table_from_frame(frame: pd.DataFrame, name: str) -> Table:
    """A Table over a DataFrame already in memory (named `name`; sha256 of its pandas hash), on
    the one path: typed by SQL over the frame. Raises TableLoadError for a frame with no rows or
    no columns."""
    if frame.empty:
        raise TableLoadError(name, "no rows" if len(frame.columns) else "no columns")
    digest = hashlib.sha256(pd.util.hash_pandas_object(frame, index=False).to_numpy().tobytes()).hexdigest()
    table = _build(Path(name), frame.reset_index(drop=True), digest)
    table.in_place = True
    return table


def _check_text(path: str | Path, data: bytes) -> None:
    """Reject binary content (NUL in the first 8 KB)."""
    if b"\x00" in data[:8192]:
        raise TableLoadError(path, "binary file (NUL bytes in the first 8 KB), not CSV/TSV text")


def _sniff(data: bytes) -> str:
    """Delimiter from the header line: the most frequent of , TAB ; | outside quotes (default ,)."""
    header = data[:65536].split(b"\n", 1)[0].decode("utf-8", errors="replace")
    header = re.sub(r'"[^"]*"', "", header)
    counts = {sep: header.count(sep) for sep in (",", "\t", ";", "|")}
    best = max(counts, key=counts.get)
    return best if counts[best] else ","


def _read_csv(path: str | Path, source, data: bytes) -> pd.DataFrame:
    """pandas C-engine read with missing tokens as NaN; errors become TableLoadError."""
    sep = _sniff(data)
    try:
        df = pd.read_csv(source, sep=sep, na_values=NA_VALUES, keep_default_na=False, encoding="utf-8")
    except UnicodeDecodeError:
        _raise_undecodable(path, data)
    except pd.errors.EmptyDataError:
        raise TableLoadError(path, "empty file") from None
    except pd.errors.ParserError as exc:
        line = _ragged_line(data, sep)
        if line is None:
            found = re.search(r"line (\d+)", str(exc))
            line = int(found.group(1)) if found else None
        raise TableLoadError(path, "row has more fields than the header", line=line) from None
    if not df.index.equals(pd.RangeIndex(len(df))):  # pandas made an implicit index from extra fields
        raise TableLoadError(path, "row has more fields than the header", line=_ragged_line(data, sep) or 2)
    if df.empty:
        raise TableLoadError(path, "no rows (header only)")
    df.attrs["duplicate_headers"] = _duplicate_headers(data, sep, [str(c) for c in df.columns])
    return df


def _duplicate_headers(data: bytes, sep: str, columns: list[str]) -> dict[str, str]:
    """Column -> the header the file gave it, for headers the file repeats (pandas renames the
    second 'score' to 'score.1'); {} when every header is distinct."""
    line = data[:65536].split(b"\n", 1)[0].decode("utf-8", errors="replace").lstrip("\ufeff").rstrip("\r")
    header = next(csv.reader([line], delimiter=sep), [])
    if len(header) != len(columns) or len(set(header)) == len(header):
        return {}
    repeated = {h for h in header if header.count(h) > 1}
    return {c: h for c, h in zip(columns, header) if h in repeated}


def _raise_undecodable(path: str | Path, data: bytes) -> None:
    """Raise TableLoadError at the first byte that is not UTF-8, with its offset and line."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        reason = (f"not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}; "
                  "re-save the file as UTF-8 (no latin-1/cp1252 guessing is done)")
        raise TableLoadError(path, reason, line=line) from None
    raise TableLoadError(path, "not UTF-8")


def _ragged_line(data: bytes, sep: str) -> int | None:
    """1-based physical line where the first record with more fields than the header starts."""
    reader = csv.reader(io.StringIO(data.decode("utf-8", errors="replace"), newline=""), delimiter=sep)
    width, start = None, 1
    for record in reader:
        if width is None:
            width = len(record)
        elif len(record) > width:
            return start
        start = reader.line_num + 1
    return None


def _build(path: Path, raw: pd.DataFrame, digest: str | Future[str]) -> Table:
    """The Table of rows already in memory (`raw`, one column per header): typed whole by SQL on
    the one path (agent.relation); repeated headers noted."""
    from agent.relation import open_relation

    headers = [str(c) for c in raw.columns]
    frame = raw.copy(deep=False)
    frame.columns = [f"c{i}" for i in range(len(headers))]  # DuckDB needs distinct, plain names
    table = open_relation(path, None, digest, frame=frame, headers=headers)
    _note_duplicates(raw.attrs.get("duplicate_headers", {}), table.reports)
    return table


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
