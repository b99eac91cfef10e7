"""Summary rows ('North Total', 'Grand Total') are left out of every computation and named in
the answer, in CSV and Excel alike; a question naming one still reaches it. Expected values are
worked out by hand over the data rows only."""

from __future__ import annotations

import pytest

from agent.sources import open_table
from agent.table import table_from_text
from tests.helpers import agent_over

ROWS = [("region", "product", "units", "revenue"),
        ("North", "Widget", 10, 120.5),
        ("North", "Gadget", 4, 80),
        ("North", "Summit", 6, 30),  # 'Sum' inside a word: data
        ("North Total", None, 20, 230.5),
        ("South", "Widget", 3, 36),
        ("South", "Sumatra", 5, 64),
        ("Total for South", None, 8, 100),
        ("Grand Total", None, 28, 330.5)]
DATA_REVENUE = [120.5, 80, 30, 36, 64]
NOTE = "2 subtotal rows and 1 grand-total row left out"


def _csv(rows) -> str:
    return "\n".join(",".join("" if v is None else str(v) for v in r) for r in rows) + "\n"


def _write(rows, kind: str, stem) -> object:
    """`rows` written as `stem`.csv or `stem`.xlsx (openpyxl), opened as a user's file is."""
    if kind == "csv":
        path = stem.with_suffix(".csv")
        path.write_text(_csv(rows))
    else:
        from openpyxl import Workbook

        book = Workbook()
        for row in rows:
            book.active.append(row)
        path = stem.with_suffix(".xlsx")
        book.save(path)
    return open_table(path)


@pytest.fixture(params=["csv", "xlsx"])
def table(request, tmp_path):
    return _write(ROWS, request.param, tmp_path / "sales")


def _ask(table, question: str):
    outcome = agent_over(table).ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome, outcome.results[-1].result


def test_summary_rows_are_out_of_the_rows_and_named(table):
    assert table.rows == 5 and sorted(table.df["revenue"].tolist()) == sorted(DATA_REVENUE)
    assert [(r.line, r.kind) for r in table.summary.rows] == [(5, "subtotal"), (8, "subtotal"), (9, "grand total")]
    assert "Summit" in table.df["product"].tolist() and "Sumatra" in table.df["product"].tolist()


@pytest.mark.parametrize("question, expected", [
    ("What is the total revenue?", sum(DATA_REVENUE)),
    ("What is the average revenue?", sum(DATA_REVENUE) / 5),
    ("How many rows are there?", 5),
])
def test_total_average_and_count_are_over_the_data_rows(table, question, expected):
    outcome, result = _ask(table, question)
    assert result.value == pytest.approx(expected)
    assert any(NOTE in n for n in result.provenance.notes), result.provenance.notes


def test_the_region_with_the_most_revenue_is_a_region(table):
    _, result = _ask(table, "Which region has the most revenue?")
    assert [g.key[0] for g in result.groups] == ["North"]
    assert result.groups[0].value == pytest.approx(120.5 + 80 + 30)


def test_a_question_naming_the_total_row_reaches_it(table):
    _, result = _ask(table, "What is the total revenue for Grand Total?")
    assert result.value == pytest.approx(330.5) and result.provenance.rows_matched == 1


def test_a_total_label_alone_or_a_total_header_is_not_a_summary_row():
    eclipses = table_from_text("type,year,duration\nTotal,2001,4\nPartial,2002,3\nTotal,2003,5\nAnnular,2004,2\n")
    assert eclipses.summary is None and eclipses.rows == 4
    header = table_from_text("item,Total\na,1\nb,2\nc,4\n")
    assert header.summary is None and header.rows == 3


def test_a_top_total_and_an_unlabelled_block_sum():
    top = table_from_text("region,revenue\nSum,60\nNorth,10\nSouth,20\nEast,30\n")
    assert top.rows == 3 and [(r.line, r.kind, r.label) for r in top.summary.rows] == [(2, "total", "Sum")]
    blank = table_from_text("region,units,revenue\nNorth,1,10\nSouth,2,20\n,3,30\n")
    lone = table_from_text("a,b\n1,x\n2,\n3,N/A\n")  # 3 = 1 + 2 in a lone number column: data
    assert lone.rows == 3 and lone.summary is None
    assert blank.rows == 2 and blank.summary.rows[0].label == ""
    kept = table_from_text("region,units,revenue\nNorth,1,10\nSouth,2,20\n,5,30\n")  # units do not add up
    assert kept.rows == 3 and kept.summary is None


@pytest.mark.parametrize("label", ["Gesamt", "Summe", "Totaal", "Totale", "合计", "合計", "総計", "합계", "Итого"])
def test_a_total_row_labelled_in_another_language_is_left_out(tmp_path, label):
    # 5,000 + 3,000 + 2,000 = 10,000, which the labelled last row restates: the total is 10,000, not 20,000
    path = tmp_path / "sales.csv"
    path.write_text(f"city,sales\nBeijing,5000\nShanghai,3000\nGuangzhou,2000\n{label},10000\n", encoding="utf-8")
    table = open_table(path)
    assert [r.label for r in table.summary.rows] == [label] and table.rows == 3
    outcome, result = _ask(table, "What is the total sales?")
    assert result.value == 10000


def test_a_word_merely_starting_like_a_total_word_is_data(tmp_path):
    # 'Gesamtschule' (a comprehensive school) is a place whose numbers restate nothing-labelled: it stays
    path = tmp_path / "schools.csv"
    path.write_text("school,pupils\nNord,300\nSued,200\nGesamtschule,500\n", encoding="utf-8")
    table = open_table(path)
    assert table.rows == 3 and not (table.summary and table.summary.rows)


# A subtotal of one group inside a block of another (trial 5): North's rows A and B, then South's C,
# then 'North Subtotal' restating A + B only; February's rows follow with no subtotal.
PNL = [("Store", "Region", "Revenue", "Profit"),
       ("Store A", "North", 12500, 2700),
       ("Store B", "North", 8200, -900),
       ("Store C", "South", 15300, 4300),
       ("{label}", "{region}", 20700, 1800),
       ("Store A", "North", 13100, 3200),
       ("Store D", "South", 5000, -1200)]
PNL_PROFIT = 2700 - 900 + 4300 + 3200 - 1200  # 8,100 over the data rows


@pytest.mark.parametrize("label, region", [("North Subtotal", None), ("Total North", None), ("Subtotal", None),
                                           ("North Subtotal", "North")])
@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_subtotal_of_one_group_in_its_block_is_left_out(tmp_path, label, region, kind):
    rows = [tuple(label if v == "{label}" else region if v == "{region}" else v for v in r) for r in PNL]
    table = _write(rows, kind, tmp_path / "pnl")
    assert table.rows == 5 and [(r.line, r.kind, r.label) for r in table.summary.rows] == [(5, "subtotal", label)]
    _, result = _ask(table, "What is the total Profit?")
    assert result.value == PNL_PROFIT


def test_a_total_labelled_row_restating_no_group_stays_data(tmp_path):
    # 'Total Store' sells too: 999 is no sum of any region's rows above it
    path = tmp_path / "pnl.csv"
    path.write_text(_csv([r if r[0] != "{label}" else ("Total Store", "North", 999, 99) for r in PNL]))
    table = open_table(path)
    assert table.rows == 6 and not (table.summary and table.summary.rows)
