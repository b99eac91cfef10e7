"""A name of two words or more in a column of one-per-row titles ('Mouse v2' among 30 products) is
read when said whole (router/lexicon.py), as a category's value is: 'Is Mouse v2 discontinued?'
tests that row. Answers worked out by hand from the table below."""

from __future__ import annotations

from agent.table import ColumnRole
from tests.helpers import router_agent

KINDS = ["Desk lamp", "Floor lamp", "Office chair", "Standing desk", "Mouse", "Webcam", "Keyboard", "Stapler",
         "Pen set", "Notebook"]
ROWS = [(f"{kind} v{version}", "Y" if (kind, version) in {("Mouse", 1), ("Webcam", 3)} else "N", 10 * i + version)
        for i, kind in enumerate(KINDS) for version in (1, 2, 3)]
TABLE = "Product,Discontinued,Stock\n" + "".join(f"{p},{d},{s}\n" for p, d, s in ROWS)


def test_the_names_are_titles_not_categories():
    assert router_agent(TABLE).table.roles["Product"] is ColumnRole.text


def test_a_whole_name_of_a_title_column_is_a_condition():
    agent = router_agent(TABLE)
    yes = agent.ask("Is Mouse v1 discontinued?")
    no = agent.ask("Is Mouse v2 discontinued?")
    assert yes.status == no.status == "answered", (yes.answer, no.answer)
    assert yes.results[-1].result.answer is True and no.results[-1].result.answer is False
    stock = agent.ask("What is the stock of Webcam v3?")  # Webcam is kind 5: 10 * 5 + 3
    assert stock.status == "answered" and "53" in stock.answer, stock.answer
