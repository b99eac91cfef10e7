"""Profiles: roles on the real transactions file, low-cardinality values, date ranges, the prompt
text, caching. Expected values by hand or by DuckDB on the same file."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from agent.profile import profile_table
from agent.table import ColumnRole, load_table, table_from_text
from tests.helpers import KAGGLE, need, sql



@pytest.fixture(scope="module")
def kaggle():
    return load_table(need(KAGGLE))


def _distinct(column: str) -> list:
    return [r[0] for r in sql(f"select distinct {column} from t where {column} is not null order by 1", KAGGLE)]


EXPECTED_ROLES = {
    **dict.fromkeys(["category", "gender", "state", "merchant", "city", "job", "first", "last"], ColumnRole.categorical),
    **dict.fromkeys(["amt", "lat", "long", "city_pop", "merch_lat", "merch_long", "is_fraud"], ColumnRole.numeric),
    **dict.fromkeys(["trans_date_trans_time", "dob"], ColumnRole.date),
    **dict.fromkeys(["cc_num", "trans_num", "zip", "unix_time"], ColumnRole.identifier),
}


def test_roles_on_real_file(kaggle) -> None:
    profile = profile_table(kaggle)
    roles = {c.name: c.role for c in profile.columns}
    for name, role in EXPECTED_ROLES.items():
        assert roles[name] == role, name
    assert roles["street"] in (ColumnRole.categorical, ColumnRole.text)


def test_low_cardinality_values_match_duckdb(kaggle) -> None:
    cols = {c.name: c for c in profile_table(kaggle).columns}
    assert cols["category"].values == _distinct("category")
    assert cols["gender"].values == ["F", "M"]
    assert cols["is_fraud"].values == [0.0, 1.0]
    assert cols["category"].distinct == len(_distinct("category"))
    assert cols["merchant"].values is None  # hundreds of merchants: not listed
    assert cols["state"].values is None  # 50 states > 30
    wide = {c.name: c for c in profile_table(kaggle, low_cardinality=60).columns}
    assert wide["state"].values == _distinct("state")


def test_date_range_matches_duckdb(kaggle) -> None:
    cols = {c.name: c for c in profile_table(kaggle).columns}
    con = duckdb.connect()
    low, high = con.execute(f"select min(dob), max(dob) from read_csv_auto('{KAGGLE}', header=true)").fetchone()
    assert (cols["dob"].min, cols["dob"].max) == (low.isoformat(), high.isoformat())
    assert cols["amt"].min is None and cols["amt"].max is None


def test_profile_is_cached_and_counts_rows(kaggle) -> None:
    first = profile_table(kaggle)
    assert profile_table(kaggle) is first
    [(count,)] = duckdb.connect().execute(f"select count(*) from read_csv_auto('{KAGGLE}', header=true)").fetchall()
    assert first.rows == count and first.file == KAGGLE.name and len(first.sha256) == 64


def test_small_table_profile_and_prompt() -> None:
    t = table_from_text("day,Activity ,price\n01/04/2024,Login,$5\n01/05/2024,Logout,N/A\n01/05/2024,,$7\n")
    p = profile_table(t, low_cardinality=30)
    day, activity, price = p.columns
    assert day.role == ColumnRole.date and day.max == "2024-01-05" and day.min == "2024-01-04"
    assert day.values == ["2024-01-04", "2024-01-05"]
    assert activity.display == "Activity " and activity.values == ["Login", "Logout"] and activity.nulls == 1
    assert price.role == ColumnRole.numeric and price.values == [5.0, 7.0] and price.nulls == 1
    text = p.to_prompt()
    assert "Activity (categorical, 2 distinct, 1 nulls" in text
    assert "price (numeric, 2 distinct, 1 nulls): 5, 7" in text
    assert "2024-01-04 .. 2024-01-05" in text
    assert "$5" not in text  # no raw cells


def test_prompt_has_one_line_per_column_and_no_rows(kaggle) -> None:
    text = profile_table(kaggle).to_prompt()
    lines = text.splitlines()
    assert len(lines) == 1 + 22
    assert "0b242abb623afc578575680df30655b9" not in text  # a trans_num from the first row
    assert lines[1].startswith("trans_date_trans_time (date,")


def _scratch_schemas() -> list[str]:
    from agent import scratch
    if not scratch._database:
        return []
    found = scratch._database[0].execute("SELECT schema_name FROM duckdb_schemas() WHERE schema_name LIKE 'scratch_%'")
    return sorted(r[0] for r in found.fetchall())


def test_a_failed_sql_profile_closes_its_scratch_connection(tmp_path) -> None:
    # a table read where it lies whose file is gone: the profile's query fails, its scratch schema goes too
    path = tmp_path / "gone.csv"
    path.write_text("a,b\n" + "".join(f"{i},x{i % 3}\n" for i in range(50)))
    table = load_table(path, frame_rows=10)
    assert table.lies_in_file
    path.unlink()
    before = _scratch_schemas()
    with pytest.raises(duckdb.IOException):
        profile_table(table)
    assert _scratch_schemas() == before
