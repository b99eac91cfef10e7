"""Counts and totals the table's shape spoils, whatever the words (agent/router/verify/shape.py,
verify/decorated.py, row_nouns.py): a total row whose label a column of numbers could not read
('TOTAL (1-9)' among the volume numbers), one name written with two notes ('Canopus (first time)',
'Canopus (second time)'), and a row-noun count whose rows repeat an identifier (car 52 with two
drivers). Each refuses; the same tables answer what they can, values counted by hand."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
VOLUMES = ("Volume,Year,Articles\n" + "".join(f"{i},{1970 + i},{100 * i}\n" for i in range(1, 10))
           + "TOTAL (1-9),1971-1979,4500\n10,1980,\n")
"""Volumes 1..9 with 100..900 articles (4,500 in all), a total row labelled in the Volume column."""
STARS = ("Star,Magnitude,Distance\nCanopus (first time),-1.5,10\nSirius,-2.0,20\nCanopus (second time),-0.5,30\n"
         "Vega,1.0,40\nAltair,-0.9,50\n")
CARS = ("Number,Driver,Engine\n1,Jimmy Bryan,Offenhauser\n2,John Lawrence,Jaguar\n4,Jack Fairman,Jaguar\n"
        "7,Bob Veith,Offenhauser\n52,Troy Ruttman,Offenhauser\n52,Jim Rathmann,Offenhauser\n98,Johnnie Parsons,Offenhauser\n")


def _refused(csv: str, question: str) -> str:
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None, decision.plan
    return decision.abstain or ""


@pytest.mark.parametrize("question", ["what is the total of articles?", "what is the total of articles for this chart",
                                      "what is the average of articles?"])
def test_total_row_labelled_in_a_column_of_numbers_refuses(question):
    assert "TOTAL (1-9)" in _refused(VOLUMES, question)  # summed with it: 4,500 twice


def test_total_row_left_out_by_a_condition_answers():
    _, result = router_ask(VOLUMES, "total articles for volume 3")
    assert result.value == 300  # volume 3 alone


@pytest.mark.parametrize("question", ["how many stars have a magnitude less than zero?",  # 4 cells, 3 stars
                                      "how many different stars have a magnitude less than zero?"])
def test_one_name_with_two_notes_refuses(question):
    assert "Canopus (first time)" in _refused(STARS, question)


@pytest.mark.parametrize("question, count", [
    ("how many stars have a magnitude less than -0.7?", 3),  # Canopus (first time) -1.5, Sirius -2.0, Altair -0.9
    ("what is the number of stars that have a distance over 15?", 4),  # Sirius, Canopus (second time), Vega, Altair
])
def test_names_without_a_shared_note_count(question, count):
    _, result = router_ask(STARS, question)
    assert result.value == count


def test_row_noun_count_over_a_repeated_identifier_refuses():
    assert "Number repeats" in _refused(CARS, "how many racers had an offenhauser engine?")  # 5 rows, 4 cars


def test_row_noun_count_over_distinct_identifiers_answers():
    _, result = router_ask(CARS, "how many racers had a jaguar engine?")
    assert result.value == 2  # cars 2 and 4


SEASONS = "Year,Team,Points\n1970,A,10\n1975,B,20\n1980,A,30\n1985,C,40\n1990,B,50\n"


@pytest.mark.parametrize("question", ["what is the total of points after 1975?", "total points before 1985",
                                      "what is the total points since 1980?"])
def test_a_time_word_on_a_column_without_years_refuses(question):
    assert "holds no years" in _refused(SEASONS, question)  # Points > 1975 picks no season


@pytest.mark.parametrize("question, total", [
    ("what is the total of points for years after 1975?", 120),  # 1980, 1985, 1990: 30 + 40 + 50
    ("total points where year is after 1975", 120),
])
def test_a_time_word_on_the_year_column_answers(question, total):
    _, result = router_ask(SEASONS, question)
    assert result.value == total


TOWNS = ("Region,Town,Pop\nNorth,A,10\nNorth,B,20\nNorth,H,2\nNorth,I,3\nTotal North,,36\nSouth,C,5\nSouth,D,7\n"
         "South,E,9\nWest,F,3\nWest,G,4\nWest,J,1\n")
"""'Total North' between the data, its 36 not the North rows' 35 (the loader keeps it as data)."""
FIRMS = ("Rank,Company,Revenue\n1,Walmart,469\n2,Shell,467\n3,Exxon,453\n4,Sinopec,428\n5,Total,240\n6,Toyota,222\n"
         "7,Apple,170\n8,Ford,150\n")


@pytest.mark.parametrize("question", ["what is the total pop?", "what is the average pop?"])
def test_a_named_total_between_the_data_refuses(question):
    assert "Total North" in _refused(TOWNS, question)  # summed with it: 100 + 36


def test_a_company_named_total_is_data():
    _, result = router_ask(FIRMS, "what is the total revenue?")
    assert result.value == 2599  # 469 + 467 + 453 + 428 + 240 + 222 + 170 + 150


NATIONS = "Nation,Medals\nCanada*,3\nCanada,2\nNorway,4\nSweden,1\n"


def test_one_name_with_and_without_a_footnote_mark_refuses():
    assert "Canada" in _refused(NATIONS, "how many different nations have more than 1 medals?")  # 3 cells, 2 nations


WINS = "Season,Team,Wins\n2001,Reds,10\n2002,Reds,8\n2003,Blues,12\n2004,Blues,6\n"


def test_a_number_no_row_of_the_named_column_holds_refuses():
    assert "Season" in _refused(WINS, "how many wins in 2003?")  # Wins = 2003 holds no row; 2003 is a Season


def test_a_number_the_named_column_holds_answers():
    _, result = router_ask(WINS, "how many teams had wins of 12?")
    assert result.value == 1  # Blues, 2003


COACHES = "Year,Coach,Wins\n2001,Smith,3\n2002,—,8\n2003,Jones,5\n2004,Brown,6\n2005,—,9\n2006,Smith,2\n"


def test_a_placeholder_counted_as_a_value_refuses():
    assert "'—'" in _refused(COACHES, "how many different coaches are there?")  # Smith, Jones, Brown: 3, not 4


def test_different_values_without_a_placeholder_count():
    _, result = router_ask(COACHES, "how many different coaches had fewer than 7 wins?")
    assert result.value == 3  # Smith (3 and 2), Jones (5), Brown (6); the '—' rows won 8 and 9


MEDALS = "Rank,Nation,Gold\n1,Norway,5\n2,Sweden,3\n3,Finland,0\n4,Denmark,1\n5,Iceland,2\n"


@pytest.mark.parametrize("question", ["how many nations are ranked higher than 3?",  # Rank < 3 (2) or > 3 (2)?
                                      "how many nations are ranked below 2?"])  # Rank > 2 (3) or < 2 (1)?
def test_up_or_down_words_on_a_column_of_places_refuse(question):
    assert "holds places" in _refused(MEDALS, question)


def test_a_number_comparison_on_a_column_of_places_answers():
    _, result = router_ask(MEDALS, "how many nations have a rank less than 3?")
    assert result.value == 2  # Norway, Sweden


TIED = ("Rank,Nation,Gold,Silver\n" + "".join(f"{'' if i % 4 == 0 else i},N{i},{max(0, 10 - i)},1\n" for i in range(1, 21))
        + "Total,Total,45,20\n")
"""Nations N1..N20 with 9, 8, ..., 1, then 0 gold (N10..N20); every fourth rank blank (a tie); the
total row, its sums exact (45, 20), is left out by the loader."""


def test_blank_ranks_beside_a_total_the_loader_left_out_are_data():
    _, result = router_ask(TIED, "how many nations had 0 gold?")
    assert result.value == 11  # N10..N20, three of them (N12, N16, N20) with a blank rank
