"""A word spelling one column's value and, in the other number, another column's (Genre 'Children',
Borrower Type 'Child') may be either (router/number_rivals.py; trial 15, K2): refused naming both,
unless the question names the column or copies the cell's capitalised spelling. Counts by hand."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

LOANS = """Loan ID,Borrower,Book Title,Genre,Borrower Type
L-01,Ann,Moon Tales,Children,Adult
L-02,Bob,Moon Tales,Children,Child
L-03,Cy,Dark Hill,Mystery,Adult
L-04,Di,Dark Hill,Mystery,Child
L-05,Ed,Star Maps,Science,Senior
L-06,Fay,Moon Tales,Children,Child
L-07,Gus,Sea Songs,Fantasy,Adult
"""


@pytest.mark.parametrize("question", ["What share of loans were made by children?",
                                      "How many loans were made by children?"])
def test_a_word_of_two_columns_in_two_numbers_is_refused_naming_both(question):
    outcome = router_agent(LOANS, "book_loans.csv").ask(question)
    assert outcome.status == "abstained", outcome.answer
    assert "'Child'" in outcome.answer and "'Children'" in outcome.answer


@pytest.mark.parametrize("question, value", [
    ("How many loans were not Children books?", 4),  # Genre != 'Children': L-03, L-04, L-05, L-07
    ("How many loans have borrower type child?", 3),  # L-02, L-04, L-06
])
def test_the_named_column_or_the_copied_cell_decides(question, value):
    outcome = router_agent(LOANS, "book_loans.csv").ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == value


def test_no_rival_leaves_the_value_as_it_was():
    one = LOANS.replace(",Child\n", ",Junior\n")  # Borrower Type no longer holds 'Child'
    outcome = router_agent(one, "book_loans.csv").ask("How many loans were children books?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 3  # L-01, L-02, L-06
