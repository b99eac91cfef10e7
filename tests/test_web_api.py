"""`tally serve`'s HTTP API, in-process (Starlette's TestClient, no socket): tokens and hosts,
tables and uploads, sessions persisted and reopened, streamed steps, typed failures, charts.
Expected numbers come from DuckDB over the raw CSV."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from fastapi.testclient import TestClient

from agent.charts import chart_points
from agent.outcome import Answered
from agent.results import AggregateResult, Group, Provenance
from agent.web.view import outcome_view
from tests.helpers import KAGGLE, need, shown, sql
from tests.web_server import make_app, web_config

TOKEN = "test-token"
H = {"X-Tally-Token": TOKEN}
GROCERY = "What is the total amount spent on grocery_pos?"


def client(app, host: str = "127.0.0.1") -> TestClient:
    return TestClient(app, base_url=f"http://{host}")


@pytest.fixture()
def api(tmp_path):
    return client(make_app(web_config(tmp_path), [need(KAGGLE)], token=TOKEN))


def ask(api: TestClient, session: str, question: str) -> tuple[list[str], dict]:
    """POST a question; the streamed steps and the final view."""
    response = api.post(f"/api/sessions/{session}/ask", json={"question": question}, headers=H)
    assert response.status_code == 200, response.text
    events = [json.loads(line) for line in response.text.splitlines()]
    assert [e["type"] for e in events][-1] == "answer" and all(e["type"] == "step" for e in events[:-1])
    return [e["text"] for e in events[:-1]], events[-1]["view"]


def start(api: TestClient, table: str = "f0") -> str:
    response = api.post("/api/sessions", json={"table": table}, headers=H)
    assert response.status_code == 200, response.text
    return response.json()["id"]


def test_every_api_call_needs_the_token(api):
    assert api.get("/api/tables").status_code == 401
    assert api.get("/api/tables", headers={"X-Tally-Token": "wrong"}).status_code == 401
    assert api.post("/api/sessions", json={"table": "f0"}).status_code == 401
    assert [t["name"] for t in api.get("/api/tables", headers=H).json()] == [KAGGLE.name]
    page = api.get("/")
    assert page.status_code == 200 and f'content="{TOKEN}"' in page.text


def test_loopback_refuses_other_host_names(api):
    """A DNS-rebinding page reaches 127.0.0.1 under its own host name: refused."""
    assert api.get("/", headers={"Host": "attacker.example"}).status_code == 400
    assert api.get("/", headers={"Host": "localhost:8000"}).status_code == 200


def test_other_hosts_need_the_token_for_the_page(tmp_path):
    remote = client(make_app(web_config(tmp_path), [], token=TOKEN, host="0.0.0.0"), host="192.0.2.1")
    assert remote.get("/").status_code == 401
    assert remote.get("/", params={"token": "nope"}).status_code == 401
    assert remote.get("/", params={"token": TOKEN}).status_code == 200
    assert remote.get("/api/tables").status_code == 401


def test_ask_streams_steps_then_the_answer_with_provenance(api):
    (total, matched), = sql("SELECT SUM(amt), COUNT(*) FROM t WHERE category = 'grocery_pos'", KAGGLE)
    steps, view = ask(api, start(api), GROCERY)
    assert view["answer"] == f"The total amt is {total:,.2f}."
    assert view["status"] == "answered" and view["who"] == "router (no model is configured)"
    assert view["unverified"] is False and view["chart"] is None
    provenance = view["calls"][0]["provenance"]
    assert "operation: SUM(amt) WHERE category = 'grocery_pos'" in provenance
    assert f"rows: {matched:,} matched of 5,039 scanned" in provenance
    assert any(line.startswith("file: kaggle_fraud_train_first5039.csv (sha256 ") for line in provenance)
    assert steps[0].startswith("router: computation") and "SUM(amt) WHERE category = 'grocery_pos'" in steps[0]
    assert steps[-1] == "answered by router (no model is configured)"


def test_grouped_answer_has_a_bar_chart_and_a_table_from_the_result(api):
    expected = dict(sql("SELECT category, SUM(amt) FROM t GROUP BY category", KAGGLE))
    _, view = ask(api, start(api), "What is the total spend by category?")
    chart = view["chart"]
    assert chart["mark"]["type"] == "bar"
    points = next(iter(chart["datasets"].values()))
    assert {p["key"]: p["value"] for p in points} == pytest.approx(expected)
    table = view["tables"][0]
    assert table["columns"] == ["category", "SUM(amt)", "rows"] and len(table["rows"]) == len(expected)


def test_follow_up_and_reopen_from_the_transcript(api, tmp_path):
    (tx,), = sql("SELECT SUM(amt) FROM t WHERE category = 'grocery_pos' AND state = 'TX'", KAGGLE)
    session = start(api)
    ask(api, session, GROCERY)
    _, view = ask(api, session, "and for TX?")
    assert view["answer"] == f"The total amt is {tx:,.2f}."
    transcript = tmp_path / "sessions" / f"{session}.jsonl"
    events = [json.loads(line)["event"] for line in transcript.read_text().splitlines()]
    assert events == ["start", "outcome", "outcome"]

    restarted = client(make_app(web_config(tmp_path), [KAGGLE], token=TOKEN))
    listed = restarted.get("/api/sessions", headers=H).json()
    assert [(s["id"], s["questions"], s["first"], s["served"]) for s in listed] == [(session, 2, GROCERY, True)]
    reopened = restarted.get(f"/api/sessions/{session}", headers=H).json()
    assert [t["answer"] for t in reopened["turns"]][1] == f"The total amt is {tx:,.2f}."
    (fraud,), = sql("SELECT SUM(amt) FROM t WHERE category = 'grocery_pos' AND state = 'TX' AND is_fraud = 1", KAGGLE)
    _, view = ask(restarted, session, "only fraud ones")  # the follow-up continues the reopened plan
    assert view["answer"] == f"The total amt is {fraud:,.2f}."


def test_sessions_are_looked_up_never_joined_into_paths(api, tmp_path):
    (tmp_path / "secret.jsonl").write_text('{"event": "start"}\n')
    for name in ("..%2Fsecret", "../secret", "secret", "%2Fetc%2Fpasswd"):
        assert api.get(f"/api/sessions/{name}", headers=H).status_code == 404
    assert api.post("/api/sessions", json={"table": "../../etc/passwd"}, headers=H).status_code == 404


def test_upload_is_stored_in_its_own_folder_under_a_safe_name(api, tmp_path):
    (total,), = sql("SELECT SUM(amt) FROM t", KAGGLE)
    response = api.post("/api/tables", files={"file": ("../../x/evil name.csv", KAGGLE.read_bytes())}, headers=H)
    assert response.status_code == 200, response.text
    table = response.json()
    assert table["name"] == "evil_name.csv" and table["rows"] == 5039
    stored = [p for p in (tmp_path / "uploads").rglob("*") if p.is_file()]
    assert [p.name for p in stored] == ["evil_name.csv"] and stored[0].parent.parent == tmp_path / "uploads"
    _, view = ask(api, start(api, table["id"]), "What is the total amt?")
    assert view["answer"] == f"The total amt is {total:,.2f}."


def test_uploads_over_the_limit_or_of_other_kinds_are_refused_and_not_kept(tmp_path):
    api = client(make_app(web_config(tmp_path, max_upload_mb=0.01), [], token=TOKEN))
    big = b"a,b\n" + b"1,2\n" * 5000  # 20 KB > 10 KiB
    response = api.post("/api/tables", files={"file": ("big.csv", big)}, headers=H)
    assert response.status_code == 413 and "0.01 MiB" in response.json()["message"]
    response = api.post("/api/tables", files={"file": ("huge.csv", big * 6)}, headers=H)
    assert response.status_code == 413  # refused by its Content-Length, before the body is read
    response = api.post("/api/tables", files={"file": ("run.sh", b"echo hi\n")}, headers=H)
    assert response.status_code == 415
    response = api.post("/api/tables", files={"file": ("bin.csv", b"\x00\x01\x02 binary")}, headers=H)
    assert response.status_code == 400 and "bin.csv" in response.json()["message"]
    assert not [p for p in (tmp_path / "uploads").rglob("*") if p.is_file()]
    assert api.get("/api/tables", headers=H).json() == []


def test_excel_upload_answers_like_its_csv(api, tmp_path):
    frame = pd.DataFrame({"region": ["north", "south", "north"], "sales": [10.5, 20.25, 4]})
    path = tmp_path / "book.xlsx"
    frame.to_excel(path, index=False)
    table = api.post("/api/tables", files={"file": ("book.xlsx", path.read_bytes())}, headers=H).json()
    _, view = ask(api, start(api, table["id"]), "What is the total sales by region?")
    assert {row[0]: row[1] for row in view["tables"][0]["rows"]} == {"north": "14.5", "south": "20.25"}


def test_an_exception_inside_shows_a_typed_failure_not_a_trace(api, monkeypatch):
    session = start(api)
    entry = api.app.state.tally.tables.get("f0")

    def broken(question, previous=None):
        raise RuntimeError("engine exploded")
    monkeypatch.setattr(entry.agent.router, "route", broken)
    _, view = ask(api, session, GROCERY)
    assert view["status"] == "failed" and view["who"] == "nobody (failed)"
    shown = json.dumps(view)
    assert "error inside Tally" in view["answer"] and "Traceback" not in shown
    assert "engine exploded" not in shown and "RuntimeError" not in shown  # never the Python message


def test_unverified_answers_are_labelled():
    outcome = Answered(question="q", answer="About 3.", answered_by="model", verified=False)
    assert outcome_view(outcome, model_name="m")["unverified"] is True


def test_groups_over_dates_are_drawn_as_a_line():
    provenance = Provenance(operation="SUM(x) GROUP BY day", rows_scanned=3, rows_matched=3)
    dated = AggregateResult(op="sum", column="x", group_by=["day"], provenance=provenance, groups=[
        Group(key=["2019-01-01"], value=1.0, rows=1), Group(key=["2019-01-02"], value=2.0, rows=2)])
    assert chart_points(dated)[2] == "line"
    named = dated.model_copy(update={"groups": [Group(key=["a"], value=1.0, rows=1), Group(key=["b"], value=2.0, rows=1)]})
    assert chart_points(named)[2] == "bar"
    single = dated.model_copy(update={"groups": dated.groups[:1]})
    assert chart_points(single) is None


def test_ask_chart_writes_the_same_chart_as_png_offline(tmp_path):
    from typer.testing import CliRunner

    from agent.cli import app

    env = {"OPENAI_API_KEY": "", "TALLY_MODEL": "", "OPENAI_BASE_URL": ""}
    out = tmp_path / "by_category.png"
    result = CliRunner().invoke(app, ["ask", str(need(KAGGLE)), "What is the total spend by category?",
                                      "--chart", str(out)], env=env)
    assert result.exit_code == 0, result.output
    png = out.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert width > 400 and height > 200
    none = tmp_path / "none.png"
    result = CliRunner().invoke(app, ["ask", str(KAGGLE), GROCERY, "--chart", str(none)], env=env)
    assert result.exit_code == 0 and not none.exists() and "no chart written" in result.output


def model_app(tmp_path, steps):
    """The app over KAGGLE with a scripted model (agent.testing.FakeModel) behind the loop."""
    from agent.cli import build_agent
    from agent.testing import FakeModel
    from agent.web.app import create_app

    config = web_config(tmp_path)

    def build(path):
        agent = build_agent(path, config)
        agent.model = FakeModel(steps)
        return agent
    return client(create_app(config, [need(KAGGLE)], build, token=TOKEN, model_name="fake"))


GROCERY_CALL = {"op": "sum", "column": "amt", "where": [{"column": "category", "op": "=", "value": "grocery_pos"}]}


def test_model_turns_tool_calls_and_policy_verdicts_are_steps(tmp_path):
    from agent.testing import call, say

    (total,), = sql("SELECT SUM(amt) FROM t WHERE category = 'grocery_pos'", KAGGLE)
    api = model_app(tmp_path, [call("aggregate", GROCERY_CALL), say(f"Grocery spend is {total:,.2f}.")])
    steps, view = ask(api, start(api), GROCERY)
    assert view["who"] == "model fake" and view["answer"] == f"Grocery spend is {total:,.2f}."
    assert [s.split(":")[0] for s in steps[:4]] == ["router", "model fake", "model fake", "tool aggregate"]
    assert "calls aggregate(" in steps[2]
    assert "policy NumbersFromTools: allow" in steps and steps[-1] == "answered by model"


def test_a_model_number_no_tool_returned_is_taken_over_and_shown(tmp_path):
    from agent.testing import call, say

    (total,), = sql("SELECT SUM(amt) FROM t WHERE category = 'grocery_pos'", KAGGLE)
    api = model_app(tmp_path, [call("aggregate", GROCERY_CALL), say("Grocery spend is 99,999.99.")])
    steps, view = ask(api, start(api), GROCERY)
    assert view["answer"] == f"The total amt is {total:,.2f}." and view["status"] == "router_takeover"
    assert view["who"].startswith("router (took over from the model: ")
    assert any(s.startswith("policy NumbersFromTools: reject: ") for s in steps)


def test_an_answer_the_router_could_not_check_is_labelled_unverified(tmp_path):
    from agent.testing import call, say

    (total,), = sql("SELECT SUM(amt) FROM t", KAGGLE)
    api = model_app(tmp_path, [call("aggregate", {"op": "sum", "column": "amt"}), say(f"It is {total:,.2f}.")])
    _, view = ask(api, start(api), "Tell me how much money flowed overall, roughly speaking, vibes-wise")
    assert view["unverified"] is True and view["who"] == "model fake"
    assert view["answer"].startswith(f"It is {total:,.2f}.\n(Unverified")


def test_lookup_records_come_as_a_table_of_text_straight_from_the_filter(api, tmp_path):
    rows = [("Jennifer", "Banks", HOSTILE_SCRIPT, 12.5), ("Jennifer", "Banks", HOSTILE_IMAGE, 40.0),
            ("Jennifer", "Lopez", "fraud_Kirlin", 7.0), ("Mark", "Banks", "fraud_Kirlin", 3.25)]
    csv = tmp_path / "people.csv"
    pd.DataFrame(rows, columns=["first", "last", "merchant", "amt"]).to_csv(csv, index=False)
    table = api.post("/api/tables", files={"file": ("people.csv", csv.read_bytes())}, headers=H).json()
    steps, view = ask(api, start(api, table["id"]), "Find transactions from Jennifer Banks")
    records = view["tables"][0]
    assert records["title"] == "records"
    merchant = records["columns"].index("merchant")
    assert sorted(r[merchant] for r in records["rows"]) == sorted([HOSTILE_SCRIPT, HOSTILE_IMAGE])
    # the names are exact conditions: the records come from the filter, no index is built
    assert not any(s.startswith("indexing people.csv") for s in steps)


HOSTILE_SCRIPT = "<script>alert(1)</script>"
HOSTILE_IMAGE = "![x](http://127.0.0.1:9/x.png)"


def test_serve_names_a_missing_file_and_exits_2(tmp_path):
    from typer.testing import CliRunner

    from agent.cli import app

    result = CliRunner().invoke(app, ["serve", str(tmp_path / "nope.csv"), "--port", "0"], env={"COLUMNS": "300"})
    assert result.exit_code == 2 and shown("nope.csv: file not found", result.output)


def test_totals_over_dates_are_drawn_as_a_dated_line(api, tmp_path):
    csv = b"day,amt\n2024-01-01,5\n2024-01-01,7\n2024-01-02,3\n2024-01-03,10\n"
    table = api.post("/api/tables", files={"file": ("days.csv", csv)}, headers=H).json()
    _, view = ask(api, start(api, table["id"]), "What is the total amt by day?")
    chart = view["chart"]
    assert chart["mark"]["type"] == "line" and chart["encoding"]["x"]["type"] == "temporal"
    points = next(iter(chart["datasets"].values()))
    assert {p["key"][:10]: p["value"] for p in points} == {"2024-01-01": 12, "2024-01-02": 3, "2024-01-03": 10}
