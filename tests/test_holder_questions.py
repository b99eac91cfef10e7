"""A question asking which row holds the largest or smallest value is not answered by the value
(agent/router/verify/holder.py): 'what company has the top number of employees?' asks for the
company; MAX(Employees) answers 'what is the top number of employees?'. Values by hand."""

from __future__ import annotations

import pytest

from agent.plan import Agg, AggregateArgs
from tests.helpers import router_ask, verifier_abstention

MEDALS = "Rank,Nation,Gold,Silver\n1,Brazil,9,0\n2,Argentina,0,7\n3,Uruguay,0,1\n"
FIRMS = "Name of concern,Employees,Revenue\nPGE,44317,28000\nOrlen,22000,106000\nKGHM,18000,20000\n"


@pytest.mark.parametrize("csv, question, plan, words", [
    (MEDALS, "how has the most golds?", AggregateArgs(op=Agg.max, column="Gold"), "'has the most'"),
    (MEDALS, "who has the most golds?", AggregateArgs(op=Agg.max, column="Gold"), "'who'"),
    (FIRMS, "what company has the top number of employees?", AggregateArgs(op=Agg.max, column="Employees"),
     "'has the top'"),
    (FIRMS, "what company had the lowest revenue?", AggregateArgs(op=Agg.min, column="Revenue"), "'had the lowest'"),
])
def test_the_value_never_answers_who_holds_it(csv, question, plan, words):
    reason = verifier_abstention(csv, question, plan)
    assert reason is not None and words in reason, reason


def test_the_value_still_answers_what_the_value_is():
    # 'what is the highest number of employees': the value itself, 44317 by hand
    assert verifier_abstention(FIRMS, "what is the highest number of employees?",
                               AggregateArgs(op=Agg.max, column="Employees")) is None
    _, result = router_ask(FIRMS, "what is the highest number of employees?")
    assert result.value == 44317
