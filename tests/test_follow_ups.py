"""Follow-ups in a conversation that name a new measure ('what is their total revenue?', 'and the
average age?') keep the previous conditions; a complete new question is read fresh. End to end
(router -> plan -> engine) on tiny tables; every expected value is worked out by hand in comments."""

from __future__ import annotations

import pytest

from agent.chat import Session
from agent.config import load_config
from agent.engine import duckdb_engine
from tests.helpers import router_agent

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
# Returned orders: 1 (100, rating 4), 3 (300, rating 2), 5 (500, rating 5).
SALES = ("order_id,region,revenue,returned,rating\n"
         "1,North,100,TRUE,4\n2,South,200,FALSE,5\n3,North,300,TRUE,2\n"
         "4,East,400,FALSE,3\n5,South,500,TRUE,5\n6,East,600,FALSE,4\n")
# Boston: Ann (30, 50000), Bob (40, 70000). Denver: Cy (50, 90000), Dee (25, 40000).
PEOPLE = ("name,city,age,salary\nAnn,Boston,30,50000\nBob,Boston,40,70000\n"
          "Cy,Denver,50,90000\nDee,Denver,25,40000\nEve,Austin,35,60000\n")


def session(csv: str, tmp_path) -> Session:
    agent = router_agent(csv, engine=ENGINE)
    return Session.start(agent, tmp_path / "s.jsonl")


def value(outcome) -> float:
    assert outcome.status == "answered", outcome.answer
    return outcome.results[-1].result.value


@pytest.mark.parametrize("follow_up, expected", [
    ("what is the total revenue of those?", 900),       # 100 + 300 + 500
    ("what is their total revenue?", 900),
    ("and the total revenue?", 900),
    ("what about the total revenue?", 900),
    ("total revenue for these?", 900),
    ("sum of revenue for them", 900),
    ("what is the total revenue of these orders?", 900),
    ("what is their average rating?", pytest.approx(11 / 3)),  # (4 + 2 + 5) / 3
    ("and the average revenue?", 300),                  # 900 / 3
    ("what is the highest rating among them?", 5),
])
def test_a_follow_up_naming_a_measure_keeps_the_previous_conditions(tmp_path, follow_up, expected):
    chat = session(SALES, tmp_path)
    assert value(chat.ask("How many orders were returned?")) == 3
    outcome = chat.ask(follow_up)
    assert value(outcome) == expected
    assert any("kept the previous conditions" in n for n in outcome.router.notes)


def test_a_percentage_of_them_is_taken_over_the_previous_rows(tmp_path):
    chat = session(SALES, tmp_path)
    chat.ask("How many orders were returned?")
    result = chat.ask("what percentage of them had a rating above 3?").results[-1].result
    assert (result.numerator, result.denominator) == (2, 3)  # ratings 4 and 5 of 4, 2, 5


@pytest.mark.parametrize("follow_up, expected", [
    ("and their average age?", 35),       # (30 + 40) / 2
    ("and the average age?", 35),
    ("what about the max salary?", 70000),
    ("what is the average age of those?", 35),
    ("and what is the minimum age among them?", 30),
    ("how about the minimum salary?", 50000),
])
def test_people_follow_ups_keep_the_city(tmp_path, follow_up, expected):
    chat = session(PEOPLE, tmp_path)
    assert value(chat.ask("average salary in Boston")) == 60000  # (50000 + 70000) / 2
    assert value(chat.ask(follow_up)) == expected


def test_a_chain_of_follow_ups_carries_and_replaces_conditions(tmp_path):
    chat = session(SALES, tmp_path)
    chat.ask("How many orders were returned?")
    assert value(chat.ask("what is their total revenue?")) == 900
    assert value(chat.ask("what about North?")) == 400   # returned and North: orders 1, 3
    assert value(chat.ask("and South?")) == 500          # returned and South: order 5 (replaces North)


@pytest.mark.parametrize("question, expected", [
    ("What is the average age in Denver?", 37.5),   # (50 + 25) / 2: its own condition, no cue
    ("What is the total salary?", 310000),          # all five rows: no cue, a complete question
])
def test_a_complete_new_question_is_read_fresh(tmp_path, question, expected):
    chat = session(PEOPLE, tmp_path)
    chat.ask("average salary in Boston")
    assert value(chat.ask(question)) == expected


def test_their_after_a_top_group_abstains_instead_of_using_every_row(tmp_path):
    chat = session(PEOPLE, tmp_path)
    chat.ask("Which city has the highest total salary?")  # Denver: 130000
    outcome = chat.ask("what is their average age?")
    assert outcome.status != "answered"


def test_a_ranking_question_in_a_conversation_is_read_as_asked_alone(tmp_path):
    chat = session(PEOPLE, tmp_path)
    chat.ask("average salary in Boston")
    outcome = chat.ask("Who has the highest salary?")  # Cy, 90000: not the Boston average's rows
    assert outcome.status == "answered", outcome.answer
    assert "Cy" in outcome.answer, outcome.answer


def test_a_follow_up_after_a_refused_turn_follows_nothing(tmp_path):
    chat = session(PEOPLE, tmp_path)
    assert value(chat.ask("average salary in Boston")) == 60000
    assert chat.ask("What is the average blorp?").status == "abstained"
    outcome = chat.ask("and in Denver?")  # not the Boston average moved to Denver (65000)
    assert outcome.status == "abstained", outcome.answer
    assert "was not answered" in outcome.answer, outcome.answer
    resumed = Session.resume(chat.agent, tmp_path / "s.jsonl")  # resumed, the same
    assert resumed.ask("what is their average age?").status == "abstained"


@pytest.mark.parametrize("refused, follow_up", [
    ("and in Paris?", "what is their average age?"),        # the refused turn tried to change the city
    ("What is the average blorp?", "what is their average age?"),
    ("and in Paris?", "and the average age?"),
    ("and in Paris?", "what about Denver?"),
])
def test_a_follow_up_right_after_a_refused_turn_is_refused_naming_both_questions(tmp_path, refused, follow_up):
    """Trial CW7/CW8: the refused turn reset the conversation, so 'their average age' was taken over
    all five people ((30 + 40 + 50 + 25 + 35) / 5 = 36) instead of Boston's (35) or anyone's asked."""
    chat = session(PEOPLE, tmp_path)
    assert value(chat.ask("How many people are in Boston?")) == 2  # Ann, Bob
    assert chat.ask(refused).status == "abstained"
    outcome = chat.ask(follow_up)
    assert outcome.status == "abstained", outcome.answer
    assert f"the previous question ('{refused}') was not answered" in outcome.answer
    assert "'How many people are in Boston?'" in outcome.answer  # the last answered question, named
    assert "36" not in outcome.answer


def test_a_complete_question_after_a_refused_turn_is_answered_and_follow_ups_work_again(tmp_path):
    chat = session(PEOPLE, tmp_path)
    chat.ask("average salary in Boston")
    assert chat.ask("and in Paris?").status == "abstained"
    assert value(chat.ask("What is the average age in Denver?")) == 37.5  # (50 + 25) / 2
    assert value(chat.ask("and their average salary?")) == 65000         # (90000 + 40000) / 2


def test_a_resumed_session_keeps_the_last_answered_plan_after_a_refused_turn(tmp_path):
    chat = session(PEOPLE, tmp_path)
    chat.ask("average salary in Boston")
    chat.ask("and in Paris?")
    resumed = Session.resume(chat.agent, tmp_path / "s.jsonl")
    assert resumed.previous == chat.previous and resumed.previous is not None  # not reset by the refusal
    assert resumed.last_turn == ("and in Paris?", False)
    assert value(resumed.ask("What is the total salary in Denver?")) == 130000  # 90000 + 40000


def test_their_after_an_answer_that_is_no_aggregate_is_refused(tmp_path):
    """'Who has the highest salary?' answers with one row (Cy); 'their average age' was read over
    all five people (36) though it means Cy's rows."""
    chat = session(PEOPLE, tmp_path)
    assert "Cy" in chat.ask("Who has the highest salary?").answer
    outcome = chat.ask("what is their average age?")
    assert outcome.status == "abstained", outcome.answer
    assert "the previous answer ('Who has the highest salary?')" in outcome.answer


# Loans in file order: L1 2025-01-04 Ann Central, L2 2025-01-02 Bob North, L3 2025-02-01 Cy Central.
LOANS = ("loan_id,loan_date,borrower,branch,fee\nL1,2025-01-04,Ann,Central,1.5\n"
         "L2,2025-01-02,Bob,North,0\nL3,2025-02-01,Cy,Central,2\n")


@pytest.mark.parametrize("question", [
    "What was the date of the first loan?",    # asks no aggregate: ask refuses it, so must chat
    "What is the first loan date at North?",
    "Who was the first borrower in the list?",
])
def test_a_complete_question_after_a_count_inherits_neither_its_count_nor_its_conditions(tmp_path, question):
    chat = session(LOANS, tmp_path)
    assert value(chat.ask("How many loans were made at Central?")) == 2  # L1, L3
    alone = router_agent(LOANS, engine=ENGINE).ask(question)
    outcome = chat.ask(question)
    assert outcome.status == alone.status
    assert outcome.answer == alone.answer
    assert "Central" not in (outcome.restatement or "")


def test_a_wh_question_with_a_condition_of_its_own_drops_the_previous_conditions(tmp_path):
    chat = session(LOANS, tmp_path)
    assert value(chat.ask("How many loans were made at Central?")) == 2
    assert value(chat.ask("What is the total fee at North?")) == 0          # L2 alone, not Central's 3.5
    assert value(chat.ask("and for Central?")) == 3.5                       # 1.5 + 2: a follow-up still follows
