"""A plural noun naming the table's own entities beside the measured column (router/entity_nouns.py,
verify/accounted._entity_plural), and an average 'per <entity>' of one row each (router/parse.py):
'the average price of discontinued products' on one row per product is the mean Price over the
discontinued rows; where products repeat over rows both readings are refused. Answers worked out
by hand from the small tables below."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

PRODUCTS = ("Product,Category,Price,Stock,Discontinued\nDesk lamp,Lighting,40,10,N\nFloor lamp,Lighting,60,5,Y\n"
            "Chair,Furniture,100,2,Y\nTable,Furniture,300,1,N\n")
LINES = ("Order,Product,Price,Discontinued\n1,Lamp,40,Y\n2,Lamp,60,Y\n3,Chair,100,N\n")


@pytest.mark.parametrize("question, value", [
    ("What is the average price of discontinued products?", (60 + 100) / 2),
    ("What is the total stock of lighting products?", 10 + 5),
    ("What is the highest price of furniture products?", 300),
])
def test_a_plural_of_the_one_per_row_column_names_the_rows(question, value):
    outcome = router_agent(PRODUCTS).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(value)


def test_a_plural_of_a_column_whose_values_repeat_is_still_refused():
    # Lamp is on two order lines: the mean price per line (66.67) and per product (Lamp once) differ.
    outcome = router_agent(LINES).ask("What is the average price of discontinued products?")
    assert outcome.status == "abstained", outcome.answer



def test_an_average_per_entity_of_one_row_each_is_the_mean_over_the_rows():
    outcome = router_agent(PRODUCTS).ask("What is the average stock per product?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx((10 + 5 + 2 + 1) / 4)


def test_an_average_per_entity_that_repeats_over_rows_is_still_refused():
    # per line (40 + 60 + 100) / 3 or one average per product (Lamp 50, Chair 100): the words cannot tell
    outcome = router_agent(LINES).ask("What is the average price per product?")
    assert outcome.status == "abstained" and "per product" in outcome.answer, outcome.answer



def test_a_counting_word_keeps_the_plural_the_thing_counted():
    # two players went to Ajax: a count, never SUM(Transfer fee) over them (10.5 + 7.5)
    table = ("Rank,Player,From,To,Transfer fee (€ million),Year\n1,Ann,Utrecht,Ajax,10.5,2008\n"
             "2,Bo,Twente,PSV,5.25,2011\n3,Cy,AZ,Ajax,7.5,2001\n")
    outcome = router_agent(table).ask("What is the total number of players that transferred to Ajax?")
    assert outcome.status == "abstained" or outcome.results[-1].result.value == 2, outcome.answer


def test_a_measure_word_beside_the_plural_of_the_one_per_row_column():
    # trial 9: 'cost' is a measure word (cost_gbp), 'months' the rows (one month each); was MEAN(month)
    bills = "month,kwh,cost_gbp\n2025-01,410,123\n2025-02,380,114\n2025-03,290,90\n2025-04,310,102\n"
    outcome = router_agent(bills).ask("What is the average cost of months with kwh above 300?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx((123 + 114 + 102) / 3)
