"""A workbook uploaded to `tally serve` is read sheet by sheet, each question going to the sheet it
reads against, as `tally ask book.xlsx "..."` does (agent.sheets.choose_table). Trial 3, CW-9: the
web used the first sheet only and said nothing, so "What is the total revenue?" over sheets 2022
and 2023 was answered from 2022 alone; the CLI refuses it as ambiguous. Real app, real workbook."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from fastapi.testclient import TestClient

from tests.web_server import make_app, web_config

TOKEN = "test-token"
H = {"X-Tally-Token": TOKEN}


@pytest.fixture()
def book(tmp_path):
    """Sheets 2022 and 2023 (the same columns) and Costs (its own column Cost: 30 + 45 = 75)."""
    path = tmp_path / "sales_book.xlsx"
    with pd.ExcelWriter(path) as writer:
        pd.DataFrame({"Region": ["North", "South"], "Revenue": [12000, 9500]}).to_excel(writer, sheet_name="2022", index=False)
        pd.DataFrame({"Region": ["North", "South", "East"], "Revenue": [13500, 9000, 8200]}).to_excel(
            writer, sheet_name="2023", index=False)
        pd.DataFrame({"Item": ["rent", "power"], "Cost": [30, 45]}).to_excel(writer, sheet_name="Costs", index=False)
    return path


@pytest.fixture()
def api(tmp_path):
    return TestClient(make_app(web_config(tmp_path), [], token=TOKEN), base_url="http://127.0.0.1")


def ask(api: TestClient, session: str, question: str) -> tuple[list[str], dict]:
    response = api.post(f"/api/sessions/{session}/ask", json={"question": question}, headers=H)
    events = [json.loads(line) for line in response.text.splitlines()]
    return [e["text"] for e in events[:-1]], events[-1]["view"]


def session_over(api: TestClient, book) -> tuple[dict, str]:
    table = api.post("/api/tables", files={"file": (book.name, book.read_bytes())}, headers=H).json()
    return table, api.post("/api/sessions", json={"table": table["id"]}, headers=H).json()["id"]


def test_a_question_two_sheets_read_alike_is_refused_naming_them(api, book):
    table, session = session_over(api, book)
    assert table["sheets"] == ["sales_book.xlsx#2022", "sales_book.xlsx#2023", "sales_book.xlsx#Costs"]
    _, view = ask(api, session, "What is the total Revenue?")
    assert view["status"] == "abstained", view
    assert "sales_book.xlsx#2022" in view["answer"] and "sales_book.xlsx#2023" in view["answer"]
    assert "21,500" not in view["answer"] and "21500" not in view["answer"]  # never the first sheet's total


def test_a_question_only_one_sheet_reads_is_answered_from_it(api, book):
    _, session = session_over(api, book)
    _, view = ask(api, session, "What is the total Cost?")
    assert view["status"] == "answered", view
    assert "75" in view["answer"]


def test_a_follow_up_stays_on_the_sheet_of_the_last_question(api, book):
    _, session = session_over(api, book)
    ask(api, session, "What is the total Cost?")
    _, view = ask(api, session, "and for rent?")
    assert view["status"] == "answered", view
    assert "30" in view["answer"]


def test_a_follow_up_after_a_refused_turn_is_refused_in_the_web_too(api, book):
    """The trial's CW7 in `tally serve`: 'their total Cost' after a refused turn was the total over
    every row (30 + 45 = 75) though the answered turn before was rent's (30)."""
    _, session = session_over(api, book)
    _, first = ask(api, session, "What is the total Cost for rent?")
    assert first["status"] == "answered" and "30" in first["answer"], first
    _, refused = ask(api, session, "and for blorp?")
    assert refused["status"] == "abstained", refused
    _, view = ask(api, session, "what is their total Cost?")
    assert view["status"] == "abstained", view
    assert "was not answered" in view["answer"] and "75" not in view["answer"], view
