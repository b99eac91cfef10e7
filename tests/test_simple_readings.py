"""Simple questions a fresh user expects answered exactly (issue 18, trial findings): a row picked by
a numeric id or a year, 'who' naming the one column of people or teams, a comparator with a number
on the one column it can mean. Tiny tables written here; every expected value worked out by hand
in the comments, never copied from the product's output."""

from __future__ import annotations

import re

import pytest

from agent.config import load_config
from agent.plan import Op
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_agent as agent_for, router_ask as ask, shown

PEOPLE = "id,name,age\n1,Ann,34\n2,Bob,28\n3,Cy,41\n4,Di,25\n"
# Year is one row a year; Winner and Runner-up both name teams; Venue a place.
CUP = ("Year,Winner,Runner-up,Venue\n2019,USA,Netherlands,Lyon\n2015,USA,Japan,Vancouver\n"
       "2011,Japan,USA,Frankfurt\n2007,Germany,Brazil,Shanghai\n")
# Two columns of people/teams (Driver, Team); 'won' derives from neither.
RACES = "Year,Driver,Team,Wins\n2019,Ann Lee,Red,8\n2020,Bo Ray,Blue,9\n"
# Season repeats: 2020 is two rows.
SEASONS = "Season,Winner,Points\n2019,Ann,10\n2020,Bo,12\n2020,Cy,9\n"
# Ages 25, 34, 29, 41, 30: under 30 -> Ann, Cy (2); over 30 -> Bob, Di (2); 30 itself is neither.
CUSTOMERS = "customer,age,spend\nAnn,25,120\nBob,34,80\nCy,29,200\nDi,41,50\nEd,30,95\n"
# amount is the one numeric column besides the id: over 8 -> 10, 20 (2 orders).
ORDERS = "order_id,customer,amount\n1,A,10\n2,B,20\n3,A,5\n4,C,7\n5,B,3\n"


def abstains(csv: str, question: str) -> str:
    outcome = agent_for(csv).ask(question)
    assert outcome.status != "answered", outcome.answer
    return outcome.answer


def refusal(csv: str, question: str) -> str:
    """The router's own reason for refusing `question` (the agent may pass a question the router
    classed as a record lookup on to record search, which hides the reason)."""
    config = load_config(env={})
    decision = Router(table_from_text(csv, "t.csv"), config.router, config.search).route(question)
    assert decision.plan is None and decision.abstain, decision.plan
    return decision.abstain


def rows_of(csv: str, question: str) -> list[dict]:
    _, result = ask(csv, question)
    return result.rows


# --- a number right after a numeric id column's name is that id's value ---

@pytest.mark.parametrize("question, column, expected", [
    ("what is the name of id 3", "name", "Cy"),       # row 3: Cy, 41
    ("What is the age of id 3?", "age", 41),
    ("what is the name for id 1", "name", "Ann"),
    ("name of the person with id 4", "name", "Di"),
])
def test_a_numeric_id_picks_its_row(question, column, expected):
    assert rows_of(PEOPLE, question) == [{column: expected}]


def test_an_id_no_row_holds_is_said_plainly():
    assert "No rows matched id = 9" in abstains(PEOPLE, "what is the name of id 9")


def test_show_the_row_with_an_id_looks_up_that_id():
    table = table_from_text(PEOPLE, "t.csv")
    config = load_config(env={})
    decision = Router(table, config.router, config.search).route("show the row with id 3")
    assert decision.lookup is not None
    assert [(p.column, p.op, p.value) for p in decision.lookup.where] == [("id", Op.eq, 3.0)]


# --- 'who ... in <year>': the year picks one row, 'who' the column of people or teams ---

@pytest.mark.parametrize("question, column, expected", [
    ("who won in 2011", "Winner", "Japan"),                # 'won' and Winner derive from 'win'
    ("Who won in 2015?", "Winner", "USA"),
    ("who was the runner-up in 2015", "Runner-up", "Japan"),  # named by its header
    ("who was the winner in 2007", "Winner", "Germany"),
    ("what was the winner in 2011", "Winner", "Japan"),   # a year column one row a year keys the row
])
def test_who_in_a_year_reads_that_row(question, column, expected):
    assert rows_of(CUP, question) == [{column: expected}]


def test_who_with_a_verb_deriving_from_no_candidate_names_them():
    abstains(CUP, "who lost in 2011")
    reason = refusal(CUP, "who lost in 2011")
    assert "Winner or Runner-up" in reason


def test_who_with_two_columns_of_people_refuses_naming_both():
    abstains(RACES, "who won in 2020")
    assert "Driver or Team" in refusal(RACES, "who won in 2020")
    assert rows_of(RACES, "who was the driver in 2020") == [{"Driver": "Bo Ray"}]


def test_a_year_of_several_rows_or_none_refuses():
    abstains(SEASONS, "who won in 2020")
    assert "repeats" in refusal(SEASONS, "who won in 2020")
    assert "2012" in refusal(CUP, "who won in 2012")


# --- a comparator with a number on the one column it can mean ---

@pytest.mark.parametrize("question, expected", [
    ("how many customers are under 30", 2),   # Ann 25, Cy 29
    ("How many customers are over 30?", 2),   # Bob 34, Di 41
])
def test_people_under_a_number_compare_the_age(question, expected):
    outcome, result = ask(CUSTOMERS, question)
    assert result.value == expected
    assert "age" in outcome.restatement


def test_people_under_a_number_with_no_age_column_refuse():
    abstains("customer,spend,visits\nAnn,120,3\nBob,80,5\n", "how many customers are under 30")


def test_a_comparator_on_the_one_numeric_column():
    _, result = ask(ORDERS, "how many orders are over 8")
    assert result.value == 2   # amounts 10 and 20


def test_a_comparator_with_two_numeric_columns_refuses():
    abstains("item,price,qty\na,10,1\nb,20,2\n", "how many items are over 8")


# --- a capitalised plural of a cell value is that value when its singular is one value of one column ---

# product: Widget x3 (qty 2, 1, 4), Gizmo x2 (East, West); region East x3.
SALES = ("order,region,product,qty\nS1,East,Widget,2\nS2,West,Gizmo,1\nS3,East,Widget,1\n"
         "S4,East,Gizmo,3\nS5,West,Widget,4\n")
SALE_ROWS = "order,region,product\nS1,East,Widget\nS2,West,Gizmo\nS3,East,Widget\nS4,East,Gizmo\nS5,West,Widget\n"
"""SALES without qty: each row is one sale, so 'how many were sold' counts rows."""


@pytest.mark.parametrize("question, expected", [
    ("How many Widgets were sold?", 3),               # S1, S3, S5
    ("how many widgets were sold?", 3),
    ("How many Gizmos were sold in the East?", 1),    # S4 only (not the 3 East rows)
    ("What is the total qty of Widgets?", 7),         # 2 + 1 + 4
])
def test_a_plural_of_a_value_is_that_value(question, expected):
    _, result = ask(SALES if "qty" in question else SALE_ROWS, question)
    assert result.value == expected


def test_sold_with_a_quantity_column_refuses_rows_or_units():
    # 'How many Widgets were sold?' with qty: 3 rows or 7 units (2 + 1 + 4); the words do not say which
    reason = refusal(SALES, "How many Widgets were sold?")
    assert "'sold'" in reason and "qty" in reason


def test_a_plural_of_a_value_of_two_columns_refuses_naming_them():
    both = "order,made,sold\nS1,Widget,Gizmo\nS2,Gizmo,Widget\nS3,Widget,Widget\n"
    reason = refusal(both, "How many Widgets are there?")
    assert "made" in reason and "sold" in reason


# --- several sheets: a column named by the question on one sheet only picks that sheet ---

def _book(tmp_path):
    import openpyxl

    book = openpyxl.Workbook()
    orders = book.active
    orders.title = "Orders"
    for row in (["Customer", "Amount"], ["A", 10], ["B", 20], ["C", 30]):
        orders.append(row)
    returns = book.create_sheet("Returns")
    for row in (["Customer", "Refund"], ["A", 5], ["B", 1]):
        returns.append(row)
    book.save(tmp_path / "two.xlsx")
    return str(tmp_path / "two.xlsx")


def test_a_column_of_one_sheet_only_goes_to_that_sheet(tmp_path):
    from typer.testing import CliRunner

    from agent.cli import app

    book, runner = _book(tmp_path), CliRunner()
    result = runner.invoke(app, ["ask", book, "total Amount"], env={"COLUMNS": "300"})
    assert result.exit_code == 0 and "The total Amount is 60" in result.output  # 10 + 20 + 30
    assert shown("file: two.xlsx#Orders", result.output)  # the one sheet holding Amount (a notice says so when both read it)
    refund = runner.invoke(app, ["ask", book, "total Refund"], env={"COLUMNS": "300"})
    assert refund.exit_code == 0 and "The total Refund is 6" in refund.output  # 5 + 1
    both = runner.invoke(app, ["ask", book, "how many customers are there?"], env={"COLUMNS": "300"})
    assert both.exit_code == 3 and shown("two.xlsx#Orders, two.xlsx#Returns", both.output)  # Customer on both


def test_only_named_here_needs_a_column_the_others_lack():
    from agent.sheets import only_named_here

    a = table_from_text("Customer,Amount\nA,1\n", "a.csv")
    b = table_from_text("Customer,Refund\nA,1\n", "b.csv")
    assert only_named_here("total Amount", [a, b]) == (0, ["Amount"])
    assert only_named_here("the total amounts", [a, b]) == (0, ["Amount"])  # a plural spelling
    assert only_named_here("how many customers", [a, b]) is None
    assert only_named_here("total Amount and Refund", [a, b]) is None      # each names its own


# --- a value no row holds: no count of 0 is stated; the refusal shows the column's values ---

REGIONS = "order,region\nS1,East\nS2,North East\nS3,North West\nS4,East\n"


@pytest.mark.parametrize("question", ["how many orders in the Mars region", "how many orders where region is Mars"])
def test_a_value_no_row_holds_refuses_listing_the_known_values(question):
    reason = abstains(REGIONS, question)
    assert "I could not match 'Mars' to a column or value of t.csv. No row has" in reason  # what happened, first
    assert "No row has region = 'Mars'" in reason
    assert "'East', 'North East', 'North West'" in reason  # the three distinct values, sorted


def test_a_value_inside_several_values_names_them():
    reason = abstains(REGIONS, "how many orders where region is North")
    assert "'North East', 'North West'" in reason and "say which" in reason


def test_a_word_beside_no_column_keeps_the_plain_refusal():
    assert "I could not match 'Mars'" in abstains(REGIONS, "how many orders from Mars")


# --- a share of rows says how many rows of its denominator have a blank condition cell ---

# answer: Yes, No, (blank), Yes, (blank); score 5, 3, 4, (blank), 2. Rows where answer = 'Yes': 2 of 5;
# the two blank answers are in the denominator (counted, not matching); West only (rows 1-3): 1 blank.
BLANKS = "id,answer,score,region\n1,Yes,5,West\n2,No,3,West\n3,,4,West\n4,Yes,,East\n5,,2,East\n"


@pytest.mark.parametrize("engine", ["duckdb", "pandas"])
def test_a_share_of_rows_counts_the_blank_condition_cells_it_scanned(engine):
    from agent.engine import duckdb_engine
    from agent.engine.reference import PandasEngine
    from agent.plan import Predicate, RatioArgs

    table = table_from_text(BLANKS, "t.csv")
    run = duckdb_engine() if engine == "duckdb" else PandasEngine()
    yes = [Predicate(column="answer", op=Op.eq, value="Yes")]
    result = run.ratio(table, RatioArgs(where=yes))
    assert result.percent == pytest.approx(40.0)  # 2 of 5
    assert "2 rows in the denominator have a blank answer (counted, as not matching)" in result.provenance.notes
    west = run.ratio(table, RatioArgs(where=yes, base=[Predicate(column="region", op=Op.eq, value="West")]))
    assert west.percent == pytest.approx(100 / 3)  # 1 of 3
    assert "1 row in the denominator has a blank answer (counted, as not matching)" in west.provenance.notes
    blank = run.ratio(table, RatioArgs(where=[Predicate(column="answer", op=Op.is_null)]))
    assert not any("denominator" in n for n in blank.provenance.notes)  # the blanks are what it asks about


def test_the_router_shows_the_blank_rows_of_a_share():
    outcome, result = ask(BLANKS, "what percentage of rows have answer Yes")
    assert result.percent == pytest.approx(40.0)
    assert any("2 rows in the denominator have a blank answer" in n for n in result.provenance.notes)


# --- the advice for a value held inside other values is wording that then reads ---

# answer: Very satisfied, satisfied, Not satisfied, satisfied, Very satisfied. Exactly 'satisfied': rows
# 2 and 4 (2); containing 'satisfied': all 5. Comments: 'too slow, expensive' twice, 'great' once.
SATISFIED = ("id,answer,Comments\n1,Very satisfied,great\n2,satisfied,\"too slow, expensive\"\n"
             "3,Not satisfied,great\n4,satisfied,\"expensive\"\n5,Very satisfied,\"too slow, expensive\"\n")


def test_the_advice_of_a_value_inside_others_is_answered():
    reason = refusal(SATISFIED, "How many rows where answer is satisfied?")
    exact, contains = re.findall(r"'(answer [^']+)'", reason)
    assert (exact, contains) == ("answer is exactly satisfied", "answer contains satisfied")
    assert ask(SATISFIED, f"How many rows where {exact}?")[1].value == 2
    assert ask(SATISFIED, f"How many rows where {contains}?")[1].value == 5


@pytest.mark.parametrize("question, expected", [
    ("how many rows where Comments contains expensive", 3),   # rows 2, 4, 5
    ("how many rows have Comments containing too slow", 2),   # rows 2, 5
    ("how many rows where Comments is exactly expensive", 1), # row 4
])
def test_contains_and_exactly_on_a_list_like_text_column(question, expected):
    assert ask(SATISFIED, question)[1].value == expected


def test_contains_words_no_cell_holds_stay_unread():
    abstains(SATISFIED, "how many rows where Comments contains cheap")


def test_a_record_lookup_with_a_value_reads_without_the_question_tokens():
    # lookup.py rebuilds a reading from items alone (no tokens): the word-before checks must hold
    config = load_config(env={})
    decision = Router(table_from_text(REGIONS, "t.csv"), config.router, config.search).route(
        "Show the records from East")
    assert decision.lookup is not None
    assert [(p.column, p.value) for p in decision.lookup.where] == [("region", "East")]


def test_a_number_counting_a_noun_is_no_threshold_on_the_one_numeric_column():
    # 'at least five players' counts players; Total >= 5 (1 team: B) would answer another question
    from tests.helpers import router_agent

    outcome = router_agent("Team,Total\nA,3\nB,7\nC,2\n").ask("how many teams had at least five players?")
    assert outcome.status != "answered", outcome.answer
    assert router_agent("Team,Total\nA,3\nB,7\nC,2\n").ask("how many teams are over 2?").results[-1].result.value == 2
