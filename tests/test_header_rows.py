"""Rows repeating the header line among the data (agent/router/verify/header_rows.py): a plan
reading such a row is refused naming it; one whose conditions leave it out is read. Tiny tables,
counts by hand."""

from __future__ import annotations

from agent.router.verify.header_rows import header_rows
from agent.table import table_from_text
from tests.helpers import router_agent

# Row 3 (position 2) repeats the header: Code has 3 codes of data (U+1, U+2, U+3), and 'Code' beside.
PAGED = ("Letter,Code,Width,Area\nA,U+1,wide,east\nB,U+2,narrow,west\nLetter,Code,Width,Area\n"
         "C,U+3,wide,north\nD,U+1,narrow,south\n")
# One cell equal to its header is a value, not a header line: 'Area' is a place named Area.
ONE_CELL = "Letter,Code,Area\nA,U+1,east\nB,U+2,Area\nC,U+3,west\n"


def test_rows_repeating_the_header_are_found():
    assert header_rows(table_from_text(PAGED, "t.csv")) == [2]
    assert header_rows(table_from_text(ONE_CELL, "t.csv")) == []


def test_a_count_taking_in_a_repeated_header_row_is_refused():
    outcome = router_agent(PAGED).ask("how many different codes are there?")
    assert outcome.status == "abstained", outcome.answer
    assert "Row 3" in outcome.answer and "header" in outcome.answer


def test_a_count_whose_condition_leaves_the_header_row_out_is_read():
    outcome = router_agent(PAGED).ask("how many rows have width wide?")
    assert outcome.status == "answered" and "2 of 5" in outcome.answer, outcome.answer
