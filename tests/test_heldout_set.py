"""The held-out eval set: it loads, its tables are what make.py generates, its gold answers agree
with the SQL stored beside them and with a sample recomputed here in pandas (independently of the
generator's SQL), and it stays out of the CI eval gate."""

from __future__ import annotations

import importlib.util
import math

import pandas as pd
import pytest

from evals.cases import ROOT, load_set
from tests.helpers import KAGGLE, need, sql

TABLES = ROOT / "tables" / "heldout"
CASES = {c.id: c for c in load_set("heldout")}


def _close(a: object, b: object) -> bool:
    return math.isclose(float(a), float(b), rel_tol=1e-6, abs_tol=1e-6)


def _csv(name: str) -> pd.DataFrame:
    return pd.read_csv(TABLES / f"{name}.csv")


def _money(column: pd.Series) -> pd.Series:
    return column.str.replace(r"[$,]", "", regex=True).astype(float)


def test_the_set_loads_with_tables_of_realistic_size():
    assert len(CASES) >= 120
    assert sum(c.type == "abstain" for c in CASES.values()) >= 10
    assert all(c.table_path.exists() for c in CASES.values() if c.table_root == "evals")
    held_out = {c.table for c in CASES.values() if c.table_root == "evals"}
    assert len(held_out) >= 6
    for table in held_out:
        assert 8 <= len(pd.read_csv(ROOT / table)) <= 300, table
    for c in CASES.values():
        assert (c.answer is None) == (c.type == "abstain") == (c.sql is None), c.id


def test_the_tables_are_what_the_seeded_script_makes(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("heldout_make", TABLES / "make.py")
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    monkeypatch.setattr(make, "HERE", tmp_path)
    make.write_tables()
    for made in tmp_path.glob("*.csv"):
        assert made.read_bytes() == (TABLES / made.name).read_bytes(), made.name
    assert len(list(tmp_path.glob("*.csv"))) == len(make.TABLES)


def _from_rows(case, rows: list[tuple]) -> object:
    """The answer of `case`'s type read from the rows of its stored SQL (ranked SQL: keys first)."""
    if case.type in ("number", "boolean") and not (case.type == "number" and len(rows[0]) == 2):
        return rows[0][0]
    if case.type == "mapping":
        return {k if isinstance(k, int) else str(k): v for k, v in rows}
    keys = [r[0] for r in rows]
    if case.type == "list[category]":
        return keys[: len(case.answer)] if case.ordered else sorted(map(str, keys))
    return keys[0]


@pytest.mark.parametrize("case_id", [i for i, c in CASES.items() if c.sql])
def test_every_gold_answer_is_what_its_sql_returns_now(case_id):
    case = CASES[case_id]
    got = _from_rows(case, sql(case.sql, need(case.table_path)))
    if case.type == "mapping":
        assert got.keys() == case.answer.keys() and all(_close(got[k], case.answer[k]) for k in got)
    elif case.type == "number":
        assert _close(got, case.answer)
    else:
        assert got == case.answer


def _answer(question: str) -> object:
    found = [c for c in CASES.values() if c.question == question]
    assert len(found) == 1, question
    return found[0].answer


def test_a_sample_of_gold_answers_agrees_with_pandas():
    hr, tk, sl = _csv("hr_roster"), _csv("ticket_log"), _csv("sales_ledger")
    ss, pc, sv = _csv("season_stats"), _csv("product_catalogue"), _csv("survey_responses")
    sl["money"], sl["year"] = _money(sl.amount), sl.order_date.str[:4]
    by_year = sl.groupby("year").money.sum()
    assert _close(_answer("What's our total revenue?"), sl.money.sum())
    assert _close(_answer("By what percent did revenue change from 2023 to 2024?"),
                  (by_year["2024"] - by_year["2023"]) / by_year["2023"] * 100)
    assert _answer("Top 2 regions by revenue") == list(sl.groupby("region").money.sum().nlargest(2).index)
    assert _close(_answer("What's the median age of staff?"), hr.age.median())
    assert _answer("List the 3 highest paid employees") == list(hr.nlargest(3, "salary").full_name)
    assert _answer("Headcount by department?") == {k: float(v) for k, v in hr.department.value_counts().items()}
    assert _close(_answer("How many tickets are there?"), tk.ticket_id.nunique())
    assert _close(_answer("How many tickets got reopened?"), tk[tk.status == "Reopened"].ticket_id.nunique())
    assert _answer("Who has the most career points?") == ss.groupby("player").points.sum().idxmax()
    assert _answer("Who scored the most points in a single season?") == ss.loc[ss.points.idxmax(), "player"]
    on_sale = pc[pc.on_sale == "Yes"]
    assert _close(_answer("What's the average discount on items that are on sale?"),
                  on_sale.discount.str.rstrip("%").astype(float).mean())
    assert _answer("Which category sold the most units?") == pc.groupby("category").units_sold.sum().idxmax()
    assert _close(_answer("What percentage of respondents would recommend us?"), (sv.would_recommend == "Yes").mean() * 100)
    assert _close(_answer("How many responses were submitted in May 2024?"), sv.submitted_on.str.startswith("2024-05").sum())


def test_a_sample_on_the_shared_fraud_file_agrees_with_pandas():
    fr = pd.read_csv(need(KAGGLE))
    assert _close(_answer("How many purchases did women make?"), (fr.gender == "F").sum())
    assert _close(_answer("How many unique card numbers are there?"), fr.cc_num.nunique())
    assert _close(_answer("How many transactions happened on January 2nd 2019?"),
                  fr.trans_date_trans_time.str.startswith("2019-01-02").sum())


def test_the_held_out_set_is_not_in_the_ci_eval_gate():
    gate = (ROOT.parent / "tests" / "test_eval_gate.py").read_text()
    assert "heldout" not in gate
    from tests import test_eval_gate

    assert "heldout" not in {c.set for c in test_eval_gate.CASES}
