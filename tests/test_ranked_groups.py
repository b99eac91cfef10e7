"""A superlative's noun names what is ranked (agent/router/verify/ranked_groups.py): 'which party
received the least votes?' ranks parties by Votes, not by how many distinct Votes values each
holds; 'who has the most albums?' is not the row count per value of Albums. Values by hand."""

from __future__ import annotations

import pytest

from agent.plan import Agg, AggregateArgs
from tests.helpers import verifier_abstention

PARTIES = ("Party,Votes,Seats\nLabor,\"324,135\",26\nLiberal,\"250,312\",20\nNationals,\"24,810\",1\n"
           "Independent,\"27,178\",0\nOther,\"2,708\",0\nLabor,WIN,26\n")
ACTS = "Act,Year signed,Albums\nDiddy,1993,6\nFaith,1994,2\nMase,1996,1\nCraig,1997,–\n"
TEAMS = "Team,Sport\nReds,football\nReds,hockey\nBlues,football\n"


@pytest.mark.parametrize("csv, question, plan", [
    (PARTIES, "which party received the least votes?",
     AggregateArgs(op=Agg.count_distinct, column="Votes", group_by=["Party"], order="asc", limit=1)),
    (ACTS, "who has the most albums?", AggregateArgs(op=Agg.count, group_by=["Albums"], order="desc")),
])
def test_groups_are_not_ranked_by_the_superlatives_own_column(csv, question, plan):
    reason = verifier_abstention(csv, question, plan)
    assert reason is not None and "names the values to rank by" in reason, reason


def test_distinct_counts_of_words_still_rank_groups():
    # 'the most different sports': Reds play football and hockey (2), Blues football (1) -> Reds
    plan = AggregateArgs(op=Agg.count_distinct, column="Sport", group_by=["Team"], order="desc", limit=1)
    assert verifier_abstention(TEAMS, "which team has the most different sports?", plan) is None


def test_distinct_ids_per_group_count_entities():
    # 'the most respondents': distinct response_id per country: US 2 (ids 1, 2), FR 1 (id 3) -> US
    csv = "response_id,country\n1,US\n2,US\n3,FR\n2,US\n"
    plan = AggregateArgs(op=Agg.count_distinct, column="response_id", group_by=["country"], order="desc", limit=1)
    reason = verifier_abstention(csv, "which country has the most response id?", plan)
    assert reason is None or "names the values to rank by" not in reason, reason


def test_a_superlatives_generic_noun_is_not_a_row_count():
    # 'grades' is set aside as a generic word for values; a row count per School (Yes 2, No 1) ranks no grades
    csv = "Church,School\nSt Ann,Yes\nSt Bede,Yes\nSt Clare,No\n"
    plan = AggregateArgs(op=Agg.count, group_by=["School"], order="desc", limit=1)
    reason = verifier_abstention(csv, "which school offers the most grades?", plan)
    assert reason is not None and "'most grades'" in reason, reason


def test_the_most_times_still_counts_rows_per_group():
    from tests.helpers import router_ask
    _, result = router_ask("Year,Winner\n2001,Reds\n2002,Blues\n2003,Reds\n", "which winner appears the most times?")
    assert "Reds" in str(result.model_dump())  # Reds 2 (2001, 2003), Blues 1
