"""Policy: when the router holds a confident exact plan, the model's final answer must state that
plan's result (the value, percentage, or the winning group's name). A model that computed over the
wrong rows (a dropped filter, an unordered 'lowest') quotes a real tool number and so passes the
numbers policy; this check catches it, and the router's plan answers instead."""

from __future__ import annotations

from agent.value_format import fmt
from agent.engine import Engine
from agent.policies.base import Allow, Run, Takeover, Verdict
from agent.policies.numbers_from_tools import answer_numbers, written_as
from agent.plan import AggregateArgs, RatioArgs
from agent.policies.yes_no import VERDICT
from agent.results import AggregateResult, ChangeResult, CheckResult, RatioResult, RowsResult, StatResult, ValuesResult
from agent.table import Table
from agent.tools import ToolFailure, ToolSuccess, run_plan


def expected_facts(result: AggregateResult | RatioResult, limit: int | None) -> tuple[list[float], list[str]]:
    """(numbers, names) a correct answer must state: the scalar or percentage; for a 'which X'
    (limit 1) the winning group's name; nothing checkable for longer group lists."""
    if isinstance(result, RatioResult) and not result.groups:
        return [result.percent], []
    if isinstance(result, AggregateResult) and not result.group_by:
        return ([result.value] if isinstance(result.value, (int, float)) else []), (
            [result.value] if isinstance(result.value, str) else [])
    if limit == 1 and result.groups:
        return [], [", ".join(str(k) for k in result.groups[0].key)]
    return [], []


def states(text: str, numbers: list[float], names: list[str]) -> bool:
    """True when `text` states every expected number (to the digits it writes) and name."""
    written = answer_numbers(text)
    for value in numbers:
        if not any(written_as(v, value, half) for _, v, half in written):
            return False
    folded = text.casefold()
    return all(name.casefold() in folded for name in names)


def same_groups(expected: AggregateResult | RatioResult, got: object) -> bool:
    """True when `got` is a grouped result over the same columns with the same (key, value) pairs
    as `expected` (values to 1e-9 relative; order ignored)."""
    if type(got) is not type(expected) or list(got.group_by) != list(expected.group_by):
        return False
    want, have = _pairs(expected), _pairs(got)
    return want.keys() <= have.keys() and all(_same_value(w, have[k]) for k, w in want.items())


def _pairs(result: AggregateResult | RatioResult) -> dict[tuple[str, ...], object]:
    return {tuple(map(str, g.key)): g.value for g in [*result.groups, *result.ties]}


def _same_value(want: object, have: object) -> bool:
    numbers = isinstance(want, (int, float)) and isinstance(have, (int, float))
    return abs(want - have) <= 1e-9 * max(1.0, abs(want)) if numbers else want == have


class RouterAgreement:
    """Takeover when the router's plan (classification confidence >= `confident`) gives a result
    the model's final answer does not state, or, for a list of groups, that none of the model's
    tool results holds."""

    def __init__(self, *, engine: Engine, table: Table, confident: float = 0.6):
        self.engine = engine
        self.table = table
        self.confident = confident

    def check(self, run: Run) -> Verdict:
        plan = run.router.plan
        if run.final is None or plan is None or run.router.classification.confidence < self.confident:
            return Allow()
        outcome = run_plan(plan, engine=self.engine, table=self.table)
        if isinstance(outcome, ToolFailure):
            return Allow()
        if not isinstance(plan, (AggregateArgs, RatioArgs)):
            return _query_agrees(run.final, outcome.result)
        if outcome.result.groups and plan.limit != 1:
            if not any(same_groups(outcome.result, c.result) for c in run.calls if isinstance(c, ToolSuccess)):
                return Takeover(f"the model's tool results do not hold the exact plan's {outcome.result.total_groups} "
                                f"groups by {', '.join(outcome.result.group_by)}")
            return Allow()
        numbers, names = expected_facts(outcome.result, plan.limit)
        if (numbers or names) and not states(run.final, numbers, names):
            shown = ", ".join([*(fmt(n) for n in numbers), *names])
            return Takeover(f"the model's answer does not state the exact plan's result ({shown})")
        return Allow()


def query_facts(result: object) -> tuple[list[float], list[str]]:
    """(numbers, names) an answer to a typed query must state: the number of a statistic or
    change, the values of up to 5 ranked rows or frequent values (first column), up to 10
    distinct values; nothing for longer lists. Yes/no is checked by its verdict word instead."""
    match result:
        case StatResult(): items = [result.value]
        case ChangeResult(): items = [result.percent if result.report == "percent" else result.absolute]
        case RowsResult(): items = [r.get(result.columns[0]) for r in result.rows] if len(result.rows) <= 5 else []
        case ValuesResult():
            cap = 10 if result.provenance.operation.startswith("SELECT DISTINCT") else 5
            items = [v.value for v in result.values] if len(result.values) <= cap else []
        case _: items = []
    numbers = [float(v) for v in items if isinstance(v, (int, float))]
    return numbers, [v for v in items if isinstance(v, str)]


def _query_agrees(final: str, result: object) -> Verdict:
    if isinstance(result, CheckResult):
        said = VERDICT.search(final)
        if said is None or (said.group(1).lower() in ("yes", "true")) != result.answer:
            return Takeover(f"the model's answer does not state the exact test's answer ({'Yes' if result.answer else 'No'})")
        return Allow()
    numbers, names = query_facts(result)
    if (numbers or names) and not states(final, numbers, names):
        shown = ", ".join([*(fmt(n) for n in numbers), *names])
        return Takeover(f"the model's answer does not state the exact plan's result ({shown})")
    return Allow()
