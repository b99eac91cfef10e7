"""Each corrected DataBench gold answer (evals/cases/databench_corrections.yaml) is what its SQL gives
on the table, computed here by DuckDB, independently of Tally."""

from __future__ import annotations

import ast

import duckdb
import pandas as pd
import pytest
import yaml

from evals.cases import ROOT, load_set


def test_corrected_answers_are_what_their_sql_gives():
    corrections = yaml.safe_load((ROOT / "cases" / "databench_corrections.yaml").read_text())["corrections"]
    cases = {c.id: c for c in load_set("databench")}
    for fix in corrections:
        case = cases[fix["id"]]
        if not case.table_path.exists():
            pytest.skip(f"{case.table_path} not present")
        t = pd.read_parquet(case.table_path)  # noqa: F841 (bound for DuckDB's replacement scan)
        got = [row[0] for row in duckdb.sql(fix["sql"]).fetchall()]
        assert got == ast.literal_eval(fix["answer"]) == ast.literal_eval(case.answer)
        assert case.question == fix["question"] and fix["original"] != fix["answer"]
