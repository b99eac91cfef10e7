"""Cells written with the typeset minus (U+2212 MINUS SIGN, '\u22126') are negative numbers, in the
loaded rows and in the typed view a table too big for memory is read through (agent/numbers.py,
agent/typed_view.py); an en dash ('\u20136') is not read as a minus (agent.numbers.MINUS_SIGN says
why). Values by hand."""

from __future__ import annotations

import pytest

from agent.engine import duckdb_engine
from agent.plan import Agg, AggregateArgs
from agent.table import ColumnRole, load_table, table_from_text

# temp: -6, 4, -2.5, 10 -> sum 5.5, min -6; delta: -1,200 (thousands), +3, (2) parentheses, -0.5 -> sum -1199.5
CSV = "city,temp,delta\nA,\u22126,\"\u22121,200\"\nB,4,3\nC,\u22122.5,(2)\nD,10,\u22120.5\n"


def test_minus_sign_cells_are_negative_numbers():
    table = table_from_text(CSV)
    assert table.roles["temp"] is ColumnRole.numeric and table.roles["delta"] is ColumnRole.numeric
    assert table.df["temp"].tolist() == [-6, 4, -2.5, 10]
    assert table.df["delta"].tolist() == [-1200, 3, -2, -0.5]
    assert any("\u22126" in note and "-6" in note for note in table.reports["temp"].conversions)
    got = duckdb_engine().aggregate(table, AggregateArgs(op=Agg.sum, column="temp"))
    assert got.value == pytest.approx(5.5)


def test_minus_sign_cells_are_negative_in_the_typed_view_of_a_table_read_in_place(tmp_path):
    path = tmp_path / "temps.csv"
    header, rows = CSV.split("\n", 1)
    path.write_text(header + "\n" + rows * 3, encoding="utf-8")  # the 4 rows three times: 12 rows
    table = load_table(path, frame_rows=4)
    assert table.lies_in_file and table.roles["temp"] is ColumnRole.numeric
    engine = duckdb_engine()
    assert engine.aggregate(table, AggregateArgs(op=Agg.sum, column="temp")).value == pytest.approx(3 * 5.5)
    assert engine.aggregate(table, AggregateArgs(op=Agg.min, column="delta")).value == pytest.approx(-1200)


def test_an_en_dash_is_not_read_as_a_minus():
    table = table_from_text("team,diff\nA,\u20136\nB,\u20132\nC,\u20131\n")
    assert table.roles["diff"] is not ColumnRole.numeric and table.df["diff"].tolist() == ["\u20136", "\u20132", "\u20131"]
