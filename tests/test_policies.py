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


def kind_run(kind, final, *calls, question="q"):
    router = RouterDecision(question=question, kind=kind, plan=None,
                            classification=Classification(kind="computation", tier=1, matched=[], confidence=0.9))
    return Run(question=question, router=router, calls=list(calls), final=final)


def grouped(order, tool="aggregate"):
    call = success(111753)
    return ToolSuccess(tool=tool, arguments={"op": "sum", "column": "PTS", "group_by": ["TEAM"], "order": order,
                                             "limit": 1}, result=call.result)


def test_a_superlative_answer_rests_on_an_ordering_call():
    from agent.policies.ordered import OrderedAnswerRestsOnOrdering
    from agent.router.kind import Kind
    policy = OrderedAnswerRestsOnOrdering()
    # an unordered group-by cut to one group is the first group, not the highest
    assert isinstance(policy.check(kind_run(Kind.rank, "ATL, with 111,753 points", grouped(None))), Reject)
    assert isinstance(policy.check(kind_run(Kind.rank, "ATL", success(5))), Reject)
    assert isinstance(policy.check(kind_run(Kind.file_order, "Coffee")), Reject)
    assert policy.check(kind_run(Kind.rank, "GSW, with 111,753 points", grouped("desc"))) == Allow()
    assert policy.check(kind_run(Kind.rank, "GSW", grouped(None, tool="rank"))) == Allow()
    biggest = ToolSuccess(tool="aggregate", arguments={"op": "max", "column": "amt"}, result=success(1000).result)
    assert policy.check(kind_run(Kind.rank, "The biggest ticket is 1,000.", biggest)) == Allow()
    # other kinds, and turns that still call tools, are not this policy's business
    assert policy.check(kind_run(Kind.aggregate, "ATL", success(5))) == Allow()
    assert policy.check(kind_run(Kind.rank, None)) == Allow()


def test_any_answer_to_a_yes_no_question_rests_on_a_check_call():
    from agent.policies.yes_no import YesNoRestsOnCheck
    from agent.router.kind import Kind
    policy = YesNoRestsOnCheck()
    # no yes/no word, yet it answers the yes/no question beside the point
    verdict = policy.check(kind_run(Kind.yes_no, "The average employee is older than 35 by 60.32%.", success(36.9),
                                    question="Is our average employee older than 35?"))
    assert isinstance(verdict, Reject) and "yes/no question" in verdict.reason
    assert isinstance(policy.check(kind_run(Kind.aggregate, "No.", question="Did any player score 0?")), Reject)
    checked = ToolSuccess(tool="check", arguments={}, result=success(1).result)
    assert policy.check(kind_run(Kind.yes_no, "Yes, 36.9 > 35.", checked)) == Allow()
    assert policy.check(kind_run(Kind.aggregate, "The total is 5.", success(5), question="What is the total?")) == Allow()


def test_an_average_asked_for_rests_on_a_mean():
    from agent.policies.named_operation import NamedOperationRan
    from agent.router.kind import Kind
    policy = NamedOperationRan()
    ratio = ToolSuccess(tool="ratio", arguments={"column": "GRE Score", "denominator_column": "Research"},
                        result=success(32210.71).result)
    question = "What is the average English score of applicants with research experience?"
    verdict = policy.check(kind_run(Kind.aggregate, "The average is 32,210.71.", ratio, question=question))
    assert isinstance(verdict, Reject) and "average" in verdict.reason
    mean = ToolSuccess(tool="aggregate", arguments={"op": "mean", "column": "TOEFL Score"}, result=success(109.7).result)
    assert policy.check(kind_run(Kind.aggregate, "109.7", mean, question=question)) == Allow()
    nested = ToolSuccess(tool="check", arguments={"check": "compare", "left": {"op": "median", "column": "Age"}},
                         result=success(1).result)
    assert policy.check(kind_run(Kind.yes_no, "Yes", nested, question="Is the median age above 30?")) == Allow()
    assert policy.check(kind_run(Kind.aggregate, "5", success(5), question="What is the total?")) == Allow()
