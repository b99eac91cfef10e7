"""'which team did the most laps?' where a team has several rows: the grouped total is refused
when it names another group than the single row with the most (agent/router/verify/rows_or_totals.py),
and stands when both agree or the question says 'in total'. Values by hand."""

from __future__ import annotations

import pytest

from agent.plan import Agg, AggregateArgs
from tests.helpers import verifier_abstention

# Holman: 200 + 253 = 453 in total; Ferrari's one car did 340, the most of any row
CARS = "Team,Laps\nFerrari,340\nHolman,253\nHolman,200\nFord,100\n"
AGREE = "Team,Laps\nFerrari,340\nFerrari,10\nHolman,253\nFord,100\n"
PLAN = AggregateArgs(op=Agg.sum, column="Laps", group_by=["Team"], order="desc", limit=1)


def test_totals_and_single_rows_naming_different_groups_refuse():
    reason = verifier_abstention(CARS, "which team did the most laps?", PLAN)
    assert reason is not None and "by total Laps it is Holman" in reason and "it is Ferrari" in reason, reason


def test_totals_stand_when_said_or_when_both_agree():
    assert verifier_abstention(CARS, "which team did the most laps in total?", PLAN) is None
    assert verifier_abstention(AGREE, "which team did the most laps?", PLAN) is None  # Ferrari 350 and 340


def test_totals_stand_when_the_question_says_total_or_the_groups_are_few():
    assert verifier_abstention(CARS, "which team has the most total laps?", PLAN) is None
    # 2 teams over 24 rows: teams are groups; Reds 12 x 10 = 120 in total, Blues' one row of 50 is the top row
    few = "Team,Laps\n" + "Reds,10\n" * 12 + "Blues,50\n" + "Blues,1\n" * 11
    assert verifier_abstention(few, "which team did the most laps?", PLAN) is None


def test_rows_with_a_label_of_their_own_refuse_in_any_order():
    # each row a driver's car, not in order of laps: Holman 253 + 200 = 453 in total, Ferrari's one car 340
    labelled = "Team,Driver,Laps\nHolman,Gurney,253\nFerrari,Bandini,340\nFord,Hill,100\nHolman,Foyt,200\n"
    reason = verifier_abstention(labelled, "which team did the most laps?", PLAN)
    assert reason is not None and "by total Laps it is Holman" in reason and "it is Ferrari" in reason, reason


def test_anonymous_rows_in_no_order_are_parts_of_their_group():
    # no label and not listed by laps: the rows are a team's lines, the total (Holman 453) stands
    assert verifier_abstention("Team,Laps\nHolman,253\nFerrari,340\nFord,100\nHolman,200\n",
                               "which team did the most laps?", PLAN) is None


def test_rows_told_apart_by_a_label_within_their_group_refuse():
    # polls: GIS 40 + 44 + 30 = 114, Keller 46 + 57 = 103, IVAD 43; the single poll with the most is Keller's 57.
    # Each company's polls have their own Source (Radio, Correo for GIS), so each row is a poll.
    polls = ("Company,Source,Opposition\nGIS,Radio,40\nGIS,Correo,44\nGIS,Radio,30\n"
             "Keller,Universal,46\nKeller,Universal,57\nIVAD,Universal,43\n")
    plan = AggregateArgs(op=Agg.sum, column="Opposition", group_by=["Company"], order="desc", limit=1)
    reason = verifier_abstention(polls, "which company has the most opposition?", plan)
    assert reason is not None and "by total Opposition it is GIS" in reason and "it is Keller" in reason, reason
    # said in total, the grouped total stands
    assert verifier_abstention(polls, "which company has the most opposition in total?", plan) is None
