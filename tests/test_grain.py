"""What one row and one column stand for (agent/router/verify/grain.py, router/file_order.py,
router/link.py): a repeated header, rows repeating one event, 'from' read against where each row
took place, 'first' on a table running newest first, two columns asked with 'and'. Each refusal is
checked beside a reading the rule must leave alone, with its value counted by hand from the table."""

from __future__ import annotations

from tests.helpers import agent_over, router_agent, router_ask

LINES = """Color,Name,Name,Stations
yellow,Line 1,Higashiyama Line,22
purple,Line 2,Meijo Line,12
blue,Line 3,Tsurumai Line,20
"""
ONE_NAME = """Color,Name,Stations
yellow,Higashiyama Line,22
purple,Meijo Line,12
blue,Tsurumai Line,20
"""


def _refusal(csv: str, question: str) -> str:
    outcome = router_agent(csv).ask(question)
    assert outcome.status == "abstained", outcome.answer
    return outcome.answer


def _value(csv: str, question: str) -> object:
    _, result = router_ask(csv, question)
    if hasattr(result, "rows"):
        return [list(row.values()) for row in result.rows]
    return result.value


def _parquet_ask(tmp_path, csv: str, question: str):
    """The router alone over `csv` saved as Parquet by pandas ('Name', 'Name.1' as stored columns,
    as the WikiTableQuestions tables come: no loader note of a repeated header)."""
    import io

    import pandas as pd

    from agent.table import load_table

    path = tmp_path / "t.parquet"
    pd.read_csv(io.StringIO(csv)).to_parquet(path)
    return agent_over(load_table(path)).ask(question)


def test_a_header_two_stored_columns_share_is_refused_naming_both(tmp_path):
    outcome = _parquet_ask(tmp_path, LINES, "what is the name of the line with the most stations?")
    assert outcome.status == "abstained" and "Two columns share the header 'Name' (Name, Name.1)" in outcome.answer


def test_a_stored_column_written_with_its_mark_is_read(tmp_path):
    outcome = _parquet_ask(tmp_path, LINES, "what is the name.1 of the line with the most stations?")
    assert outcome.status == "answered", outcome.answer
    assert [row["Name.1"] for row in outcome.results[-1].result.rows] == ["Higashiyama Line"]


def test_a_header_of_a_csv_file_repeats_is_refused_too():
    assert "Name.1" in _refusal(LINES, "what is the name of the line with the most stations?")


GOALS = """#,Date,Venue,Opponent,Score,Result,Competition
1,29 March 2000,Sofia,Belarus,1-0,4-1,Friendly
2,7 October 2000,Sofia,Malta,3-0,3-0,World Cup qualifier
3,12 November 2005,Sofia,Georgia,5-0,6-2,Friendly
4,12 November 2005,Sofia,Georgia,6-2,6-2,Friendly
5,9 May 2006,Osaka,Japan,1-0,2-1,Kirin Cup
"""
"""One row per goal: goals 3 and 4 are one match (same date, opponent, result), so 3 friendly rows
are 2 friendly matches."""
MATCHES = """#,Date,Venue,Opponent,Result,Competition
1,29 March 2000,Sofia,Belarus,4-1,Friendly
2,7 October 2000,Sofia,Malta,3-0,World Cup qualifier
3,12 November 2005,Sofia,Georgia,6-2,Friendly
4,9 May 2006,Osaka,Japan,2-1,Kirin Cup
"""


def test_a_count_over_rows_repeating_one_event_is_refused():
    answer = _refusal(GOALS, "how many were friendly competitions?")
    assert "Rows 3 and 4 agree on every column but # and Score" in answer


TICKETS = """ticket_id,event_date,status,priority,product
TCK-1,2024-02-23,Resolved,Medium,Mobile App
TCK-2,2024-02-23,Resolved,Medium,Mobile App
TCK-3,2024-02-24,Opened,High,Web
TCK-4,2024-02-25,Resolved,Low,Web
"""
"""Two tickets agree on every column but their ids: two tickets, not one listed twice."""


def test_rows_differing_in_an_identifier_are_counted():
    assert _value(TICKETS, "how many tickets were resolved?") == 3


LOG = """ticket_id,event_date,status,priority
TCK-1,2024-01-19,Opened,High
TCK-1,2024-01-23,Resolved,High
TCK-1,2024-01-23,Closed,High
TCK-2,2024-01-24,Opened,Low
"""
"""A log with no row numbers: two status updates of one ticket on one day are two events."""
SEASONS = """Season,Winner,Score,Runners-up,Venue
2000,San Juan,1-0,Defence Force,Marvin Lee
2001,W Connection,1-0,Caledonia,Manny Ramjohn
2002,Defence Force,2-0,W Connection,Hasely Crawford
2007,W Connection,2-0,Caledonia,Manny Ramjohn
"""
"""Seasons 2001 and 2007 agree on all but Season and Score: a year is a value, not a row number."""


def test_a_log_of_one_column_changes_is_counted():
    assert _value(LOG, "how many status updates are in the log?") == 4


def test_rows_told_apart_by_their_year_are_counted():
    assert _value(SEASONS, "how many times was w connection the winner?") == 2


def test_a_count_of_rows_said_as_rows_is_answered():
    assert _value(GOALS, "how many rows have competition friendly?") == 3


def test_a_count_over_distinct_events_is_answered():
    assert _value(MATCHES, "how many were friendly competitions?") == 2


RACES = """Race,Location,Winner,Team
Copa America,Brazil,Francisco Chamorro (ARG),Funvic
Vuelta al Tachira,Venezuela,Yeison Delgado (VEN),Kino Tachira
Tour do Rio,Brazil,Oscar Sevilla (ESP),EPM-UNE
Tour de San Luis,Argentina,Daniel Diaz (ARG),San Luis
Vuelta a Colombia,Colombia,Oscar Sevilla (ESP),EPM-UNE
"""
"""Races, one a row: a winner of two races appears twice."""
TEAMS = """Team,Location,Ground
Aspley Broncos,Brisbane,Bishop Park
Brothers-Valleys,Brisbane,O'Callaghan Park
Cairns Cyclones,Cairns,Barlow Park
"""
"""Teams, one a row: a team's Location is where it comes from."""
PLAYERS = """Player,Nationality,Goals
Ana,Brazil,3
Bea,Chile,5
Caio,Brazil,2
"""


def test_from_a_value_of_where_each_row_took_place_is_refused():
    answer = _refusal(RACES, "how many winners are from brazil?")
    assert "'from brazil'" in answer and "Location" in answer


def test_from_a_value_of_a_column_of_origin_is_read():
    assert _value(PLAYERS, "how many players are from brazil?") == 2


def test_from_the_place_of_the_rows_own_entity_is_read():
    assert _value(TEAMS, "how many teams are from brisbane?") == 2


def test_in_a_value_of_where_each_row_took_place_is_read():
    assert _value(RACES, "how many winners were in brazil?") == 2


NEWEST_FIRST = """Year,Winner,County
2013,Rower-Inistioge,Kilkenny
2012,Clara,Kilkenny
2011,Mount Leinster Rangers,Carlow
2010,Dicksboro,Kilkenny
"""
OLDEST_FIRST = """Year,Winner,County
2010,Dicksboro,Kilkenny
2011,Mount Leinster Rangers,Carlow
2012,Clara,Kilkenny
2013,Rower-Inistioge,Kilkenny
"""


def test_first_on_a_chart_running_newest_first_is_refused():
    answer = _refusal(NEWEST_FIRST, "who is the first winner according to this chart?")
    assert "Year runs from newest to oldest" in answer


def test_a_chart_out_of_time_order_is_refused_saying_so():
    """Years 2012, 2010, 2013, 2011: not newest first, but the first row is later than the last, so
    'the first winner' may still mean the earliest; the refusal says what the column does."""
    rows = "Year,Winner,County\n2012,Clara,Kilkenny\n2010,Dicksboro,Kilkenny\n2013,Rower-Inistioge,Kilkenny\n2011,Mount Leinster Rangers,Carlow\n"
    answer = _refusal(rows, "who is the first winner according to this chart?")
    assert "Year is not in time order" in answer and "newest to oldest" not in answer


def test_first_on_a_chart_running_oldest_first_is_the_first_row():
    assert _value(OLDEST_FIRST, "who is the first winner according to this chart?") == [["Dicksboro"]]


def test_listed_first_is_the_first_row_whatever_the_years():
    assert _value(NEWEST_FIRST, "who is the winner listed first?") == [["Rower-Inistioge"]]


PLUGS = """Plug type,Standard,Rating
A,NEMA 1-15 unpolarised,15 A
A,NEMA 1-15 polarised,15 A
B,NEMA 5-15,15 A
"""


def test_a_generic_noun_joined_by_and_to_a_column_is_not_dropped():
    answer = _refusal(PLUGS, "what is the first type and standard on the chart")
    assert "'type'" in answer


def test_the_first_standard_alone_is_read():
    assert _value(PLUGS, "what is the first standard on the chart") == [["NEMA 1-15 unpolarised"]]


def test_a_value_of_one_of_two_same_named_columns_still_picks_its_rows():
    assert _value(LINES, "what is the stations of tsurumai line?") == [[20]]


SEASON_GAMES = """Game,Date,Opponent
1,November 9,Detroit Waza
2,December 21,Cleveland Freeze
3,January 11,Cincinnati Saints
4,February 16,Dallas Sidekicks
"""
"""Month-days with no year run through a season across a new year: not newest first."""


def test_month_days_with_no_year_do_not_say_newest_first():
    assert _value(SEASON_GAMES, "who was the first opponent on this list?") == [["Detroit Waza"]]


PRIZES = """Year,Champion,Runner-Up,Champion,Runner-Up
2006,Selbaraju Subramaniam,Tengku Hadzali Shah,SGD 1000,SGD 500
2007,S Raj,Keshminder Singh,SGD 1600,SGD 800
2008,Robert Calupit,Shah Azhar,SGD 1600,SGD 800
"""
"""A header repeated over two kinds of cell (a name, then its prize): the value 'S Raj' says which."""


def test_a_value_names_which_of_two_stored_same_named_columns_is_meant(tmp_path):
    outcome = _parquet_ask(tmp_path, PRIZES, "who was the champion previous to s raj?")
    assert outcome.status == "answered", outcome.answer
    assert [row["Champion"] for row in outcome.results[-1].result.rows] == ["Selbaraju Subramaniam"]


def _numbered_matches(repeat: bool) -> str:
    """32 matches numbered 1-32 in 'No.' (so many distinct whole numbers that the loader types the
    column an identifier); with `repeat`, rows 4 and 5 are one match listed twice (same date, teams,
    venue). Venue is Olympic on rows 1, 4, 5 and 9: 4 rows, 3 matches."""
    lines = ["No.,Date,Home team,Visiting team,Result,Venue"]
    for n in range(1, 33):
        day = 4 if repeat and n == 5 else n
        venue = "Olympic" if n in (1, 4, 5, 9) else f"Ground {n}"
        lines.append(f"{n},{day} May 1990,Finland,Team {day},Win,{venue}")
    return "\n".join(lines) + "\n"


def test_rows_repeating_one_event_are_refused_when_the_row_number_is_an_identifier():
    from tests.helpers import router_agent as agent

    assert agent(_numbered_matches(True)).table.roles["No."].value == "identifier"
    answer = _refusal(_numbered_matches(True), "how many times was olympic the venue?")
    assert "Rows 4 and 5 agree on every column but No." in answer


def test_distinct_events_numbered_by_an_identifier_are_counted():
    assert _value(_numbered_matches(False), "how many times was olympic the venue?") == 4


RACES_TWO_A_DAY = """Race,Race Name,Pole Position,Winning driver,Independent winner
1,Race of Spain,Yvan Muller,Yvan Muller,Fabio Fabiani
2,Race of Spain,,Yvan Muller,Fabio Fabiani
3,Race of Japan,Alain Menu,Alain Menu,Charles Ng
4,Race of Japan,,Tom Coronel,Charles Ng
"""
"""Two races a weekend, the second with no pole position: races 1 and 2 differ only in a blank,
so they are two races (Fabio Fabiani won 2), not one listed twice."""


def test_rows_differing_only_by_a_blank_cell_are_two_events():
    assert _value(RACES_TWO_A_DAY, "how many times was fabio fabiani independent winner?") == 2


RACES_BY_PLACE = """Race,Race Name,Winning driver,Winning team
1,Race of Brazil,Robert Huff,Chevrolet
2,Race of Brazil,Alain Menu,Chevrolet
3,Race of Belgium,Robert Huff,Chevrolet
4,Race of Belgium,Javier Villa,SUNRED
"""
"""Races 1 and 3 agree on all but their number and Race Name, a name in words: two races named
apart, not one listed twice (Chevrolet won 3)."""


def test_numbered_rows_differing_in_a_name_in_words_are_two_events():
    assert _value(RACES_BY_PLACE, "how many times was chevrolet the winning team?") == 3
