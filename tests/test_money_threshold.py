"""An amount of money said after a non-money column is compared with the table's one money column
(router/money.py; trial 10): 'the total stock of products under £10' is SUM(stock) WHERE price <
10, never WHERE stock < 10. With no money column, or two, it is refused. Sums by hand."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

STOCK = "Product,Qty In Stock,Unit Price (£)\nMilk,54,1.2\nRice,105,8.5\nTea,6,12.0\nJam,40,3.5\nOil,9,15.0\n"
TWO_PRICES = "Product,Qty,Cost (£),Price (£)\nMilk,54,1,2\nRice,105,6,9\n"
NO_MONEY = "Product,Qty,Weight\nMilk,54,1\nRice,105,5\n"


@pytest.mark.parametrize("question, value", [
    ("What is the total stock of products under £10?", 54 + 105 + 40),
    ("What is the average stock of products over £5?", (105 + 6 + 9) / 3),
    ("What is the total stock of products under 10?", 6 + 9),  # no '£': the stock itself
])
def test_an_amount_of_money_compares_the_money_column(question, value):
    outcome = router_agent(STOCK).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(value)


@pytest.mark.parametrize("csv", [TWO_PRICES, NO_MONEY])
def test_an_amount_of_money_with_no_one_money_column_is_refused(csv):
    outcome = router_agent(csv).ask("What is the total qty of products under £5?")
    assert outcome.status == "abstained", outcome.answer
