"""Opening any supported file as a table: CSV/TSV (delimiter sniffed), Parquet, JSON lines and
Excel (each sheet a table: `book.xlsx#Sheet2`; the first sheet without one). Every one takes the
one path (agent/relation.py): a DuckDB relation typed by SQL decided from a sample, whatever its
size; tables past `frame_rows` rows are read where they lie."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pandas as pd

from agent.errors import TableLoadError
from agent.table import Table, _build, load_table

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
    sheet ('book.xlsx#Sheet1', 'book.xlsx#Sheet2'); anything else stays as it is."""
    out: list[str] = []
    for spec in specs:
        path, sheet = split_sheet(spec)
        if path.suffix.lower() in EXCEL and sheet is None and path.exists():
            out += [f"{path}#{name}" for name in sheet_names(path)]
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
    not UTF-8, ragged, unknown sheet."""
    path, sheet = split_sheet(spec)
    if not path.exists():
        raise TableLoadError(path, "file not found")
    if path.suffix.lower() in EXCEL:
        return _excel(path, sheet)
    return load_table(path, frame_rows=frame_rows)


def _excel(path: Path, sheet: str | None) -> Table:
    """One sheet (the first by default) read by python-calamine; the first row is the header."""
    from python_calamine import CalamineWorkbook

    names = sheet_names(path)
    name = sheet if sheet is not None else (names[0] if names else None)
    if name not in names:
        raise TableLoadError(path, f"no sheet {sheet!r}; sheets: {', '.join(names)}")
    rows = CalamineWorkbook.from_path(str(path)).get_sheet_by_name(name).to_python(skip_empty_area=True)
    if len(rows) < 2:
        raise TableLoadError(f"{path}#{name}", "no rows (header only)" if rows else "empty sheet")
    header = [str(h) if h not in (None, "") else "" for h in rows[0]]
    raw = pd.DataFrame(rows[1:], columns=header)
    table = _build(Path(f"{path}#{name}"), _as_text(raw), hashlib.sha256(path.read_bytes() + name.encode()).hexdigest())
    table.path = path
    return table


def _as_text(raw: pd.DataFrame) -> pd.DataFrame:
    """Cells as the loader expects them: numbers and datetimes kept typed per column when every
    non-empty cell agrees, everything else as text (empty strings as missing)."""
    out = {}
    for name in raw.columns:
        s = raw[name].replace("", None)
        if s.dropna().map(lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)).all():
            out[name] = pd.to_numeric(s, errors="coerce")
        elif s.dropna().map(lambda v: hasattr(v, "year")).all() and s.notna().any():
            out[name] = pd.to_datetime(s, errors="coerce")
        else:
            out[name] = s.map(lambda v: None if v is None else str(v)).astype("str")
    return pd.DataFrame(out)
