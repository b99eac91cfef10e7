"""FakeModel and its turn helpers."""

from __future__ import annotations

import json

import pytest

from agent.models import Model, ModelTimeout, ModelTurn
from agent.testing import FakeModel, call, calls, reset_ids, say


@pytest.fixture(autouse=True)
def _fresh_ids():
    reset_ids()


def test_is_a_model():
    model: Model = FakeModel([])
    assert model.name == "fake"
    assert FakeModel([], name="scripted").name == "scripted"


def test_steps_in_order_and_calls_recorded():
    tools = [{"type": "function", "function": {"name": "aggregate"}}]
    model = FakeModel([call("aggregate", {"op": "count"}), say("12 rows.")])
    messages = [{"role": "user", "content": "how many?"}]
    first = model.complete(messages, tools)
    assert first.tool_calls[0].name == "aggregate"
    messages.append(first.as_message())
    second = model.complete(messages, tools)
    assert second == ModelTurn(content="12 rows.", finish_reason="stop")
    assert len(model.calls) == 2
    assert model.calls[0] == ([{"role": "user", "content": "how many?"}], tools)
    assert model.calls[1][0][-1]["role"] == "assistant"
    model.assert_complete()


def test_recorded_messages_are_copies():
    model = FakeModel([say("a")])
    messages = [{"role": "user", "content": "q"}]
    model.complete(messages, [])
    messages[0]["content"] = "changed"
    messages.append({"role": "assistant", "content": "x"})
    assert model.calls[0][0] == [{"role": "user", "content": "q"}]


def test_running_out_of_steps():
    model = FakeModel([say("only")])
    model.complete([], [])
    with pytest.raises(AssertionError, match="FakeModel ran out of steps"):
        model.complete([], [])
    assert len(model.calls) == 2


def test_assert_complete_fails_when_steps_remain():
    model = FakeModel([say("a"), say("b")])
    model.complete([], [])
    assert model.remaining == 1
    with pytest.raises(AssertionError, match="1 unused step"):
        model.assert_complete()


def test_exception_steps_are_raised_and_play_continues():
    model = FakeModel([ModelTimeout("slow"), say("after")])
    with pytest.raises(ModelTimeout, match="slow"):
        model.complete([], [])
    assert model.complete([], []).content == "after"
    model.assert_complete()


def test_call_helper():
    turn = call("aggregate", {"op": "sum", "column": "amt"})
    assert turn.finish_reason == "tool_calls" and turn.content is None
    (tc,) = turn.tool_calls
    assert (tc.id, tc.name, json.loads(tc.arguments)) == ("call_1", "aggregate", {"op": "sum", "column": "amt"})
    assert call("aggregate", '{"op": ').tool_calls[0].arguments == '{"op": '
    assert call("x", {}).tool_calls[0].id == "call_3"
    assert call("x", {}, id="mine").tool_calls[0].id == "mine"


def test_calls_helper():
    turn = calls(("profile", {}), ("aggregate", {"op": "count"}, "call_x"), ("run_python", "{bad"))
    assert [(c.id, c.name, c.arguments) for c in turn.tool_calls] == [
        ("call_1", "profile", "{}"),
        ("call_x", "aggregate", '{"op": "count"}'),
        ("call_2", "run_python", "{bad"),
    ]
    assert turn.as_message()["tool_calls"][1]["function"] == {"name": "aggregate", "arguments": '{"op": "count"}'}


def test_returned_turns_do_not_alias_steps():
    step = say("a")
    model = FakeModel([step])
    turn = model.complete([], [])
    turn.content = "mutated"
    assert step.content == "a"
