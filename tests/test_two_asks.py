"""Two questions in one are refused, naming both, so that the second is never dropped; a clause
before a single question is no second question. Values worked out by hand in comments."""

from __future__ import annotations

import pytest

from agent.router.two_asks import two_questions
from tests.helpers import router_agent, router_ask

# Late fees 0 + 1.5 + 2 = 3.5; two loans late (L2, L3).
LOANS = "loan_id,branch,late,late_fee\nL1,Central,no,0\nL2,North,yes,1.5\nL3,Central,yes,2\n"


@pytest.mark.parametrize("question", [
    "What is the total late fee, and how many loans were late?",
    "What is the total late fee and how many loans were late?",
    "What is the total late fee? How many loans were late?",
    "which branch has the most loans and what is its total late fee?",
])
def test_two_questions_in_one_are_refused_naming_both(question):
    outcome = router_agent(LOANS).ask(question)
    assert outcome.status == "abstained"
    assert "two questions" in outcome.answer and "loans" in outcome.answer


@pytest.mark.parametrize("question", [
    "For Central, what is the total late fee?",       # a clause before the question
    "L3 is late, what is its branch?",
    "What is the total late fee of loans at Central and North?",  # 'and' joins values
    "Which loans, which were late, were at Central?",  # no 'how many/what' after 'and'
])
def test_one_question_is_not_split(question):
    assert two_questions(question) is None


def test_a_single_question_still_answers():
    _, result = router_ask(LOANS, "What is the total late fee at Central?")
    assert result.value == 2  # L1 0 + L3 2
