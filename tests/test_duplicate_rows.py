"""Rows that are exact duplicates of another row are counted as they are, and an answer that counts,
sums or averages rows says how many there are, in CSV and Excel alike and when the rows stay in
the file; the numbers do not change. Expected values are worked out by hand from the rows below."""

from __future__ import annotations

import pytest

from tests.helpers import agent_over, write_table

HEADER = ("patient", "appointment_date", "status", "fee")
ROWS = [("Ana Lopez", "2024-03-05", "attended", 120.0),
        ("Ben Carter", "2024-03-06", "attended", 80.0),
        ("Ana Lopez", "2024-03-05", "attended", 120.0),  # row 1 again
        ("Chloe Dunn", "2024-03-07", "cancelled", 0.0),
        ("Dev Patel", "2024-03-08", None, 95.5),
        ("Ben Carter", "2024-03-06", "attended", 80.0),  # row 2 again
        ("Ana Lopez", "2024-03-05", "attended", 120.0),  # row 1 a third time
        ("Dev Patel", "2024-03-08", None, 95.5),  # row 5 again, its blank status alike
        ("Eva Novak", "2024-03-09", "no-show", 40.0)]
DUPLICATES = 4  # rows 3 and 7 (of row 1), 6 (of row 2), 8 (of row 5)
NOTE = "4 rows are exact duplicates of an earlier row (every column alike); counted as they are"


def _write(rows, kind: str, stem, frame_rows: int | None = None):
    """HEADER and `rows` as `stem`.csv or `stem`.xlsx, opened as a user's file is."""
    return write_table(HEADER, rows, kind, stem, frame_rows)


@pytest.fixture(params=["csv", "xlsx", "csv in place"])
def table(request, tmp_path):
    kind = request.param.split()[0]
    return _write(ROWS, kind, tmp_path / "visits", frame_rows=3 if "place" in request.param else None)


def _ask(table, question: str):
    outcome = agent_over(table).ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome.results[-1].result


def test_a_row_count_keeps_duplicates_and_says_so(table):
    result = _ask(table, "How many rows are there?")
    assert result.value == len(ROWS) == 9
    assert NOTE in result.provenance.notes
    result = _ask(table, "What is the maximum fee?")  # a maximum duplicates do not change: no note
    assert result.value == 120.0
    assert not any("duplicate" in n for n in result.provenance.notes)


def test_a_sum_and_a_mean_keep_duplicates_and_say_so(table):
    fees = [r[3] for r in ROWS]
    result = _ask(table, "What is the total fee?")
    assert result.value == pytest.approx(sum(fees)) and sum(fees) == pytest.approx(3 * 120 + 2 * 80 + 0 + 2 * 95.5 + 40)  # 751
    assert NOTE in result.provenance.notes
    result = _ask(table, "What is the average fee?")
    assert result.value == pytest.approx(751.0 / 9) and NOTE in result.provenance.notes


def test_a_share_of_rows_says_so(table):
    result = _ask(table, "What percentage of rows have status attended?")
    assert result.percent == pytest.approx(100 * 5 / 9)  # rows 1, 2, 3, 6, 7
    assert NOTE in result.provenance.notes


def test_one_duplicate_is_worded_alone_and_none_has_no_note(tmp_path):
    result = _ask(_write([*ROWS[:2], ROWS[0]], "csv", tmp_path / "t"), "How many rows are there?")
    assert result.value == 3
    assert "1 row is an exact duplicate of an earlier row (every column alike); counted as they are" \
        in result.provenance.notes
    unique = [ROWS[0], ROWS[1], ROWS[3], ROWS[4], ROWS[8]]
    for kind in ("csv", "xlsx"):
        result = _ask(_write(unique, kind, tmp_path / f"once_{kind}"), "What is the total fee?")
        assert result.value == pytest.approx(120 + 80 + 0 + 95.5 + 40)
        assert not any("duplicate" in n for n in result.provenance.notes)


def test_the_count_is_kept_with_the_cached_table(tmp_path, monkeypatch):
    from agent import relation, table_cache
    from agent.table import load_table

    monkeypatch.setattr(table_cache, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.setattr(relation, "CACHE_BYTES", 0)  # every file is cached
    path = tmp_path / "visits.csv"
    path.write_text("\n".join(",".join("" if v is None else str(v) for v in r) for r in [HEADER, *ROWS]) + "\n")
    assert NOTE in _ask(load_table(path), "How many rows are there?").provenance.notes
    first = load_table(path)
    assert NOTE in _ask(first, "What is the total fee?").provenance.notes
    assert table_cache.keep_facts(first)
    again = load_table(path)
    assert again.__dict__.get("_fact_duplicates") == {"rows": DUPLICATES}  # read back, not counted again


def test_a_table_over_the_checked_rows_says_the_check_was_skipped(tmp_path, monkeypatch):
    from agent.engine import duplicates

    monkeypatch.setattr(duplicates, "CHECKED_ROWS", len(ROWS) - 1)  # 9 rows: one over the limit
    table = _write(ROWS, "csv", tmp_path / "visits")
    result = _ask(table, "How many rows are there?")
    assert result.value == 9
    assert "exact duplicate rows not counted (a table over 8 rows)" in result.provenance.notes
    assert NOTE not in result.provenance.notes
