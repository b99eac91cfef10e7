"""Eval figures stay the same through the engine move (issue 16): router-mode outcomes of every
case of every set, compared with the recorded baseline (evals/baselines/router.json).

The full comparison runs every set (about 35 s) and is switched on by TALLY_CHECK_EVAL_BASELINE=1
(`python -m evals.unchanged check` does the same from the command line); re-record the baseline
with `python -m evals.unchanged record` when a router change moves a figure on purpose."""

from __future__ import annotations

import json
import os

import pytest

from evals.unchanged import BASELINE, SETS, differences, outcomes


def _row(case: str, verdict: str = "correct", got: object = 3) -> dict:
    return {"id": case, "mode": "router", "verdict": verdict, "status": "answered", "answered_by": "router",
            "route_actual": "computation", "got": got, "answer": "x", "latency_ms": 1.0}


def test_differences_name_each_changed_field_and_missing_case():
    before = outcomes([_row("a"), _row("b"), _row("c")])
    after = outcomes([_row("a"), _row("b", verdict="abstained", got=None), {**_row("d"), "latency_ms": 9.0}])
    assert differences(before, after) == ["b: verdict 'correct' -> 'abstained'", "b: got 3 -> None",
                                          "c: only in the baseline", "d: only in the new run"]
    assert differences(before, outcomes([{**r, "latency_ms": 50.0} for r in [_row("a"), _row("b"), _row("c")]])) == []


def test_baseline_covers_every_set():
    recorded = json.loads(BASELINE.read_text())
    assert {case.split("-")[0] for case in recorded} >= {"demo", "databench"} and len(recorded) >= 360
    assert set(SETS) == {"demo", "bugreports", "databench", "heldout"}


@pytest.mark.skipif(os.environ.get("TALLY_CHECK_EVAL_BASELINE") != "1", reason="set TALLY_CHECK_EVAL_BASELINE=1")
def test_router_outcomes_match_the_baseline():
    pytest.importorskip("databench_eval")
    from evals.unchanged import current

    assert differences(json.loads(BASELINE.read_text()), current()) == []
