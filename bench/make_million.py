"""A 1,000,000-row transactions file for the record-search benchmark (not committed): the 100k
sparkov rows ten times, copy k with its dates moved k years on, amounts scaled by a seeded factor
in [0.8, 1.2], and fresh transaction ids, so rows stay distinct while people, merchants, places
and jobs keep their real distribution.

Run: .venv/bin/python bench/make_million.py ../shared/data/transactions/sparkov_2019_100k.csv /tmp/sparkov_1m.csv"""

from __future__ import annotations

import sys

import numpy as np
import pandas as pd


def main(source: str, target: str, copies: int = 10) -> None:
    base = pd.read_csv(source, index_col=0)
    rng = np.random.default_rng(11)
    parts = []
    for k in range(copies):
        part = base.copy()
        when = pd.to_datetime(part["trans_date_trans_time"]) + pd.DateOffset(years=k)
        part["trans_date_trans_time"] = when.dt.strftime("%Y-%m-%d %H:%M:%S")
        part["amt"] = (part["amt"] * rng.uniform(0.8, 1.2, len(part))).round(2)
        part["trans_num"] = [f"{k:02d}{t[2:]}" for t in part["trans_num"]]
        part["unix_time"] = part["unix_time"] + k * 31_536_000
        parts.append(part)
    out = pd.concat(parts, ignore_index=True)
    out.to_csv(target)
    print(f"{target}: {len(out):,} rows")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
