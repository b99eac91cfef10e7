"""Typed outcomes of one question. Every exit of the loop is one of these."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from agent.plan import AggregateArgs, RatioArgs
from agent.queries import QueryPlan
from agent.router.router import RouterDecision
from agent.tools.base import ToolFailure, ToolSuccess


class Outcome(BaseModel):
    """Common fields. `answer` is the final text shown to the user; `calls` every tool call of
    the run (successes carry the result and its provenance); `plan` the plan that produced the
    answer (for follow-ups)."""

    model_config = ConfigDict(defer_build=True)  # built when first used (agent/field_docs.py says why)

    status: str
    question: str
    answer: str
    answered_by: Literal["model", "router", "none"]
    reason: str | None = None
    calls: list[ToolSuccess | ToolFailure] = Field(default_factory=list)
    router: RouterDecision | None = None
    plan: AggregateArgs | RatioArgs | QueryPlan | None = None
    restatement: str | None = None
    """The plan that produced the answer in one line of plain words, conditions carried from earlier
    turns included ("Read as: the total spend (amt) by category where state = 'TX'"); None for an
    abstention or failure (agent.restated)."""
    tokens: int = 0
    """Tokens the model used over the run (0 without a model)."""
    verified: bool = True
    """False when the model answered a question the router could not parse into a plan, so the
    answer was not cross-checked against an exact plan (the answer text then says so)."""

    @property
    def results(self) -> list[ToolSuccess]:
        """The successful tool calls."""
        return [c for c in self.calls if isinstance(c, ToolSuccess)]


class Answered(Outcome):
    """An answer: from the model (its numbers checked against tool results) or from the router
    alone when no model is configured."""

    status: Literal["answered"] = "answered"


class RouterTakeover(Outcome):
    """The model broke a policy, failed, or ran out of budget; the router's plan answered instead.
    `reason` says why."""

    status: Literal["router_takeover"] = "router_takeover"


class Abstained(Outcome):
    """No answer, on purpose; `reason` says why (unmatched words, retrieval not available, ...)."""

    status: Literal["abstained"] = "abstained"
    answered_by: Literal["model", "router", "none"] = "none"


class Failed(Outcome):
    """The run could not complete (model endpoint down and no router plan, ...); `reason` says why."""

    status: Literal["failed"] = "failed"
    answered_by: Literal["model", "router", "none"] = "none"


AnyOutcome = Answered | RouterTakeover | Abstained | Failed
