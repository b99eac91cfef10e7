"""'No' before a count column (agent/router/none_of.py, verify/columns.py): 'how many nations do
not have any gold medals' counts the rows where Gold = 0. Counts by hand on the table below."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent, router_ask

MEDALS = ("Rank,Nation,Gold,Silver,Bronze,Total\n"
          "1,Kenya,3,1,0,4\n2,Norway,2,0,1,3\n3,Chile,0,2,2,4\n4,Peru,0,1,0,1\n5,Japan,0,0,1,1\n")
# Gold = 0: Chile, Peru, Japan (3); Bronze = 0: Kenya, Peru (2); Silver = 0: Norway, Japan (2)


@pytest.mark.parametrize("question, number", [
    ("how many nations do not have any gold medals?", "3"),
    ("number of nations that earned no bronze medals", "2"),
    ("how many nations won no silver medals?", "2"),
])
def test_no_count_is_zero(question, number):
    outcome, _ = router_ask(MEDALS, question)
    assert f" {number}" in outcome.answer.replace(".", " "), outcome.answer


def test_the_condition_is_column_zero():
    agent = router_agent(MEDALS)
    decision = agent.router.route("how many nations do not have any gold medals?")
    where = decision.plan.where
    assert [(p.column, p.op.value, p.value) for p in where] == [("Gold", "=", 0)]


@pytest.mark.parametrize("question", [
    "how many nations do not have more than 2 gold medals?",  # a comparison, not none
    "how many nations have no rank?",  # Rank holds no 0: no count that can be none
])
def test_not_read_as_none(question):
    decision = router_agent(MEDALS).router.route(question)
    where = getattr(decision.plan, "where", None) or []
    assert not any(p.op.value == "=" and p.value == 0 for p in where), decision


POSTS = "author,text,retweets\nann,hi,0\nann,yo,3\nbob,hey,0\ncid,ok,2\n"  # no author has 0 retweets on all posts but bob


@pytest.mark.parametrize("question", [
    "how many authors received no retweets?",  # authors repeat: ann has a 0 and a 3
    "is there an author who received no retweets for any of their posts?",
])
def test_none_over_entities_of_several_rows_is_not_read(question):
    decision = router_agent(POSTS).router.route(question)
    where = [*(getattr(decision.plan, "where", None) or []), *(getattr(decision.plan, "condition", None) or [])]
    assert not any(p.column == "retweets" and p.value == 0 for p in where), decision
