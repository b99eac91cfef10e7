"""The Tool seam: a typed function plus its pydantic arguments model. The JSON schema a model sees
is derived from that model (OpenAI strict mode), never written by hand."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from agent import duration_results
from agent.engine import Engine
from agent.errors import ToolError
from agent.restate import restate
from agent.results import Result
from agent.table import Table

A = TypeVar("A", bound=BaseModel)
log = logging.getLogger("tally.tools")
INTERNAL_ERROR = ("{name} could not run: an error inside Tally stopped it, not these arguments. "
                  "Nothing was computed; the log of the process serving the tools has the details.")
"""The message of an `internal_error` failure: plain words, never the Python exception."""


@dataclass(frozen=True)
class Tool(Generic[A]):
    """A named compute tool. `run(engine, table, args)` returns a typed result or raises ToolError."""

    name: str
    description: str
    args: type[A]
    run: Callable[[Engine, Table, A], Result]

    def definition(self) -> dict[str, object]:
        """The OpenAI chat `tools` entry: {"type": "function", "function": {name, description,
        parameters, strict: true}}, with parameters derived from `args` by the openai library."""
        import openai  # imported here: the router-only path never pays for it

        return dict(openai.pydantic_function_tool(self.args, name=self.name, description=self.description))


class ToolSuccess(BaseModel):
    """A tool call that returned a result."""

    model_config = ConfigDict(defer_build=True)  # built when first used (agent/field_docs.py says why)

    ok: Literal[True] = True
    tool: str
    arguments: dict[str, object]
    result: Result


class ToolFailure(BaseModel):
    """A tool call that failed: unknown tool, bad arguments, or a typed ToolError. `error` holds
    the structured fields (kind, message, suggestions...)."""

    model_config = ConfigDict(defer_build=True)

    ok: Literal[False] = False
    tool: str
    arguments: str | dict[str, object]
    error: dict[str, object]

    @property
    def message(self) -> str:
        """The human-readable message of the error."""
        return str(self.error.get("message", ""))


ToolOutcome = ToolSuccess | ToolFailure


def call_tool(tools: dict[str, Tool], name: str, arguments: str | dict[str, object], *,
              engine: Engine, table: Table) -> ToolOutcome:
    """Validate `arguments` (raw JSON text or a dict) against the named tool's model and run it.
    Never raises for bad input: unknown tools, invalid JSON, failed validation and ToolErrors all
    come back as ToolFailure, so the loop can show them to the model; an exception inside Tally is
    an 'internal_error' failure saying so in plain words (INTERNAL_ERROR), its traceback logged."""
    tool = tools.get(name)
    if tool is None:
        return ToolFailure(tool=name, arguments=arguments, error={
            "error": "unknown_tool", "message": f"No tool {name!r}. Tools: {', '.join(tools)}."})
    try:
        args = (tool.args.model_validate_json(arguments) if isinstance(arguments, str)
                else tool.args.model_validate(arguments))
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'arguments'}: {e['msg']}" for e in exc.errors())
        return ToolFailure(tool=name, arguments=arguments, error={
            "error": "bad_arguments", "message": f"Invalid arguments for {name}: {problems}"})
    try:
        result = tool.run(engine, table, args)
    except ToolError as exc:
        return ToolFailure(tool=name, arguments=args.model_dump(mode="json"), error=exc.to_dict())
    except Exception:  # a bug in Tally: a typed failure in plain words; the traceback goes to the log only
        log.exception("tool %s failed on %r", name, args)
        return ToolFailure(tool=name, arguments=args.model_dump(mode="json"), error={
            "error": "internal_error", "message": INTERNAL_ERROR.format(name=name)})
    if (why := duration_results.unshown(result, table)) is not None:
        return ToolFailure(tool=name, arguments=args.model_dump(mode="json"), error={"error": "unsupported",
                                                                                     "message": why})
    result = duration_results.shown(result, table)  # a duration column's values in its own form
    if getattr(result, "provenance", None) is not None and result.provenance.restatement is None:
        result.provenance.restatement = restate(args)
    return ToolSuccess(tool=name, arguments=args.model_dump(mode="json"), result=result)
