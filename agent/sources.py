"""Opening any supported file as a table: CSV/TSV (delimiter sniffed), Parquet, JSON lines and
Excel (each sheet a table: `book.xlsx#Sheet2`; the first sheet without one). Every one takes the
one path (agent/relation.py): a DuckDB relation typed by SQL decided from a sample, whatever its
size; tables past `frame_rows` rows are read where they lie."""

from __future__ import annotations

from typing import TYPE_CHECKING

import hashlib
import math
from pathlib import Path


from agent.errors import TableLoadError
from agent.table import Table, _build, load_table
from agent.text_files import title_rows

if TYPE_CHECKING:
    import pandas as pd

EXCEL = {".xlsx", ".xlsm", ".xls", ".xlsb", ".ods"}
JSON_LINES = {".jsonl", ".ndjson"}


def split_sheet(spec: str | Path) -> tuple[Path, str | None]:
    """'book.xlsx#Sales' -> (Path('book.xlsx'), 'Sales'); anything else -> (path, None)."""
    text = str(spec)
    if "#" in text:
        head, sheet = text.rsplit("#", 1)
        if Path(head).suffix.lower() in EXCEL:
            return Path(head), sheet
    return Path(text), None


def sheet_names(path: str | Path) -> list[str]:
    """The sheet names of an Excel workbook, in order. Raises TableLoadError for unreadable files."""
    from python_calamine import CalamineWorkbook

    try:
        return list(CalamineWorkbook.from_path(str(path)).sheet_names)
    except Exception as exc:  # calamine raises its own error types for corrupt files
        raise TableLoadError(path, f"not a readable Excel workbook: {exc}") from None


def expand(specs: list[str | Path]) -> list[str]:
    """Each spec as table specs: an Excel workbook named without a sheet becomes one spec per
    sheet that holds rows ('book.xlsx#Sheet1', 'book.xlsx#Sheet2'; an empty sheet is left out);
    anything else stays as it is."""
    out: list[str] = []
    for spec in specs:
        path, sheet = split_sheet(spec)
        if path.suffix.lower() in EXCEL and sheet is None and path.exists():
            out += [f"{path}#{name}" for name in readable_sheets(path)]
        else:
            out.append(str(spec))
    return out


def table_names(specs: list[str | Path]) -> list[str]:
    """A name per spec: the file stem ('sales' for sales.csv), the stem and sheet for a sheet
    ('book_Sheet2'), with _2, _3... appended to repeats, in order."""
    names: list[str] = []
    for spec in specs:
        path, sheet = split_sheet(spec)
        base = f"{path.stem}_{sheet}" if sheet is not None else path.stem
        name, n = base, 1
        while name in names:
            n += 1
            name = f"{base}_{n}"
        names.append(name)
    return names


def open_table(spec: str | Path, *, frame_rows: int | None = None) -> Table:
    """The table at `spec` (a path, or 'book.xlsx#Sheet'). `frame_rows`: tables with more rows stay
    where they lie, `df` then their value frame (default agent.relation.FRAME_ROWS). Raises
    TableLoadError naming the file (and sheet) for anything unreadable: missing, empty, binary,
    not UTF-8, ragged, unknown sheet; any other reader error becomes one too, never a traceback."""
    try:
        return _open(spec, frame_rows)
    except (TableLoadError, MemoryError):
        raise
    except Exception as exc:  # a reader's own error on a file it cannot parse is a refusal, never a traceback
        raise TableLoadError(spec, f"could not be read as a table ({type(exc).__name__}: {exc})") from None


def _open(spec: str | Path, frame_rows: int | None) -> Table:
    path, sheet = split_sheet(spec)
    if not path.exists():
        raise TableLoadError(path, "file not found")
    if not path.is_file() and not path.is_dir():  # reading a FIFO would block until a writer comes
        raise TableLoadError(path, "not a regular file (a pipe, socket or device): save it to a file first")
    if path.suffix.lower() in EXCEL:
        return _excel(path, sheet)
    return load_table(path, frame_rows=frame_rows)


def _excel(path: Path, sheet: str | None) -> Table:
    """One sheet (by default the first that holds rows) read by python-calamine; title rows above
    the header are skipped (agent.text_files.title_rows), the next row is the header."""
    names = sheet_names(path)
    if sheet is not None and sheet not in names:
        raise TableLoadError(path, f"no sheet {sheet!r}; sheets: {', '.join(names)}")
    if sheet is None:
        filled = [n for n in names if len(_sheet_rows(path, n)[0]) >= 2]
        sheet = filled[0] if filled else (names[0] if names else None)
        if sheet is None:
            raise TableLoadError(path, "the workbook has no sheets")
    rows, skip = _sheet_rows(path, sheet)
    if len(rows) < 2:
        raise TableLoadError(f"{path}#{sheet}", "no rows (header only)" if rows else "empty sheet", line=skip + 1)
    header = ["" if h is None else str(h) for h in rows[0]]
    import pandas as pd
    raw = pd.DataFrame(rows[1:], columns=header)
    table = _build(Path(f"{path}#{sheet}"), _as_text(raw), hashlib.sha256(path.read_bytes() + sheet.encode()).hexdigest())
    table.path = path
    return table


def _sheet_rows(path: Path, name: str) -> tuple[list[list[object]], int]:
    """(rows from the header on, title rows skipped) of one sheet; blank trailing rows dropped."""
    from python_calamine import CalamineWorkbook

    try:
        rows = CalamineWorkbook.from_path(str(path)).get_sheet_by_name(name).to_python(skip_empty_area=True)
    except Exception as exc:  # calamine raises its own error types for corrupt sheets
        raise TableLoadError(f"{path}#{name}", f"not a readable sheet: {exc}") from None
    while rows and all(c in (None, "") for c in rows[-1]):
        rows.pop()
    skip = title_rows(rows[:30])
    return rows[skip:], skip


def readable_sheets(path: Path) -> list[str]:
    """The sheets of a workbook that hold a header and at least one row (all of them named, in
    order, when none does, so opening one reports why)."""
    names = sheet_names(path)
    filled = [n for n in names if len(_sheet_rows(path, n)[0]) >= 2]
    return filled or names


def _as_text(raw: pd.DataFrame) -> pd.DataFrame:
    """Cells as the loader expects them: numbers and datetimes kept typed per column when every
    non-empty cell agrees, everything else as text (empty strings as missing)."""
    out = {}
    import pandas as pd
    for name in raw.columns:
        s = raw[name].map(lambda v: None if _blank(v) else v)
        if s.dropna().map(lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)).all():
            out[name] = _whole(pd.to_numeric(s, errors="coerce"))
        elif s.dropna().map(lambda v: hasattr(v, "year")).all() and s.notna().any():
            out[name] = pd.to_datetime(s, errors="coerce")
        else:  # a blank cell is missing (None), never the text 'nan'
            out[name] = s.map(lambda v: None if _blank(v) else str(v)).astype("str")
    return pd.DataFrame(out)


def _whole(numbers: pd.Series) -> pd.Series:
    """A number column of a sheet as integers when every value is a whole number (a workbook stores
    every number as a float: Order ID 1050 comes as 1050.0, and a blank cell keeps the column float
    in pandas), so it is typed, matched and shown as the CSV of the same rows is ('1050', never
    '1050.0'); nullable integers where cells are blank. Other columns unchanged."""
    present = numbers.dropna()
    if present.empty or numbers.dtype.kind not in "fiu":
        return numbers
    if numbers.dtype.kind == "f" and not ((present % 1 == 0).all() and present.abs().max() < 2 ** 53):
        return numbers
    return numbers.astype("Int64" if numbers.isna().any() else "int64")


def _blank(cell: object) -> bool:
    """True for an empty cell: None, NaN/NaT, or text that is only whitespace."""
    if cell is None or (isinstance(cell, str) and not cell.strip()):
        return True
    return isinstance(cell, float) and math.isnan(cell)
