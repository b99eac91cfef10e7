"""Codes written with leading zeros (product code '00789', zip '02139') are identifiers kept as
their text in every file kind and on both typing paths; a number column named as an id, code or
zip is shown without thousands separators. Expected values are read off the rows below by hand."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from agent.value_format import fmt_in
from agent.numbers import is_code
from agent.sources import open_table
from agent.table_type import ColumnRole
from agent.toolset import Toolset

HEADER = ["product_code", "name", "zip", "stock", "price"]
ROWS = [["00123", "Blue Pen", "02139", "150", "1.20"], ["00456", "Red Pen", "02139", "0", "1.20"],
        ["01000", "Notebook", "10001", "75", "3.40"], ["00789", "Stapler", "60601", "12", "7.99"],
        ["10001", "Paper Clips", "02139", "300", "0.99"], ["00124", "Black Pen", "94105", "0", "1.25"]]


def _write(path) -> None:
    if path.suffix == ".csv":
        path.write_text("\n".join(",".join(r) for r in [HEADER, *ROWS]) + "\n")
    elif path.suffix == ".parquet":  # text columns, as an export writes codes
        pq.write_table(pa.table({h: [r[i] for r in ROWS] for i, h in enumerate(HEADER)}), path)
    else:
        from openpyxl import Workbook

        book = Workbook()
        book.active.append(HEADER)
        for row in ROWS:  # the codes as text cells, stock and price as numbers
            book.active.append([row[0], row[1], row[2], int(row[3]), float(row[4])])
        book.save(path)


@pytest.fixture(params=["csv", "csv-view", "parquet", "xlsx"])
def tools(request, tmp_path):
    kind = request.param.split("-")[0]
    path = tmp_path / f"products.{kind}"
    _write(path)
    table = open_table(path, frame_rows=2) if request.param.endswith("view") else open_table(path)
    return Toolset({"products": table})


def test_codes_keep_their_leading_zeros(tools):
    table = tools.table()
    assert table.roles["product_code"] is ColumnRole.identifier and table.roles["zip"] is ColumnRole.identifier
    assert table.roles["stock"] is ColumnRole.numeric
    top = tools.call("rank", {"by": "price", "columns": ["product_code"], "limit": 1})
    assert top.ok, top.error
    assert top.result.rows[0]["product_code"] == "00789"  # the Stapler, 7.99
    zips = tools.call("frequency", {"column": "zip", "limit": 1})
    assert [(v.value, v.rows) for v in zips.result.values] == [("02139", 3)]
    count = tools.call("aggregate", {"op": "count", "where": [{"column": "product_code", "op": "=", "value": "00123"}]})
    assert count.ok and count.result.value == 1
    assert tools.call("aggregate", {"op": "sum", "column": "stock"}).result.value == 537


@pytest.mark.parametrize("cell, code", [("00789", True), ("02139", True), ("007", True), ("0", False),
                                        ("0.5", False), ("05", False), ("000", False), ("10001", False),
                                        ("0012.5", False), ("-012", False)])
def test_what_a_code_is(cell, code):
    assert is_code(cell) is code


def test_zero_padded_months_and_decimals_stay_numbers(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("month,share,units\n01,0.5,0\n02,0.25,10\n12,0.125,3\n")
    table = open_table(path)
    assert all(table.roles[c] is ColumnRole.numeric for c in ("month", "share", "units"))
    assert table.df["month"].tolist() == [1, 2, 12]


def test_a_numbered_zip_is_shown_without_thousands_separators():
    assert fmt_in(10001, "zip") == "10001" and fmt_in(10001.0, "product_code") == "10001"
    assert fmt_in(10001, "stock") == "10,001" and fmt_in("00789", "product_code") == "00789"


@pytest.mark.parametrize("question, expected", [
    ("How many products have zip 02139?", 3),          # Blue Pen, Red Pen, Paper Clips
    ("What is the total stock for zip 02139?", 450),   # 150 + 0 + 300
    ("What is the price of product code 00789?", 7.99),  # the Stapler
])
def test_a_code_said_in_the_question_matches_its_cells(tools, question, expected):
    from tests.helpers import agent_over

    outcome = agent_over(tools.table()).ask(question)
    assert outcome.status == "answered", outcome.answer
    result = outcome.results[-1].result
    value = result.value if hasattr(result, "value") else result.rows[0]["price"]
    assert value == pytest.approx(expected)


def test_a_code_no_column_holds_is_refused(tools):
    from tests.helpers import agent_over

    assert agent_over(tools.table()).ask("How many products have zip 02140?").status != "answered"


def test_a_season_or_year_column_shows_its_years_without_separators():
    assert fmt_in(1960, "Season") == "1960" and fmt_in(2009.0, "release_year") == "2009"
    assert fmt_in(1960, "Seats") == "1,960" and fmt_in(12000, "Season") == "12,000"  # not a year


def test_the_first_season_in_file_order_is_written_as_a_year():
    from tests.helpers import router_agent

    outcome = router_agent("Season,Division,Position\n1960,Division 3,4th\n1961,Division 3,2nd\n1962,Division 4,1st\n",
                           "seasons.csv").ask("what season was the first?")
    assert outcome.status == "answered", outcome.answer
    assert "1960" in outcome.answer and "1,960" not in outcome.answer
