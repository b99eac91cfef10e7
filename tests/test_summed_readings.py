"""What a plan adds up (agent/router/verify/summed.py, shape.check_rank_order): a share never sums a
column of percentages; 'how many have an area of at least 20' counts rows, never adds up Area; a
count word is never turned into a sum on a shared word start; places are never totalled. Values by
hand."""

from __future__ import annotations

import pytest

from agent.plan import Agg, AggregateArgs, Op, Predicate, RatioArgs
from tests.helpers import router_ask, verifier_abstention

TURNOUT = "Commune,Turnout\nFratar,57%\nKrutje,55%\nLibofshe,53%\n"
LAKES = "Name,Area (km²)\nBig,245\nMid,20\nSmall,3\n"
PRISONS = "Name,Location,# of prisoners designed for\nNubarashen,Yerevan,840\nKosh,Aragatsotn,640\n"
RACE = "Position,Driver,Points\n1,Ann,25\n2,Bo,18\n3,Cy,15\n"


@pytest.mark.parametrize("csv, question, plan, words", [
    (TURNOUT, "how many for turnout percentage for fratar",
     RatioArgs(column="Turnout", where=[Predicate(column="Commune", op=Op.eq, value="Fratar")]), "holds percentages"),
    (LAKES, "how many have an area of at least 20 km?",
     AggregateArgs(op=Agg.sum, column="Area (km²)", where=[Predicate(column="Area (km²)", op=Op.ge, value=20)]),
     "counts the rows"),
    (PRISONS, "how many prisons are there?", AggregateArgs(op=Agg.sum, column="# of prisoners designed for"),
     "'prisons'"),
    (RACE, "what is the total number of positions listed?", AggregateArgs(op=Agg.sum, column="Position"), "places"),
])
def test_sums_that_answer_another_question_are_refused(csv, question, plan, words):
    reason = verifier_abstention(csv, question, plan)
    assert reason is not None and words in reason, reason


def test_counts_and_real_totals_still_answer():
    _, result = router_ask(LAKES, "how many rows have an area of at least 20?")
    assert result.value == 2  # Big 245, Mid 20
    _, result = router_ask(RACE, "what is the total points?")
    assert result.value == 58  # 25 + 18 + 15


def test_calendar_years_are_never_added_up():
    films = "Title,Year,Role\nA,1999,Lead\nB,2001,Cameo\nC,2001,Lead\n"
    reason = verifier_abstention(films, "what is the total years on the chart", AggregateArgs(op=Agg.sum, column="Year"))
    assert reason is not None and "calendar years" in reason, reason
    _, result = router_ask("Title,Years\nA,3\nB,5\n", "what is the total years?")
    assert result.value == 8  # a column of durations (3 + 5) is still added up
