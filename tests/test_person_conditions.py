"""Kinds of person that are conditions, not the rows (router/people.py; trial 10): on one row per
respondent, 'How many respondents are managers?' and 'How many volunteers in HR?' counted every
row (or every HR row); 'How many borrowers are students?' every borrower. No column holds the
kind of person, so each is refused naming the word; the rows' own noun and 'people' still count."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

DEPTS = ["HR", "Sales", "Sales", "Finance", "HR", "Sales"] * 5
SURVEY = "Respondent ID,Department,Would recommend\n" + "".join(
    f"R{i:03d},{d},{'Yes' if i % 3 else 'No'}\n" for i, d in enumerate(DEPTS, start=1))
LOANS = ("Loan No,Borrower,Title\n" + "".join(f"{7000 + i},{b},{t}\n" for i, (b, t) in enumerate(
    [("Ann", "Dune"), ("Bo", "Emma"), ("Ann", "Dune"), ("Cy", "Rebecca"), ("Bo", "Dune")] * 6)))


@pytest.mark.parametrize("csv, question, word", [
    (SURVEY, "How many respondents are managers?", "managers"),
    (SURVEY, "How many volunteers in HR?", "volunteers"),
    (SURVEY, "How many interns would recommend?", "interns"),
    (SURVEY, "How many contractors are there?", "contractors"),
    (LOANS, "How many borrowers are students?", "students"),
])
def test_a_kind_of_person_no_column_holds_is_refused(csv, question, word):
    outcome = router_agent(csv).ask(question)
    assert outcome.status == "abstained", outcome.answer
    assert word in outcome.answer


@pytest.mark.parametrize("question, value", [
    ("How many respondents are in HR?", 10),  # DEPTS has HR twice in each 6, five times over
    ("How many people are in Sales?", 15),
    ("How many respondents are there?", 30),
])
def test_the_rows_own_people_still_count(question, value):
    outcome = router_agent(SURVEY).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == value
