"""The command line, run in-process with typer's runner (and once as `python -m agent`)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from agent.cli import app
from tests.helpers import KAGGLE, need, shown, sql

runner = CliRunner()
ENV = {"OPENAI_API_KEY": "", "TALLY_MODEL": "", "OPENAI_BASE_URL": "", "COLUMNS": "200"}


def invoke(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env=ENV)


def test_ask_prints_answer_then_provenance():
    (expected,), = sql("SELECT SUM(amt) FROM t WHERE category = 'grocery_pos'", need(KAGGLE))
    result = invoke("ask", KAGGLE, "What is the total amount spent on grocery_pos?")
    assert result.exit_code == 0, result.output
    assert f"The total amt is {expected:,.2f}." in result.output
    assert "operation: SUM(amt) WHERE category = 'grocery_pos'" in result.output
    assert "of 5,039 scanned" in result.output
    assert "answered by: router (no model is configured)" in result.output


def test_ask_json_is_machine_readable():
    result = invoke("ask", need(KAGGLE), "What percentage of transactions are fraudulent?", "--json")
    data = json.loads(result.output)
    (expected,), = sql("SELECT 100.0 * SUM(is_fraud) / COUNT(*) FROM t", KAGGLE)
    assert data["status"] == "answered" and data["answered_by"] == "router"
    assert data["calls"][0]["result"]["percent"] == pytest.approx(expected)
    assert data["calls"][0]["result"]["provenance"]["rows_scanned"] == 5039


def test_long_group_by_is_cut_with_a_count(tmp_path):
    csv = tmp_path / "many.csv"
    csv.write_text("k,v\n" + "\n".join(f"g{i},{i}" for i in range(100)))
    result = invoke("ask", csv, "What is the total v by k?")
    assert "50 of 100 groups shown (50 more not shown)" in result.output.replace("\n", " ")


def test_profile_lists_roles():
    result = invoke("profile", need(KAGGLE), "--json")
    roles = {c["name"]: c["role"] for c in json.loads(result.output)["columns"]}
    assert roles["amt"] == "numeric" and roles["category"] == "categorical" and roles["trans_date_trans_time"] == "date"
    assert "Unnamed: 0" not in roles and len(roles) == 22
    assert "category" in invoke("profile", KAGGLE).output


@pytest.mark.parametrize("content, expect", [
    (None, "file not found"),
    (b"", "empty file"),
    (b"\x00\x01\x02binary", "binary file"),
    (b"a,b\n1,2\n3,\xe9\n", "line 3"),
    (b"a,b\n1,2\n3,4,5\n", "line 3"),
])
def test_bad_input_names_the_file_and_exits_non_zero(tmp_path, content, expect):
    path = tmp_path / "bad.csv"
    if content is not None:
        path.write_bytes(content)
    result = invoke("ask", path, "How many rows?")
    assert result.exit_code == 2
    assert shown("bad.csv", result.output) and shown(expect, result.output)


@pytest.mark.parametrize("command", ["ask", "profile"])
def test_bad_input_with_json_is_a_json_object_on_stdout(tmp_path, command):
    path = tmp_path / "empty.csv"
    path.write_bytes(b"")
    args = [command, str(path)] + (["How many rows?"] if command == "ask" else []) + ["--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    body = json.loads(result.stdout[result.stdout.index("{"):])
    assert body["status"] == "bad_input" and body["error"] == "table_load"
    assert "empty.csv" in body["message"] and "empty file" in body["message"]


def test_chat_follow_ups_transcript_and_resume(tmp_path):
    transcript = tmp_path / "session.jsonl"
    first = invoke("chat", need(KAGGLE), "--transcript", transcript,
                   input="What is the total spend by category?\nand for TX?\n")
    assert first.exit_code == 0, first.output
    records = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert [r["event"] for r in records] == ["start", "outcome", "outcome"]
    assert records[2]["plan"]["where"][0]["value"] == "TX"
    assert records[2]["calls"][0]["result"]["provenance"]["operation"].startswith("category, SUM(amt) WHERE state = 'TX'")
    resumed = invoke("chat", KAGGLE, "--resume", transcript, input="only fraud ones\n")
    assert resumed.exit_code == 0, resumed.output
    last = json.loads(transcript.read_text().splitlines()[-1])
    (expected,), = sql("SELECT COUNT(DISTINCT category) FROM t WHERE state = 'TX' AND is_fraud = 1", KAGGLE)
    assert [p["column"] for p in last["plan"]["where"]] == ["state", "is_fraud"]
    assert last["calls"][0]["result"]["total_groups"] == expected


def test_python_dash_m_agent_runs():
    done = subprocess.run([sys.executable, "-m", "agent", "ask", str(need(KAGGLE)), "How many rows?"],
                          capture_output=True, text=True, env={"PATH": "", "OPENAI_API_KEY": ""}, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "The number of rows is 5,039." in done.stdout


def test_abstention_exits_3_with_the_reason():
    result = invoke("ask", need(KAGGLE), "What is the total spend of North American customers?")
    assert result.exit_code == 3 and "'North" in result.output  # the words it could not read, named


def test_resume_refuses_a_transcript_of_another_file(tmp_path):
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    transcript = tmp_path / "t.jsonl"
    invoke("chat", other, "--transcript", transcript, input="How many rows?\n")
    result = invoke("chat", need(KAGGLE), "--resume", transcript, input="How many rows?\n")
    assert result.exit_code == 2 and "start a new session" in result.output


@pytest.mark.parametrize("content, says", [
    (b"", "the file is empty"),
    (b"hello world\n", "line 1 is not JSON"),
    (b"[1, 2]\n", "line 1 is not a Tally transcript record"),
    (b'{"event": "outcome", "plan": null}\n', "line 1 is not the session's 'start' record"),
    (b'{"event": "start"}\n{"no": "event"}\n{"event": "outcome"}\n', "line 2 is not a Tally transcript record"),
    (b"\xff\xfe\x00garbage", "not UTF-8 text"),
])
def test_resume_refuses_a_file_that_is_not_a_transcript(tmp_path, content, says):
    table = tmp_path / "t.csv"
    table.write_text("a,b\n1,2\n")
    transcript = tmp_path / "garbage.jsonl"
    transcript.write_bytes(content)
    result = invoke("chat", table, "--resume", transcript, input="How many rows?\n")
    assert result.exit_code == 2, result.output
    assert shown("garbage.jsonl", result.output) and shown(says, result.output)
    assert transcript.read_bytes() == content  # nothing appended to a file that is not ours


def test_several_tables_that_all_read_the_question_are_refused_not_guessed(tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    a.write_text("region,amount\nN,10\nS,5\n")
    b.write_text("region,amount\nN,1\nE,2\n")
    result = runner.invoke(app, ["ask", str(a), str(b), "What is the total amount?"], env={"COLUMNS": "300"})
    assert result.exit_code == 3 and "a.csv, b.csv" in result.output
    only = runner.invoke(app, ["ask", str(a), str(b), "What is the total amount for E?"], env={"COLUMNS": "300"})
    assert only.exit_code == 0 and "The total amount is 2" in only.output  # only b holds 'E'


def test_the_several_tables_refusal_is_json_with_json_and_names_no_sheet_for_files(tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.tsv"
    a.write_text("region,amount\nN,10\nS,5\n")
    b.write_text("region\tamount\nN\t1\nE\t2\n")
    result = runner.invoke(app, ["ask", str(a), str(b), "What is the total amount?", "--json"], env=ENV)
    assert result.exit_code == 3
    data = json.loads(result.stdout)
    assert data["status"] == "abstained" and "a.csv, b.tsv" in data["reason"]
    assert "sheet" not in data["reason"]  # two files, no workbook


def test_a_question_over_2000_characters_is_bad_input_in_ask_and_chat(tmp_path):
    question = "What is the total amount " + "and more " * 250 + "?"
    result = invoke("ask", need(KAGGLE), question, "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["error"] == "bad_request" and f"({len(question):,} characters)" in data["message"]
    chat = invoke("chat", KAGGLE, "--transcript", tmp_path / "s.jsonl", input=question + "\nHow many rows?\n")
    assert shown("at most 2,000 characters", chat.output) and "5,039" in chat.output  # the next question answers


def test_a_sheet_that_reads_the_question_but_refuses_over_its_rows_is_not_passed_over(tmp_path):
    import openpyxl

    book = openpyxl.Workbook()
    report = book.active
    report.title = "Report"
    for row in (["store", "sales"], ["Downtown", 100], ["Mall", 50], ["Total", "=SUM(B2:B3)"]):
        report.append(row)  # a formula total with no cached value: the sheet refuses to count it
    staff = book.create_sheet("Staff")
    for row in (["name", "wage"], ["Kim", 15], ["Lou", 14]):
        staff.append(row)
    book.save(tmp_path / "book.xlsx")
    result = runner.invoke(app, ["ask", str(tmp_path / "book.xlsx"), "How many rows are there?"], env={"COLUMNS": "300"})
    assert result.exit_code == 3 and shown("book.xlsx#Report, book.xlsx#Staff", result.output)  # not Staff's 2 rows


def test_a_pipe_is_refused_not_read(tmp_path):
    import os

    fifo = tmp_path / "feed.csv"
    os.mkfifo(fifo)  # opening it for reading would block until a writer came: it must be refused first
    result = invoke("ask", fifo, "How many rows?")
    assert result.exit_code == 2
    assert shown("feed.csv", result.output) and shown("not a regular file", result.output)


@pytest.mark.parametrize("command", ["ask", "chat", "profile", "index", "tools", "mcp", "serve"])
def test_every_command_names_the_same_file_kinds(command):
    """The trial: `profile --help` and `chat --help` said 'CSV, TSV or Parquet' though Excel and JSON
    lines are read by every command."""
    result = runner.invoke(app, [command, "--help"], env={**ENV, "COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert "CSV, TSV, Parquet, JSON lines or Excel" in " ".join(result.output.split()), result.output


def test_profile_of_a_workbook_shows_every_sheet(tmp_path):
    """The trial: `tally profile book.xlsx` showed the first sheet alone and never named the
    others. By hand: Orders has 3 rows and 2 columns, Products 2 rows and 3 columns."""
    import pandas as pd

    path = tmp_path / "book.xlsx"
    with pd.ExcelWriter(path) as writer:
        pd.DataFrame({"order": [1, 2, 3], "qty": [5, 6, 7]}).to_excel(writer, sheet_name="Orders", index=False)
        pd.DataFrame({"product": ["tea", "mug"], "cost": [2.5, 4.0], "stock": [10, 3]}).to_excel(
            writer, sheet_name="Products", index=False)
    result = invoke("profile", path)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "book.xlsx#Orders: 3 rows, 2 columns" in text and "book.xlsx#Products: 2 rows, 3 columns" in text
    assert "book.xlsx has 2 sheets with rows (Orders, Products)" in text and "'book.xlsx#Products'" in text
    data = json.loads(invoke("profile", path, "--json").output)
    assert [(d["file"], d["rows"]) for d in data] == [("book.xlsx#Orders", 3), ("book.xlsx#Products", 2)]
    one = json.loads(invoke("profile", f"{path}#Products", "--json").output)
    assert one["file"] == "book.xlsx#Products" and [c["name"] for c in one["columns"]] == ["product", "cost", "stock"]
