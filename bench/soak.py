"""Soak: one process opens 300 small tables in turn, the way `tally serve` (upload, session,
question) and `tally mcp` (a Toolset per table, a tool call) do, and asks each a question; the
answers are checked against totals computed from the rows written. Reports peak RSS (VmHWM) and
the RSS after every 50 tables (target: peak <= 1 GB).

    .venv/bin/python bench/soak.py [--tables 300]

Writes bench/soak_results.md. One run on a shared machine."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.soak_tables import rss_mb, soak_serve, soak_toolset  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "soak_results.md")
    args = parser.parse_args()
    lines = [f"# Soak: {args.tables} tables in one process", "",
             f"Start RSS {rss_mb():,.0f} MB.", "",
             "| way | tables | wrong answers | RSS after table 1 / 50 / 100 / ... (MB) | peak RSS so far (MB) | s |",
             "|---|---|---|---|---|---|"]
    for name, soak in (("tally mcp / Toolset", soak_toolset), ("tally serve", soak_serve)):
        started = time.perf_counter()
        with tempfile.TemporaryDirectory() as folder:
            report = soak(Path(folder), args.tables, lambda i: print(name, i, f"{rss_mb():,.0f} MB", flush=True)
                          if i % 50 == 0 else None)
        marks = " / ".join(f"{report.rss[i]:,.0f}" for i in [0, *range(49, args.tables, 50)] if i < len(report.rss))
        lines.append(f"| {name} | {args.tables} | {len(report.wrong)} | {marks} | {report.peak:,.0f} | "
                     f"{time.perf_counter() - started:,.0f} |")
    lines += ["", f"Peak RSS of the whole run: {rss_mb('VmHWM'):,.0f} MB (target <= 1,024 MB)."]
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
