"""OpenAIModel against respx-mocked chat completions (recorded bodies in tests/cassettes)."""

from __future__ import annotations

import json
import socket

import httpx
import openai
import pytest
import respx
from respx.models import AllMockedAssertionError

from agent.config import ModelConfig
from agent.models import ModelError, ModelStatusError, ModelTimeout, ModelTurn, ToolCall
from agent.openai_model import OpenAIModel

try:
    from tests.replay import cassette_response, replay
except ImportError:  # tests/ is not a package: pytest puts tests/ itself on sys.path
    from replay import cassette_response, replay

BASE = "http://test.local/v1"
AGGREGATE_ARGS = (
    '{"op":"sum","column":"amt","where":[{"column":"category","op":"=","value":"grocery_pos",'
    '"upper":null,"values":null}],"group_by":[],"order":null,"limit":null}'
)
MESSAGES = [
    {"role": "system", "content": "You answer questions about one table with tools."},
    {"role": "user", "content": "Total amt for grocery_pos?"},
]
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "aggregate",
            "description": "Aggregate a column over the rows matching predicates.",
            "parameters": {
                "type": "object",
                "properties": {"op": {"type": "string"}, "column": {"type": "string"}},
                "required": ["op"],
            },
        },
    }
]
FAST_RETRY = {"retry-after-ms": "1"}  # the client's backoff honours it: ~instant retries


def make_model(**overrides: object) -> OpenAIModel:
    fields = {"name": "gpt-test", "base_url": BASE, "api_key": "sk-test", "timeout_s": 5.0, "max_retries": 2}
    fields.update(overrides)
    return OpenAIModel(ModelConfig(**fields))


@pytest.fixture
def router():
    with respx.mock(base_url=BASE, assert_all_mocked=True, assert_all_called=True) as mock:
        yield mock


@pytest.fixture
def no_backoff(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Record the client's retry sleeps instead of sleeping."""
    slept: list[float] = []
    monkeypatch.setattr(openai._base_client.time, "sleep", slept.append)
    return slept


def test_tool_call_turn_is_parsed_exactly(router):
    replay(router, "tool_call_aggregate")
    turn = make_model().complete(MESSAGES, TOOLS)
    assert turn == ModelTurn(
        content=None,
        tool_calls=[ToolCall(id="call_Xk2Lm9QpR4tV7wYz1aB3cD5e", name="aggregate", arguments=AGGREGATE_ARGS)],
        finish_reason="tool_calls",
        tokens=873,
    )
    assert json.loads(turn.tool_calls[0].arguments)["where"][0]["value"] == "grocery_pos"


def test_tool_call_then_final_answer(router):
    route = router.post("/chat/completions").mock(
        side_effect=[cassette_response("tool_call_aggregate"), cassette_response("final_answer")]
    )
    model = make_model()
    first = model.complete(MESSAGES, TOOLS)
    conversation = [
        *MESSAGES,
        first.as_message(),
        {"role": "tool", "tool_call_id": first.tool_calls[0].id, "content": '{"value": 1234.5}'},
    ]
    final = model.complete(conversation, TOOLS)
    assert final == ModelTurn(content="The total is 1,234.50.", tool_calls=[], finish_reason="stop", tokens=914)
    assert route.call_count == 2
    sent = json.loads(route.calls[1].request.content)["messages"]
    assert sent[2]["tool_calls"][0]["function"] == {"name": "aggregate", "arguments": AGGREGATE_ARGS}
    assert sent[3] == {"role": "tool", "tool_call_id": "call_Xk2Lm9QpR4tV7wYz1aB3cD5e", "content": '{"value": 1234.5}'}


def test_malformed_arguments_come_back_raw(router):
    replay(router, "malformed_arguments")
    turn = make_model().complete(MESSAGES, TOOLS)
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [("aggregate", '{"op": "sum", "column": ')]


def test_unknown_tool_comes_back_as_is(router):
    replay(router, "unknown_tool")
    turn = make_model().complete(MESSAGES, TOOLS)
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [("run_python", '{"code": "import os"}')]
    assert turn.finish_reason == "tool_calls"


def test_request_body_carries_model_messages_tools_and_tool_choice(router):
    route = replay(router, "final_answer")
    make_model(temperature=0.25).complete(MESSAGES, TOOLS)
    body = json.loads(route.calls[0].request.content)
    assert body["model"] == "gpt-test"
    assert body["messages"] == MESSAGES
    assert body["tools"] == TOOLS
    assert body["tool_choice"] == "auto"
    assert body["temperature"] == 0.25
    assert route.calls[0].request.headers["authorization"] == "Bearer sk-test"


def test_no_tools_omits_tools_and_tool_choice(router):
    route = replay(router, "final_answer")
    turn = make_model().complete(MESSAGES, [])
    body = json.loads(route.calls[0].request.content)
    assert "tools" not in body and "tool_choice" not in body
    assert turn.content == "The total is 1,234.50."


def test_several_tool_calls_and_legacy_function_call_ignored(router):
    body = json.loads(cassette_response("tool_call_aggregate").content)
    message = body["choices"][0]["message"]
    message["tool_calls"].append(
        {"id": "call_2", "type": "function", "function": {"name": "profile", "arguments": "{}"}}
    )
    message["function_call"] = {"name": "legacy", "arguments": "{}"}
    router.post("/chat/completions").mock(return_value=httpx.Response(200, json=body))
    turn = make_model().complete(MESSAGES, TOOLS)
    assert [c.name for c in turn.tool_calls] == ["aggregate", "profile"]
    assert [c.id for c in turn.tool_calls] == ["call_Xk2Lm9QpR4tV7wYz1aB3cD5e", "call_2"]


def test_429_then_200_is_retried_by_the_client(router):
    route = router.post("/chat/completions").mock(
        side_effect=[
            httpx.Response(429, json={"error": {"message": "Rate limit reached", "type": "requests"}}, headers=FAST_RETRY),
            cassette_response("final_answer"),
        ]
    )
    turn = make_model(max_retries=2).complete(MESSAGES, TOOLS)
    assert turn.content == "The total is 1,234.50."
    assert route.call_count == 2


def test_persistent_500_raises_model_error_after_client_retries(router):
    route = router.post("/chat/completions").mock(
        return_value=httpx.Response(500, json={"error": {"message": "boom", "type": "server_error"}}, headers=FAST_RETRY)
    )
    with pytest.raises(ModelError) as caught:
        make_model(max_retries=1).complete(MESSAGES, TOOLS)
    assert isinstance(caught.value, ModelStatusError)
    assert caught.value.status == 500
    assert "500" in str(caught.value)
    assert caught.value.to_dict()["error"] == "model_error"
    assert route.call_count == 2


def test_400_is_not_retried(router):
    route = router.post("/chat/completions").mock(
        return_value=httpx.Response(400, json={"error": {"message": "Invalid 'tools'", "type": "invalid_request_error"}})
    )
    with pytest.raises(ModelStatusError) as caught:
        make_model(max_retries=2).complete(MESSAGES, TOOLS)
    assert caught.value.status == 400 and "Invalid 'tools'" in str(caught.value)
    assert route.call_count == 1


def test_timeout_raises_model_timeout(router):
    route = router.post("/chat/completions").mock(side_effect=httpx.ReadTimeout("timed out"))
    with pytest.raises(ModelTimeout):
        make_model(max_retries=0).complete(MESSAGES, TOOLS)
    assert route.call_count == 1


def test_timeout_is_retried_by_the_client_then_raised(router, no_backoff):
    route = router.post("/chat/completions").mock(side_effect=httpx.ConnectTimeout("timed out"))
    with pytest.raises(ModelTimeout) as caught:
        make_model(max_retries=1).complete(MESSAGES, TOOLS)
    assert isinstance(caught.value, ModelError) and caught.value.kind == "model_timeout"
    assert route.call_count == 2 and len(no_backoff) == 1


def test_connection_error_raises_model_error(router):
    router.post("/chat/completions").mock(side_effect=httpx.ConnectError("connection refused"))
    with pytest.raises(ModelError) as caught:
        make_model(max_retries=0).complete(MESSAGES, TOOLS)
    assert not isinstance(caught.value, ModelTimeout)
    assert "connection refused" in str(caught.value)


def test_no_choices_raises_model_error(router):
    body = json.loads(cassette_response("final_answer").content)
    body["choices"] = []
    router.post("/chat/completions").mock(return_value=httpx.Response(200, json=body))
    with pytest.raises(ModelError, match="no choices"):
        make_model().complete(MESSAGES, TOOLS)


def test_unmocked_request_fails():
    with respx.mock(base_url=BASE, assert_all_mocked=True, assert_all_called=False) as mock:
        route = replay(mock, "final_answer")
        with pytest.raises(ModelError) as caught:
            make_model(base_url="http://other.local/v1", max_retries=0).complete(MESSAGES, TOOLS)
    cause = caught.value.__cause__  # openai.APIConnectionError
    assert isinstance(cause, openai.APIConnectionError)
    assert isinstance(cause.__cause__, AllMockedAssertionError)
    assert route.call_count == 0


def test_real_network_is_blocked_without_respx():
    with pytest.raises(ModelError) as caught:
        make_model(max_retries=0).complete(MESSAGES, TOOLS)
    assert "network access blocked" in str(caught.value)
    with pytest.raises(RuntimeError, match="network access blocked"):
        socket.create_connection(("203.0.113.1", 80), timeout=0.1)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock, pytest.raises(RuntimeError):
        sock.connect(("127.0.0.1", 9))


def test_config_errors():
    with pytest.raises(ModelError, match="model name"):
        OpenAIModel(ModelConfig(api_key="sk-test"))


def test_missing_api_key(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ModelError, match="client"):
        OpenAIModel(ModelConfig(name="gpt-test"))


def test_client_is_built_from_config():
    model = make_model(timeout_s=7.5, max_retries=3)
    assert model.name == "gpt-test"
    assert model.client.max_retries == 3
    assert model.client.timeout == 7.5
    assert str(model.client.base_url).rstrip("/") == BASE
