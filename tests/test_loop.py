"""The agent loop with a scripted FakeModel: the real tools, router and policies run."""

from __future__ import annotations

import json

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.loop import SEARCH_UNAVAILABLE, Agent
from agent.models import ModelTimeout
from agent.router.router import Router
from agent.table import table_from_text
from agent.testing import FakeModel, call, say

TABLE = "category,amt,is_fraud\ngrocery_pos,100.25,0\ngrocery_pos,200.50,1\ntravel,1000,0\nhome,50,0\n"
GROCERY = {"op": "sum", "column": "amt", "where": [{"column": "category", "op": "=", "value": "grocery_pos"}]}


def agent(model, **policies):
    config = load_config(env={})
    config.policies = config.policies.model_copy(update=policies)
    table = table_from_text(TABLE)
    return Agent(table=table, engine=duckdb_engine(), router=Router(table, config.router), config=config, model=model)


def tool_messages(model, index):
    return [json.loads(m["content"]) for m in model.calls[index][0] if m["role"] == "tool"]


def test_tool_call_then_answer_is_answered_by_the_model():
    model = FakeModel([call("aggregate", GROCERY), say("Grocery spend totals 300.75.")])
    outcome = agent(model).ask("What is the total amount spent on grocery_pos?")
    model.assert_complete()
    assert (outcome.status, outcome.answered_by) == ("answered", "model")
    assert outcome.results[0].result.value == 100.25 + 200.50
    assert tool_messages(model, 1)[0]["value"] == 300.75
    system = model.calls[0][0][0]["content"]
    assert "category" in system and "grocery_pos" in system and "100.25" not in system  # profile, no rows
    # an aggregate question is offered the compute tools of its kind, not the ranking or yes/no tools
    assert {t["function"]["name"] for t in model.calls[0][1]} == {
        "aggregate", "ratio", "describe", "statistic", "expression", "change"}


@pytest.mark.parametrize("question, offered", [
    ("Is there any transaction in grocery_pos?", {"aggregate", "describe", "check"}),
    ("What are the 2 most common categories?", {"aggregate", "describe", "frequency"}),
    ("List the unique categories", {"aggregate", "describe", "distinct"}),
])
def test_each_kind_of_question_is_offered_its_own_tools(question, offered):
    model = FakeModel([say("I cannot tell.")])
    agent(model).ask(question)
    assert {t["function"]["name"] for t in model.calls[0][1]} == offered


def test_with_offer_by_kind_off_every_tool_is_offered():
    table = table_from_text(TABLE)
    config = load_config(env={})
    config.tools = config.tools.model_copy(update={"offer_by_kind": False})
    model = FakeModel([say("I cannot tell.")])
    Agent(table=table, engine=duckdb_engine(), router=Router(table, config.router), config=config,
          model=model).ask("What is the total amount?")
    assert {t["function"]["name"] for t in model.calls[0][1]} == {
        "aggregate", "ratio", "describe", "check", "rank", "frequency", "distinct", "statistic", "subset", "expression",
        "change", "latest", "position", "per_entity", "against"}


def test_a_yes_no_answer_without_a_check_call_is_replaced_by_the_routers_test():
    model = FakeModel([call("aggregate", {"op": "count", "where": [GROCERY["where"][0]]}), say("Yes, there are.")])
    outcome = agent(model).ask("Is there any transaction in grocery_pos?")
    assert (outcome.status, outcome.answered_by) == ("router_takeover", "router")
    assert "check call" in outcome.reason and outcome.results[-1].result.answer is True


def test_a_replayed_recording_is_offered_only_the_tools_it_was_recorded_with():
    table = table_from_text(TABLE)
    config = load_config(env={})
    model = FakeModel([say("I cannot tell.")])
    Agent(table=table, engine=duckdb_engine(), router=Router(table, config.router), config=config, model=model,
          offered=frozenset({"aggregate", "ratio", "describe", "search"})).ask("What is the total amount?")
    assert [t["function"]["name"] for t in model.calls[0][1]] == ["aggregate", "ratio", "describe"]


def test_rounded_and_formatted_numbers_are_accepted():
    model = FakeModel([call("aggregate", GROCERY), say("About $301 (300.8 exactly rounded), i.e. 300.75.")])
    outcome = agent(model).ask("Total amt for grocery_pos?")
    assert outcome.status == "router_takeover"  # 'About' is a hedge: the exact plan answers instead
    model = FakeModel([call("aggregate", GROCERY), say("It is 300.8, or $300.75 to the cent.")])
    assert agent(model).ask("Total amt for grocery_pos?").answered_by == "model"


def test_a_number_not_in_any_tool_result_is_rejected_and_the_router_answers():
    model = FakeModel([call("aggregate", GROCERY), say("The total is 1,234.50.")])
    outcome = agent(model).ask("What is the total amount spent on grocery_pos?")
    assert outcome.status == "router_takeover" and outcome.answered_by == "router"
    assert "1,234.50" in outcome.reason
    assert outcome.answer == "The total amt is 300.75."


def test_malformed_arguments_go_back_to_the_model_as_a_tool_message():
    model = FakeModel([call("aggregate", '{"op": "sum", "column": '), call("aggregate", GROCERY),
                       say("The total is 300.75.")])
    outcome = agent(model).ask("What is the total amount spent on grocery_pos?")
    assert outcome.answered_by == "model"
    first = tool_messages(model, 1)[0]
    assert first["error"] == "bad_arguments"
    assert not outcome.calls[0].ok and outcome.calls[1].ok


def test_unknown_tool_and_unknown_column_are_tool_errors_with_suggestions():
    model = FakeModel([call("run_python", {"code": "import os"}),
                       call("aggregate", {"op": "sum", "column": "amount"}),
                       call("aggregate", {"op": "sum", "column": "amt"}), say("All spend: 1,350.75.")])
    outcome = agent(model).ask("What is the total spend?")
    messages = tool_messages(model, 3)
    assert messages[0]["error"] == "unknown_tool"
    assert messages[1]["error"] == "unknown_column" and "amt" in messages[1]["suggestions"]
    assert outcome.answered_by == "model"


def test_repeated_tool_failures_hand_over_to_the_router():
    bad = call("aggregate", {"op": "sum", "column": "nope"})
    model = FakeModel([bad, call("aggregate", {"op": "sum", "column": "nope"}),
                       call("aggregate", {"op": "sum", "column": "nope"})])
    outcome = agent(model, max_failed_tool_calls=3).ask("What is the total amount spent on grocery_pos?")
    model.assert_complete()
    assert outcome.status == "router_takeover" and "3 tool calls failed" in outcome.reason
    assert outcome.answer == "The total amt is 300.75."


def test_answer_without_a_tool_call_is_taken_over():
    model = FakeModel([say("Roughly 300.")])
    outcome = agent(model).ask("What is the total amount spent on grocery_pos?")
    assert outcome.status == "router_takeover"
    assert "without a compute tool call" in outcome.reason


def test_turn_limit_ends_the_run_with_a_typed_outcome():
    model = FakeModel([call("describe", {"column": None})] * 2)
    outcome = agent(model, max_turns=2).ask("What is the total amount spent on grocery_pos?")
    assert outcome.status == "router_takeover" and "2 turns" in outcome.reason


def test_time_limit():
    model = FakeModel([])
    outcome = agent(model, max_seconds=-1).ask("What is the total amount spent on grocery_pos?")
    assert outcome.status == "router_takeover" and "time budget" in outcome.reason


def test_model_timeout_falls_back_to_the_router_or_fails_with_reason():
    outcome = agent(FakeModel([ModelTimeout("timed out")])).ask("What is the total amount spent on grocery_pos?")
    assert outcome.status == "router_takeover" and "timed out" in outcome.reason
    outcome = agent(FakeModel([ModelTimeout("timed out")])).ask("Is the moon made of cheese?")
    assert outcome.status == "failed" and "timed out" in outcome.reason


def test_hedged_model_answer_is_replaced_by_the_exact_plan():
    model = FakeModel([call("aggregate", GROCERY), say("I think it is 300.75 but I am not sure.")])
    outcome = agent(model).ask("What is the total amount spent on grocery_pos?")
    assert outcome.status == "router_takeover" and "hedged" in outcome.reason


def test_percentage_answered_by_the_model_with_ratio_tool():
    args = {"where": [{"column": "is_fraud", "op": "=", "value": 1}]}
    model = FakeModel([call("ratio", args), say("25% of transactions are fraudulent (1 of 4).")])
    outcome = agent(model).ask("What percentage of transactions are fraudulent?")
    assert outcome.answered_by == "model" and outcome.results[0].result.percent == 25


def test_retrieval_is_not_sent_to_the_model_until_search_exists():
    model = FakeModel([])
    outcome = agent(model).ask("Find transactions from Jennifer Banks")
    assert outcome.status == "abstained" and outcome.answer == SEARCH_UNAVAILABLE
    assert model.calls == []


@pytest.mark.parametrize("question", ["What is the total amount spent on grocery_pos?"])
def test_no_model_router_alone_says_so(question):
    outcome = agent(None).ask(question)
    assert (outcome.status, outcome.answered_by, outcome.reason) == ("answered", "router", "no model is configured")


def test_a_real_tool_number_over_the_wrong_rows_is_overruled_by_the_exact_plan():
    model = FakeModel([call("aggregate", {"op": "sum", "column": "amt"}),  # the filter was dropped
                       say("The total amount spent on grocery_pos is 1,350.75.")])
    outcome = agent(model).ask("What is the total amount spent on grocery_pos?")
    assert outcome.status == "router_takeover" and "does not state the exact plan's result (300.75)" in outcome.reason
    assert outcome.answer == "The total amt is 300.75."


def test_which_group_must_name_the_router_winner():
    model = FakeModel([call("aggregate", {"op": "sum", "column": "amt", "group_by": ["category"], "order": "asc",
                                          "limit": 1}), say("home has the lowest total spending (50).")])
    outcome = agent(model).ask("Which category has the lowest total spending?")
    assert outcome.status == "answered" and outcome.answered_by == "model"
    model = FakeModel([call("aggregate", {"op": "sum", "column": "amt", "group_by": ["category"], "limit": 1}),
                       say("grocery_pos has the lowest total spending (300.75).")])
    assert agent(model).ask("Which category has the lowest total spending?").status == "router_takeover"


def test_an_answer_the_router_cannot_check_is_labelled_unverified():
    model = FakeModel([call("aggregate", {"op": "max", "column": "amt"}), say("The biggest ticket is 1,000.")])
    outcome = agent(model).ask("Tell me the biggest ticket size ever seen")
    assert outcome.router.plan is None
    assert outcome.answered_by == "model" and outcome.verified is False
    assert outcome.answer.startswith("The biggest ticket is 1,000.") and "Unverified" in outcome.answer


def test_a_group_list_must_come_from_a_matching_tool_result():
    model = FakeModel([call("aggregate", {"op": "sum", "column": "amt"}), say("The total spend by category is 1,350.75.")])
    outcome = agent(model).ask("What is the total spend by category?")
    assert outcome.status == "router_takeover" and "groups by category" in outcome.reason
    model = FakeModel([call("aggregate", {"op": "sum", "column": "amt", "group_by": ["category"]}),
                       say("travel 1,000; grocery_pos 300.75; home 50.")])
    assert agent(model).ask("What is the total spend by category?").answered_by == "model"


def test_every_kind_says_which_tools_it_offers():
    from agent.router.kind import Kind
    from agent.tools import ALL_TOOLS
    from agent.tools.choice import BY_KIND, tools_for_kind
    assert set(BY_KIND) == set(Kind)
    assert all(tools_for_kind(kind) <= set(ALL_TOOLS) for kind in Kind)
