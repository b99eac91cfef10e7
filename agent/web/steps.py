"""The steps of one question as they happen: the router's reading, each model turn, each tool
call the model makes, each policy verdict. `Observed(agent, emit).agent` is a copy of the agent
whose router, model, tools and policies report to `emit` before handing back what they return;
the loop itself is unchanged, and the wrappers are made per question, so two questions running at
once never report into each other's steps."""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable

from agent.value_format import fmt
from agent.errors import ToolError
from agent.loop import Agent
from agent.outcome import Outcome
from agent.plan import AggregateArgs, RatioArgs
from agent.restate import restate
from agent.router.router import RouterDecision
from agent.sqlish import aggregate_sql, ratio_sql
from agent.tools.base import Tool, ToolFailure, ToolSuccess

Emit = Callable[[str], None]
log = logging.getLogger("tally.web")


def plan_line(plan: object) -> str:
    """A router plan in one line: an aggregate or ratio SQL-like (agent.sqlish), any typed query
    (agent.queries: rank, position, change, check...) as its restatement without 'Read as: ',
    anything else by its type's name. Never raises for a valid plan."""
    if isinstance(plan, AggregateArgs):
        return aggregate_sql(plan)
    if isinstance(plan, RatioArgs):
        return ratio_sql(plan)
    said = restate(plan)
    return said.removeprefix("Read as: ") if said else type(plan).__name__


def reading(decision: RouterDecision) -> str:
    """The router's reading in one line: kind, confidence, and its plan, lookup or abstention."""
    c = decision.classification
    head = f"router: {c.kind} (confidence {c.confidence:.2f})"
    if decision.plan is not None:
        head += ", plan " + plan_line(decision.plan)
    elif decision.lookup is not None:
        head += f", record lookup '{decision.lookup.query}'"
    elif decision.abstain:
        head += f", no exact plan: {decision.abstain}"
    return head + "".join(f"; {note}" for note in decision.notes)


def tool_step(call: ToolSuccess | ToolFailure) -> str:
    """One tool call in one line: the operation and its headline number, or the typed error."""
    if isinstance(call, ToolFailure):
        return f"tool {call.tool} failed: {call.error.get('error')}: {call.message}"
    p = call.result.provenance
    value = getattr(call.result, "value", None)
    headline = f" = {fmt(value)}" if value is not None and not getattr(call.result, "groups", None) else ""
    return (f"tool {call.tool}: {p.operation}{headline} "
            f"({p.rows_matched:,} of {p.rows_scanned:,} rows, {p.elapsed_ms:.1f} ms)")


class _Router:
    def __init__(self, router, emit: Emit):
        self._router, self._emit = router, emit

    def route(self, question, previous=None):
        decision = self._router.route(question, previous)
        try:
            line = reading(decision)
        except Exception:  # a step line that cannot be written never stops the answer
            log.exception("the router's reading could not be shown")
            line = f"router: {decision.classification.kind} (its reading could not be shown)"
        self._emit(line)
        return decision

    def __getattr__(self, name):
        return getattr(self._router, name)


class _Model:
    def __init__(self, model, emit: Emit):
        self._model, self._emit, self.turns, self.requested = model, emit, 0, 0
        self.name = model.name

    def complete(self, messages, tools):
        self.turns += 1
        self._emit(f"model {self.name}: turn {self.turns} ...")
        started = time.perf_counter()
        turn = self._model.complete(messages, tools)
        seconds = time.perf_counter() - started
        self.requested += len(turn.tool_calls)
        asked = ", ".join(f"{c.name}({c.arguments})" for c in turn.tool_calls)
        self._emit(f"model {self.name}: " + (f"calls {asked}" if asked else "answers") + f" ({seconds:.1f} s)")
        return turn


class _Policy:
    def __init__(self, policy, emit: Emit):
        self._policy, self._emit = policy, emit

    def check(self, run):
        verdict = self._policy.check(run)
        reason = getattr(verdict, "reason", "")
        self._emit(f"policy {type(self._policy).__name__}: {verdict.kind}" + (f": {reason}" if reason else ""))
        return verdict


def _tool(tool: Tool, emit: Emit) -> Tool:
    def run(engine, table, args):
        try:
            result = tool.run(engine, table, args)
        except ToolError as exc:
            emit(f"tool {tool.name} failed: {exc}")
            raise
        except Exception:  # call_tool makes it a plain internal_error failure and logs it
            emit(f"tool {tool.name} failed: an error inside Tally stopped it")
            raise
        emit(tool_step(ToolSuccess(tool=tool.name, arguments={}, result=result)))
        return result
    return dataclasses.replace(tool, run=run)


class Observed:
    """A question's observed agent (`agent`) and what remains to report after it returns."""

    def __init__(self, agent: Agent, emit: Emit):
        self.emit = emit
        self.model = _Model(agent.model, emit) if agent.model is not None else None
        self.agent = dataclasses.replace(
            agent, router=_Router(agent.router, emit), model=self.model,
            tools={name: _tool(t, emit) for name, t in (agent.tools or {}).items()},
            policies=[_Policy(p, emit) for p in agent.policies or []])

    def finish(self, outcome: Outcome) -> None:
        """Report the tool calls the model did not make (the router's own plan or search runs
        after the model's calls, which were reported as they ran), then who answered."""
        requested = self.model.requested if self.model is not None else 0
        for call in outcome.calls[requested:]:
            self.emit(tool_step(call))
        self.emit(f"{outcome.status.replace('_', ' ')} by {outcome.answered_by}"
                  + (f" ({outcome.reason})" if outcome.reason else ""))
