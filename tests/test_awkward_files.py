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
