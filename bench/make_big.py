"""Build the big benchmark tables from the shared 100k transactions file, in bounded memory (DuckDB
streams COPY ... TO; nothing is loaded whole).

Copy n (n = 0, 1, ...) of the 100k rows has trans_date_trans_time and unix_time shifted by n days
and trans_num suffixed '-n' (copy 0 keeps the originals), so dates spread out and trans_num stays
unique. The leading unnamed index column of the source is dropped.

Usage: .venv/bin/python bench/make_big.py [OUT_DIR] [--source CSV] [--skip-100m] [--memory 2GB]
Writes OUT_DIR (default bench/data, gitignored) /sparkov_10m.parquet, sparkov_10m.csv,
sparkov_100m.parquet, and prints each file's rows, size and build time. Existing files are kept
(delete them to rebuild)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import duckdb
from sqlglot import exp

HERE = Path(__file__).resolve().parent
SOURCE = (HERE.parent / ".." / "shared" / "data" / "transactions" / "sparkov_2019_100k.csv").resolve()
TARGETS = [("sparkov_10m.parquet", 100, "PARQUET"), ("sparkov_10m.csv", 100, "CSV"),
           ("sparkov_100m.parquet", 1000, "PARQUET")]


def copies_query(source: Path, copies: int, index_column: str) -> str:
    """SELECT every source row `copies` times, shifted as the module doc says (DuckDB SQL)."""
    path = exp.Literal.string(str(source)).sql("duckdb")
    index = exp.to_identifier(index_column, quoted=True).sql("duckdb")
    return (f"SELECT * EXCLUDE ({index}, n) REPLACE ("
            f"trans_date_trans_time + to_days(CAST(n AS INTEGER)) AS trans_date_trans_time, "
            f"unix_time + n * 86400 AS unix_time, "
            f"CASE WHEN n = 0 THEN trans_num ELSE trans_num || '-' || n END AS trans_num) "
            f"FROM range({int(copies)}) AS r(n) CROSS JOIN read_csv({path}, header = true)")


def build(connection: duckdb.DuckDBPyConnection, source: Path, out: Path, copies: int, fmt: str) -> None:
    """COPY the repeated rows to `out` in `fmt` (PARQUET or CSV) and print rows, size and time."""
    index_column = connection.execute(f"DESCRIBE SELECT * FROM read_csv({exp.Literal.string(str(source)).sql()}, "
                                      "header = true)").fetchall()[0][0]
    started = time.perf_counter()
    target = exp.Literal.string(str(out)).sql("duckdb")
    options = "FORMAT PARQUET, ROW_GROUP_SIZE 1000000" if fmt == "PARQUET" else "FORMAT CSV, HEADER true"
    connection.execute(f"COPY ({copies_query(source, copies, index_column)}) TO {target} ({options})")
    seconds = time.perf_counter() - started
    print(f"| {out.name} | {copies * 100_000:,} | {out.stat().st_size / 1e9:.2f} GB | {seconds:.0f} s |", flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(HERE / "data"))
    parser.add_argument("--source", default=str(SOURCE))
    parser.add_argument("--skip-100m", action="store_true", help="build only the 10M files")
    parser.add_argument("--memory", default="2GB", help="DuckDB memory limit while writing")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)
    source, out = Path(args.source), Path(args.out)
    if not source.exists():
        print(f"{source}: source file not found", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    connection = duckdb.connect(config={"memory_limit": args.memory, "threads": args.threads,
                                        "temp_directory": str(out / ".tmp"), "preserve_insertion_order": False})
    print("| file | rows | size | build time |\n|---|---:|---:|---:|")
    for name, copies, fmt in TARGETS:
        if args.skip_100m and copies > 100:
            continue
        if (out / name).exists():
            print(f"| {name} | (exists, kept) | {(out / name).stat().st_size / 1e9:.2f} GB | - |")
            continue
        build(connection, source, out / name, copies, fmt)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
