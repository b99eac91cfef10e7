"""The loader's cheaper scans read the same table: a text file past the typing sample is parsed
once (and a past-the-bound one keeps only its sample), the plain-number check looks at the
first rows before every row, and summary-row labels are looked for only in the columns SQL finds
'tot' or 'sum' in. Expected values are written by hand."""

from __future__ import annotations

from agent.relation import SAMPLE_ROWS
from agent.summary_rows import find_summary_rows
from agent.table import load_table
from agent.typed_view import PREFILTER_ROWS


def _write(path, rows: list[str]) -> None:
    path.write_text("\n".join(rows) + "\n")


def test_a_number_column_with_text_after_the_first_rows_is_not_a_plain_number(tmp_path):
    rows = PREFILTER_ROWS + 1000
    cells = [str(i) for i in range(rows)]
    cells[PREFILTER_ROWS + 500] = "abc"  # past the rows the check looks at first
    path = tmp_path / "late_text.csv"
    _write(path, ["n,m", *[f"{c},{i * 2}" for i, c in enumerate(cells)]])
    table = load_table(path)
    assert table.rows == rows
    assert table.reports["n"].unparseable == 1 and table.reports["n"].unparseable_examples == ["abc"]
    assert int(table.df["n"].sum()) == sum(range(rows)) - (PREFILTER_ROWS + 500)
    assert str(table.df["m"].dtype) == "int64"  # every cell a whole number: a plain BIGINT column


def test_a_file_past_the_sample_keeps_every_row_in_file_order(tmp_path):
    rows = SAMPLE_ROWS + 37
    path = tmp_path / "many.csv"
    _write(path, ["k,v", *[f"k{i},{i}.5" for i in range(rows)]])
    table = load_table(path)
    assert table.rows == rows and not table.lies_in_file
    assert table.df["k"].iloc[-1] == f"k{rows - 1}" and float(table.df["v"].iloc[0]) == 0.5


def test_a_file_past_the_row_bound_stays_where_it_lies_with_its_sample(tmp_path):
    rows = SAMPLE_ROWS * 2 + 3
    path = tmp_path / "big.csv"
    _write(path, ["k,v", *[f"k{i % 7},{i}" for i in range(rows)]])
    table = load_table(path, frame_rows=SAMPLE_ROWS + 10)
    assert table.lies_in_file and table.rows == rows
    assert set(table.df["k"].dropna()) == {f"k{i}" for i in range(7)}


def test_summary_labels_are_read_only_in_the_columns_named():
    import pandas as pd

    df = pd.DataFrame({"region": ["North", "South", "Grand Total"], "units": [2.0, 3.0, 5.0]})
    assert [r.label for r in find_summary_rows(df, ["region"], ["units"])] == ["Grand Total"]
    assert find_summary_rows(df, ["region"], ["units"], label_columns=[]) == []


def test_a_total_row_in_a_file_is_found_through_the_sql_label_scan(tmp_path):
    path = tmp_path / "sales.csv"
    _write(path, ["region,note,units", "North,a,2", "South,b,3", "x,SUBTOTAL,5", "East,c,1"])
    table = load_table(path)
    assert [(r.line, r.label) for r in table.summary.rows] == [(4, "SUBTOTAL")]
    assert table.rows == 3 and float(table.df["units"].sum()) == 6.0


def test_a_file_past_the_cache_size_is_reopened_from_the_cache_and_a_changed_one_is_not(tmp_path, monkeypatch):
    import os

    from agent import relation, table_cache

    monkeypatch.setattr(table_cache, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.setattr(relation, "CACHE_BYTES", 1000)
    path = tmp_path / "orders.csv"
    _write(path, ["region,amount", *[f"r{i % 3},{i}" for i in range(300)]])
    first = load_table(path)
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 1
    reads = []
    monkeypatch.setattr(relation, "open_relation", lambda *a, **k: reads.append(a) or (_ for _ in ()).throw(
        AssertionError("typed again")))
    again = load_table(path)
    assert reads == [] and again.sha256 == first.sha256 and again.df.equals(first.df)
    assert float(again.df["amount"].sum()) == sum(range(300))
    _write(path, ["region,amount", *[f"r{i % 3},{i}" for i in range(301)]])  # changed: size and time differ
    os.utime(path, ns=(1, 1))
    try:
        load_table(path)
    except AssertionError as exc:
        assert "typed again" in str(exc)
    else:
        raise AssertionError("a changed file was read from the cache")


def test_a_cache_entry_of_other_loader_code_is_not_reused(tmp_path, monkeypatch):
    from agent import relation, table_cache

    monkeypatch.setattr(table_cache, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.setattr(relation, "CACHE_BYTES", 1000)
    path = tmp_path / "orders.csv"
    _write(path, ["region,amount", *[f"r{i % 3},{i}" for i in range(300)]])
    load_table(path)
    monkeypatch.setattr(table_cache, "_loader_version", lambda: "other rules")
    load_table(path)
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 2
