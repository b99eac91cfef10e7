"""Load a CSV/TSV/Parquet file into a typed table: messy numbers and dates parsed, a leading
unnamed index dropped, headers trimmed, a role per column, and a parse report per column."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar


from agent.errors import TableLoadError, UnknownColumn
from agent.list_columns import as_json_text
from agent.numbers import NA_VALUES, parse_cells
from agent.text_files import check_nul, decoded, first_lines, records, title_rows
from agent.table_type import ColumnRole, ParseReport, Table, infer_role, parse_notes

if TYPE_CHECKING:
    import pandas as pd

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
    from agent.relation import FRAME_ROWS, cached_table, open_file

    path = Path(path)
    rows = FRAME_ROWS if frame_rows is None else frame_rows
    try:
        size = path.stat().st_size
        with path.open("rb") as file:
            head = file.read(65536)
    except FileNotFoundError:
        raise TableLoadError(path, "file not found") from None
    except OSError as exc:
        raise TableLoadError(path, f"cannot read file: {exc.strerror or exc}") from None
    if not head.strip(b" \t\r\n\x00"):
        raise TableLoadError(path, "empty file", line=1)
    suffix = path.suffix.lower()
    if suffix not in _PARQUET and suffix not in {".jsonl", ".ndjson"}:
        return _load_text(path, head, size, rows)
    if (table := cached_table(path, frame_rows=rows)) is not None:
        return table
    try:
        return open_file(path, frame_rows=rows, digest=_hasher.submit(file_sha256, path))
    except TableLoadError as exc:
        if suffix not in _PARQUET and (bad := _bad_json_line(path)) is not None:
            raise TableLoadError(path, f"not a readable JSON-lines file: {bad[1]}", line=bad[0]) from None
        reason = "no rows" if exc.reason == "no rows" else f"not a readable {'Parquet' if suffix in _PARQUET else 'JSON-lines'} file: {exc.reason}"
        raise TableLoadError(path, reason) from None


def _bad_json_line(path: Path) -> tuple[int, str] | None:
    """(line number, what is wrong) of the first non-blank line of a JSON-lines file that is not a
    JSON object, counted from 1 as an editor shows it (DuckDB's message counts otherwise); None
    when every line is one (the file failed for another reason)."""
    import json

    with path.open("rb") as file:
        for number, raw in enumerate(file, start=1):
            if not raw.strip():
                continue
            try:
                value = json.loads(raw)
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                return number, f"the line is not JSON ({getattr(exc, 'msg', None) or exc.reason})"
            if not isinstance(value, dict):
                return number, f"the line is a JSON {type(value).__name__}, not an object of named fields"
    return None


def _load_text(path: Path, head: bytes, size: int, rows: int) -> Table:
    """A CSV/TSV file (`head`: its first 64 KiB) as load_table reads it. A file an earlier open
    kept in the table cache, unchanged since, is not checked, hashed or typed again (it passed)."""
    from agent.relation import cached_table, open_file

    sep = _sniff(head)
    skip = title_rows(records(head.decode("utf-8", errors="replace").lstrip("\ufeff"), sep))
    headers = _header(head, sep, skip)
    options = {"delimiter": sep, "null_tokens": NA_VALUES, "headers": headers, "frame_rows": rows, "skip": skip}
    table = cached_table(path, **options)
    if table is not None and len(table.display) + _dropped(headers, table) == len(headers):
        _note_duplicates(_duplicate_headers(head, sep, _pandas_names(headers), skip), table.reports)
        return table
    digest = _hasher.submit(file_sha256, path)
    # NUL bytes and bytes that are not UTF-8 are refused naming the line; UTF-16/32 is transcoded
    text = decoded(path, path.read_bytes() if size <= CHECK_WHOLE_BYTES else head[: head.rfind(b"\n") + 1] or head)
    if text is not None:
        return _build(path, _read_csv(path, io.StringIO(text), text.encode()), digest)
    try:
        table = open_file(path, digest=digest, **options)
    except TableLoadError:
        table = None
    if table is None or len(table.display) + _dropped(headers, table) != len(headers):
        data = path.read_bytes()  # DuckDB refused it, or a row is longer than the header: say where
        table = _build(path, _read_csv(path, path, data), digest)
    else:
        _note_duplicates(_duplicate_headers(head, sep, _pandas_names(headers), skip), table.reports)
    return table


CHECK_WHOLE_BYTES = 64 * 1024 * 1024
"""Files up to this size are checked whole for NUL bytes and UTF-8 before DuckDB reads them;
bigger ones by their first 64 KB."""


def file_sha256(path: Path) -> str:
    """Hex sha256 of a file's bytes, read in 1 MiB blocks (the table digest and the web's upload id)."""
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _header(head: bytes, sep: str, skip: int = 0) -> list[str]:
    """The header record's fields (the record after `skip` title rows) as the file gives them,
    named the way pandas names them (an empty header 'Unnamed: i', a repeated one 'x.1')."""
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff")
    found = records(text, sep, skip + 1)
    return _pandas_names(found[skip] if len(found) > skip else [])


def _pandas_names(fields: list[str]) -> list[str]:
    names: list[str] = []
    for i, name in enumerate(fields):
        base = name if name.strip() else f"Unnamed: {i}"
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
        raise TableLoadError(name, "empty file", line=1)
    check_nul(name, text)
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
    table = _build(Path(name), frame.reset_index(drop=True), _frame_digest(frame))
    table.in_place = True
    return table


def _frame_digest(frame: pd.DataFrame) -> str:
    """Hex sha256 of a frame's pandas hash; cells pandas cannot hash (lists, as a LIST column
    holds, or dicts) are hashed by their JSON text."""
    import pandas as pd

    try:
        values = pd.util.hash_pandas_object(frame, index=False)
    except TypeError:
        text = frame.copy(deep=False)
        for name in text.columns[text.dtypes == object]:
            text[name] = text[name].map(_cell_text)
        values = pd.util.hash_pandas_object(text, index=False)
    return hashlib.sha256(values.to_numpy().tobytes()).hexdigest()


def _cell_text(cell: object) -> object:
    """A list or dict cell as JSON text; any other cell as it is."""
    if isinstance(cell, dict):
        return json.dumps(cell, default=str, sort_keys=True)
    return as_json_text(cell)


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
    import pandas as pd
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
    df.attrs["duplicate_headers"] = _duplicate_headers(data, sep, [str(c) for c in df.columns], skip)
    return df


def _duplicate_headers(data: bytes, sep: str, columns: list[str], skip: int = 0) -> dict[str, str]:
    """Column -> the header the file gave it, for headers the file repeats (pandas renames the
    second 'score' to 'score.1'); {} when every header is distinct. Any line ending."""
    text = data[:65536].decode("utf-8", errors="replace").lstrip("\ufeff")
    found = records(text, sep, skip + 1)
    header = found[skip] if len(found) > skip else []
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
