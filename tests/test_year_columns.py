"""A bare year read against one column while another column dates the rows
(agent/router/verify/year_columns.py): refused when the two pick different rows, read when they
agree or a word names the column. Tiny tables, counts by hand."""

from __future__ import annotations

from tests.helpers import router_agent

# Season 2010 is the 2009-10 season: rows 2-4 (3 rows); the dates in 2010 are rows 3, 4, 5 (3 rows).
RACES = ("Season,Date,Location,Place\n2009,10 Jan 2009,Maribor,3rd\n2010,28 Nov 2009,Aspen,1st\n"
         "2010,24 Jan 2010,Cortina,3rd\n2010,11 Mar 2010,Garmisch,2nd\n2011,23 Oct 2010,Soelden,2nd\n")
# Year and Date agree on every row: 2010 is rows 2 and 3.
AGREE = ("Year,Date,Location\n2009,10 Jan 2009,Maribor\n2010,24 Jan 2010,Cortina\n"
         "2010,11 Mar 2010,Garmisch\n2011,23 Oct 2011,Soelden\n")
# Notes mentions 2010 on one row only: not a column dating the rows.
NOTED = ("Season,Location,Notes\n2009,Maribor,first win\n2010,Aspen,moved from 2010 calendar\n"
         "2010,Cortina,none\n2011,Soelden,none\n")


def _ask(csv: str, question: str):
    return router_agent(csv).ask(question)


def test_a_year_two_columns_place_on_different_rows_is_refused():
    outcome = _ask(RACES, "how many races were in 2010?")
    assert outcome.status == "abstained", outcome.answer
    assert "Season" in outcome.answer and "Date" in outcome.answer


def test_a_year_whose_column_is_named_is_read():
    outcome = _ask(RACES, "how many races were in season 2010?")
    assert outcome.status == "answered" and "3 of 5" in outcome.answer, outcome.answer


def test_a_year_two_columns_agree_on_is_read():
    outcome = _ask(AGREE, "how many races were in 2010?")
    assert outcome.status == "answered" and "2 of 4" in outcome.answer, outcome.answer


def test_a_year_a_note_mentions_once_is_no_rival():
    outcome = _ask(NOTED, "how many races were in 2010?")
    assert outcome.status == "answered" and "2 of 4" in outcome.answer, outcome.answer
