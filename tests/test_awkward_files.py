"""Files that never crash: every file of the awkward corpus (tests/awkward_files.py) is read
correctly, its values checked against the ones worked out by hand from the bytes, or refused with
a TableLoadError naming the file and the line; never a traceback. Through the toolset, `tally ask`
(typer's runner, in-process) and a `tally serve` upload (the web API's test client)."""

from __future__ import annotations

import json
import math

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from agent.cli import app
from agent.errors import TableLoadError
from agent.toolset import Toolset
from tests.awkward_files import Case, Read, Refused, make_corpus
from tests.web_server import make_app, web_config

ENV = {"OPENAI_API_KEY": "", "TALLY_MODEL": "", "OPENAI_BASE_URL": "", "COLUMNS": "300"}
TOKEN = "t"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> tuple:
    folder = tmp_path_factory.mktemp("awkward")
    return folder, make_corpus(folder)


def _cases() -> list[str]:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        return [c.name for c in make_corpus(Path(folder))]


NAMES = _cases()


def _case(corpus, name: str) -> tuple:
    folder, cases = corpus
    return folder / name, next(c for c in cases if c.name == name)


def _refusal_names(message: str, path, case: Case) -> None:
    assert path.name in message and f"(line {case.expect.line})" in message, message
    assert case.expect.reason in message, message


@pytest.mark.parametrize("name", NAMES)
def test_toolset_reads_or_refuses_naming_file_and_line(corpus, name):
    path, case = _case(corpus, name)
    if isinstance(case.expect, Refused):
        with pytest.raises(TableLoadError) as raised:
            Toolset.load(path)
        assert raised.value.line == case.expect.line
        _refusal_names(str(raised.value), path, case)
        return
    tools = Toolset.load(path)
    table = tools.table()
    expect: Read = case.expect
    assert table.rows == expect.rows
    total = tools.call("aggregate", {"op": "sum", "column": "amount"})
    assert total.ok, total
    assert total.result.value == pytest.approx(expect.total)
    for column, values in expect.values.items():
        got = [v for v in table.df[table.column(column)].tolist() if not (isinstance(v, float) and math.isnan(v))]
        assert got == values, (column, got)
        assert "nan" not in [str(v) for v in got]
    for column, missing in expect.missing.items():
        assert int(table.df[table.column(column)].isna().sum()) == missing, column


@pytest.mark.parametrize("name", NAMES)
def test_tally_ask_answers_or_refuses_without_a_traceback(corpus, name):
    path, case = _case(corpus, name)
    result = CliRunner().invoke(app, ["ask", str(path), "What is the total amount?", "--json"], env=ENV)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if isinstance(case.expect, Refused):
        assert result.exit_code == 2, result.output
        _refusal_names(result.output, path, case)
        return
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["calls"][-1]["result"]["value"] == pytest.approx(case.expect.total)


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    folder = tmp_path_factory.mktemp("awkward-web")
    return TestClient(make_app(web_config(folder), [], token=TOKEN), base_url="http://127.0.0.1")


@pytest.mark.parametrize("name", NAMES)
def test_serve_upload_loads_or_refuses_naming_file_and_line(corpus, api, name):
    path, case = _case(corpus, name)
    response = api.post("/api/tables", files={"file": (name, path.read_bytes())}, headers={"X-Tally-Token": TOKEN})
    assert "Traceback" not in response.text
    if isinstance(case.expect, Refused):
        assert response.status_code == 400, response.text
        _refusal_names(response.json()["message"], path, case)
        return
    assert response.status_code == 200, response.text
    assert response.json()["rows"] == case.expect.rows


def test_blank_excel_cells_are_missing_never_the_text_nan(tmp_path):
    """A blank text cell of an .xlsx is a missing value: not listed, not counted as a distinct
    value, never ranked ('nan has the highest total' was the old reading)."""
    from openpyxl import Workbook

    book = Workbook()
    for row in [("region", "revenue"), ("North", 5), (None, 100), ("South", 7), (None, 50), ("North", 1)]:
        book.active.append(row)
    book.save(tmp_path / "sales.xlsx")
    tools = Toolset.load(tmp_path / "sales.xlsx")
    distinct = tools.call("aggregate", {"op": "count_distinct", "column": "region"})
    assert distinct.ok and distinct.result.value == 2
    listed = tools.call("distinct", {"column": "region"})
    assert listed.ok and [v.value for v in listed.result.values] == ["North", "South"]
    top = tools.call("aggregate", {"op": "sum", "column": "revenue", "group_by": ["region"], "order": "desc", "limit": 5})
    assert top.ok and {g.key[0]: g.value for g in top.result.groups} == {None: 150, "North": 6, "South": 7}
    result = CliRunner().invoke(app, ["ask", str(tmp_path / "sales.xlsx"), "How many distinct regions are there?",
                                      "--json"], env=ENV)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["calls"][-1]["result"]["value"] == 2


def _orders_book(path, rows) -> None:
    from openpyxl import Workbook

    book = Workbook()
    for row in [("Order ID", "Qty", "Price"), *rows]:
        book.active.append(row)
    book.save(path)


def _ask(path, question: str) -> str:
    result = CliRunner().invoke(app, ["ask", str(path), question], env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


def test_whole_numbers_of_an_excel_sheet_are_integers_never_1050_point_0(tmp_path):
    """A workbook stores every number as a float: the trial's Order ID 1050 was read as '1050.0'
    ('What is the quantity of order 1050?' refused, its words-read line saying Order ID = '1050.0').
    Whole-number columns are integers, as in the CSV of the same rows; a column with a fraction stays
    a float. By hand: order 1050 has Qty 30; Qty 4 + 30 + 9 = 43; Price 2.5 + 3 + 1 = 6.5."""
    _orders_book(tmp_path / "orders.xlsx", [(1049, 4, 2.5), (1050, 30, 3), (1051, 9, 1)])
    from agent.sources import open_table

    frame = open_table(tmp_path / "orders.xlsx").df
    assert str(frame["Order ID"].dtype) == "int64" and str(frame["Qty"].dtype) == "int64"
    assert str(frame["Price"].dtype) == "float64"
    output = _ask(tmp_path / "orders.xlsx", "What is the quantity of order 1050?")
    assert "30." in output and "1050.0" not in output, output
    shown = CliRunner().invoke(app, ["ask", str(tmp_path / "orders.xlsx"), "Show order 1050"], env=ENV).output
    assert "the id column Order ID holds it" in shown, shown  # not only 'it occurs in no numeric column'
    tools = Toolset.load(tmp_path / "orders.xlsx")
    assert tools.call("aggregate", {"op": "sum", "column": "Qty"}).result.value == 43
    assert tools.call("aggregate", {"op": "sum", "column": "Price"}).result.value == 6.5


def test_an_id_column_with_a_blank_cell_is_matched_and_shown_as_written(tmp_path):
    """A blank cell keeps a column of whole numbers float to pandas (1050.0): the cell a question
    names is still '1050' ('Order ID 1050' refused, reading Order ID = '1050.0'), in a workbook
    and in a CSV alike. By hand: Order ID 1050 has Qty 30."""
    _orders_book(tmp_path / "orders.xlsx", [(1049, 4, 2.5), (1050, 30, 3), (None, 7, 1), (1051, None, None)])
    (tmp_path / "orders.csv").write_text("Order ID,Qty,Price\n1049,4,2.5\n1050,30,3\n,7,1\n1051,,\n")
    for name in ("orders.xlsx", "orders.csv"):
        output = _ask(tmp_path / name, "What is the Qty of Order ID 1050?")
        assert "30." in output and "1050.0" not in output, output
