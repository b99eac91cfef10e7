"""Amounts taken from a column that numbers the rows (agent/router/verify/numbering.py): a sum,
mean, maximum or minimum of Goal 1, 2, 3, ... is refused naming the column; a column of real
amounts beside it is still summed. Tiny tables, values by hand."""

from __future__ import annotations

from agent.router.verify.numbering import numbers_rows
from agent.table import table_from_text
from tests.helpers import router_agent

# One player's goals, numbered 1-5 in the list; Shots holds the shots of each game: 2+1+3+1+2 = 9.
GOALS = "Goal,Opponent,Shots\n1,Estonia,2\n2,Estonia,1\n3,Belgium,3\n4,Malta,1\n5,Malta,2\n"
# Three nations' silver medals happen to read 1, 2, 3: too few rows to be a numbering; 6 in all.
SILVER = "Nation,Gold,Silver\nNorway,5,1\nSweden,3,2\nFinland,1,3\n"
# Two members per district, numbered 1, 1, 2, 2, 3, 3: three districts, not 1+1+2+2+3+3 = 12.
DISTRICTS = "District,Name,Votes\n1,Ann,10\n1,Bea,20\n2,Cy,30\n2,Dan,40\n3,Eve,50\n3,Fay,60\n"
# A rank with a tie skips a number (1, 2, 2, 4): not a numbering; Points sum to 40+30+30+10 = 110.
RANKS = "Rank,Team,Points\n1,Alpha,40\n2,Beta,30\n2,Gamma,30\n4,Delta,10\n"


def test_numbering_columns_are_found_by_how_they_run():
    assert numbers_rows(table_from_text(GOALS, "t.csv"), "Goal")
    assert numbers_rows(table_from_text(DISTRICTS, "t.csv"), "District")
    assert not numbers_rows(table_from_text(GOALS, "t.csv"), "Shots")  # 2, 1, 3, 1, 2
    assert not numbers_rows(table_from_text(SILVER, "t.csv"), "Silver")
    assert not numbers_rows(table_from_text(RANKS, "t.csv"), "Rank")


def test_a_total_of_a_numbering_column_is_refused():
    outcome = router_agent(GOALS).ask("what is the total goals on this chart")
    assert outcome.status == "abstained", outcome.answer
    assert "Goal numbers the rows" in outcome.answer
    assert "15" not in outcome.answer  # 1+2+3+4+5, the old answer


def test_a_maximum_of_a_numbering_column_is_refused():
    outcome = router_agent(GOALS).ask("what was the most goals scored in one game?")
    assert outcome.status == "abstained", outcome.answer
    assert "numbers the rows" in outcome.answer


def test_a_sum_of_repeated_numbers_is_refused():
    outcome = router_agent(DISTRICTS).ask("what is the total number of districts?")
    assert outcome.status == "abstained", outcome.answer
    assert "12" not in outcome.answer


def test_an_amount_column_is_still_summed():
    outcome = router_agent(GOALS).ask("what is the total shots?")
    assert outcome.status == "answered" and "9" in outcome.answer, outcome.answer
    outcome = router_agent(SILVER).ask("what is the total silver?")
    assert outcome.status == "answered" and "6" in outcome.answer, outcome.answer
    outcome = router_agent(RANKS).ask("what is the total points?")
    assert outcome.status == "answered" and "110" in outcome.answer, outcome.answer
