"""The pre-router: tiers, plans parsed from the table's own columns and values, abstentions that
name the unmatched part, and follow-ups. Plans are compared with hand-written expected plans."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.plan import AggregateArgs, Op, Predicate, RatioArgs
from agent.router.kind import classify
from agent.router.router import Router
from agent.table import table_from_text

CONFIG = load_config(env={})
CSV = ("when,category,amt,gender,state,first,last,city_pop,is_fraud\n"
       "2019-01-05 10:00:00,grocery_pos,120.5,F,TX,Jennifer,Banks,1000,0\n"
       "2019-02-10 11:00:00,travel,900,M,NY,John,Smith,2000,1\n"
       "2019-03-15 12:00:00,gas_transport,45,F,TX,Mary,Jones,1500,0\n"
       "2019-03-20 09:30:00,grocery_pos,60,M,CA,John,Banks,800,0\n")


@pytest.fixture(scope="module")
def router():
    return Router(table_from_text(CSV), CONFIG.router)


def eq(column, value):
    return Predicate(column=column, op=Op.eq, value=value)


@pytest.mark.parametrize("question, kind, tier", [
    ("What is the total spend by category?", "computation", 1),
    ("How many transactions were over 500?", "computation", 1),
    ("transactions greater than 500", "computation", 2),
    ("Find transactions from Jennifer Banks", "retrieval", 3),
    ("Show me a sample transaction from Texas", "retrieval", 3),
    ("Show me the total spend in Texas", "computation", 1),
    ("grocery_pos", "computation", 0),
])
def test_classification_tiers(question, kind, tier):
    c = classify(question)
    assert (c.kind, c.tier) == (kind, tier)
    assert 0 <= c.confidence <= 1 and (c.matched or tier == 0)


@pytest.mark.parametrize("question, plan", [
    ("What is the total spend by category?",
     AggregateArgs(op="sum", column="amt", group_by=["category"], order="desc")),
    ("How many transactions above $100 in Texas?",
     AggregateArgs(op="count", where=[Predicate(column="amt", op=Op.gt, value=100), eq("state", "TX")])),
    ("What is the average amount for male customers?",
     AggregateArgs(op="mean", column="amt", where=[eq("gender", "M")])),
    ("How many distinct first names?", AggregateArgs(op="count_distinct", column="first")),
    ("Total spend on grocery_pos or travel", AggregateArgs(
        op="sum", column="amt", where=[Predicate(column="category", op=Op.in_, values=["grocery_pos", "travel"])])),
    ("Total spend on non-fraudulent transactions", AggregateArgs(op="sum", column="amt", where=[eq("is_fraud", 0.0)])),
    ("Total spend in March", AggregateArgs(op="sum", column="amt", where=[eq("when", "2019-03")])),
    ("How many transactions in 2019?", AggregateArgs(op="count", where=[eq("when", "2019")])),
    ("Total amount between 50 and 200", AggregateArgs(
        op="sum", column="amt", where=[Predicate(column="amt", op=Op.between, value=50, upper=200)])),
    ("What is the highest amount?", AggregateArgs(op="max", column="amt")),
    ("Which state has the most transactions?", AggregateArgs(op="count", group_by=["state"], order="desc", limit=1)),
    ("What is the average city pop by state?",
     AggregateArgs(op="mean", column="city_pop", group_by=["state"], order="desc")),
    ("How many transactions at least $900?",
     AggregateArgs(op="count", where=[Predicate(column="amt", op=Op.ge, value=900)])),
    ("What percentage of spend is on travel?", RatioArgs(where=[eq("category", "travel")], column="amt")),
    ("What percentage of female customers' transactions are fraudulent?",
     RatioArgs(where=[eq("is_fraud", 1.0)], base=[eq("gender", "F")])),
])
def test_plans(router, question, plan):
    decision = router.route(question)
    assert decision.abstain is None, decision.abstain
    assert decision.plan == plan


@pytest.mark.parametrize("question, named", [
    ("What is the total spend of North American customers?", "'North American'"),
    ("What is the average?", "which column"),
    ("Total spend in Narnia", "'Narnia'"),
])
def test_abstains_naming_the_part(router, question, named):
    decision = router.route(question)
    assert decision.plan is None
    assert named in decision.abstain


def test_alias_notes_say_how_words_were_read(router):
    decision = router.route("How many transactions were made by female customers in Texas?")
    assert decision.plan.where == [eq("gender", "F"), eq("state", "TX")]
    assert "read 'female' as gender = 'F'" in decision.notes
    assert "read 'Texas' as state = 'TX'" in decision.notes


def test_follow_ups_refine_the_previous_plan(router):
    first = router.route("What is the total spend by category?").plan
    second = router.route("and for TX?", previous=first).plan
    assert second == first.model_copy(update={"where": [eq("state", "TX")]})
    third = router.route("only fraud ones", previous=second).plan
    assert third.where == [eq("state", "TX"), eq("is_fraud", 1.0)]
    fourth = router.route("what about NY?", previous=third).plan
    assert fourth.where == [eq("is_fraud", 1.0), eq("state", "NY")]


def test_a_complete_question_in_a_conversation_keeps_none_of_the_last_conditions(router):
    first = router.route("What is the total amount spent on grocery_pos?").plan
    complete = router.route("How many transactions were made by female customers?", previous=first).plan
    assert complete.where == [eq("gender", "F")]  # not category = 'grocery_pos' AND gender = 'F'
    elliptic = router.route("how many?", previous=first).plan
    assert elliptic.op == "count" and elliptic.where == first.where  # no condition of its own: refines
    rows = router.route("How many transactions are there?", previous=first).plan
    assert rows.op == "count" and rows.where == [] and rows.group_by == []  # its own row noun, no cue: fresh
    cued = router.route("and how many transactions?", previous=first).plan
    assert cued.op == "count" and cued.where == first.where  # a leading 'and' refines


def test_nothing_is_hard_coded_to_one_dataset():
    table = table_from_text("Region,Revenue,Units\nNorth,10,1\nSouth,30,2\nNorth,5,3\n")
    decision = Router(table, CONFIG.router).route("Which region has the highest revenue?")
    assert decision.plan == AggregateArgs(op="sum", column="Revenue", group_by=["Region"], order="desc", limit=1)


def test_words_of_a_value_link_only_when_no_other_value_holds_them():
    table = table_from_text("merchant,job,amt\nfraud_Pacocha-O'Reilly,Colour technologist,5\n"
                            "\"fraud_O'Reilly, Mohr and Purdy\",Chef,7\nfraud_Kirlin,Chef,1\n")
    router = Router(table, CONFIG.router)
    assert router.route("What is the total amt for O'Reilly?").plan is None  # two merchants hold it
    assert router.route("What is the average amt by colour?").plan is None  # a grouping, not a job
    assert router.route("What is the total amt for Purdy?").plan.where[0].value == "fraud_O'Reilly, Mohr and Purdy"


def test_by_month_is_never_read_as_the_date_column_itself():
    table = table_from_text("Date,Amount\n03/02/2024,10\n15/02/2024,5\n02/03/2024,7\n")
    decision = Router(table, CONFIG.router).route("What is the total Amount by month?")
    assert decision.plan is None or decision.plan.group_by != ["Date"]  # per-day groups would not be months
