"""Counts of games by their outcome (router/outcomes.py, outcome_plan.py, verify/outcomes.py): small
tables whose wins, losses and games are counted by hand in the comments; the SQL engine and the
pandas reference agree on each plan."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.engine.reference import PandasEngine
from agent.plan import AggregateArgs, Agg, Op, Predicate
from agent.restate import restate
from agent.router.outcomes import outcome_reading, winner_reading
from agent.router.router import Router
from agent.table import table_from_text

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
# Rows 1, 2, 5, 6 are wins (4), rows 3 and 7 losses (2), row 8 a tie (1), row 4 a bye (no game): 7
# games. At home (rows 1, 3, 5, 7): wins 1 and 5 (2), loss 3 and 7 (2). In October (rows 5-8): wins
# 5 and 6 (2). Against the Bears: rows 1, 3, 6 (2 wins: 1 and 6).
GAMES = ("Week,Date,Opponent,Venue,Result\n1,2001-09-09,Bears,Home,W 24-6\n2,2001-09-16,at Lions,Away,W 31-7\n"
         "3,2001-09-23,Bears,Home,L 17-9\n4,2001-09-30,Bye,,Bye\n5,2001-10-07,Packers,Home,W 28-6\n"
         "6,2001-10-14,at Bears,Away,W 23-14\n7,2001-10-21,Vikings,Home,L 63-7\n8,2001-10-28,at Lions,Away,T 10-10\n")
# Wales won rows 2 and 4 (2), New Zealand rows 1 and 3 (2); row 5 was drawn.
VICTORS = ("Date,Venue,Score,Victor\n2001-11-01,Cardiff,10-33,New Zealand\n2002-11-01,Cardiff,20-13,Wales\n"
           "2003-11-01,Auckland,40-3,New Zealand\n2004-11-01,Cardiff,25-20,Wales\n2005-11-01,Cardiff,9-9,Draw\n")


def table(csv: str):
    return table_from_text(csv, "t.csv")


def counted(csv: str, plan: AggregateArgs) -> int:
    """The count by the SQL engine and by the pandas reference, which must agree."""
    t = table(csv)
    sql, ref = ENGINE.aggregate(t, plan).value, PandasEngine().aggregate(t, plan).value
    assert sql == ref
    return int(sql)


@pytest.mark.parametrize("question, answer", [
    ("how many games did the falcons win?", 4),
    ("how many games did they lose?", 2),
    ("how many games did the falcons tie?", 1),
    ("how many wins were there?", 4),
    ("how many losses did the team have?", 2),
    ("how many games were won in october?", 2),
    ("how many games did they win at home?", 2),
    ("how many games were lost at home?", 2),
    ("how many games did the 2001 falcons win?", 4),  # the year a condition: every row is in 2001
    ("how many games did they play in september?", 3),  # the bye of week 4 is no game
    ("how many games did they play in october?", 4),
])
def test_counts_by_outcome(question, answer):
    t = table(GAMES)
    decision = Router(t, CONFIG.router).route(question)
    assert isinstance(decision.plan, AggregateArgs) and decision.plan.op is Agg.count, decision.abstain
    assert counted(GAMES, decision.plan) == answer


def test_the_outcome_is_a_predicate_restated_as_a_win():
    decision = Router(table(GAMES), CONFIG.router).route("how many games did they win?")
    assert decision.plan.where == [Predicate(column="Result", op=Op.in_,
                                             values=["W 24-6", "W 31-7", "W 28-6", "W 23-14"])]
    assert restate(decision.plan) == ("Read as: the number of rows where Result is a win ('W 24-6', 'W 31-7', "
                                      "'W 28-6' and 1 more)")


@pytest.mark.parametrize("question, answer", [
    ("how many matches have been won by wales?", 2),
    ("how many times did new zealand win?", 2),
    ("how many matches were won by wales after 2003?", 1),  # 2004 only
])
def test_won_by_a_value_of_the_winner_column(question, answer):
    decision = Router(table(VICTORS), CONFIG.router).route(question)
    assert isinstance(decision.plan, AggregateArgs), decision.abstain
    assert any(p.column == "Victor" for p in decision.plan.where)
    assert counted(VICTORS, decision.plan) == answer


@pytest.mark.parametrize("csv, question, words", [
    # 'bears' is an opponent: the other side of the games, whose losses are this table's wins
    (GAMES, "how many games did the bears lose?", "bears"),
    # the Bears' rows are 'Bears' and 'at Bears': a condition leaving out one of them
    (GAMES, "how many games did they lose to the bears?", "at Bears"),
    # the other side, or a negation, named as who played
    (GAMES, "how many games did their opponents win?", "names no side"),
    (GAMES, "how many games did they not win?", "'not'"),
    # a margin of victory is not read
    (GAMES, "how many games did they win by 7?", None),
    # 'Nominated' records neither a win nor a loss: a count of wins could include it or not
    ("Year,Opponent,Result\n2000,A,Won\n2001,B,Lost\n2002,C,Won\n2003,D,Lost\n2004,E,Nominated\n",
     "how many games did they win?", "'Nominated'"),
    # a table of totals: 'how many wins' is its Wins column, not a count of rows
    ("Team,Wins,Result\nA,3,W 1-0\nB,2,L 0-1\n", "how many games were won?", "Wins"),
    # a column of teams: whose wins?
    ("Team,Opponent,Result\nA,B,W 1-0\nB,A,L 0-1\n", "how many games were won?", "Team"),
    # no column of results
    ("Week,Opponent,Score\n1,A,3-1\n2,B,0-2\n", "how many games did they win?", None),
    # two outcomes named
    (GAMES, "how many games did they win or lose?", None),
])
def test_unclear_counts_refuse(csv, question, words):
    router = Router(table(csv), CONFIG.router)
    decision = router.route(question)
    assert decision.plan is None, decision.plan
    if words:  # the refusal kept is the question's own; the outcome reading's names the words
        assert words in router._route(question, None, outcomes=outcome_reading).abstain


def test_a_numeric_wins_column_stays_its_total():
    standings = "Team,Wins,Losses\nA,3,1\nB,2,2\n"
    decision = Router(table(standings), CONFIG.router).route("what is the total number of wins?")
    assert decision.plan is not None and decision.plan.op is Agg.sum and decision.plan.column == "Wins"


def test_the_readings_take_out_the_outcome_words():
    assert outcome_reading("how many games did the 1981 atlanta falcons win?")[0] == "how many rows in 1981?"
    assert outcome_reading("how many losses were there in the month of september?")[0] == \
        "how many rows in september?"
    assert outcome_reading("how many games were played after 2009?")[0] == "how many games after 2009?"
    assert outcome_reading("how many games were won by wales?") == ("how many games were won by wales?", None)
    assert winner_reading("how many games were won by wales?")[0] == "how many rows wales?"
    assert outcome_reading("what is the most wins?") == ("what is the most wins?", None)


def test_in_a_conversation_a_complete_question_is_read_too():
    router = Router(table(GAMES), CONFIG.router)
    previous = router.route("how many rows have week above 4?").plan
    assert previous is not None
    decision = router.route("how many games did the falcons win?", previous)
    assert isinstance(decision.plan, AggregateArgs) and counted(GAMES, decision.plan) == 4
