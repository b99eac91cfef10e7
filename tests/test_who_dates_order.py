"""File-order readings (agent/router/file_order.py) that answered another question:
'who was the first death in the blue party?' showed the Date of death of the first Blue row (a
date, not a who), 'who was the last deputy judge from Finland?' showed a term of office; and
'which one is the last in construction time' showed the last row's Construction Time where the
rows are to be ordered by it. Both are refused now; 'who' over a column of names still answers.
Tiny tables, the rows picked by hand."""

from __future__ import annotations

from agent.router.name_columns import holds_names
from agent.table import table_from_text
from tests.helpers import router_agent

DEATHS = ("Representative,Party,Date of death\nAnn Lee,Red,\"January 3, 1987\"\n"
          "Bob Ray,Blue,\"January 21, 1987\"\nCy Dunn,Blue,\"March 2, 1987\"\nDee Fox,Red,\"April 9, 1987\"\n")
JUDGES = ("Nationality,Name,Term as a Deputy Judge\nNorway,Fred Beich,30 January 1920 - 6 December 1930\n"
          "Finland,Rafe Erich,15 January 1931 - 1 February 1936\nChina,Wang Chung,30 January 1920 - 6 December 1930\n"
          "Finland,Olli Koski,15 January 1921 - 1 February 1930\n")
CARS = ("Typ,Construction Time,Cylinders\nVis-a-Vis,1900-1903,1\n2 Liter,1934-1938,4\n"
        "Favorit,1929-1933,4\nStandard 6,1927-1928,6\n")


def test_holds_names_tells_names_from_dates():
    table = table_from_text(DEATHS, "t.csv")
    assert holds_names(table, "Representative") and not holds_names(table, "Date of death")


def test_who_is_not_answered_with_a_date():
    outcome = router_agent(DEATHS).ask("who was the first death in the blue party?")
    assert outcome.status == "abstained", outcome.answer  # main answered 'January 21, 1987'
    assert "Date of death" in outcome.answer


def test_who_is_not_answered_with_a_term_of_office():
    outcome = router_agent(JUDGES).ask("who was the last deputy judge with finland nationality?")
    assert outcome.status == "abstained", outcome.answer  # main answered '15 January 1921 - 1 February 1930'
    assert "Term as a Deputy Judge" in outcome.answer


def test_who_over_a_column_of_names_still_answers():
    # the Blue rows are Bob Ray, Cy Dunn: the first is Bob Ray
    outcome = router_agent(DEATHS).ask("who was the first representative in the blue party?")
    assert outcome.status == "answered" and "Bob Ray" in outcome.answer, outcome.answer


def test_last_in_a_column_orders_by_it():
    outcome = router_agent(CARS).ask("which one is the last in construction time")
    assert outcome.status == "abstained", outcome.answer  # main showed the last row's 1927-1928
    assert "Construction Time" in outcome.answer
