"""The longest run of consecutive rows (agent/runs.py; router/streaks.py, streak_plan.py,
verify/runs.py): small tables whose runs are counted by hand in the comments; the SQL engine and
the pandas reference agree on each plan."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.engine.query_engine import run_query
from agent.ops import OPERATIONS
from agent.plan import Agg, AggregateArgs, Op, Predicate
from agent.restate import restate
from agent.router.draft import Abstain
from agent.router.router import Router
from agent.router.streak_plan import run_from_count
from agent.router.streaks import Streak, streak_reading
from agent.router.verify.runs import check_run
from agent.runs import Outcome, RunArgs
from agent.table import table_from_text

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
# Wins: rows 1-2, then L (3), a bye (4), W W W (5-7), L (8), T (9): the longest run of wins is rows
# 5-7 (3), the bye passed over or not. Attendance above 20,000: rows 2-3 (2), then the blank of row
# 4 breaks, then rows 5-9 (5). Bears: rows 1, 3, 6, 9, never two in a row (1).
GAMES = ("Week,Opponent,Result,Attendance\n1,Bears,W 24-6,17000\n2,Lions,W 31-7,25000\n3,Bears,L 17-9,26000\n"
         "4,Packers,Bye,\n5,Lions,W 28-6,27000\n6,Bears,W 23-14,21000\n7,Packers,W 14-10,22000\n"
         "8,Lions,L 63-7,30000\n9,Bears,T 10-10,31000\n")
# Ann won in 2001, 2002, 2003 and 2005 (3 consecutive years), but in rows 1-2, 4-5 (2 rows in a row:
# Bob's 2002 Cup row lies between). The Open ran 2001-2003 and 2005-2006 (3 years).
YEARS = "Year,Event,Winner\n2001,Open,Ann\n2002,Open,Ann\n2002,Cup,Bob\n2003,Open,Ann\n2005,Open,Ann\n2006,Open,Cy\n"
# A bye between two wins: passed over, the wins are 2 in a row (rows 1 and 3); as a break, 1.
BYE = "Week,Result\n1,Won 3-1\n2,Bye\n3,Won 2-0\n4,Lost 0-1\n"
# Seasons written as text: Rathnure won 1987-88 and 1986-87 (2 years), listed newest first.
SEASONS = "Season,Winner\n1988-89,Birr\n1987-88,Rathnure\n1986-87,Rathnure\n1985-86,Birr\n1984-85,Rathnure\n"


def table(csv: str):
    return table_from_text(csv, "t.csv")


def both(csv: str, plan: RunArgs):
    """The SQL engine's result and the pandas reference's, which must agree."""
    t = table(csv)
    sql, ref = run_query(ENGINE, t, plan), OPERATIONS[RunArgs](None, t, plan)
    assert (sql.value, sql.parts) == (ref.value, ref.parts)
    return sql


WINS = Outcome(column="Result", result="win")


@pytest.mark.parametrize("csv, plan, length, start, end, tied", [
    (GAMES, RunArgs(outcome=WINS), 3, 5, 7, 0),
    (GAMES, RunArgs(outcome=WINS.model_copy(update={"pass_over": True})), 3, 5, 7, 0),
    (GAMES, RunArgs(outcome=Outcome(column="Result", result="loss")), 1, 3, 3, 1),  # rows 3 and 8
    (GAMES, RunArgs(outcome=Outcome(column="Result", result="draw")), 1, 9, 9, 0),
    (GAMES, RunArgs(condition=[Predicate(column="Attendance", op=Op.gt, value=20000)]), 5, 5, 9, 0),
    (GAMES, RunArgs(condition=[Predicate(column="Opponent", op=Op.eq, value="bears")]), 1, 1, 1, 3),
    # among the rows of weeks 1-3 only: W W L, so 2
    (GAMES, RunArgs(outcome=WINS, where=[Predicate(column="Week", op=Op.le, value=3)]), 2, 1, 2, 0),
    (BYE, RunArgs(outcome=Outcome(column="Result", result="win", pass_over=True)), 2, 1, 3, 0),
    (BYE, RunArgs(outcome=Outcome(column="Result", result="win")), 1, 1, 1, 1),
    (YEARS, RunArgs(condition=[Predicate(column="Winner", op=Op.eq, value="Ann")]), 2, 1, 2, 1),
    (YEARS, RunArgs(condition=[Predicate(column="Winner", op=Op.eq, value="Ann")], by="Year", unit="years"),
     3, 2001, 2003, 0),
    (YEARS, RunArgs(condition=[Predicate(column="Event", op=Op.eq, value="Open")], by="Year", unit="years"),
     3, 2001, 2003, 0),
    (SEASONS, RunArgs(condition=[Predicate(column="Winner", op=Op.eq, value="Rathnure")], by="Season",
                      unit="years"), 2, 1986, 1987, 0),
    (GAMES, RunArgs(condition=[Predicate(column="Attendance", op=Op.gt, value=99999)]), 0, None, None, 0),
    # a date column's years: 2001, 2002, 2004 -> 2001-2002
    ("Date,Winner\n2001-05-01,Ann\n2002-05-01,Ann\n2003-05-01,Bob\n2004-05-01,Ann\n",
     RunArgs(condition=[Predicate(column="Winner", op=Op.eq, value="Ann")], by="Date", unit="years"), 2, 2001, 2002, 0),
])
def test_longest_run_by_hand(csv, plan, length, start, end, tied):
    result = both(csv, plan)
    assert result.value == length
    assert (result.parts["from"], result.parts["to"], result.parts["tied runs"]) == (start, end, tied)


def test_the_sql_is_gaps_and_islands_over_row_numbers():
    result = run_query(ENGINE, table(GAMES), RunArgs(outcome=WINS))
    assert "ROW_NUMBER() OVER (ORDER BY" in result.provenance.sql and "GROUP BY" in result.provenance.sql
    assert "the longest run: 3 (rows 5 to 7 in file order)" in result.provenance.notes


@pytest.mark.parametrize("csv, question, answer, read_as", [
    (GAMES, "what was the longest winning streak?", 3,
     "Read as: the longest run of consecutive rows where Result is a win (rows with no result passed over)"),
    (GAMES, "What is the most consecutive wins?", 3, None),
    (GAMES, "how many consecutive losses did they have?", 1, None),
    (GAMES, "how many consecutive games was the attendance above 20000?", 5,
     "Read as: the longest run of consecutive rows where Attendance > 20000"),
    (GAMES, "how many consecutive times was bears the opponent?", 1, None),
    (GAMES, "how many consecutive wins did they have in week 5?", 1, None),
    (YEARS, "how many consecutive years did ann win?", 3,
     "Read as: the longest run of consecutive years (Year) where Winner = 'Ann'"),
    (YEARS, "how many consecutive times was ann the winner?", 2, None),
    (BYE, "what was the biggest win streak?", 2, None),
    (GAMES, "how many wins in a row did they have?", 3, None),
])
def test_router_reads_runs(csv, question, answer, read_as):
    t = table(csv)
    decision = Router(t, CONFIG.router).route(question)
    assert isinstance(decision.plan, RunArgs), decision.abstain
    assert run_query(ENGINE, t, decision.plan).value == answer
    if read_as:
        assert restate(decision.plan) == read_as


@pytest.mark.parametrize("csv, question, words", [
    (GAMES, "which team won 3 in a row?", "in a row"),  # 'in a row' in no shape read
    (GAMES, "how many consecutive wins without a loss?", "loss"),
    (YEARS, "what was the longest winning streak?", "one column of results"),
    (GAMES, "how many consecutive days was the attendance above 20000?", "days"),
    # Lost, Won, Won, Nominated, Won: 2 if 'Nominated' breaks the run, 3 if passed over
    ("Year,Result\n2000,Lost\n2001,Won\n2002,Won\n2003,Nominated\n2004,Won\n", "what was the longest winning streak?",
     "'Nominated'"),
])
def test_router_refuses_unclear_runs(csv, question, words):
    decision = Router(table(csv), CONFIG.router).route(question)
    assert decision.plan is None and words in decision.abstain


def test_a_maximum_is_not_a_run():
    assert streak_reading("what is the most wins?") == ("what is the most wins?", None)
    assert streak_reading("what was the longest winning streak?")[0] == "how many rows?"
    assert streak_reading("how many consecutive games was X the host?")[0] == "how many games was x the host?"
    assert streak_reading("number of consecutive titles won by X")[0] == "how many titles won by x?"


COUNT = AggregateArgs(op=Agg.count, where=[Predicate(column="Opponent", op=Op.eq, value="Bears"),
                                           Predicate(column="Result", op=Op.eq, value="W 23-14")])


def test_conditions_whose_rows_lie_apart_refuse():
    streak = Streak(cue="consecutive", unit="games", outcome=None, said="how many consecutive games")
    with pytest.raises(Abstain, match="lie apart"):  # Bears rows 1, 3, 6, 9; the W 23-14 row is one block
        run_from_count(COUNT.model_copy(update={"where": [*COUNT.where, Predicate(
            column="Attendance", op=Op.gt, value=20000)]}), streak, table(GAMES), [])
    notes: list[str] = []
    assert run_from_count(COUNT, streak, table(GAMES), notes).condition == COUNT.where and notes


def test_verifier_rederives_the_run_words():
    years = RunArgs(condition=[Predicate(column="Winner", op=Op.eq, value="Ann")], by="Year", unit="years")
    rows = RunArgs(condition=[Predicate(column="Winner", op=Op.eq, value="Ann")])
    check_run(years, "how many consecutive years did ann win?", "how many years did ann win?")
    check_run(rows, "how many consecutive times did ann win?", "how many times did ann win?")
    with pytest.raises(Abstain, match="consecutive years"):
        check_run(rows, "how many consecutive years did ann win?", "how many years did ann win?")
    with pytest.raises(Abstain, match="consecutive"):
        check_run(rows, "how many times did ann win?", "how many times did ann win?")
    with pytest.raises(Abstain, match="names these results"):
        check_run(RunArgs(outcome=WINS), "what is the longest streak of wins after a loss?", "how many rows after?")
    with pytest.raises(Abstain, match="'bears'"):  # a word the count's question lost
        check_run(RunArgs(outcome=WINS), "what is the longest streak of wins against the bears?", "how many rows?")
