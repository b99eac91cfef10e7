"""Trial 8's kinds of confidently wrong answer, each refused or read right on small tables worked
out by hand: 'how many <value> do we have' on a table with a quantity column (verify/sold.py), a
workbook sheet chosen while a word it reads as nothing names another sheet (agent/sheets.py), and
figures per value of a column whose cells join several values (verify/joined_values.py)."""

from __future__ import annotations

import pandas as pd
import pytest

from agent.router.verify.joined_values import joined_cell
from agent.sheets import choose_table
from agent.table import table_from_frame, table_from_text
from tests.helpers import agent_over, router_agent


def answer(csv: str, question: str):
    return router_agent(csv).ask(question)


# --- kind C: 'how many staplers do we have?' is 2 rows or 15 staplers (12 + 3) ---

STOCK = "SKU,Item,Qty,Shelf\nP1,Stapler,12,B\nP2,Ballpoint pens,250,A\nP3,Stapler,3,A\nP4,Scissors,15,B\n"
UNITS = "SKU,Item Name,Qty\nP1,Stapler,12 pcs\nP2,Ballpoint pens,250 pcs\nP3,Copy paper,40 reams\n"
"""The quantity held as text with units: still how many there are, though it cannot be added."""
SHELF = "SKU,Item,Shelf\nP1,Stapler,B\nP2,Ballpoint pens,A\nP3,Stapler,A\n"
"""No quantity column: each row is one stapler, so the count of rows is the answer (2)."""


@pytest.mark.parametrize("question", ["How many staplers do we have?", "How many ballpoint pens do we have?",
                                      "How many staplers are on shelf A?"])
def test_a_counted_value_on_a_table_with_a_quantity_column_is_refused_naming_both(question):
    outcome = answer(STOCK, question)
    assert outcome.status == "abstained", outcome.answer
    assert "rows" in outcome.answer and "Qty" in outcome.answer


def test_a_quantity_column_with_units_in_its_cells_is_named_with_its_cell():
    outcome = answer(UNITS, "How many ballpoint pens do we have?")
    assert outcome.status == "abstained", outcome.answer
    assert "'250 pcs'" in outcome.answer  # the cell of the ballpoint pens row


def test_rows_said_outright_or_no_quantity_column_count_rows():
    assert answer(STOCK, "How many rows are staplers?").results[-1].result.value == 2  # P1, P3
    assert answer(SHELF, "How many staplers are there?").results[-1].result.value == 2
    assert answer(STOCK, "What is the total Qty of staplers?").results[-1].result.value == 15  # 12 + 3


# --- kind E: 'the total quantity returned' on a workbook of Orders and Returns ---

def _shop():
    orders = pd.DataFrame({"Order No": [5001, 5002, 5003], "Customer": ["Ann", "Bob", "Cara"], "Qty": [1, 4, 2]})
    returns = pd.DataFrame({"Order No": [5002, 5003], "Qty Returned": [1, 2], "Reason": ["Damaged", "Wrong size"]})
    return [agent_over(table_from_frame(orders, "shop.xlsx#Orders")),
            agent_over(table_from_frame(returns, "shop.xlsx#Returns"))]


def test_a_word_naming_another_sheet_keeps_the_sheet_that_drops_it_from_answering():
    # Orders reads 'returned' as the verb of Qty (7); the Returns sheet's Qty Returned says 3
    choice = choose_table("What is the total quantity returned?", _shop())
    assert choice.index is None and choice.refusal is not None
    assert "'returned'" in choice.refusal and "shop.xlsx#Orders" in choice.refusal \
        and "shop.xlsx#Returns" in choice.refusal


def test_a_question_whose_words_are_all_one_sheets_still_goes_to_it():
    agents = _shop()
    assert choose_table("What is the total Qty?", agents).index == 0
    assert choose_table("What is the total Qty Returned?", agents).index == 1


def _billing():
    invoices = pd.DataFrame({"Invoice": ["I1", "I2"], "Item": ["Flour", "Yeast"], "Amount": [40.0, 12.5]})
    clients = pd.DataFrame({"Client": ["Greenleaf", "Northwind", "Blue Heron"], "City": ["Leeds", "Bristol", "York"]})
    return [agent_over(table_from_frame(invoices, "book.xlsx#Invoices")),
            agent_over(table_from_frame(clients, "book.xlsx#Clients"))]


def test_a_generic_row_noun_that_names_another_sheets_column_keeps_the_sheet_from_answering():
    # Clients reads 'items' as its rows (a lookup of 3 records); on Invoices 'items' is the column Item
    choice = choose_table("List the items sold", _billing())
    assert choice.index is None and choice.refusal is not None
    assert "'items'" in choice.refusal and "book.xlsx#Invoices" in choice.refusal


# --- kind F: 'which country has the most mountains?' over cells like 'Nepal/China' ---

# cells: Nepal/China x3, Nepal x2, Pakistan/China x1, Pakistan x1 (7 rows). Per country: Nepal 5,
# China 4, Pakistan 2: 3 countries, never the 4 cells; the top cell 'Nepal/China' is no country.
PEAKS = ("Mountain,Country,Height\nA,Nepal/China,8800\nB,Nepal/China,8600\nC,Nepal/China,8500\nD,Nepal,8100\n"
         "E,Nepal,8000\nF,Pakistan/China,8050\nG,Pakistan,8100\n")


def test_a_cell_joining_an_own_value_and_a_shared_part_is_found():
    assert joined_cell(table_from_text(PEAKS, "t.csv"), "Country") == "Nepal/China"
    # 'Italy' recurs, but 'Rome' and 'Milan' stand nowhere alone: one value each
    assert joined_cell(table_from_text("Year,Venue\n1,\"Rome, Italy\"\n2,\"Milan, Italy\"\n3,\"Paris, France\"\n",
                                       "t.csv"), "Venue") is None


@pytest.mark.parametrize("question", ["Which country has the most mountains?", "What is the average height by country?",
                                      "Which country has the highest total height?",
                                      "How many different countries are there?"])
def test_figures_per_value_of_a_joined_column_are_refused_naming_the_cell(question):
    outcome = answer(PEAKS, question)
    assert outcome.status == "abstained", outcome.answer
    assert "'Nepal/China'" in outcome.answer


def test_a_figure_over_every_row_still_reads():
    outcome = answer(PEAKS, "What is the average height?")  # (8800+8600+8500+8100+8000+8050+8100)/7 = 8307.14
    assert abs(outcome.results[-1].result.value - 58150 / 7) < 1e-6


# --- kind D: 'did not answer <column>' is its blank cells, never the answer 'No' ---

# Would recommend: R1 Yes, R2 No, R3 blank, R4 No, R5 Yes: one respondent did not answer (R3), two said No
SURVEY = "Respondent,Role,Would recommend\nR1,Analyst,Yes\nR2,Manager,No\nR3,Student,\nR4,Analyst,No\nR5,Engineer,Yes\n"


@pytest.mark.parametrize("question", ["How many respondents did not answer would recommend?",
                                      "How many respondents did not answer the would recommend question?",
                                      "How many respondents left would recommend not answered?"])
def test_not_answering_a_column_is_its_blank_cells(question):
    outcome = answer(SURVEY, question)
    assert outcome.status != "answered" or outcome.results[-1].result.value == 1, outcome.answer


def test_did_not_answer_is_read_as_the_blank_cell():
    outcome = answer(SURVEY, "How many respondents did not answer would recommend?")
    assert outcome.status == "answered" and outcome.results[-1].result.value == 1, outcome.answer
