"""Every compute tool through a toolset over several tables (trial 3, C-2: the typed query tools
failed there with `internal_error KeyError: <class 'agent.toolset.RankArgs'>`, because the
table-taking argument class is a subclass the operations are not dispatched on). Each tool's
answer is worked out by hand (tests/tool_calls.py); the other table has the same columns and
other values, so an answer from the wrong table shows. An exception inside a tool comes back as
a typed failure in plain words, never the Python message."""

from __future__ import annotations

import pytest

from agent.table import table_from_text
from agent.tools import ALL_TOOLS, ToolSuccess
from agent.toolset import Toolset
from tests.tool_calls import CALLS, GAMES

OTHER = "team,season,points,goals,played_on\nOak,2021,100,1,2021-01-01\nElm,2022,90,2,2022-01-01\n"


@pytest.fixture(scope="module")
def toolset() -> Toolset:
    return Toolset({"other": table_from_text(OTHER, "other.csv"), "games": table_from_text(GAMES, "games.csv")})


def test_every_tool_has_a_worked_call():
    assert set(CALLS) == set(ALL_TOOLS)


@pytest.mark.parametrize("name", sorted(ALL_TOOLS))
def test_every_tool_answers_over_the_named_table(toolset, name):
    arguments, pick, expected = CALLS[name]
    outcome = toolset.call(name, {**arguments, "table": "games"})
    assert isinstance(outcome, ToolSuccess), outcome
    assert pick(outcome.result.model_dump(mode="json")) == expected
    assert outcome.arguments["table"] == "games"


@pytest.mark.parametrize("name", sorted(ALL_TOOLS))
def test_every_tool_answers_with_one_table(name):
    arguments, pick, expected = CALLS[name]
    outcome = Toolset({"games": table_from_text(GAMES, "games.csv")}).call(name, arguments)
    assert isinstance(outcome, ToolSuccess), outcome
    assert pick(outcome.result.model_dump(mode="json")) == expected


def test_an_exception_inside_a_tool_is_a_plain_typed_failure(toolset, monkeypatch):
    import agent.engine.query_engine as query_engine

    def broken(engine, table, plan):
        raise KeyError("a Python detail")
    monkeypatch.setitem(query_engine.OPERATIONS, query_engine.RankArgs, broken)
    outcome = toolset.call("rank", {**CALLS["rank"][0], "table": "games"})
    assert outcome.error["error"] == "internal_error"
    assert "Python detail" not in outcome.message and "KeyError" not in outcome.message
    assert "error inside Tally" in outcome.message
