"""Slash dates whose order no cell shows (every day and month 12 or less): a question whose answer
depends on the month or day is refused naming the column, a cell and both readings; one that does
not (a whole year, a count, the latest row when the dates rank alike either way) is answered.
A cell with a day above 12 settles the order. Expected values are worked by hand from the rows."""

from __future__ import annotations

import pytest

from agent.sources import open_table
from tests.helpers import agent_over

AMBIGUOUS = [("Kickoff", "01/02/2024", 40), ("Workshop", "03/02/2024", 25), ("Review", "10/03/2024", 30),
             ("Launch", "11/04/2024", 120), ("Retro", "12/05/2024", 15)]


def _table(tmp_path, rows, kind="csv"):
    path = tmp_path / f"events.{kind}"
    if kind == "csv":
        path.write_text("event,date,attendees\n" + "".join(f"{e},{d},{a}\n" for e, d, a in rows))
    else:
        from openpyxl import Workbook

        book = Workbook()
        book.active.append(["event", "date", "attendees"])
        for row in rows:  # the dates as text cells, as an export from another tool writes them
            book.active.append(list(row))
        book.save(path)
    return open_table(path)


def _ask(table, question):
    return agent_over(table).ask(question)


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
@pytest.mark.parametrize("question", ["What is the total attendees in March 2024?",
                                      "How many events were in February 2024?",
                                      "What is the total attendees by date?",
                                      "What is the latest date?"])
def test_a_month_or_day_reading_is_refused_naming_the_ambiguity(tmp_path, kind, question):
    outcome = _ask(_table(tmp_path, AMBIGUOUS, kind), question)
    assert outcome.status != "answered"
    assert "date" in outcome.answer and "'01/02/2024'" in outcome.answer
    assert "2024-01-02 or 2024-02-01" in outcome.answer


@pytest.mark.parametrize("question, expected", [
    ("What is the total attendees in 2024?", 230),  # 40 + 25 + 30 + 120 + 15: every cell is in 2024 either way
    ("What is the total attendees?", 230),
    ("How many events are there?", 5),
])
def test_what_the_order_does_not_change_is_answered(tmp_path, question, expected):
    outcome = _ask(_table(tmp_path, AMBIGUOUS), question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == expected


def test_dates_that_rank_alike_either_way_answer_the_latest_row(tmp_path):
    rows = [("a", "01/04/2024", 10), ("b", "01/04/2024", 5), ("c", "01/05/2024", 7), ("d", "01/05/2024", 1)]
    outcome = _ask(_table(tmp_path, rows), "What is the total attendees on the latest date?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 8  # 01/05 is the later day month-first (5 Jan) and day-first (1 May)


def test_a_day_above_12_settles_the_order(tmp_path):
    rows = [*AMBIGUOUS, ("Party", "13/05/2024", 50)]  # 13 can only be a day: the file is day-first
    outcome = _ask(_table(tmp_path, rows), "What is the total attendees in March 2024?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 30  # 10/03 (10 March): Review
    rows = [*AMBIGUOUS, ("Party", "05/13/2024", 50)]  # 13 can only be a day: the file is month-first
    outcome = _ask(_table(tmp_path, rows), "What is the total attendees in March 2024?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 25  # 03/02 (2 March): Workshop


def test_dotted_dates_are_day_first(tmp_path):
    """dd.mm.yyyy (German invoices): day-first always. By hand: February holds 02.02.2024 (2,500.75)
    and 20.02.2024 (45.99)."""
    path = tmp_path / "rechnungen.csv"
    path.write_text("Rechnung;Datum;Betrag\nR-1;03.01.2024;1234,50\nR-2;15.01.2024;980,00\nR-3;02.02.2024;2500,75\n"
                    "R-4;20.02.2024;45,99\nR-5;05.03.2024;12000,00\n")
    for table in (open_table(path), open_table(path, frame_rows=2)):
        assert table.roles["Datum"].value == "date"
        assert str(table.df["Datum"].iloc[0].date()) == "2024-01-03"
        outcome = _ask(table, "What is the total Betrag in February 2024?")
        assert outcome.status == "answered", outcome.answer
        assert round(outcome.results[-1].result.value, 2) == 2546.74
