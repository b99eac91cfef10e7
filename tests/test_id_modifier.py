"""A unique id's own noun right before a numeric column ('the smallest invoice amount' on
invoice_no, one per row, and amount) is a modifier: the amount of each invoice is the amount of
each row (router/id_rows._modifier). It was read as a grouping by invoice_no and refused, or as a
second column to aggregate. Values by hand (min/mean of the amounts listed below)."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

AMOUNTS = [120.5, 80.0, 45.25, 300.0, 99.99, 410.0, 12.5, 75.0, 230.1, 64.0] * 4
INVOICES = "invoice_no,customer,amount\n" + "".join(
    f"INV-{i:03d},{'ABC'[i % 3]},{a}\n" for i, a in enumerate(AMOUNTS, start=1))


@pytest.mark.parametrize("question, value", [
    ("What is the smallest invoice amount?", 12.5),
    ("What is the largest invoice amount?", 410.0),
    ("What is the average invoice amount?", sum(AMOUNTS) / len(AMOUNTS)),
])
def test_an_id_noun_before_the_measure_is_the_rows(question, value):
    outcome = router_agent(INVOICES).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(value)
