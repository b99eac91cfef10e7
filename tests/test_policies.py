"""Policies on hand-made runs: numbers only from tools (with rounding and formatting), takeover."""

from __future__ import annotations

import pytest

from agent.plan import AggregateArgs
from agent.policies.base import Allow, Reject, Run, Takeover
from agent.router.kind import Classification
from agent.policies.numbers_from_tools import NumbersFromTools, answer_numbers
from agent.router.router import RouterDecision
from agent.policies.takeover import RouterTakeover
from agent.results import AggregateResult, Provenance, RatioResult
from agent.tools.base import ToolFailure, ToolSuccess


def decision(kind="computation", confidence=0.9, plan=True):
    return RouterDecision(question="q", classification=Classification(kind=kind, tier=1, matched=[], confidence=confidence),
                          plan=AggregateArgs(op="count") if plan else None)


def success(value):
    result = AggregateResult(op="sum", column="amt", value=value,
                             provenance=Provenance(operation="SUM(amt)", rows_scanned=10, rows_matched=4))
    return ToolSuccess(tool="aggregate", arguments={"op": "sum", "column": "amt"}, result=result)


def run(final, *calls, question="What is the total?"):
    return Run(question=question, router=decision(), calls=list(calls), final=final)


def test_answer_numbers_parse_formats_and_skip_dates():
    assert [(w, v) for w, v, _ in answer_numbers("$1,140,033.24 on 2019-01-05, 1.14 million, 14.9%")] == [
        ("$1,140,033.24", 1140033.24), ("1.14 million", 1140000.0), ("14.9%", 14.9)]


@pytest.mark.parametrize("text", ["The total is 1,140,033.24.", "About 1.14 million.", "1140033.2437 exactly",
                                  "It is $1,140,033 over 4 of 10 rows."])
def test_rounded_and_formatted_numbers_match(text):
    assert NumbersFromTools().check(run(text, success(1140033.2437))) == Allow()


@pytest.mark.parametrize("text", ["The total is 1,150,000.", "It is 2 million.", "1,140,034.50"])
def test_numbers_not_in_results_are_rejected(text):
    verdict = NumbersFromTools().check(run(text, success(1140033.2437)))
    assert isinstance(verdict, Reject)


def test_percent_from_a_ratio_result():
    result = RatioResult(numerator=22, denominator=5039, percent=100 * 22 / 5039,
                         provenance=Provenance(operation="x", rows_scanned=5039, rows_matched=22))
    call = ToolSuccess(tool="ratio", arguments={}, result=result)
    assert NumbersFromTools().check(run("0.44% (22 of 5,039)", call)) == Allow()
    assert isinstance(NumbersFromTools().check(run("0.5%", call)), Reject)


def test_numbers_from_the_question_are_allowed():
    assert NumbersFromTools().check(run("Above 500 the total is 10.", success(10), question="total over 500?")) == Allow()


def test_takeover_rules():
    policy = RouterTakeover(max_failures=2, confident=0.6)
    failure = ToolFailure(tool="aggregate", arguments="{}", error={"error": "bad_arguments"})
    assert isinstance(policy.check(Run("q", decision(), [failure, failure], None)), Takeover)
    assert isinstance(policy.check(Run("q", decision(), [], "It is 5.")), Takeover)
    assert isinstance(policy.check(Run("q", decision(), [success(5)], "Probably 5.")), Takeover)
    assert policy.check(Run("q", decision(), [success(5)], "It is 5.")) == Allow()
    assert policy.check(Run("q", decision(confidence=0.3), [success(5)], "Probably 5.")) == Allow()
    assert policy.check(Run("q", decision(kind="retrieval"), [], "No tool needed.")) == Allow()
