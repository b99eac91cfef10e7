"""Counts per value of a column some of whose cells join several of its values
(agent/router/verify/joined_values.py): refused naming the joined cell; a column whose commas are
inside single values ('Rome, Italy' beside no 'Rome') is counted. Tiny tables, counts by hand."""

from __future__ import annotations

from agent.router.verify.joined_values import joined_cell
from agent.table import table_from_text
from tests.helpers import router_agent

# Australia 3 rows, New Zealand 2, 'New Zealand, Australia' 1 (two countries), Ireland 1:
# New Zealand is listed 3 times, not 2.
PLAYERS = ('Name,Country\nAnn,Australia\nBea,Australia\nCy,Australia\nDan,New Zealand\nEve,New Zealand\n'
           'Fay,"New Zealand, Australia"\nGus,Ireland\n')
# Venues written with their city: no venue is another's part. Rome, Italy 2 rows; Paris, France 1.
VENUES = 'Year,Venue\n2001,"Rome, Italy"\n2002,"Paris, France"\n2003,"Rome, Italy"\n'


def test_a_cell_joining_values_of_its_column_is_found():
    assert joined_cell(table_from_text(PLAYERS, "t.csv"), "Country") == "New Zealand, Australia"
    assert joined_cell(table_from_text(VENUES, "t.csv"), "Venue") is None


def test_a_count_per_value_meeting_a_joined_cell_is_refused():
    outcome = router_agent(PLAYERS).ask("which country is listed the least?")
    assert outcome.status == "abstained", outcome.answer
    assert "'New Zealand, Australia'" in outcome.answer


def test_a_count_per_value_of_single_values_is_read():
    outcome = router_agent(VENUES).ask("which venue is listed the most?")
    assert outcome.status == "answered" and "Rome, Italy" in outcome.answer, outcome.answer


# Cells listing a song's artists in no fixed order, none of them alone: Plan B opens one cell and
# stands later in the others, so it is on 4 songs, while every cell is a different list.
SONGS = ('Song,Artists\nAtomic,"Labrinth, Plan B"\nCap Back,"Plan B, Wonder"\nEnd Credits,"Chase & Status, Plan B"\n'
         'Pieces,"Chase & Status, Plan B"\nShifty,"Riz MC, Sway"\n')
# Places written in their country: Italy always last, so 'Rome, Italy' is one value.
CITIES = 'Year,Venue\n2001,"Rome, Italy"\n2002,"Milan, Italy"\n2003,"Rome, Italy"\n2004,"Turin, Italy"\n'


def test_cells_listing_items_in_no_fixed_order_join_values():
    assert joined_cell(table_from_text(SONGS, "t.csv"), "Artists") is not None
    assert joined_cell(table_from_text(CITIES, "t.csv"), "Venue") is None


def test_the_most_frequent_list_cell_is_not_the_most_frequent_item():
    outcome = router_agent(SONGS).ask("which artist name appears the most on this chart?")
    assert outcome.status == "abstained", outcome.answer  # main: 'Chase & Status, Plan B' (2 rows); Plan B is on 4


def test_places_in_one_country_are_still_counted():
    outcome = router_agent(CITIES).ask("which venue is listed the most?")
    assert outcome.status == "answered" and "Rome, Italy" in outcome.answer, outcome.answer
