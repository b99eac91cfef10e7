"""The fresh-user trial's confidently wrong kinds (2026-12-03), on a small hand-built table; every
value by hand. (A) 'how many rows have <column>' counts the rows where the column holds a value,
never its distinct values (router/present_rows.py); (B) 'which X has the most Y per Z' is a rate
or a second grouping, refused naming both (router/rate_per.py); (C) two values of one column with
several spellings each ('dermatology' for 'Dermatology', 'DERMATOLOGY') joined by 'and'/'or' are
either value, as for values of one spelling (router/conditions._join_spelled)."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

CLINIC = ("Doctor,Department,Visit Type,Amount,Insurance,Rating,Paid\n"
          "Dr. Kim,Cardiology,Checkup,100,Medicare,4,Yes\n"
          "Dr. Kim,cardiology,Procedure,300,,5,No\n"
          "Dr. Lee,Dermatology,Checkup,50,Aetna,,Yes\n"
          "Dr. Lee,DERMATOLOGY,Procedure,250,Medicare,3,No\n"
          "Dr. Roy,Orthopedics,Checkup,80,,2,Yes\n"
          "Dr. Roy,orthopedics,Procedure,400,Cigna,4,No\n"
          "Dr. Kim,Pediatrics,Checkup,60,Aetna,1,Yes\n")


@pytest.mark.parametrize("question, rows", [
    ("How many rows have Insurance?", 5),  # rows 1, 3, 4, 6, 7 (3 distinct insurers)
    ("How many rows have Doctor?", 7),  # never blank (3 distinct doctors)
    ("How many rows have a Rating?", 6),  # all but row 3 (5 distinct ratings)
    ("How many rows with Insurance are there for Dr. Kim?", 2),  # Dr. Kim: rows 1, 2, 7; blank in row 2
])
def test_rows_having_a_column_count_the_rows_where_it_is_not_blank(question, rows):
    outcome = router_agent(CLINIC).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == rows
    assert "not missing" in outcome.restatement and "distinct" not in outcome.restatement


@pytest.mark.parametrize("question", [
    "How many rows of Insurance?",  # rows, with no test on Insurance: never its 3 distinct values
    "How many rows does Insurance have?",
])
def test_rows_of_a_column_with_no_test_are_refused(question):
    outcome = router_agent(CLINIC).ask(question)
    assert outcome.status == "abstained", outcome.answer


@pytest.mark.parametrize("question", [
    "Which Doctor has the highest Amount per Visit Type?",
    "Which Doctor has the most Amount per Rating?",
    "Which Department has the highest Amount per Insurance?",
])
def test_which_x_has_the_most_y_per_z_is_refused_naming_the_readings(question):
    outcome = router_agent(CLINIC).ask(question)
    assert outcome.status == "abstained", outcome.answer
    assert "average Amount of each" in outcome.answer and "pair" in outcome.answer


@pytest.mark.parametrize("question, value", [
    ("What is the total Amount for dermatology and orthopedics?", 50 + 250 + 80 + 400),
    ("What is the total Amount for dermatology or orthopedics?", 50 + 250 + 80 + 400),
    ("What is the average Amount for Dermatology and Orthopedics?", (50 + 250 + 80 + 400) / 4),
    ("How many rows are pediatrics or cardiology?", 3),  # rows 1, 2, 7
    ("What is the total Amount for dermatology, orthopedics and cardiology?", 100 + 300 + 50 + 250 + 80 + 400),
])
def test_two_spelled_values_of_one_column_joined_are_either_value(question, value):
    outcome = router_agent(CLINIC).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(value)
    assert "one of" in outcome.restatement
