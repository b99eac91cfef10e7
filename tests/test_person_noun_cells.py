"""A person noun that is also a word of a column's cells ('how many novelists are listed?' beside
a cell 'Playwright, novelist') is not read as every row's people (agent/router/synonyms.py,
_in_cells): counting all rows would answer 4 where one row says novelist. A person noun no cell
holds is still the rows. Tiny tables, counts by hand."""

from __future__ import annotations

from tests.helpers import router_agent

# 4 people, 1 of them a novelist (in a cell that joins two trades).
PEOPLE = ("Name,Nationality,Notable as\nAnn,American,Actor\nBea,English,\"Playwright, novelist\"\n"
          "Cy,American,Journalist\nDan,Irish,Actor\n")


def test_a_person_noun_written_in_cells_is_not_every_row():
    outcome = router_agent(PEOPLE).ask("how many novelists are listed?")
    assert outcome.status != "answered" or "1" in outcome.answer and "4" not in outcome.answer, outcome.answer


def test_a_person_noun_no_cell_holds_still_counts_the_rows():
    outcome = router_agent(PEOPLE).ask("how many individuals are listed?")
    assert outcome.status == "answered" and "4" in outcome.answer, outcome.answer


def test_a_person_noun_listed_in_several_cells_is_not_every_row():
    # 2 of 3 rows list novelist among their trades: never the 3 rows
    people = "Name,Notable as\nAnn,\"Playwright, novelist\"\nBea,Poet and novelist\nCy,Actor\n"
    outcome = router_agent(people).ask("how many novelists are listed?")
    assert outcome.status != "answered" or "3" not in outcome.answer, outcome.answer
