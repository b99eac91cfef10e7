"""A case that raises inside Tally is that case's result (`error` set, scored abstained, listed in
the report), and the run goes on to the next case: one broken table never ends a `tally eval`."""

from __future__ import annotations

from agent.config import load_config
from evals.cases import Case
from evals.report import summarize, write_report
from evals.run import run
from evals.score import Verdict

GOOD = "region,sales\nNorth,10\nSouth,32\nNorth,5\n"


def test_a_case_that_raises_does_not_end_the_run(tmp_path):
    broken = Case(id="t-broken", set="t", question="What is the total sales?", table=str(tmp_path / "absent.csv"),
                  type="number", answer=47, source="test")
    good = Case(id="t-good", set="t", question="What is the total sales?", csv=GOOD, type="number", answer=47,
                source="test")
    results = run([broken, good], ["router"], load_config(env={}))
    assert [r.id for r in results] == ["t-broken", "t-good"]
    assert results[0].error and "absent.csv" in results[0].error
    assert results[0].verdict is Verdict.abstained and results[0].status == "failed"
    assert results[1].error is None and results[1].verdict is Verdict.correct  # 10 + 32 + 5
    report = write_report(results, summarize(results), tmp_path / "out").read_text()
    assert "## Errors inside Tally" in report and "t-broken" in report.split("## Errors inside Tally")[1]
