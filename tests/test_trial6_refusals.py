"""Trial 6's refusals, fixed as kinds (every expected value computed by hand from the small tables
here): a header named Total beside the operation word 'total'; a plural noun of an id holding one
value per row read as the rows; a verb said of those rows not read as a column; blank cells asked
about (IS NULL / IS NOT NULL); a month and day compared when the date column holds one year; a year
column's average printed as a year. Each kind keeps its refusals where the words do not decide."""

from __future__ import annotations

import pytest

from agent.value_format import fmt_year, year_header
from agent.plan import Op
from agent.router.values import truth_spellings
from tests.helpers import router_agent, router_ask

# Total = qty x 10: no row sum of the other columns, and no column one row restates (2 x 3 != 7)
SHIP = ("item,Warehouse,Weight,qty,Total\n"
        "A,N,2.5,3,30\n"
        "B,S,1.5,2,20\n"
        "A,S,3,4,40\n")

# 24 employees (an id needs more than 20 distinct values): remote cycles yes, Y, no, blank, Yes, n
# (4 of each), salary by that spelling (yes 50, Y 70, no 60, blank 80, Yes 90, n 40); E24 earns 100
_CYCLE = [("yes", 50), ("Y", 70), ("no", 60), ("", 80), ("Yes", 90), ("n", 40)]
STAFF = "employee,dept,remote,salary\n" + "".join(
    f"E{i:02d},{'Sales' if i % 2 else 'HR'},{_CYCLE[(i - 1) % 6][0]},{100 if i == 24 else _CYCLE[(i - 1) % 6][1]}\n"
    for i in range(1, 25))

SHIPMENTS = ("Shipment ID,Warehouse,qtyShipped,Weight (kg),Ship Date\n"
             "SH-1,N,5,25,2024-03-02\n"
             "SH-2,S,7,10,2024-03-09\n"
             "SH-3,N,1,30,2024-04-01\n")


def _refused(csv: str, question: str) -> str:
    outcome = router_agent(csv).ask(question)
    assert outcome.status != "answered", outcome.answer
    return outcome.answer


def _first(csv: str, question: str) -> str:
    outcome, _ = router_ask(csv, question)
    return outcome.answer.splitlines()[0]


# 1. 'total' beside a column named Total
@pytest.mark.parametrize("question, expected", [
    ("What is the total Weight for S?", "is 4.5."),  # 1.5 + 3
    ("What is the total qty?", "is 9."),  # 3 + 2 + 4
    ("What is the total of Total?", "is 90."),  # 30 + 20 + 40
    ("What is the total for A?", "is 70."),  # Total of A's rows: 30 + 40
    ("What is the average Total for S?", "is 30."),  # (20 + 40) / 2, as before
])
def test_total_beside_a_total_column(question, expected):
    assert expected in _first(SHIP, question)


def test_highest_total_of_a_named_column_ranks_by_its_sum():
    text = _first(SHIP, "Which item has the highest total qty?")
    assert text.startswith("A has") and "7" in text  # A: 3 + 4 = 7, B: 2


# 2. a plural noun of an id holding one value per row is the rows; a yes/no column mixing spellings
@pytest.mark.parametrize("question, expected", [
    ("How many employees are remote?", "12 of 24"),  # yes, Y, Yes: 4 each
    ("How many employees are not remote?", "8 of 24"),  # no, n (the 4 blanks are neither)
    ("What percentage of employees are remote?", "50.00%"),  # 12 of 24
    ("What is the average salary of remote employees?", "is 70."),  # (50 + 70 + 90) / 3, 4 rows each
    ("How many employees are there?", "is 24."),
])
def test_entity_noun_of_a_unique_id_counts_rows(question, expected):
    assert expected in _first(STAFF, question)


def test_a_flag_read_without_tokens_is_no_attribute():
    # a record lookup re-reads the items without their tokens (router/lookup.py): 'remote' is a flag there
    from agent.router.lexicon import Meaning
    from agent.router.parse import _attribute_of
    from agent.router.reading import Item, Reading

    item = Item("remote", 4, [Meaning("column", "remote")])
    assert _attribute_of(item, Reading(items=[item])) is False


def test_singular_id_noun_keeps_the_column():
    assert "is E24." in _first(STAFF, "Which employee has the highest salary?")


def test_repeating_id_noun_still_counts_distinct_ids():
    history = "ticket,status\nT1,open\nT1,closed\nT2,open\n"
    assert "is 2." in _first(history, "How many tickets are there?")  # T1, T2; never the 3 rows


def test_truth_spellings_by_hand():
    assert truth_spellings(["yes", "Y", "no", "NO"]) == (["yes", "Y"], ["no", "NO"])
    assert truth_spellings(["Yes", "No"]) is None  # two values: a plain yes/no column
    assert truth_spellings(["yes", "no", "maybe"]) is None


# 3. a verb said of the rows' own noun is no column
@pytest.mark.parametrize("question, expected", [
    ("How many shipments were shipped in March 2024?", "2 of 3"),  # SH-1, SH-2
    ("How many shipments have a weight over 20 kg?", "2 of 3"),  # 25, 30
])
def test_verb_of_the_rows(question, expected):
    assert expected in _first(SHIPMENTS, question)


def test_shipped_the_most_shipments_counts_rows_not_quantity():
    text = _first(SHIPMENTS, "Which Warehouse shipped the most shipments?")
    assert text.startswith("N has") and "2" in text  # N: 2 rows (S has the larger qtyShipped, 7 > 6)


def test_rows_counted_with_a_numeric_column_and_no_test_refuses():
    table = "Shipment ID,Unit Price,qtyShipped\nSH-1,2.5,5\nSH-2,9.25,7\n"
    # 'units' links Unit Price by a header word: never SUM(Unit Price) WHERE qtyShipped > 3 (11.75)
    assert "counts rows" in _refused(table, "How many rows shipped more than 3 units?")
    assert "11.75" not in _refused(table, "How many shipments shipped more than 3 units?")


# 4. blank cells
@pytest.mark.parametrize("question, expected", [
    ("How many rows have a blank remote?", "4 of 24"),  # E04, E10, E16, E22
    ("How many employees have no remote value?", "4 of 24"),
    ("How many rows have remote missing?", "4 of 24"),
    ("How many rows where remote is empty?", "4 of 24"),
    ("How many rows have a non-blank remote?", "20 of 24"),
    ("How many rows are missing the remote value?", "4 of 24"),
    ("Is any row missing a remote value?", "Yes: 4 of 24"),
    ("What is the average salary where remote is missing?", "is 80."),
])
def test_blank_cells(question, expected):
    assert expected in _first(STAFF, question)


def test_blank_plan_and_reading_line():
    outcome, _ = router_ask(STAFF, "How many rows have a blank remote?")
    assert [(p.column, p.op) for p in outcome.plan.where] == [("remote", Op.is_null)]
    assert "remote is missing" in outcome.restatement


def test_not_blank_is_not_null():
    outcome, _ = router_ask(STAFF, "How many rows have a non-blank remote?")
    assert [(p.column, p.op) for p in outcome.plan.where] == [("remote", Op.not_null)]


def test_blank_word_without_a_column_refuses_naming_it():
    assert "missing" in _refused(STAFF, "How many rows are missing?")


# 5. a month and day compared
def test_after_a_month_day_in_the_one_year_of_the_column():
    assert "2 of 3" in _first(SHIPMENTS, "How many rows have Ship Date after March 5?")  # 03-09, 04-01


def test_after_a_month_day_over_several_years_refuses_naming_them():
    table = "id,d\n1,2023-12-30\n2,2024-03-09\n3,2024-04-01\n"
    reason = _refused(table, "How many rows have d after March 5?")
    assert "several years" in reason and "2023" in reason and "No rows" not in reason


# 6. a year column's average
def test_year_average_prints_as_a_year():
    table = "name,since_year,amount\na,2018,1000\nb,2020,2000\nc,2022,3000\n"
    assert "is 2020." in _first(table, "What is the average since_year?")
    assert "is 2,000." in _first(table, "What is the average amount?")  # not a year: separators kept


def test_fmt_year_by_hand():
    assert fmt_year(2020.0) == "2020" and fmt_year(2019.6) == "2019.6" and fmt_year(15.0) == "15"
    assert year_header("since_year") and year_header("releaseYear") and not year_header("years")


def test_the_singular_id_noun_picked_out_is_one_row():
    # E24 earns 100, the most; E24 is in HR (24 is even)
    assert "is HR." in _first(STAFF, "What is the dept of the employee with the highest salary?")


def test_a_verb_naming_a_date_column_before_a_comparison_is_that_date():
    table = "ticket,updated_at\nT1,2024-03-01\nT2,2024-03-20\nT3,2024-04-02\n"
    assert "2 of 3" in _first(table, "How many rows were updated after March 15?")  # 03-20, 04-02
