"""Whole items of cells listing several (agent/router/held_items.py, item_conditions.py): 'rick
long' where Producer(s) holds 'Milann Miles, Rick Long' and 'Rick Long' counts every row whose
cell holds the item; a part of an item, an item of two columns, a one-word common item, or an
item beside a whole value joined by 'and' are refused. Tiny tables, counts by hand."""

from __future__ import annotations

import re

from agent.router.held_items import held
from agent.table import table_from_text
from tests.helpers import router_agent

# Rick Long: Kreditz and Charts (2); Mad Lion: Remember and Stop It (2); Jim Bean: Want It (1).
SONGS = ('Title,Producer(s),Length\nOva Here,Da Beatminerz,2:56\nSplash,"A-Sharp, Pleasure King",2:24\n'
         'Kreditz,"Milann Miles, Rick Long",2:02\nRemember,"J-Roc, Mad Lion",4:03\nCharts,Rick Long,2:10\n'
         'Want It,Jim Bean,3:29\nWomanology,Soul Supreme,3:54\nStop It,"KRS-One, Mad Lion",1:38\n'
         'Problemz,Vanguard,3:15\n')
# Ann Lee wrote A, B, C (3); with Bob Ray: A, B (2); Cy Dee: D, E (2); no title by Ann Lee and Cy Dee.
WRITERS = ('Title,Written by\nA,Ann Lee & Bob Ray\nB,Ann Lee & Bob Ray\nC,Ann Lee\nD,Bob Ray & Cy Dee\n'
           'E,Cy Dee\n')


def _count(table: str, question: str) -> str:
    outcome = router_agent(table).ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome.answer


def _number(table: str, question: str) -> int:
    """The count answered: the first number of the answer ('2 of 9 rows ...', '... values is 2.')."""
    answer = _count(table, question)
    found = re.search(r"\d+", answer)
    assert found, answer
    return int(found.group())


def _refused(table: str, question: str) -> str:
    outcome = router_agent(table).ask(question)
    assert outcome.status == "abstained", outcome.answer
    return outcome.answer


def test_an_item_listed_beside_others_counts_every_row_holding_it():
    answer = _count(SONGS, "how many songs were produced by mad lion?")
    assert answer.startswith("2 of 9 rows"), answer
    assert "'J-Roc, Mad Lion'" in answer and "'KRS-One, Mad Lion'" in answer


def test_an_item_also_alone_in_a_cell_counts_both_cells():
    answer = _count(SONGS, "how many songs were produced by rick long?")
    assert answer.startswith("2 of 9 rows"), answer  # main refused: the cell 'Rick Long', or every row naming it?


def test_items_joined_by_or_count_either():
    assert _number(SONGS, "how many songs were produced by mad lion or rick long?") == 4
    assert _number(SONGS, "how many songs were produced by jim bean or rick long?") == 3
    assert _number(SONGS, "how many songs were produced by rick long or jim bean?") == 3


def test_items_joined_by_and_ask_for_one_cell_holding_both():
    assert _number(WRITERS, "how many titles were written by ann lee and bob ray?") == 2
    assert _number(WRITERS, "how many titles were written by ann lee?") == 3
    assert _number(WRITERS, "how many titles were written by ann lee or cy dee?") == 5
    assert "holds both" in _refused(WRITERS, "how many titles were written by ann lee and cy dee?")


def test_an_item_beside_a_whole_value_joined_by_and_is_refused():
    _refused(SONGS, "how many songs were produced by rick long and jim bean?")


def test_a_part_of_an_item_is_refused():
    assert "appears inside" in _refused(SONGS, "how many songs were produced by rick?")


def test_a_part_of_a_longer_item_elsewhere_is_refused():
    table = table_from_text(SONGS.replace("Problemz,Vanguard", "Problemz,Rick Long Jr."), "t.csv")
    assert held("rick long", table) is None  # 'Rick Long Jr.' holds the words inside a longer item
    assert held("mad lion", table) is not None


def test_an_item_of_two_columns_is_refused():
    table = SONGS.replace("Title,Producer(s),Length", "Title,Producer(s),Performer").replace(",2:56", ",Mad Lion")
    assert held("mad lion", table_from_text(table, "t.csv")) is None
    _refused(table, "how many songs were produced by mad lion?")


def test_a_one_word_item_must_be_a_name():
    stations = ('Call,Licensee\nKAA,"Radio, Bismarck"\nKBB,"Hi-Line, Radio"\nKCC,Simmons\nKDD,Monterrey & Simmons\n'
                'KEE,Prairie\n')
    table = table_from_text(stations, "t.csv")
    assert held("radio", table) is None  # a common word: a generic part of many things
    found = held("monterrey", table)
    assert found is not None and found.cells == ("Monterrey & Simmons",)


def test_a_region_after_a_comma_is_no_list_item():
    # Spain ends each of its cells after a comma, never alone nor first: a place's country, not an item
    # of a list (wtq nt-8393: 'partners from spain' had counted the one tournament in Spain).
    events = ('Year,Tournament,Partner\n2010,"Estoril Open, Estoril, Portugal",Marc Lopez\n'
              '2011,"Valencia Open, Valencia, Spain",Fernando Verdasco\n2012,"Kremlin Cup, Moscow, Russia",Carlos Berlocq\n'
              '2013,Online,Marc Lopez\n')
    assert held("spain", table_from_text(events, "t.csv")) is None
    _refused(events, "how many partners from spain are listed?")
