"""The row after or before a named value showing another column than the value's
(agent/router/verify/neighbour_column.py): refused naming both columns; the same column, or an
anchor by number, is read. Tiny tables, neighbours by hand."""

from __future__ import annotations

from tests.helpers import router_agent

# Titles in order Mimpi, Sahabat, Langit; Sahabat's next row is Langit, whose album is Alexandria.
SONGS = "Number,Title,Album\n1,Mimpi,Kisah\n2,Sahabat,Taman\n3,Langit,Alexandria\n"
# The chassis of the row before Year 1989 (1988) is March.
CARS = "Year,Chassis,Engine\n1987,Lola,Ford\n1988,March,Judd\n1989,Reynard,Judd\n"


def _ask(csv: str, question: str):
    return router_agent(csv).ask(question)


def test_the_next_row_of_another_column_than_the_named_value_is_refused():
    outcome = _ask(SONGS, "which album came after sahabat?")
    assert outcome.status == "abstained", outcome.answer
    assert "Title" in outcome.answer and "Album" in outcome.answer


def test_the_next_value_of_the_named_values_column_is_read():
    outcome = _ask(SONGS, "which title came after sahabat?")
    assert outcome.status == "answered" and "Langit" in outcome.answer, outcome.answer


def test_a_neighbour_of_a_row_named_by_a_number_is_read():
    outcome = _ask(CARS, "what chassis is previous to year 1989?")
    assert outcome.status == "answered" and "March" in outcome.answer, outcome.answer
