"""Loading tables: messy numbers, dates, delimiters, Parquet, the leading index column, column
name resolution and bad input. Expected values are worked by hand or computed by DuckDB."""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

import duckdb
import pandas as pd
import pytest

from agent.errors import TableLoadError, UnknownColumn
from agent.table import ColumnRole, load_table, table_from_text
from tests.helpers import KAGGLE, need, sql

def test_money_column_with_parentheses_and_missing() -> None:
    t = table_from_text('item,price\na,"$1,230.45"\nb,$99.50\nc,(120.00)\nd,"$2,000"\ne,N/A\n')
    price = t.df["price"]
    assert price.dtype == "float64"
    assert t.roles["price"] == ColumnRole.numeric
    assert price.sum() == pytest.approx(1230.45 + 99.50 - 120.00 + 2000)  # 3209.95
    assert price.tolist()[:4] == [1230.45, 99.5, -120.0, 2000.0] and math.isnan(price.iloc[4])
    report = t.reports["price"]
    assert report.missing == 1 and report.unparseable == 0
    assert any("(120.00)" in note for note in report.conversions)


@pytest.mark.parametrize(("cells", "expected"), [
    (['"6,00 US$"', '"12,50 US$"'], [6.0, 12.5]),
    (['"1.234,50 EUR"', '"3,25 EUR"'], [1234.5, 3.25]),
    (["1.2e3", "5"], [1200.0, 5.0]),
    (["12%", "7.5%"], [12.0, 7.5]),
    (["€3", "€4.25", "EUR 5"], [3.0, 4.25, 5.0]),
    (["£3", "GBP 4.25", "5"], [3.0, 4.25, 5.0]),
])
def test_messy_numbers(cells: list[str], expected: list[float]) -> None:
    t = table_from_text("v\n" + "\n".join(cells) + "\n")
    assert t.df["v"].tolist() == pytest.approx(expected)
    assert t.roles["v"] == ColumnRole.numeric


def test_notes_name_percent_and_decimal_comma() -> None:
    pct = table_from_text("v\n12%\n3%\n").reports["v"]
    assert any("percent" in n and "'12%'" in n for n in pct.conversions)
    comma = table_from_text('v\n"6,00 US$"\n').reports["v"]
    assert any("decimal comma" in n for n in comma.conversions)


def test_mostly_numeric_column_reports_unparseable() -> None:
    rows = "\n".join(f"${i}" for i in range(1, 20)) + "\nabout 3\n"
    t = table_from_text("v\n" + rows)
    assert t.df["v"].sum() == sum(range(1, 20))
    r = t.reports["v"]
    assert r.unparseable == 1 and r.unparseable_examples == ["about 3"]


def test_mostly_text_column_stays_text() -> None:
    t = table_from_text("v\n1\nabc\ndef\n2\n")
    assert t.df["v"].tolist() == ["1", "abc", "def", "2"]


def test_header_trimmed_and_display_kept() -> None:
    t = table_from_text("TimeGenerated,Activity \n2024-01-01 10:00:00,Login\n2024-01-02 11:30:00,Logout\n")
    assert list(t.df.columns) == ["TimeGenerated", "Activity"]
    assert t.display["Activity"] == "Activity "
    assert t.df["TimeGenerated"].dtype == "datetime64[ns]"
    assert t.df["TimeGenerated"].max() == pd.Timestamp("2024-01-02 11:30:00")


def test_slash_dates_month_first() -> None:
    t = table_from_text("day,n\n01/04/2024,1\n01/05/2024,2\n")
    assert t.df["day"].dtype == "datetime64[ns]" and t.roles["day"] == ColumnRole.date
    assert t.df["day"].max() == pd.Timestamp("2024-01-05")


def test_slash_dates_day_first_when_a_first_field_exceeds_12() -> None:
    t = table_from_text("day\n13/04/2024\n01/05/2024\n")
    assert t.df["day"].tolist() == [pd.Timestamp("2024-04-13"), pd.Timestamp("2024-05-01")]


def test_integers_are_not_dates() -> None:
    t = table_from_text("year,zip,unix_time\n2019,28654,1325376018\n2020,99160,1325376044\n")
    assert all(str(t.df[c].dtype) == "int64" for c in t.df.columns)
    assert t.roles["zip"] == ColumnRole.identifier and t.roles["unix_time"] == ColumnRole.identifier


def test_tsv_detected() -> None:
    t = table_from_text("a\tb c\n1\tx y\n2\tz w\n", name="t.tsv")
    assert list(t.df.columns) == ["a", "b c"]
    assert t.df["a"].sum() == 3


def test_semicolon_detected() -> None:
    t = table_from_text('a;b\n1;"2,5"\n2;"3,5"\n')
    assert t.df["b"].tolist() == [2.5, 3.5]


def test_parquet_roundtrip(tmp_path: Path) -> None:
    path = tmp_path / "t.parquet"
    pd.DataFrame({"k": ["a", "b", "a"], "v": [1.5, 2.0, 3.0],
                  "d": pd.to_datetime(["2024-01-01", "2024-02-01", "2024-03-01"])}).to_parquet(path)
    t = load_table(path)
    assert t.rows == 3 and list(t.df.columns) == ["k", "v", "d"]
    assert t.df["v"].sum() == 6.5
    assert t.roles["d"] == ColumnRole.date and t.df["d"].dtype == "datetime64[ns]"
    assert t.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()


def test_empty_text_cells_are_missing() -> None:
    t = table_from_text("a,b\n1,x\n2,\n3,N/A\n")
    assert t.df["b"].isna().tolist() == [False, True, True]
    assert t.reports["b"].missing == 2


def test_real_file_index_dropped_and_duckdb_agrees() -> None:
    path = need(KAGGLE)
    t = load_table(path)
    assert len(t.df.columns) == 22 and t.df.columns[0] == "trans_date_trans_time"
    [(total, count)] = sql("select sum(amt), count(*) from t", path)
    assert t.rows == count
    assert t.df["amt"].sum() == pytest.approx(total, rel=1e-12)
    assert t.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    [(fraud,)] = sql("select sum(is_fraud) from t", path)
    assert t.df["is_fraud"].sum() == fraud


@pytest.mark.parametrize("text, columns, first", [
    (",,b\n500,10,x\n7,20,y\n42,30,z\n", ["Unnamed: 0", "Unnamed: 1", "b"], [500, 7, 42]),  # data, not an index
    (" , ,b\n500,10,x\n7,20,y\n", ["Unnamed: 0", "Unnamed: 1", "b"], [500, 7]),           # blank = empty header
    (",a\n0,5\n1,6\n2,7\n", ["a"], [5, 6, 7]),                                             # a saved 0..n-1 index
    (",a\n3,5\n7,6\n12,7\n", ["a"], [5, 6, 7]),                                            # a filtered frame's index
])
def test_a_leading_unnamed_column_is_dropped_only_as_an_increasing_index(text, columns, first) -> None:
    t = table_from_text(text)
    assert list(t.df.columns) == columns
    assert t.df[columns[0]].tolist() == first


def test_column_resolution() -> None:
    t = table_from_text("Activity ,total_revenue\nx,1\n")
    assert t.column("Activity") == "Activity"
    assert t.column("activity") == "Activity"
    assert t.column(" Activity") == "Activity"
    assert t.column("total revenue") == "total_revenue"
    assert t.column("Total Revenue") == "total_revenue"
    with pytest.raises(UnknownColumn) as err:
        t.column("revenue_total")
    assert "total_revenue" in err.value.suggestions


# --- bad input ---------------------------------------------------------------------------

def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TableLoadError) as err:
        load_table(tmp_path / "nope.csv")
    assert err.value.path.endswith("nope.csv") and "not found" in err.value.reason


@pytest.mark.parametrize("content", [b"", b"a,b\n", b"a,b\n\n", b"   \n"])
def test_empty_or_header_only(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "e.csv"
    path.write_bytes(content)
    with pytest.raises(TableLoadError) as err:
        load_table(path)
    assert err.value.path == str(path)
    assert "empty" in err.value.reason or "no rows" in err.value.reason


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "b.csv"
    path.write_bytes(b"PK\x03\x04\x00\x00\x01\x02binary")
    with pytest.raises(TableLoadError) as err:
        load_table(path)
    assert err.value.path == str(path) and "binary" in err.value.reason


def test_undecodable_bytes_name_line_and_offset(tmp_path: Path) -> None:
    path = tmp_path / "l.csv"
    path.write_bytes("a,b\n1,ok\n2,caf\xe9\n".encode("latin-1"))
    with pytest.raises(TableLoadError) as err:
        load_table(path)
    assert err.value.line == 3
    assert "0xe9" in err.value.reason and "offset 14" in err.value.reason  # len(b"a,b\n1,ok\n2,caf")


@pytest.mark.parametrize(("text", "line"), [
    ("a,b\n1,2\n3,4\n5,6,7\n", 4),
    ('a,b\n"multi\nline",2\n3,4,5\n', 4),   # a quoted newline: line as an editor shows it
    ("a,b\n1,2,3\n4,5,6\n", 2),               # pandas would silently take an implicit index
])
def test_ragged_rows_name_the_line(tmp_path: Path, text: str, line: int) -> None:
    path = tmp_path / "r.csv"
    path.write_text(text)
    with pytest.raises(TableLoadError) as err:
        load_table(path)
    assert err.value.line == line and err.value.path == str(path)


def test_bad_parquet(tmp_path: Path) -> None:
    path = tmp_path / "x.parquet"
    path.write_text("not parquet at all")
    with pytest.raises(TableLoadError) as err:
        load_table(path)
    assert err.value.path == str(path) and "Parquet" in err.value.reason


def test_all_distinct_integers_are_an_identifier_only_when_they_look_like_keys():
    from agent.table import ColumnRole, infer_role
    quantities = pd.Series([385, 764, 120, 991, 47, 530, 218, 650, 73, 402, 809, 15, 333, 577, 260,
                            140, 915, 488, 702, 59, 611, 299])  # 22 distinct, spread over 15..991, unsorted
    assert infer_role("units_sold", quantities) is ColumnRole.numeric
    shuffled_block = pd.Series([1007, 1003, 1015, 1001, 1020, 1011, 1002, 1019, 1005, 1013, 1009, 1017, 1004,
                                1021, 1006, 1012, 1000, 1016, 1008, 1018, 1010, 1014])  # 1000..1021, shuffled
    assert infer_role("order", shuffled_block) is ColumnRole.identifier
    increasing = pd.Series([3 * n * n + 7 for n in range(22)])  # sparse but in file order
    assert infer_role("ticket", increasing) is ColumnRole.identifier


def test_a_two_digit_year_among_month_first_dates_is_read_as_its_century(tmp_path):
    """'1/17/99' among month-first dates is 1999 (a two-digit year: %y, 69-99 -> 19xx); it was read
    as the year 99, outside pandas' datetime64[ns] range, and the open ended in a traceback (a
    WikiTableQuestions table)."""
    from agent.table import load_table

    path = tmp_path / "office.csv"
    path.write_text("Name,Took Office\nA,7/16/1921\nB,7/1/1924\nC,1/17/99\n")
    table = load_table(path)
    years = [d.year for d in table.df["Took Office"]]
    assert years == [1921, 1924, 1999]


@pytest.mark.parametrize("frame_rows", [None, 2])  # loaded, and read where it lies
def test_a_date_before_1677_loads_instead_of_crashing(tmp_path, frame_rows):
    """'1/17/1599' is outside pandas' datetime64[ns] range (1677-2262): the open ended in an
    OutOfBoundsDatetime traceback. The cell is left unparsed (with one of ten cells unread the
    column is still dates, and the cell is named among those not read), never a crash."""
    from agent.sources import open_table

    rows = "".join(f"{n},7/{n + 1}/19{20 + n}\n" for n in range(9))
    path = tmp_path / "office.csv"
    path.write_text("Name,Took Office\n" + rows + "C,1/17/1599\n")
    table = open_table(path, frame_rows=frame_rows) if frame_rows else open_table(path)
    assert table.rows == 10


@pytest.mark.parametrize("frame_rows", [None, 2])  # loaded, and read where it lies (SQL typing)
def test_several_currencies_are_no_one_number(tmp_path, frame_rows) -> None:
    """Trial 4: '$49.99', '€34,50' and '£4.25' in one column were summed as one number (and
    '€34,50' read as 3450). Amounts in several currencies have no one total: the column stays text,
    so a total or an average of it is refused, never a sum of dollars and euros."""
    from agent.sources import open_table
    path = tmp_path / "prices.csv"
    path.write_text('item,price\na,$49.99\nb,"€34,50"\nc,£4.25\nd,$12.00\n')
    t = open_table(path, frame_rows=frame_rows) if frame_rows else open_table(path)
    assert t.roles["price"] is not ColumnRole.numeric


@pytest.mark.parametrize("frame_rows", [None, 2])
def test_a_comma_no_thousands_separator_stands_in_is_not_read_as_one(tmp_path, frame_rows) -> None:
    """A column of dot decimals: '34,50' (two digits after the comma) is not 3450. It is left
    unread, counted as such; '1,234.5' and the Indian '1,00,000' group digits and read."""
    from agent.sources import open_table
    from agent import table_rows
    cells = ["49.99", '"34,50"', "4.25", '"1,234.5"', '"1,00,000"', "3.0", "2.0", "1.0", "7.5", "8.25", "6.5"]
    path = tmp_path / "prices.csv"
    path.write_text("price\n" + "\n".join(cells) + "\n")
    t = open_table(path, frame_rows=frame_rows) if frame_rows else open_table(path)
    assert t.roles["price"] is ColumnRole.numeric
    read = sorted(v for v, _ in table_rows.values(t, "price"))
    assert read == pytest.approx(sorted([49.99, 4.25, 1234.5, 100000.0, 3.0, 2.0, 1.0, 7.5, 8.25, 6.5]))
