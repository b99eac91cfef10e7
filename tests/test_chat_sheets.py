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


def test_a_sheet_named_by_a_word_that_is_another_sheets_column_yields_to_the_sheet_that_reads_it(tmp_path):
    """'the average salary by department' names the Departments sheet, which has no salary; the
    Employees sheet reads every word (trial 7: sent to Departments and refused). By hand: IT (100 +
    90) / 2 = 95, HR 80. A question the named sheet reads still goes to it."""
    from typer.testing import CliRunner

    path = tmp_path / "hr.xlsx"
    with pd.ExcelWriter(path) as writer:
        pd.DataFrame({"Name": ["Ann", "Bob", "Cid"], "Department": ["IT", "HR", "IT"],
                      "Salary": [100, 80, 90]}).to_excel(writer, sheet_name="Employees", index=False)
        pd.DataFrame({"Department": ["IT", "HR"], "Budget": [500, 300]}).to_excel(
            writer, sheet_name="Departments", index=False)
    env = {"OPENAI_API_KEY": "", "TALLY_MODEL": "", "COLUMNS": "300"}
    lowest = CliRunner().invoke(app, ["ask", str(path), "Which department has the lowest average salary?", "--json"],
                                env=env)
    assert lowest.exit_code == 0, lowest.output
    result = json.loads(lowest.output)["calls"][-1]["result"]
    assert result["provenance"]["file"].endswith("#Employees")
    assert [g["key"] for g in result["groups"]] == [["HR"]] and result["groups"][0]["value"] == 80
    budget = CliRunner().invoke(app, ["ask", str(path), "What is the total Budget?"], env=env)
    assert budget.exit_code == 0 and "800" in budget.output  # 500 + 300, on Departments


def test_their_on_another_sheet_is_refused_not_taken_over_every_row(tmp_path):
    """'their total revenue' after a question on Staff reads Sales, whose rows the IT staff are
    not: it was the total of every Sales row (10 + 20 + 5 = 35)."""
    _, outcomes = _chat(tmp_path, ["What is the average salary in IT?", "what is their total revenue?"])
    assert "95" in outcomes[0]["answer"]  # (100 + 90) / 2
    assert outcomes[1]["status"] == "abstained", outcomes[1]["answer"]
    assert "another sheet" in outcomes[1]["answer"] and "35" not in outcomes[1]["answer"]
