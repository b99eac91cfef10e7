"""The Model seam: what the loop needs from a chat model, and the typed errors it may raise.
Messages are OpenAI chat-format dicts; tools are OpenAI function-tool definitions."""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from agent.errors import TallyError

Message = dict[str, object]


class ToolCall(BaseModel):
    """One function call requested by the model. `arguments` is the raw JSON text, unparsed."""

    model_config = ConfigDict(defer_build=True)  # built when first used (agent/field_docs.py says why)

    id: str
    name: str
    arguments: str


class ModelTurn(BaseModel):
    """One assistant turn: text content and/or tool calls."""

    model_config = ConfigDict(defer_build=True)

    content: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    finish_reason: str | None = None
    tokens: int = 0
    """Prompt plus completion tokens the endpoint reported for this turn (0 when unknown)."""

    def as_message(self) -> Message:
        """The turn as an assistant message to append to the conversation."""
        # "" rather than null: OpenAI accepts both, some compatible servers only a string.
        message: Message = {"role": "assistant", "content": self.content or ""}
        if self.tool_calls:
            message["tool_calls"] = [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in self.tool_calls
            ]
        return message


class Model(Protocol):
    """A chat model with tool calling."""

    name: str

    def complete(self, messages: list[Message], tools: list[Message]) -> ModelTurn:
        """One chat completion. Raises ModelError (or a subclass) when no turn can be had."""
        ...


class ModelError(TallyError):
    """The model endpoint failed after the client's own retries (status, connection, bad body)."""

    kind = "model_error"


class ModelTimeout(ModelError):
    """The endpoint did not answer within the configured timeout, after retries."""

    kind = "model_timeout"


class ModelStatusError(ModelError):
    """The endpoint answered an HTTP error status (after retries for retryable ones); `status` is the code."""

    def __init__(self, message: str, *, status: int):
        self.status = status
        super().__init__(message)
