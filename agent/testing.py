"""Test doubles for the Model seam: a scripted FakeModel and helpers that build its turns.

    model = FakeModel([call("aggregate", {"op": "count"}), say("There are 12 rows.")])
    ... run the loop with `model` ...
    model.assert_complete()
    assert model.calls[1][0][-1]["role"] == "tool"   # messages seen by the second call
"""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Iterable

from agent.models import Message, ModelTurn, ToolCall

_ids = itertools.count(1)


class FakeModel:
    """A Model that plays back `steps` in order, one per `complete` call.

    A ModelTurn step is returned; an Exception step (e.g. ModelTimeout) is raised. Each call records
    `(deep copy of messages, tools)` in `.calls` before answering. A call after the last step raises
    AssertionError("FakeModel ran out of steps")."""

    def __init__(self, steps: Iterable[ModelTurn | BaseException], name: str = "fake"):
        self.name = name
        self.steps: list[ModelTurn | BaseException] = list(steps)
        self.calls: list[tuple[list[Message], list[Message]]] = []
        self._next = 0

    def complete(self, messages: list[Message], tools: list[Message]) -> ModelTurn:
        """Record the call, then return (or raise) the next step."""
        self.calls.append((copy.deepcopy(messages), copy.deepcopy(tools)))
        if self._next >= len(self.steps):
            raise AssertionError("FakeModel ran out of steps")
        step = self.steps[self._next]
        self._next += 1
        if isinstance(step, BaseException):
            raise step
        return step.model_copy(deep=True)

    @property
    def remaining(self) -> int:
        """Steps not yet played."""
        return len(self.steps) - self._next

    def assert_complete(self) -> None:
        """Assert every step was played."""
        assert self.remaining == 0, (
            f"FakeModel has {self.remaining} unused step(s) of {len(self.steps)}: {self.steps[self._next:]!r}"
        )


def reset_ids() -> None:
    """Restart automatic tool-call ids at "call_1" (call from a fixture when exact ids matter)."""
    global _ids
    _ids = itertools.count(1)


def say(text: str) -> ModelTurn:
    """A final-answer turn: `text`, no tool calls, finish_reason "stop"."""
    return ModelTurn(content=text, finish_reason="stop")


def _tool_call(name: str, arguments: dict | str, id: str | None) -> ToolCall:
    raw = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return ToolCall(id=id or f"call_{next(_ids)}", name=name, arguments=raw)


def call(name: str, arguments: dict | str, id: str | None = None) -> ModelTurn:
    """A turn with one tool call. Dict arguments are JSON-dumped; a str is kept verbatim (so malformed
    JSON can be scripted). Without `id`, ids run "call_1", "call_2", ... across the process."""
    return ModelTurn(tool_calls=[_tool_call(name, arguments, id)], finish_reason="tool_calls")


def calls(*pairs: tuple[str, dict | str] | tuple[str, dict | str, str]) -> ModelTurn:
    """A turn with several tool calls: `calls(("profile", {}), ("aggregate", {...}, "call_x"))`."""
    return ModelTurn(
        tool_calls=[_tool_call(p[0], p[1], p[2] if len(p) > 2 else None) for p in pairs],
        finish_reason="tool_calls",
    )
