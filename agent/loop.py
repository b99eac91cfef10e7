"""The agent loop: the model calls typed tools under policies; the pre-router answers when the
model is absent, breaks a policy, fails, or runs out of budget. Every exit is a typed Outcome."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources

from agent.answer import describe_result, undecided_cut
from agent.router.only_which import any_one_text
from agent.config import Config
from agent.engine import Engine
from agent.errors import ToolError
from agent.models import Message, Model, ModelError
from agent.outcome import Abstained, Answered, AnyOutcome, Failed, RouterTakeover
from agent.plan import AggregateArgs, RatioArgs
from agent.queries import LatestArgs
from agent.policies.agreement import RouterAgreement
from agent.policies.base import Allow, Policy, Run
from agent.policies.named_operation import NamedOperationRan
from agent.policies.numbers_from_tools import NumbersFromTools
from agent.policies.ordered import OrderedAnswerRestsOnOrdering
from agent.policies.lookup_agreement import LookupAgreement
from agent.policies.ranked_value import ValueFromRankedRow
from agent.policies.records import RecordsAreNotTotals
from agent.router.router import RouterDecision, Router
from agent.policies.takeover import RouterTakeover as TakeoverPolicy
from agent.policies.yes_no import YesNoRestsOnCheck
from agent.profile import profile_table
from agent.table import Table
from agent.restated import restated
from agent.tools import COMPUTE_TOOLS, PLAN_TOOLS, QUERY_TOOLS, Tool, ToolFailure, call_tool, run_plan
from agent.tools.choice import tools_for_kind
from agent.tools.search import make_search_tool

UNVERIFIED = ("(Unverified: the exact pre-router could not parse this question, so this answer was not "
              "cross-checked; its numbers come from the tool calls listed below.)")
SEARCH_UNAVAILABLE = ("This asks for records, not a computed number, and record search is not "
                      "configured for this table, so I have not answered it.")


MACHINE_DEPENDENT = {"provenance": {"elapsed_ms", "sql", "engine", "restatement"}, "stages": {"__all__": {"elapsed_ms"}},
                     "records": {"__all__": {"score"}}}
"""Left out of tool messages: timings and float scores vary by machine, the SQL by engine (the
engine-neutral `operation` stays), and requests must replay exactly. The restatement is for people:
the model gave the arguments it restates."""


def stable(data: object, digits: int = 12) -> object:
    """`data` with every float rounded to `digits` significant digits: what the model reads is the
    same whichever engine (or thread schedule) produced the last bits of a mean or a float sum."""
    if isinstance(data, float):
        return float(f"{data:.{digits}g}")
    if isinstance(data, dict):
        return {k: stable(v, digits) for k, v in data.items()}
    if isinstance(data, list):
        return [stable(v, digits) for v in data]
    return data


@dataclass
class Agent:
    """Answers questions about one table. `model` None means the router answers alone."""

    table: Table
    engine: Engine
    router: Router
    config: Config
    model: Model | None = None
    tools: dict[str, Tool] | None = None
    policies: list[Policy] | None = None
    searcher: Callable[[], object] | None = None
    """Factory of the RecordSearch over `table` (agent.search.searcher), called on the first
    search; None = lookups are refused."""
    offered: frozenset[str] | None = None
    """Only these tool names are offered to the model (None: all). Replay of a recording made
    with fewer tools offers those only, so the replayed requests are the recorded ones."""

    def __post_init__(self) -> None:
        self.tools = self.tools or COMPUTE_TOOLS
        self.search_tool = make_search_tool(lambda table: self.searcher()) if self.searcher is not None else None
        p = self.config.policies
        self.policies = self.policies or [
            TakeoverPolicy(max_failures=p.max_failed_tool_calls, confident=self.config.router.takeover_confidence),
            NumbersFromTools(tolerance=p.number_tolerance),
            RecordsAreNotTotals(),
            LookupAgreement(),
            YesNoRestsOnCheck(),
            ValueFromRankedRow(),
            OrderedAnswerRestsOnOrdering(),
            NamedOperationRan(),
            RouterAgreement(engine=self.engine, table=self.table, confident=self.config.router.takeover_confidence)]

    def ask(self, question: str, previous: AggregateArgs | RatioArgs | LatestArgs | None = None) -> AnyOutcome:
        """Answer `question`; `previous` is the last plan of a conversation (for follow-ups). The
        outcome carries its restatement (agent.restated)."""
        return restated(self._ask(question, previous), getattr(self.router, "lexicon", None))

    def _ask(self, question: str, previous: AggregateArgs | RatioArgs | LatestArgs | None) -> AnyOutcome:
        decision = self.router.route(question, previous)
        if decision.classification.kind == "retrieval" and decision.plan is None and self.search_tool is None:
            return Abstained(question=question, answer=SEARCH_UNAVAILABLE, reason="record search is not available",
                             router=decision)
        if self.model is None:
            return self.router_answer(decision, None, "no model is configured")
        return self.run_model(question, decision)

    def run_model(self, question: str, decision: RouterDecision) -> AnyOutcome:
        """The loop proper: model turn, tool calls, policies; limits checked in one place."""
        run = Run(question=question, router=decision)
        messages: list[Message] = [{"role": "system", "content": self.system_prompt()},
                                   {"role": "user", "content": question}]
        tools = self.tools_for(decision)
        definitions = [t.definition() for t in tools.values()]
        deadline = time.monotonic() + self.config.policies.max_seconds
        for _ in range(self.config.policies.max_turns):
            if time.monotonic() > deadline:
                return self.router_answer(decision, run, "the time budget ran out")
            try:
                turn = self.model.complete(messages, definitions)
            except ModelError as exc:
                if decision.plan is None:
                    return Failed(question=question, answer=f"The model failed ({exc}) and the question does not "
                                  f"map to an exact plan: {decision.abstain}", reason=str(exc), calls=run.calls,
                                  router=decision)
                return self.router_answer(decision, run, f"the model failed: {exc}")
            messages.append(turn.as_message())
            run.tokens += turn.tokens
            run.final = None if turn.tool_calls else (turn.content or "")
            for call in turn.tool_calls:
                outcome = call_tool(tools, call.name, call.arguments, engine=self.engine, table=self.table)
                run.calls.append(outcome)
                content = outcome.error if isinstance(outcome, ToolFailure) else stable(outcome.result.model_dump(
                    mode="json", exclude=MACHINE_DEPENDENT))
                messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(content)})
            verdict = next((v for v in (p.check(run) for p in self.policies) if not isinstance(v, Allow)), Allow())
            if not isinstance(verdict, Allow):
                return self.router_answer(decision, run, verdict.reason)
            if run.final is not None:
                checked = decision.plan is not None or decision.lookup is not None
                answer = run.final if checked else f"{run.final}\n{UNVERIFIED}"
                return Answered(question=question, answer=answer, answered_by="model", calls=run.calls, router=decision,
                                plan=_last_plan(run), tokens=run.tokens, verified=checked)
        return self.router_answer(decision, run, f"the model used all {self.config.policies.max_turns} turns")

    def router_answer(self, decision: RouterDecision, run: Run | None, reason: str) -> AnyOutcome:
        """Run the router's plan. Answered (no model) or RouterTakeover (model overruled) on
        success; Abstained when the router has no plan or its plan cannot be answered."""
        calls = run.calls if run else []
        common = dict(question=decision.question, router=decision, calls=calls)
        if decision.plan is None and decision.lookup is not None and self.search_tool is not None:
            return self._router_search(decision, run, reason)
        if decision.plan is None:
            why = decision.abstain or "the question does not map to a computation"
            lead = "I cannot look this up" if decision.classification.kind == "retrieval" else "I cannot answer this exactly"
            text = f"{lead}: {why}" + (f" ({reason})" if run else "")
            return Abstained(answer=text, reason=why, **common)
        outcome = run_plan(decision.plan, engine=self.engine, table=self.table)
        if isinstance(outcome, ToolFailure):
            return Abstained(answer=f"I cannot answer this exactly: {outcome.message}", reason=outcome.message,
                             calls=[*calls, outcome], question=decision.question, router=decision, plan=decision.plan)
        if (undecided := undecided_cut(outcome.result, decision.plan)) is not None:
            return Abstained(answer=f"I cannot answer this exactly: {undecided}", reason=undecided,
                             calls=[*calls, outcome], question=decision.question, router=decision, plan=decision.plan)
        text = describe_result(outcome.result, decision.plan) + any_one_text(decision.notes, outcome.result)
        kind = RouterTakeover if run else Answered
        return kind(answer=text, answered_by="router", reason=reason, plan=decision.plan, tokens=run.tokens if run else 0,
                    question=decision.question, router=decision, calls=[*calls, outcome])

    def tools_for(self, decision: RouterDecision) -> dict[str, Tool]:
        """The tools offered for one question: the compute and typed query tools of its kind
        (`tools.offer_by_kind`, see agent.tools.choice; all of them when off), plus search when
        the router reads it as a record lookup (so computations, yes/no and distinct-value
        questions are never answered from a handful of records); cut to `offered`."""
        tools = {**self.tools, **QUERY_TOOLS} if self.tools is COMPUTE_TOOLS else dict(self.tools)
        if self.offered is None and self.tools is COMPUTE_TOOLS and self.config.tools.offer_by_kind:
            names = tools_for_kind(decision.kind)
            tools = {n: t for n, t in tools.items() if n in names}
        if decision.lookup is not None and self.search_tool is not None:
            tools[self.search_tool.name] = self.search_tool
        return tools if self.offered is None else {n: t for n, t in tools.items() if n in self.offered}

    def _router_search(self, decision: RouterDecision, run: Run | None, reason: str) -> AnyOutcome:
        calls = run.calls if run else []
        outcome = call_tool({"search": self.search_tool}, "search", decision.lookup.model_dump(mode="json"),
                            engine=self.engine, table=self.table)
        if isinstance(outcome, ToolFailure):
            why = outcome.message + (f" ({reason})" if run else "")
            return Abstained(answer=f"I cannot show these records: {why}", reason=why,
                             calls=[*calls, outcome], question=decision.question, router=decision)
        kind = RouterTakeover if run else Answered
        return kind(answer=describe_result(outcome.result), answered_by="router", reason=reason,
                    tokens=run.tokens if run else 0, question=decision.question, router=decision,
                    calls=[*calls, outcome])

    def system_prompt(self) -> str:
        """The system prompt template (agent/prompts/system.md) filled with this table's profile."""
        template = resources.files("agent.prompts").joinpath("system.md").read_text()
        profile = profile_table(self.table, self.config.tools.low_cardinality)
        return template.format(file=self.table.name, rows=self.table.rows, profile=profile.to_prompt())


def _last_plan(run: Run) -> AggregateArgs | RatioArgs | None:
    plan_types = {tool: plan_type for plan_type, tool in PLAN_TOOLS.items()}
    for call in reversed(run.calls):
        if getattr(call, "ok", False) and call.tool in plan_types:
            return plan_types[call.tool].model_validate(call.arguments)
    return None


__all__ = ["Agent", "SEARCH_UNAVAILABLE", "ToolError"]
