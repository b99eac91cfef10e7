"""The bytes of a delimited text file made safe to parse: encoding (UTF-8, with or without a BOM;
UTF-16/32 with a BOM), NUL bytes, line endings (CR-only, CRLF, LF, mixed), and title rows above
the header (a report title an Excel export leaves in its first cells). Every refusal is a
TableLoadError naming the file and the line."""

from __future__ import annotations

import codecs
import csv
import io
import re
from pathlib import Path

from agent.errors import TableLoadError

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
_LINE_END = re.compile(r"\r\n|\r|\n")
TITLE_ROWS_MAX = 10
"""At most this many rows above the header are taken for a title (more and nothing is skipped)."""


def wide_encoding(data: bytes) -> str | None:
    """'utf-32' or 'utf-16' when `data` starts with that encoding's byte-order mark, else None."""
    return next((name for bom, name in _BOMS if data.startswith(bom)), None)


def decoded(path: str | Path, data: bytes) -> str | None:
    """The text of `data` when it needs transcoding (a UTF-16/32 BOM), None when it is UTF-8 as it
    lies (a UTF-8 BOM is left for the parser to drop). Raises TableLoadError naming the line for
    NUL bytes (binary content) and for bytes that are not UTF-8 (no latin-1/cp1252 guessing: the
    wrong guess would silently change text values)."""
    wide = wide_encoding(data)
    if wide is not None:
        try:
            text = data.decode(wide)
        except UnicodeDecodeError as exc:
            raise TableLoadError(path, f"not valid {wide.upper()} text (byte offset {exc.start})") from None
        check_nul(path, text)
        return text.lstrip("\ufeff")
    check_nul(path, data)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + data.count(b"\r", 0, exc.start) - data.count(b"\r\n", 0, exc.start) + 1
        raise TableLoadError(path, f"not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}; re-save the "
                                   "file as UTF-8 (no latin-1/cp1252 guessing is done)", line=line) from None
    return None


def check_nul(path: str | Path, data: bytes | str) -> None:
    """Refuse content holding a NUL byte (binary, or a corrupt export), naming its line."""
    nul = b"\x00" if isinstance(data, bytes) else "\x00"
    at = data.find(nul)
    if at >= 0:
        raise TableLoadError(path, f"binary file (a NUL byte at offset {at}), not CSV/TSV text",
                             line=line_of(data, at))


def line_of(data: bytes | str, offset: int) -> int:
    """1-based physical line of `offset`, counting CRLF, CR and LF as line ends."""
    head = data[:offset]
    if isinstance(head, bytes):
        head = head.decode("utf-8", errors="replace")
    return len(_LINE_END.findall(head)) + 1


def first_lines(text: str, n: int) -> list[str]:
    """The first `n` physical lines of `text` (any line ending), without their line ends."""
    return _LINE_END.split(text, maxsplit=n)[:n]


def records(text: str, sep: str, n: int = 30) -> list[list[str]]:
    """The first `n` records of `text` parsed as CSV with delimiter `sep` (quoted fields may span
    lines; a field past the csv module's size limit ends the sample)."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep)
    out: list[list[str]] = []
    try:
        for record in reader:
            out.append(record)
            if len(out) >= n:
                break
    except csv.Error:
        pass
    return out


def title_rows(rows: list[list[object]]) -> int:
    """How many rows above the header are a title: leading rows that are blank or hold a single
    cell in their first column ('Sales report 2024', merged across the sheet), followed by a row
    whose every cell is filled and that is as wide as the widest row of the sample. 0 when the
    rows do not fit that shape (nothing is skipped on doubt)."""
    def filled(row: list[object]) -> list[bool]:
        return [cell is not None and str(cell).strip() not in ("", "nan") for cell in row]

    width = max((sum(filled(r)) for r in rows), default=0)
    if width < 2:
        return 0
    for i, row in enumerate(rows[: TITLE_ROWS_MAX + 1]):
        cells = filled(row)
        if sum(cells) == width and all(cells[:width]):
            return i
        if sum(cells) > 1 or (sum(cells) == 1 and not cells[0]):
            return 0
    return 0
