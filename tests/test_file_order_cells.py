"""The cells a first/last answer in the table's order shows (agent/router/file_order_cells.py): an
empty cell of the row asked is refused, not answered 'missing'; a column named only by the part of
its header in parentheses ('country' of 'Company (country)' holding companies) is refused; 'year'
asked of cells holding a month too ('March 1983') is refused. Plain cells are answered. Tiny
tables, the first and last rows read by hand."""

from __future__ import annotations

from tests.helpers import router_agent, router_ask

# The last row's Appointed by is empty; the first row's is James Madison.
ENVOYS = ("Representative,From,Appointed by\nWilliam Shaler,1810,James Madison\n"
          "Joel Poinsett,1825,John Quincy Adams\nPowell Clayton,1897,\n")
# The same rows with the last Appointed by filled: the last is William McKinley.
FILLED = ENVOYS.replace("1897,\n", "1897,William McKinley\n")
# The country is in the header's parentheses only; the cells hold companies. The first is Lockheed Martin.
ARMS = "Rank,Company (country),Sales\n1,Lockheed Martin,36270\n2,Boeing,31830\n3,BAE Systems,29150\n"
# Entered service holds a month and a year; Built holds years alone (the first 1983).
ENGINES = ("Locomotive,Entered service,Built\nBL26,March 1983,1983\nBL27,August 1983,1983\n"
           "BL28,June 1984,1984\n")


def test_an_empty_cell_of_the_last_row_is_refused():
    outcome = router_agent(ENVOYS).ask("who was the last person appointed on this table?")
    assert outcome.status == "abstained", outcome.answer
    assert "holds no Appointed by" in outcome.answer


def test_a_present_cell_of_the_last_row_is_answered():
    _, result = router_ask(FILLED, "who is the last appointed by listed?")
    assert [row["Appointed by"] for row in result.rows] == ["William McKinley"]


def test_a_column_named_by_its_bracket_alone_is_refused():
    outcome = router_agent(ARMS).ask("what country is the first listed country?")
    assert outcome.status == "abstained", outcome.answer
    assert "parentheses" in outcome.answer


def test_a_column_named_outside_its_bracket_is_answered():
    _, result = router_ask(ARMS, "what is the first company (country) listed?")
    assert [row["Company (country)"] for row in result.rows] == ["Lockheed Martin"]


def test_a_year_asked_of_dates_is_refused():
    outcome = router_agent(ENGINES).ask("what is the first year entered service?")
    assert outcome.status == "abstained", outcome.answer
    assert "'March 1983'" in outcome.answer


def test_a_year_asked_of_years_is_answered():
    _, result = router_ask(ENGINES, "what is the last year built listed?")
    assert [float(row["Built"]) for row in result.rows] == [1984.0]


# Two winners in 1992, Budivelnyk listed first; 'year of 1992' names a year, it asks for none.
SEASONS = "Year,Winner\n1992,Budivelnyk\n1992,Kyiv\n1993,Dnipro\n"


def test_a_year_named_by_its_number_asks_no_year():
    _, result = router_ask(SEASONS, "who was the winner in the first year of 1992?")
    assert [row["Winner"] for row in result.rows] == ["Budivelnyk"]
