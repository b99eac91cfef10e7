"""The mutation test (evals/mutate.py) on a fixed, seeded subset of the dev sets: every question the
router answers, changed by one unrelated word or a negated condition, must be refused or re-planned
(never the same plan)."""

from __future__ import annotations

import random

import pytest

from evals.cases import SHARED, load_set
from evals.mutate import Report, mutations, run


@pytest.fixture(scope="module")
def report() -> Report:
    if not (SHARED / "databench").exists():
        pytest.skip("shared DataBench data not present")
    cases = load_set("databench")[::12] + load_set("databench_train")[::10] + load_set("wtq")[::100]
    return run(cases, seed=18)


def test_every_mutated_question_is_refused_or_re_planned(report):
    held, total = report.rate()
    assert total >= 20  # the subset reaches enough answered questions to mean something
    kept = [f"{o.case} {o.kind}: {o.mutated!r}" for o in report.outcomes if not o.held]
    assert held == total, kept


def test_each_mutation_kind_is_tried(report):
    assert {o.kind for o in report.outcomes} == {"replace", "insert", "negate"}


def test_mutations_change_the_words():
    from agent.config import load_config
    from agent.router.router import Router
    from agent.table import table_from_text

    router = Router(table_from_text("state,amt\nTX,10\nCA,20\n", "t.csv"), load_config(env={}).router)
    made = dict(mutations("What is the total amt in TX?", router, random.Random(1)))
    assert set(made) == {"replace", "insert", "negate"}
    assert "not TX" in made["negate"]
    assert all("volcano" in made[k] for k in ("replace", "insert"))
