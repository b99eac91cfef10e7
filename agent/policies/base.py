"""The Policy seam: a small object with one method returning a typed verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

from agent.router.router import RouterDecision
from agent.tools.base import ToolFailure, ToolSuccess


@dataclass
class Run:
    """What a policy may look at: the question, the router's decision, every tool call so far and
    the model's final text (None while the model is still calling tools)."""

    question: str
    router: RouterDecision
    calls: list[ToolSuccess | ToolFailure] = field(default_factory=list)
    final: str | None = None
    tokens: int = 0

    @property
    def failures(self) -> int:
        return sum(isinstance(c, ToolFailure) for c in self.calls)


@dataclass(frozen=True)
class Allow:
    """The run may go on / the answer stands."""

    kind: Literal["allow"] = "allow"


@dataclass(frozen=True)
class Reject:
    """The model's answer is refused; `reason` says which rule it broke. The router takes over."""

    reason: str
    kind: Literal["reject"] = "reject"


@dataclass(frozen=True)
class Takeover:
    """The router's plan should answer instead of the model; `reason` says why."""

    reason: str
    kind: Literal["takeover"] = "takeover"


Verdict = Allow | Reject | Takeover


class Policy(Protocol):
    """Checks a run after each model turn. Returns Allow, Reject(reason) or Takeover(reason)."""

    def check(self, run: Run) -> Verdict: ...
