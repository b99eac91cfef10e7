"""A corpus of awkward table files, written into a folder: the shapes real exports take (CR-only
and mixed line endings, byte-order marks, legacy encodings, NUL bytes, ragged rows, empty and
repeated headers, header-only and empty files, a binary file named .csv, a 10 MB field, title rows
above the header, blank cells of every type, an Excel workbook with an empty sheet).

Each case says what a correct reading is, worked out by hand from the bytes written: either the
rows and the total of its `amount` column (`Read`), or a refusal naming the file and the line
(`Refused`). `python -m tests.awkward_files DIR` writes the corpus to DIR."""

from __future__ import annotations

import codecs
import sys
from dataclasses import dataclass, field
from pathlib import Path

@dataclass(frozen=True)
class Read:
    """The file reads as `rows` data rows whose `amount` column totals `total`; `values` are the
    exact non-missing values of other columns, in order; `missing` the missing cells per column."""

    rows: int
    total: float
    values: dict[str, list[object]] = field(default_factory=dict)
    missing: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Refused:
    """The file is refused with a TableLoadError naming it and this 1-based `line`; `reason` is a
    word the message must hold."""

    line: int
    reason: str


@dataclass(frozen=True)
class Case:
    """One corpus file: its name and the correct reading."""

    name: str
    expect: Read | Refused


def _lines(sep: str) -> bytes:
    return f"name,amount{sep}Ann,1{sep}Bea,2{sep}Cy,4{sep}".encode()


NAMES = ["Ann", "Bea", "Cy"]


def _csv_files() -> dict[str, tuple[bytes, Read | Refused]]:
    seven = Read(3, 7, {"name": NAMES})
    text = "name,amount\nJosé,1\nBea,2\nCy,4\n"
    return {
        "cr_only.csv": (_lines("\r"), seven),
        "mixed_endings.csv": (b"name,amount\r\nAnn,1\nBea,2\rCy,4\r\n", seven),
        "utf8_bom.csv": (codecs.BOM_UTF8 + text.encode(), Read(3, 7, {"name": ["José", "Bea", "Cy"]})),
        "utf16_le_bom.csv": (text.encode("utf-16"), Read(3, 7, {"name": ["José", "Bea", "Cy"]})),
        "utf16_be_bom.csv": (codecs.BOM_UTF16_BE + text.encode("utf-16-be"), Read(3, 7, {"name": ["José", "Bea", "Cy"]})),
        "latin1.csv": (text.encode("latin-1"), Refused(2, "not UTF-8")),
        "cp1252.csv": ("name,amount\nAnn,1\nBea,2\n\u201cCy\u201d,4\n".encode("cp1252"), Refused(4, "not UTF-8")),
        "nul_bytes.csv": (b"name,amount\nAnn,1\nBea,2\nC\x00y,4\n", Refused(4, "NUL")),
        "nul_late.csv": (b"name,amount\n" + b"Ann,1\n" * 3000 + b"C\x00y,4\n", Refused(3002, "NUL")),
        "ragged_more.csv": (b"name,amount\nAnn,1\nBea,2,9\nCy,4\n", Refused(3, "more fields")),
        "ragged_fewer.csv": (b"name,amount,note\nAnn,1,a\nBea,2\nCy,4,c\n",
                             Read(3, 7, {"name": NAMES, "note": ["a", "c"]}, {"note": 1})),
        "empty_header.csv": (b"name,,amount\nAnn,x,1\nBea,y,2\nCy,z,4\n", seven),
        # the repeated header is not the one asked about: 'total amount' over two 'amount' columns is
        # refused as ambiguous (tests/test_trial_numbers.py)
        "duplicate_headers.csv": (b"name,amount,name\nAnn,1,Al\nBea,2,Bo\nCy,4,Cj\n", seven),
        "header_only.csv": (b"name,amount\n", Refused(1, "no rows")),
        "empty.csv": (b"", Refused(1, "empty")),
        "blank_lines_only.csv": (b"\n\r\n  \n", Refused(1, "empty")),
        "binary.csv": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), Refused(3, "NUL")),
        "big_field.csv": (b'name,amount,note\nAnn,1,"' + b"x" * 10_000_000 + b'"\nBea,2,short\nCy,4,short\n',
                          Read(3, 7, {"name": NAMES})),
        "title_rows.csv": (b"Sales report 2024,,\n,,\nname,region,amount\nAnn,N,1\nBea,S,2\nCy,N,4\n",
                           Read(3, 7, {"name": NAMES, "region": ["N", "S", "N"]})),
        "blank_cells.csv": (b"name,amount,day,code\nAnn,1,2024-01-01,\n,,,x\nBea,2,,y\nCy,4,2024-01-03,\n",
                            Read(4, 7, {"name": NAMES, "code": ["x", "y"]}, {"name": 1, "amount": 1, "day": 2, "code": 2})),
        "semicolons_crlf.csv": (b"name;amount\r\nAnn;1\r\nBea;2\r\nCy;4\r\n", seven),
        "lines.jsonl": (b'{"name":"Ann","amount":1}\n{"name":"Bea","amount":2}\n\n{"name":"Cy","amount":4}\n', seven),
        # the second line is no JSON: an editor's line 2, whatever DuckDB's message counts
        "bad_line.jsonl": (b'{"name":"Ann","amount":1}\n{name: Bea}\n{"name":"Cy","amount":4}\n', Refused(2, "not JSON")),
    }


def _excel_files(folder: Path) -> dict[str, Read | Refused]:
    """Workbooks written with openpyxl (blank cells are cells with no value, as Excel leaves them)."""
    from datetime import datetime

    from openpyxl import Workbook

    out: dict[str, Read | Refused] = {}
    book = Workbook()
    book.active.title = "Empty"
    data = book.create_sheet("Data")
    for row in [("name", "amount"), ("Ann", 1), ("Bea", 2), ("Cy", 4)]:
        data.append(row)
    book.save(folder / "empty_sheet.xlsx")
    out["empty_sheet.xlsx"] = Read(3, 7, {"name": NAMES})

    book = Workbook()
    sheet = book.active
    sheet["A1"] = "Sales report 2024"
    sheet.merge_cells("A1:C1")
    sheet["A2"] = "prepared by finance"
    sheet.merge_cells("A2:C2")
    for row in [("name", "region", "amount"), ("Ann", "N", 1), ("Bea", "S", 2), ("Cy", "N", 4)]:
        sheet.append(row)
    book.save(folder / "merged_title.xlsx")
    out["merged_title.xlsx"] = Read(3, 7, {"name": NAMES, "region": ["N", "S", "N"]})

    book = Workbook()
    sheet = book.active
    rows = [("name", "amount", "day", "flag", "code"),
            ("Ann", 1, datetime(2024, 1, 1), True, None),
            (None, None, None, None, "x"),
            ("Bea", 2, None, None, "y"),
            ("Cy", 4, datetime(2024, 1, 3), False, None)]
    for row in rows:
        sheet.append(row)
    book.save(folder / "blank_cells.xlsx")
    out["blank_cells.xlsx"] = Read(4, 7, {"name": NAMES, "code": ["x", "y"]},
                                   {"name": 1, "amount": 1, "day": 2, "flag": 2, "code": 2})
    return out


def make_corpus(folder: Path) -> list[Case]:
    """Write every corpus file into `folder`; the cases, in a stable order."""
    folder.mkdir(parents=True, exist_ok=True)
    cases = []
    for name, (data, expect) in _csv_files().items():
        (folder / name).write_bytes(data)
        cases.append(Case(name, expect))
    cases += [Case(name, expect) for name, expect in _excel_files(folder).items()]
    return cases


if __name__ == "__main__":
    for case in make_corpus(Path(sys.argv[1])):
        print(case.name, case.expect)
