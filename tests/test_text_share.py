"""A percentage weighted by a text column (router/identifiers.py): 'what percentage of members are
active' links 'members' to member, which holds names; one name per row makes it a share of rows
(was: SUM(member), failing inside the engine with 'cannot compute SUM of a categorical column').
A text column that repeats is refused: a share of its distinct values is no share of rows.
Shares by hand over the tables below."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

CLUB = "member,tier,city,active\nAlice,Gold,Leeds,yes\nBen,Silver,York,yes\nChloe,Gold,Leeds,no\nDev,Bronze,Hull,yes\nElla,Silver,York,no\n"
ORDERS = "customer,city,amount\nAnn,Leeds,10\nAnn,Leeds,20\nBo,York,5\nCy,Leeds,7\n"


@pytest.mark.parametrize("question, share", [
    ("What percentage of members are active?", 60.0),  # Alice, Ben, Dev of 5
    ("What percentage of members are Gold?", 40.0),  # Alice, Chloe
    ("What percentage of members in Leeds are active?", 50.0),  # Alice of Alice, Chloe
])
def test_a_share_of_a_text_column_with_one_value_a_row_is_a_share_of_rows(question, share):
    outcome = router_agent(CLUB).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.percent == pytest.approx(share)


def test_a_share_of_a_repeating_text_column_is_refused():
    outcome = router_agent(ORDERS).ask("What percentage of customers are in Leeds?")
    assert outcome.status == "abstained", outcome.answer  # Ann twice: 3 of 4 rows, but 2 of 3 customers
