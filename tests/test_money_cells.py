"""A column whose cells carry a currency sign holds money, whatever its header (router/money_cells.py;
trial 15): 'Is any late fee above $5?' compares Late Fee ('$1.25' cells), no longer refused as
'Late Fee holds no money'. A column of plain numbers under a header that is no money still refuses
a '$' threshold. Answers by hand."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

FEES = "Loan ID,Borrower,Late Fee\nL-01,Ann,$0.00\nL-02,Bob,$1.50\nL-03,Cy,$2.00\nL-04,Di,$0.00\nL-05,Ed,$3.25\n"


@pytest.mark.parametrize("question, answer", [("Is any late fee above $3?", True),
                                              ("Is any late fee above $5?", False)])
def test_a_dollar_threshold_compares_a_column_of_dollar_cells(question, answer):
    outcome = router_agent(FEES, "loans.csv").ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.answer is answer


def test_a_dollar_count_over_a_column_of_dollar_cells():
    outcome = router_agent(FEES, "loans.csv").ask("How many loans had a late fee over $1?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 3  # 1.50, 2.00, 3.25


def test_plain_numbers_under_a_header_that_is_no_money_still_refuse():
    plain = FEES.replace("$", "")
    outcome = router_agent(plain, "loans.csv").ask("Is any late fee above $3?")
    assert outcome.status == "abstained", outcome.answer
