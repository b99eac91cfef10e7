"""The Model seam over the official `openai` client (chat completions with function tools).

The client's own retries (`ModelConfig.max_retries`: 408/409/429/5xx, connection errors, timeouts,
with its backoff and `retry-after` handling) are the only retry layer; nothing here retries.
Every failure leaves as ModelError (ModelTimeout for timeouts), never as an openai exception."""

from __future__ import annotations

import json
import re
from typing import Any

import openai

from agent.config import ModelConfig
from agent.models import Message, ModelError, ModelStatusError, ModelTimeout, ModelTurn, ToolCall


class OpenAIModel:
    """A chat model with tool calling behind an OpenAI-compatible endpoint.

    `OpenAIModel(config)` builds `openai.OpenAI(api_key, base_url, timeout=config.timeout_s,
    max_retries=config.max_retries)`; pass `client=` to supply one (tests, shared pools).
    Raises ModelError when no model name is configured or the client cannot be built
    (e.g. no API key anywhere)."""

    def __init__(self, config: ModelConfig, *, client: openai.OpenAI | None = None):
        if not config.name:
            raise ModelError("No model name configured (set model.name or TALLY_MODEL).")
        self.name: str = config.name
        self.config = config
        if client is None:
            try:
                client = openai.OpenAI(
                    api_key=config.api_key,
                    base_url=config.base_url,
                    timeout=config.timeout_s,
                    max_retries=config.max_retries,
                )
            except openai.OpenAIError as exc:
                raise ModelError(f"Cannot build the OpenAI client: {exc}") from exc
        self.client = client

    def complete(self, messages: list[Message], tools: list[Message]) -> ModelTurn:
        """One chat completion over `messages` (OpenAI chat-format dicts) offering `tools`
        (function-tool definitions; omitted from the request when empty, else tool_choice="auto").

        Returns ModelTurn(content, tool_calls, finish_reason) from the first choice. Tool calls come
        from `message.tool_calls` only, arguments as the raw JSON text, unparsed and unvalidated
        (unknown names and malformed JSON are the loop's to judge); non-function tool calls and the
        legacy `function_call` are ignored.
        Raises ModelTimeout when the endpoint timed out after the client's retries; ModelError for
        any other failure: ModelStatusError (`.status` = HTTP code) for an error status, ModelError
        for connection failures and a response without choices."""
        kwargs: dict[str, Any] = {
            "model": self.name,
            "messages": messages,
            "temperature": self.config.temperature,
        }
        if tools:
            kwargs["tools"] = tools
            kwargs["tool_choice"] = "auto"
        try:
            response = self.client.chat.completions.create(**kwargs)
        except openai.APITimeoutError as exc:
            retries = getattr(self.client, "max_retries", self.config.max_retries)
            raise ModelTimeout(
                f"Model {self.name!r} did not answer within {self.config.timeout_s:g}s "
                f"(after {retries} retries)."
            ) from exc
        except openai.APIStatusError as exc:
            raise _status_error(self.name, exc) from exc
        except openai.APIConnectionError as exc:
            raise ModelError(
                f"Cannot reach model {self.name!r} at {self._endpoint()}: {_cause(exc)}"
            ) from exc
        except openai.OpenAIError as exc:  # APIResponseValidationError, bad bodies, ...
            raise ModelError(f"Model {self.name!r} call failed: {exc}") from exc
        return _to_turn(self.name, response)

    def _endpoint(self) -> str:
        return str(getattr(self.client, "base_url", None) or self.config.base_url or "api.openai.com")


def _status_error(name: str, exc: openai.APIStatusError) -> ModelStatusError:
    return ModelStatusError(
        f"Model {name!r} endpoint answered HTTP {exc.status_code}: {exc.message}", status=exc.status_code
    )


def _cause(exc: BaseException) -> str:
    """The message plus its direct cause (httpx's text says more than 'Connection error.')."""
    inner = exc.__cause__
    if inner is None:
        return str(exc)
    return f"{exc} ({type(inner).__name__}: {inner or type(inner).__name__})"


def _to_turn(name: str, response: Any) -> ModelTurn:
    choices = getattr(response, "choices", None)
    if not choices:
        raise ModelError(f"Model {name!r} returned a response with no choices.")
    choice = choices[0]
    message = getattr(choice, "message", None)
    if message is None:
        raise ModelError(f"Model {name!r} returned a choice with no message.")
    tool_calls: list[ToolCall] = []
    for index, call in enumerate(getattr(message, "tool_calls", None) or [], start=1):
        function = getattr(call, "function", None)
        if function is None:  # a custom (non-function) tool call: never offered, so ignored
            continue
        tool_calls.append(
            ToolCall(
                id=getattr(call, "id", None) or f"call_{index}",
                name=getattr(function, "name", None) or "",
                arguments=getattr(function, "arguments", None) or "",
            )
        )
    content = getattr(message, "content", None)
    if not tool_calls and content and any(m in content for m in _MARKERS):
        tool_calls, content = tool_calls_in_text(content)
    usage = getattr(response, "usage", None)
    return ModelTurn(
        content=content,
        tool_calls=tool_calls,
        finish_reason=getattr(choice, "finish_reason", None),
        tokens=getattr(usage, "total_tokens", None) or 0,
    )


_TOOL_CALL = re.compile(r"<(tool_call|tools|function_call)>\s*(.*?)\s*(?:</\1>|\Z)|```(?:json)?\s*(\{.*?\})\s*```", re.S)
_MARKERS = ("<tool_call>", "<tools>", "<function_call>", '"arguments"')


def tool_calls_in_text(content: str) -> tuple[list[ToolCall], str | None]:
    """Tool calls a server left in the text: the Qwen/Hermes convention
    `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` (also seen wrapped in <tools>), or a
    fenced JSON block with "name" and "arguments" (llama.cpp-based servers without a tool-call
    parser do this). Returns (calls, the text outside them or None). A block that is not valid
    JSON becomes a call with name '' and the raw text as arguments, so the loop reports it back
    to the model as a failed call instead of dropping it."""
    calls, kept = [], []
    for match in _TOOL_CALL.finditer(content):
        raw = match.group(2) if match.group(2) is not None else match.group(3)
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or "name" not in data:
                kept.append(match.group(0))
                continue
            name, arguments = str(data["name"]), data.get("arguments", {})
            arguments = arguments if isinstance(arguments, str) else json.dumps(arguments)
        except json.JSONDecodeError:
            name, arguments = "", raw
        calls.append(ToolCall(id=f"call_{len(calls) + 1}", name=name, arguments=arguments))
    if not calls:
        return [], content
    rest = _TOOL_CALL.sub("", content).strip()
    return calls, ("\n".join([*kept, rest]).strip() or None)
