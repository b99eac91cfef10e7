"""A date column written several ways ('2024-03-05', '14/03/2024', 'March 7, 2024'): read as dates
when every cell reads one way, in CSV and Excel and when the rows stay in the file; refused for
date questions, naming the column and a cell, when a cell reads two ways. Expected dates and sums
are worked out by hand from the rows below."""

from __future__ import annotations

import datetime as dt

import pytest

from agent import mixed_dates
from agent.profile import profile_table
from agent.table import ColumnRole
from agent.typed_view import column
from tests.helpers import agent_over, write_table

HEADER = ("patient", "appointment_date", "status", "fee")
SETTLED = [("Ana Lopez", "2024-03-05", "attended", 120.0),
           ("Ben Carter", "14/03/2024", "attended", 80.0),  # a day above 12: the slash dates are day-first
           ("Chloe Dunn", "March 7, 2024", "cancelled", 0.0),
           ("Dev Patel", "2024-02-28", "attended", 95.5),
           ("Eva Novak", "21/02/2024", "no-show", 40.0),
           ("Finn Ross", "Feb 2, 2024", "attended", 150.0),
           ("Gia Russo", "2024-03-11", "attended", 110.0),
           ("Hal Kim", "03/04/2024", "cancelled", 0.0)]  # day-first like the others: 3 April
SETTLED_DATES = ["2024-03-05", "2024-03-14", "2024-03-07", "2024-02-28", "2024-02-21", "2024-02-02", "2024-03-11",
                 "2024-04-03"]
UNSETTLED = [("Ana Lopez", "2024-03-05", "attended", 120.0),
             ("Ben Carter", "05/03/2024", "attended", 80.0),  # 5 March or 3 May: nothing in the column says
             ("Chloe Dunn", "March 7, 2024", "cancelled", 0.0),
             ("Dev Patel", "2024-02-28", "attended", 95.5),
             ("Eva Novak", "02/11/2024", "no-show", 40.0),
             ("Finn Ross", "Feb 2, 2024", "attended", 150.0)]


def _write(rows, kind: str, stem, frame_rows: int | None = None):
    """HEADER and `rows` as `stem`.csv or `stem`.xlsx, opened as a user's file is."""
    return write_table(HEADER, rows, kind, stem, frame_rows)


def _ask(table, question: str):
    return agent_over(table).ask(question)


@pytest.fixture(params=["csv", "xlsx", "csv in place"])
def settled(request, tmp_path):
    kind = request.param.split()[0]
    return _write(SETTLED, kind, tmp_path / "clinic", frame_rows=3 if "place" in request.param else None)


def test_mixed_forms_that_read_one_way_are_a_date_column(settled):
    assert settled.roles["appointment_date"] is ColumnRole.date
    profile = {c.name: c for c in profile_table(settled).columns}["appointment_date"]
    assert profile.role is ColumnRole.date and (profile.min, profile.max) == ("2024-02-02", "2024-04-03")
    if not settled.lies_in_file:
        read = [d.date().isoformat() for d in settled.df["appointment_date"]]
        assert read == SETTLED_DATES


def test_earliest_and_latest_of_mixed_forms(settled):
    outcome = _ask(settled, "What is the earliest appointment_date?")
    assert outcome.status == "answered", outcome.answer
    assert str(outcome.results[-1].result.value)[:10] == "2024-02-02"  # 'Feb 2, 2024'
    outcome = _ask(settled, "What is the latest appointment_date?")
    assert str(outcome.results[-1].result.value)[:10] == "2024-04-03"  # '03/04/2024', day-first


def test_a_month_over_mixed_forms(settled):
    outcome = _ask(settled, "What is the total fee in February 2024?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(95.5 + 40.0 + 150.0)  # 02-28, 21/02, Feb 2
    notes = " ".join(outcome.results[-1].result.provenance.notes)
    assert "dates written several ways, each cell read by its own form: ISO (3), slash (3), month name (2)" in notes and "'14/03/2024' read as 2024-03-14 (day-first)" in notes


@pytest.fixture(params=["csv", "xlsx", "csv in place"])
def unsettled(request, tmp_path):
    kind = request.param.split()[0]
    return _write(UNSETTLED, kind, tmp_path / "clinic", frame_rows=3 if "place" in request.param else None)


def test_a_cell_that_reads_two_ways_refuses_date_questions_naming_it(unsettled):
    assert unsettled.roles["appointment_date"] is not ColumnRole.date
    for question in ("What is the earliest appointment_date?", "How many appointments were in March?",
                     "How many different appointment_date values are there?"):
        outcome = _ask(unsettled, question)
        assert outcome.status != "answered", (question, outcome.answer)
        assert "appointment_date mixes date formats: '05/03/2024' could be 5 March or 3 May" in outcome.answer, question


def test_the_profile_says_why_and_other_questions_answer(unsettled):
    profile = {c.name: c for c in profile_table(unsettled).columns}["appointment_date"]
    assert "'05/03/2024' could be 5 March or 3 May" in (profile.mixed_dates or "")
    assert "'05/03/2024' could be 5 March or 3 May" in profile_table(unsettled).to_prompt()
    outcome = _ask(unsettled, "What is the total fee?")
    assert outcome.status == "answered" and outcome.results[-1].result.value == pytest.approx(485.5)


def test_cells_showing_both_orders_are_not_read(tmp_path):
    rows = [("A", "2024-03-05", "x", 1.0), ("B", "14/03/2024", "x", 2.0), ("C", "03/25/2024", "x", 3.0),
            ("D", "March 1, 2024", "x", 4.0)]
    table = _write(rows, "csv", tmp_path / "t")
    assert table.roles["appointment_date"] is not ColumnRole.date
    assert "'14/03/2024' is day-first but '03/25/2024' month-first" in table.mixed_dates["appointment_date"]
    found = mixed_dates.reading(["2024-03-05", "14/03/2024", "03/25/2024", "04/05/2024"])
    assert found.ambiguous == "'14/03/2024' is day-first but '03/25/2024' month-first, so '04/05/2024' could be either"


def test_reading_rules_by_hand():
    found = mixed_dates.reading(["2024/03/05", "05/05/2024", "7 Mar 2024", "7-Mar-2024", "01.02.2024", None, ""])
    assert found is not None and not found.ambiguous and found.order == ""  # 05/05 reads alike either way
    assert {f: iso for f, (_, iso) in found.examples.items()} == {
        "year first": "2024-03-05", "slash": "2024-05-05", "day month name": "2024-03-07", "dotted": "2024-02-01"}
    assert mixed_dates.reading(["2024-03-05", "apple", "pear"]) is None  # mostly not dates
    named = mixed_dates.reading(["March 7, 2024", "Feb 2, 2024"])  # one month-name form alone: read (trial 15)
    assert named is not None and named.counts == {"month name": 2} and not named.ambiguous
    assert mixed_dates.reading(["03/05/2024", "04/05/2024"]) is None  # slash dates alone: agent.numbers' to read
    assert mixed_dates.reading(["2024-03-05", "Sept 7, 2024"]) is None  # 'Sept' is not a month DuckDB reads


def test_the_typed_expression_reads_like_the_rules_and_holds_no_cell(tmp_path):
    import duckdb

    cells = ["2024-03-05", "14/03/2024", "March 7, 2024", "Feb 2 2024", "1/3/24", "2024-03-05 10:30", "junk"]
    found = mixed_dates.reading(cells[:-1])
    tree = mixed_dates.expression(column("d"), found)
    sql = tree.sql("duckdb")
    assert not any(cell in sql for cell in cells)
    connection = duckdb.connect()
    connection.execute("CREATE TABLE t (d VARCHAR)")
    connection.executemany("INSERT INTO t VALUES (?)", [[c] for c in cells])
    got = [r[0] for r in connection.execute(f"SELECT {sql} FROM t").fetchall()]
    assert got == [dt.datetime(2024, 3, 5), dt.datetime(2024, 3, 14), dt.datetime(2024, 3, 7), dt.datetime(2024, 2, 2),
                   dt.datetime(2024, 3, 1), dt.datetime(2024, 3, 5, 10, 30), None]
