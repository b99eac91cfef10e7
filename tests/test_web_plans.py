"""Every typed plan through `tally serve` (trial 3, C-1: the step line of the router's reading
assumed every plan was an aggregate or a ratio, so rank, position, change, frequency, distinct,
check and statistic questions failed in the browser with "AttributeError: 'RankArgs' object has no
attribute 'column'" on the page). The real app (Starlette's TestClient, the CLI's agent builder);
answers worked out by hand from the tables written here."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from agent.router.kind import Classification
from agent.router.router import RouterDecision
from agent.tools import ALL_TOOLS, PLAN_TOOLS, ROUTER_TOOLS
from agent.web.steps import plan_line, reading
from tests.tool_calls import CALLS, GAMES, ROUTER_CALLS
from tests.web_server import make_app, web_config

TOKEN = "test-token"
H = {"X-Tally-Token": TOKEN}
LEAGUE = """Pos,Team,Played,Won,Drawn,Lost,GF,GA,GD,Points
1,Riverside FC,10,8,1,1,25,9,16,25
2,Hill United,10,7,2,1,20,10,10,23
3,Northgate,10,6,1,3,18,14,4,19
4,Lakeside Rovers,10,5,3,2,15,11,4,18
5,Old Town,10,4,2,4,14,15,-1,14
6,Southbank,10,0,2,8,6,26,-20,2
"""
BOOKS = """title,author,year,pages,rating
The Silent Sea,Mara Quinn,2015,320,4.2
Paper Gardens,Leo Hart,2019,210,3.8
Iron Valley,Mara Quinn,2021,450,4.6
Small Hours,Ada Brooks,2012,180,4.0
Cold Harbour,Leo Hart,2017,290,3.5
"""
COMPUTING = Classification(kind="computation", tier=1, matched=[], confidence=0.9)


def plan(name: str):
    """The hand-worked call of tool `name` (tests/tool_calls.py) as its typed plan."""
    return {**ALL_TOOLS, **ROUTER_TOOLS}[name].args.model_validate({**CALLS, **ROUTER_CALLS}[name][0])


@pytest.fixture()
def api(tmp_path):
    files = []
    for name, text in (("league.csv", LEAGUE), ("books.csv", BOOKS), ("games.csv", GAMES)):
        (tmp_path / name).write_text(text)
        files.append(tmp_path / name)
    return TestClient(make_app(web_config(tmp_path), files, token=TOKEN), base_url="http://127.0.0.1")


def ask(api: TestClient, table: str, question: str) -> tuple[list[str], dict]:
    session = api.post("/api/sessions", json={"table": table}, headers=H).json()["id"]
    response = api.post(f"/api/sessions/{session}/ask", json={"question": question}, headers=H)
    events = [json.loads(line) for line in response.text.splitlines()]
    return [e["text"] for e in events[:-1]], events[-1]["view"]


def test_every_plan_type_has_a_worked_call():
    assert {PLAN_TOOLS[t] for t in PLAN_TOOLS} <= set(CALLS) | set(ROUTER_CALLS)


@pytest.mark.parametrize("name", sorted(PLAN_TOOLS.values()))
def test_the_reading_line_states_every_plan_type(name):
    line = reading(RouterDecision(question="q", classification=COMPUTING, plan=plan(name)))
    assert line.startswith("router: computation (confidence 0.90), plan ")
    assert any(column in line for column in ("points", "team", "season", "goals")), line


@pytest.mark.parametrize("name", sorted(PLAN_TOOLS.values()))
def test_every_plan_type_is_answered_in_the_web(api, monkeypatch, name):
    """The router's plan of each type (set here: no question reaches every type) runs through its
    tool and comes back answered, the answer holding the hand-worked value."""
    entry = api.app.state.tally.tables.get("f2")
    decision = RouterDecision(question="q", classification=COMPUTING, plan=plan(name))
    monkeypatch.setattr(entry.agent.router, "route", lambda question, previous=None: decision)
    steps, view = ask(api, "f2", "q")
    assert view["status"] == "answered", view
    assert f"plan {plan_line(decision.plan)}" in steps[0]
    assert "Error" not in json.dumps(view) and "object has no attribute" not in json.dumps(view)


@pytest.mark.parametrize("table, question, expected", [
    ("f0", "Which team has the highest Points?", "Riverside FC"),                          # rank: 25
    ("f0", "Which team is above Old Town?", "Lakeside Rovers"),                            # position
    ("f0", "How many more points did Riverside FC have than Hill United?", "+2"),          # change: 25 - 23
    ("f1", "List the distinct authors", "Mara Quinn, Leo Hart, Ada Brooks"),               # distinct
    ("f1", "Are all titles unique?", "Yes"),                                               # check
    ("f1", "What is the range of pages?", "270"),                                          # statistic: 450 - 180
    ("f1", "Which author is the most common?", "Mara Quinn"),                              # frequency: 2 (tie Leo Hart)
])
def test_the_trials_questions_are_answered_in_the_web(api, table, question, expected):
    steps, view = ask(api, table, question)
    assert view["status"] == "answered", view
    assert expected in view["answer"]
    assert steps[0].startswith("router: ") and ", plan " in steps[0]
