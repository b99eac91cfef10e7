"""Word forms the router reads as their plain equivalents: an ordinal number '3rd' is 3, a
comparison after its number ('20% or more') is 'at least 20%', and a noun after a yes/no column
('research experience') belongs to the flag. Tiny tables; every expected value worked out by hand,
each with a near miss that must not be read."""

from __future__ import annotations

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.router.link import parse_number
from agent.router.postfix import postfix_comparisons
from agent.router.tokens import tokenize
from tests.helpers import router_agent

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
# Pclass 3: fares 7, 9 (mean 8); discount >= 20: rows 2, 3 (2 rows); Research 0: CGPA 8.1, 7.5 (max 8.1).
PEOPLE = ("Name,Pclass,Fare,discount,Research,CGPA\nAnn,1,80,10,1,9.5\nBob,3,7,20,0,8.1\n"
          "Cy,3,9,35,1,9.0\nDan,2,30,5,0,7.5\n")


def ask(question: str):
    return router_agent(PEOPLE, engine=ENGINE).ask(question)


def value(question: str) -> float:
    outcome = ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome.results[-1].result.value


def test_an_ordinal_number_is_its_number():
    assert [t.text for t in tokenize("the 3rd class on January 2nd")] == ["the", "3rd", "class", "on", "January", "2nd"]
    assert parse_number("3rd") == 3.0 and parse_number("21st") == 21.0 and parse_number("11th") == 11.0
    assert value("What is the average Fare in Pclass 3rd?") == 8.0


def test_a_word_glued_to_a_number_is_not_an_ordinal():
    # '3rdparty' is the number 3 and a word, as before; '3 rd' is not glued
    assert [t.text for t in tokenize("3rdparty")] == ["3", "rdparty"]
    assert [t.kind for t in tokenize("3 rd")] == ["number", "word"]


def test_a_comparison_after_its_number():
    assert postfix_comparisons("a discount of 20% or more?")[0] == "a discount of at least 20%?"
    assert postfix_comparisons("rated 4 or lower")[0] == "rated at most 4"
    assert value("How many rows have a discount of 20% or more?") == 2
    assert value("How many rows have a discount of 10 or less?") == 2  # 10 and 5


def test_a_choice_of_numbers_or_an_aside_is_not_a_comparison():
    assert postfix_comparisons("Pclass 1 or 2")[1] is None
    assert postfix_comparisons("5 or more than 6")[1] is None
    assert postfix_comparisons("more or less")[1] is None


def test_a_noun_after_a_yes_no_column_belongs_to_it():
    assert value("What is the maximum CGPA among rows without research experience?") == 8.1


def test_the_noun_alone_is_not_the_flag():
    outcome = ask("What is the maximum CGPA among rows without experience?")
    assert outcome.status != "answered" and "'experience'" in outcome.answer


# seasons written as spans; unit_price named by 'price', 'unitary' a form of its 'unit'
SEASONS = ("season,player,points,unit_price\n2012-13,Ann,10,2.0\n2012-13,Bob,30,4.0\n2013-14,Ann,20,6.0\n")


def ask_on(csv: str, question: str):
    return router_agent(csv, engine=ENGINE).ask(question)


def test_a_span_written_as_a_value_is_the_value_not_a_date():
    outcome = ask_on(SEASONS, "What is the total points in the 2012-13 season?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 40


def test_a_derived_form_of_a_header_word_before_its_column():
    outcome = ask_on(SEASONS, "What is the average unitary price?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 4.0
    # 'unitary' before a column without 'unit' in its header: not read
    outcome = ask_on(SEASONS, "What is the average unitary points?")
    assert outcome.status != "answered" and "'unitary'" in outcome.answer


# chance as a fraction of 1; above 0.9: 0.95, 0.97 (2 rows); score 0-100 keeps its number: above 90: 2 rows
ADMIT = "chance,score\n0.95,91\n0.5,95\n0.97,40\n0.3,10\n"


def test_a_percent_against_a_column_of_fractions_is_a_fraction():
    assert ask_on(ADMIT, "How many rows have a chance above 90%?").results[-1].result.value == 2
    assert ask_on(ADMIT, "How many rows have a chance above 90 per cent?").results[-1].result.value == 2
    outcome = ask_on(ADMIT, "Is there a row with a chance above 99%?")  # none: 0.97 is the highest
    assert outcome.status == "answered" and outcome.results[-1].result.answer is False


def test_a_percent_against_a_column_beyond_1_keeps_its_number():
    assert ask_on(ADMIT, "How many rows have a score above 90%?").results[-1].result.value == 2
    assert postfix_comparisons("what percent of rows")[1] is None


def test_a_percent_of_another_quantity_is_left_as_written():
    assert postfix_comparisons("Is the total profit at least 30 percent of total revenue?")[1] is None
