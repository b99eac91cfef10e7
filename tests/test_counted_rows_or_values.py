"""'how many <X>' with X a column's word: rows read or distinct X values among them
(agent/router/verify/counted.py). Refused when the two differ and no word picks one; answered when
they agree or a word ('different', 'rows') says which. Values by hand."""

from __future__ import annotations

import pytest

from agent.plan import Agg, AggregateArgs, Op, Predicate
from tests.helpers import router_ask, verifier_abstention

AWARDS = "Year,Award,Result\n2004,BET Awards,Won\n2002,BET Awards,Won\n2005,Teen Awards,Nominated\n2006,NAACP,Won\n2007,Teen Awards,Nominated\n2008,Teen Awards,Nominated\n"
SONGS = "Artist,Song,Points\nMystique,Rendez,25\nVulcano,Met,47\nMystique,Op,38\nDeuce,Games,26\nDeuce,Again,12\n"
EPISODES = "Song,Episodes\nA,1.01\nB,1.01\nC,1.02\nD,2.01\nE,2.02\n"


@pytest.mark.parametrize("csv, question, plan, words", [
    # Won rows: 2004, 2002, 2006 = 3 rows; distinct awards among them: BET Awards, NAACP = 2
    (AWARDS, "how many awards were won?",
     AggregateArgs(op=Agg.count_distinct, column="Award", where=[Predicate(column="Result", op=Op.eq, value="Won")]),
     "3 rows read or the 2 different Award"),
    # Points > 30: Vulcano 47, Mystique 38 -> 2 rows, 2 artists: agree; > 20: 4 rows, 3 artists
    (SONGS, "how many artists scored more than 20 points?",
     AggregateArgs(op=Agg.count_distinct, column="Artist", where=[Predicate(column="Points", op=Op.gt, value=20)]),
     "4 rows read or the 3 different Artist"),
    # Episodes < 2: rows A, B, C = 3; distinct episodes among them: 1.01, 1.02 = 2
    (EPISODES, "how many episodes are below 2?",
     AggregateArgs(op=Agg.count, where=[Predicate(column="Episodes", op=Op.lt, value=2)]),
     "3 rows read or the 2 different Episodes"),
])
def test_rows_and_values_disagreeing_refuse(csv, question, plan, words):
    reason = verifier_abstention(csv, question, plan)
    assert reason is not None and words in reason, reason


def test_counts_that_agree_or_are_named_still_answer():
    plan = AggregateArgs(op=Agg.count_distinct, column="Artist", where=[Predicate(column="Points", op=Op.gt, value=30)])
    assert verifier_abstention(SONGS, "how many artists scored more than 30 points?", plan) is None
    _, result = router_ask(SONGS, "how many different artists scored more than 20 points?")
    assert result.value == 3  # Mystique, Vulcano, Deuce
    _, result = router_ask(AWARDS, "how many rows have Result Won?")
    assert result.value == 3


def test_a_count_noun_read_as_nothing_is_refused():
    # 'years' is read as nothing on this table; counting distinct Sentence values (2) answers another question
    csv = "Defendant,Arrested,Sentence\nVernon Cassel,1932,Prison\nReginald Shaffer,1933,Parole\nAl Bunt,1934,Prison\n"
    plan = AggregateArgs(op=Agg.count_distinct, column="Sentence",
                         where=[Predicate(column="Defendant", op=Op.in_, values=["Vernon Cassel", "Reginald Shaffer"])])
    reason = verifier_abstention(csv, "vernon cassel and reginald shaffer was sentenced how many years?", plan)
    assert reason is not None and "'years'" in reason, reason  # 'how many years', or 'years' left unread


def test_how_many_times_counts_rows():
    _, result = router_ask(AWARDS, "how many times was Result Won?")
    assert result.value == 3  # 2004, 2002, 2006


# fraud rows: T1 Austin, T2 Austin, T4 Dallas -> 3 rows, 2 cities; 3 cities over 8 rows (a category)
FRAUD = ("trans_id,city,is_fraud\nT1,Austin,1\nT2,Austin,1\nT3,Austin,0\nT4,Dallas,1\nT5,Dallas,0\nT6,Dallas,0\n"
         "T7,Waco,0\nT8,Waco,0\n")
PLAN_CITIES = AggregateArgs(op=Agg.count_distinct, column="city", where=[Predicate(column="is_fraud", op=Op.eq, value=1)])


def test_rows_named_by_an_identifier_count_the_column_values():
    # each row one transaction (trans_id distinct on every row): the fraud cities are Austin, Dallas = 2
    assert verifier_abstention(FRAUD, "how many cities have fraud?", PLAN_CITIES) is None
    _, result = router_ask(FRAUD, "how many cities have fraud?")
    assert result.value == 2


def test_an_identifier_that_repeats_names_no_row():
    # trans_id T1 on two rows: the 3 fraud rows or their 2 cities, as before
    repeated = FRAUD.replace("T2,", "T1,")
    reason = verifier_abstention(repeated, "how many cities have fraud?", PLAN_CITIES)
    assert reason is not None and "3 rows read or the 2 different city" in reason, reason
