"""'the total invoiced' and 'how much did we invoice' ask for money (router/money_verbs.py; trial 15,
K6): the verb named Invoice # by a header word, and an identifier's total had become a row count.
A money verb sums the one column of money amounts (a unit price is no amount), or the named money
column; with several amount columns, or a verb that is no payment, the question is refused, never
answered with a count. Sums by hand."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

INVOICES = """Invoice #,Client,Issued,Item,Qty,Unit Price (USD),Amount (USD)
INV-1,Acme,2025-01-10,Nails,10,2.50,25.00
INV-2,Bolt,2025-01-20,Screws,3,10.00,30.00
INV-3,Acme,2025-02-05,Glue,3,5.00,15.00
INV-4,Cora,2025-02-15,Nails,20,2.50,50.00
INV-5,Acme,2025-03-01,Tape,2,4.00,8.00
"""


@pytest.mark.parametrize("question, value", [
    ("What was the total invoiced in February 2025?", 15 + 50),
    ("What was the total invoiced to Acme?", 25 + 15 + 8),
    ("How much did we invoice in January 2025?", 25 + 30),
    ("What is the total amount invoiced?", 25 + 30 + 15 + 50 + 8),
    ("What is the total invoiced amount for Acme?", 25 + 15 + 8),
])
def test_a_money_verb_sums_the_one_amount_column(question, value):
    outcome = router_agent(INVOICES, "invoices_2025.csv").ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(value)


def test_the_invoices_counted_stay_a_count():
    outcome = router_agent(INVOICES, "invoices_2025.csv").ask("How many invoices were there for Acme?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 3  # INV-1, INV-3, INV-5


def test_two_amount_columns_refuse_naming_them():
    two = "Invoice #,Client,Net (USD),Gross (USD)\nINV-1,Acme,10,12\nINV-2,Bolt,20,24\nINV-3,Acme,5,6\n"
    outcome = router_agent(two, "invoices.csv").ask("What was the total invoiced to Acme?")
    assert outcome.status == "abstained", outcome.answer
    assert "Net (USD)" in outcome.answer and "Gross (USD)" in outcome.answer


def test_a_verb_that_is_no_payment_is_never_a_row_count():
    shipments = "Shipment ID,Client,Weight (kg),Cost (USD)\nS-1,Acme,10,5\nS-2,Bolt,20,9\nS-3,Acme,5,3\n"
    outcome = router_agent(shipments, "shipments.csv").ask("What was the total shipped to Acme?")
    assert outcome.status == "abstained", outcome.answer  # 15 kg or 8 USD, never 2 shipments
