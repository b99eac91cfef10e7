"""A noun after a value says what the value describes (router/value_heads.py; trial 15, K1): 'How
many loans were not Children books?' counts the loans whose Genre is not 'Children', never the
distinct Book Title values; 'the average late fee for Children books' averages Late Fee. A count
of the head noun itself ('how many Children books') may be rows or titles: refused. Values by hand."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

LOANS = """Loan ID,Borrower,Book Title,Genre,Branch,Late Fee,Renewals
L-01,Ann,Moon Tales,Children,Central,0.00,0
L-02,Bob,Moon Tales,Children,East,1.50,1
L-03,Cy,Dark Hill,Mystery,Central,2.00,2
L-04,Di,Dark Hill,Mystery,East,0.00,0
L-05,Ed,Star Maps,Science,Central,3.25,1
L-06,Fay,Moon Tales,Children,Central,0.75,0
L-07,Gus,Sea Songs,Children,East,0.00,3
L-08,Hal,Moon Tales,Children,Central,0.00,0
"""
"""Children: L-01, L-02, L-06, L-07, L-08 (titles Moon Tales, Sea Songs; Central 3 loans of one title,
East 2 loans of two titles); Mystery: L-03, L-04 (one title)."""


@pytest.mark.parametrize("question, value", [
    ("How many loans were not Children books?", 3),  # L-03, L-04, L-05 (2 distinct titles)
    ("How many loans were Mystery books?", 2),  # L-03, L-04 (1 distinct title)
    ("How many rows are Children books?", 5),
    ("What is the average late fee for Children books?", (0 + 1.50 + 0.75 + 0 + 0) / 5),
    ("What is the total late fee for Mystery and Science books?", 2.00 + 0 + 3.25),
    ("What is the total renewals of Children books?", 0 + 1 + 0 + 3 + 0),
])
def test_a_noun_after_a_value_is_what_the_value_describes(question, value):
    outcome = router_agent(LOANS, "book_loans.csv").ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(value)


def test_a_count_of_the_head_noun_itself_is_refused_naming_both():
    outcome = router_agent(LOANS, "book_loans.csv").ask("How many Children books are there?")
    assert outcome.status == "abstained", outcome.answer
    assert "Book Title" in outcome.answer and "Genre" in outcome.answer  # 5 loans or 2 titles


def test_a_share_of_the_rows_counts_rows():
    outcome = router_agent(LOANS, "book_loans.csv").ask("What share of loans were Mystery books?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.percent == pytest.approx(100 * 2 / 8)  # L-03, L-04 of 8 loans


def test_the_most_loans_per_group_counts_rows_not_titles():
    outcome = router_agent(LOANS, "book_loans.csv").ask("Which branch had the most loans of Children books?")
    assert outcome.status == "answered", outcome.answer
    top = outcome.results[-1].result.groups[0]
    assert top.key == ["Central"] and top.value == 3  # East has 2 loans but 2 titles to Central's 1


def test_the_most_of_the_head_noun_itself_is_refused():
    outcome = router_agent(LOANS, "book_loans.csv").ask("Which branch had the most Children books?")
    assert outcome.status == "abstained", outcome.answer


@pytest.mark.parametrize("question, value", [
    ("How many books were borrowed at Central?", 3),  # L-01, L-03, L-05, L-06, L-08: Moon Tales, Dark Hill, Star Maps
    ("How many different Children books are there?", 2),  # Moon Tales, Sea Songs
])
def test_a_distinct_word_or_a_column_noun_modifying_no_value_counts_distinct(question, value):
    outcome = router_agent(LOANS, "book_loans.csv").ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == value


def test_a_count_of_the_rows_never_becomes_a_distinct_count_of_a_column_named_later():
    # 'loans' are the rows (the file's noun): 'books' names Book Title with no test on it
    outcome = router_agent(LOANS, "book_loans.csv").ask("How many loans were for books in the Mystery genre?")
    assert outcome.status == "abstained", outcome.answer
    assert "Book Title" in outcome.answer
