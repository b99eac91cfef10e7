"""Each corrected gold answer (evals/cases/<set>_corrections.yaml: DataBench dev, the WikiTableQuestions
training split, whose corrections may name questions outside the 2,000 sample) is what its SQL
gives on the table, computed here by DuckDB, independently of Tally."""

from __future__ import annotations

import ast

import duckdb
import pandas as pd
import pytest
import yaml

from evals.cases import ROOT, load_set


def _literal(text: str):
    """A gold answer as the value it writes: a number or a list as Python reads it, else the text
    ('Red and white')."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


@pytest.mark.parametrize("name", ["databench", "wtq"])
def test_corrected_answers_are_what_their_sql_gives(name):
    corrections = yaml.safe_load((ROOT / "cases" / f"{name}_corrections.yaml").read_text())["corrections"]
    cases = {c.id: c for c in load_set("wtq_all" if name == "wtq" else name)}
    for fix in corrections:
        case = cases[fix["id"]]
        if not case.table_path.exists():
            pytest.skip(f"{case.table_path} not present")
        t = pd.read_parquet(case.table_path)  # noqa: F841 (bound for DuckDB's replacement scan)
        got = [row[0] for row in duckdb.sql(fix["sql"]).fetchall()]
        want = _literal(fix["answer"])
        assert got == (want if isinstance(want, list) else [want]), fix["id"]
        assert want == _literal(case.answer), fix["id"]
        assert case.question == fix["question"] and fix["original"] != fix["answer"]
