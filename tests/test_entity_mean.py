"""'The average order amount' with a condition ('for Hooli') on order lines is each order's total,
then the mean, as without one (trial 5: the mean line amount was stated). Values by hand: Hooli's
orders O1 (10 + 30 = 40) and O3 (50), mean 45; every order O1 40, O2 (20 + 20 = 40), O3 50, mean
130 / 3; the mean line over Hooli's 3 lines would be 30."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent, router_ask

LINES = """order_id,customer,item,line_amount,rating
O1,Hooli,pen,10,4
O1,Hooli,ink,30,2
O2,Globex,pad,20,5
O2,Globex,pen,20,3
O3,Hooli,cap,50,4
"""


@pytest.mark.parametrize(("question", "value"), [
    ("What is the average order amount for Hooli?", (40 + 50) / 2),
    ("What is the average order amount?", (40 + 40 + 50) / 3),
])
def test_the_average_order_amount_is_per_order(question, value):
    outcome, result = router_ask(LINES, question)
    assert result.value == pytest.approx(value)
    assert "order_id" in outcome.restatement


@pytest.mark.parametrize("question", [
    "What is the average order value for Hooli?",  # which column makes an order's value?
    "What is the average order rating for Hooli?",  # a rating is read per line: per order or per line?
])
def test_an_unclear_per_order_mean_is_refused(question):
    outcome = router_agent(LINES).ask(question)
    assert outcome.status != "answered", outcome.answer
