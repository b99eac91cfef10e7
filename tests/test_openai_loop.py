"""The loop end to end through the real OpenAI adapter, with recorded responses replayed by respx."""

from __future__ import annotations

import json

import httpx
import respx

from agent.config import ModelConfig, load_config
from agent.engine import duckdb_engine
from agent.loop import Agent
from agent.openai_model import OpenAIModel
from agent.router.router import Router
from agent.table import table_from_text
from tests.replay import cassette_response

BASE = "http://test.local/v1"
QUESTION = "What is the total amount spent on grocery_pos?"


def agent_for(csv: str) -> Agent:
    config = load_config(env={})
    model = OpenAIModel(ModelConfig(name="gpt-test", base_url=BASE, api_key="sk-test", max_retries=1, timeout_s=5))
    table = table_from_text(csv)
    return Agent(table=table, engine=duckdb_engine(), router=Router(table, config.router), config=config, model=model)


def test_tool_call_then_final_answer_through_http():
    agent = agent_for("category,amt\ngrocery_pos,1000.25\ngrocery_pos,234.25\ntravel,5\n")
    with respx.mock(base_url=BASE) as mock:
        route = mock.post("/chat/completions").mock(side_effect=[cassette_response("tool_call_aggregate"),
                                                                  cassette_response("final_answer")])
        outcome = agent.ask(QUESTION)
    assert (outcome.status, outcome.answered_by, outcome.answer) == ("answered", "model", "The total is 1,234.50.")
    second = json.loads(route.calls[1].request.content)
    tool_message = second["messages"][-1]
    assert tool_message["role"] == "tool" and json.loads(tool_message["content"])["value"] == 1234.5
    assert second["tools"][0]["function"]["strict"] is True


def test_number_not_in_tool_results_is_rejected_and_router_answers():
    agent = agent_for("category,amt\ngrocery_pos,10\ngrocery_pos,20\ntravel,5\n")
    with respx.mock(base_url=BASE) as mock:
        mock.post("/chat/completions").mock(side_effect=[cassette_response("tool_call_aggregate"),
                                                         cassette_response("final_answer")])
        outcome = agent.ask(QUESTION)
    assert outcome.status == "router_takeover"
    assert outcome.answer == "The total amt is 30."


def test_malformed_arguments_and_unknown_tool_reach_the_model_as_tool_errors():
    agent = agent_for("category,amt\ngrocery_pos,1234.5\n")
    with respx.mock(base_url=BASE) as mock:
        route = mock.post("/chat/completions").mock(side_effect=[
            cassette_response("malformed_arguments"), cassette_response("unknown_tool"),
            cassette_response("tool_call_aggregate"), cassette_response("final_answer")])
        outcome = agent.ask(QUESTION)
    errors = [json.loads(m["content"]).get("error") for m in json.loads(route.calls[3].request.content)["messages"]
              if m["role"] == "tool"]
    assert errors == ["bad_arguments", "unknown_tool", None]
    assert outcome.answered_by == "model"


def test_429_then_success_is_retried_by_the_client():
    agent = agent_for("category,amt\ngrocery_pos,1234.5\n")
    with respx.mock(base_url=BASE) as mock:
        route = mock.post("/chat/completions").mock(side_effect=[
            httpx.Response(429, json={"error": {"message": "slow down"}}, headers={"retry-after-ms": "1"}),
            cassette_response("tool_call_aggregate"), cassette_response("final_answer")])
        outcome = agent.ask(QUESTION)
    assert route.call_count == 3 and outcome.answered_by == "model"


def test_timeout_hands_over_to_the_router():
    agent = agent_for("category,amt\ngrocery_pos,7\n")
    with respx.mock(base_url=BASE) as mock:
        mock.post("/chat/completions").mock(side_effect=httpx.ReadTimeout("slow"))
        outcome = agent.ask(QUESTION)
    assert outcome.status == "router_takeover" and "model failed" in outcome.reason
    assert outcome.answer == "The total amt is 7."
