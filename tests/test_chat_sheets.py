"""`tally chat book.xlsx` reads every sheet: each question goes to the sheet it reads against, a
follow-up stays on the last question's sheet, and moving to another sheet carries no condition
(trial 4: chat read the first sheet only and refused every question about the others). Values
by hand from the sheets below; the real CLI over a real workbook."""

from __future__ import annotations

import json

import pandas as pd
from typer.testing import CliRunner

from agent.cli import app
from tests.helpers import shown


def _book(tmp_path):
    path = tmp_path / "office.xlsx"
    with pd.ExcelWriter(path) as writer:  # Sales first: the sheet chat used to read alone
        pd.DataFrame({"region": ["North", "South", "North"], "revenue": [10, 20, 5]}).to_excel(
            writer, sheet_name="Sales", index=False)
        pd.DataFrame({"name": ["Ann", "Bob", "Cid"], "dept": ["IT", "HR", "IT"], "salary": [100, 80, 90]}).to_excel(
            writer, sheet_name="Staff", index=False)
    return path


def _chat(tmp_path, questions: list[str]):
    transcript = tmp_path / "t.jsonl"
    result = CliRunner().invoke(app, ["chat", str(_book(tmp_path)), "--transcript", str(transcript)],
                                input="\n".join(questions) + "\n\n", env={"OPENAI_API_KEY": "", "TALLY_MODEL": ""})
    assert result.exit_code == 0, result.output
    outcomes = [json.loads(line) for line in transcript.read_text().splitlines()][1:]
    return result.output, outcomes


def test_each_question_goes_to_its_sheet_and_follow_ups_stay(tmp_path):
    output, outcomes = _chat(tmp_path, ["What is the average salary in IT?", "and for HR?",
                                        "What is the total revenue for North?", "and for South?"])
    assert shown("office.xlsx#Sales: 3 rows; office.xlsx#Staff: 3 rows", output)
    answers = [o["answer"] for o in outcomes]
    assert "95" in answers[0]  # (100 + 90) / 2 on Staff
    assert "80" in answers[1]  # Bob alone: the follow-up stayed on Staff
    assert "15" in answers[2]  # 10 + 5 on Sales; the IT condition was not carried over
    assert "20" in answers[3]
    assert [o["status"] for o in outcomes] == ["answered"] * 4


def test_a_question_both_sheets_read_is_refused_naming_them(tmp_path):
    _, outcomes = _chat(tmp_path, ["How many rows are there?"])
    assert outcomes[0]["status"] == "abstained"
    assert "office.xlsx#Sales" in outcomes[0]["answer"] and "office.xlsx#Staff" in outcomes[0]["answer"]
