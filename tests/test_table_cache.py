"""The table cache stays under its size limit by removing the least recently used entries, never one
in use, and a reopened file whose entry was evicted is typed again with the same result."""

import os
import time
from pathlib import Path

import pytest

from agent import relation, table_cache
from agent.table import load_table

HOUR = 3600


def _entry(directory: Path, key: str, size: int, age_seconds: float) -> Path:
    """A fake entry: a pickle of 100 bytes and a rows file of `size - 100`, last used `age_seconds` ago."""
    directory.mkdir(parents=True, exist_ok=True)
    pickled, rows = directory / f"{key}.pickle", directory / f"{key}.parquet"
    pickled.write_bytes(b"p" * 100)
    rows.write_bytes(b"r" * (size - 100))
    when = time.time() - age_seconds
    for path in (pickled, rows):
        os.utime(path, (when, when))
    return pickled


def test_least_recently_used_entries_go_first_until_under_the_limit(tmp_path):
    old = _entry(tmp_path, "old", 1000, 5 * HOUR)
    middle = _entry(tmp_path, "middle", 1000, 4 * HOUR)
    new = _entry(tmp_path, "new", 1000, 3 * HOUR)
    removed = table_cache.evict(tmp_path, 2000)  # 3000 bytes: one entry of 1000 must go
    assert removed == [old]
    assert not old.exists() and not old.with_suffix(".parquet").exists()
    assert middle.exists() and new.exists() and new.with_suffix(".parquet").exists()


def test_the_entry_just_saved_and_entries_in_use_are_kept_even_past_the_limit(tmp_path):
    keep = _entry(tmp_path, "keep", 1000, 9 * HOUR)
    in_use = _entry(tmp_path, "in_use", 1000, 60)  # used a minute ago: another process may read it
    stale = _entry(tmp_path, "stale", 1000, 2 * HOUR)
    assert table_cache.evict(tmp_path, 0, keep=keep) == [stale]
    assert keep.exists() and in_use.exists() and not stale.exists()


def test_orphaned_rows_and_dead_partial_files_are_removed_once_old(tmp_path):
    tmp_path.mkdir(exist_ok=True)
    orphan, fresh_orphan = tmp_path / "gone.parquet", tmp_path / "saving.parquet"
    partial, fresh_partial = tmp_path / "x.123.tmp", tmp_path / "y.456.tmp"
    for path, age in ((orphan, 2 * HOUR), (fresh_orphan, 5), (partial, 2 * HOUR), (fresh_partial, 5)):
        path.write_bytes(b"z")
        when = time.time() - age
        os.utime(path, (when, when))
    assert table_cache.evict(tmp_path, 10**9) == [orphan]
    assert not partial.exists() and fresh_orphan.exists() and fresh_partial.exists()


@pytest.fixture
def small_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(table_cache, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.setattr(table_cache, "IN_USE_SECONDS", -1)  # nothing counts as in use
    monkeypatch.setattr(relation, "CACHE_BYTES", 0)  # every file is cached
    return tmp_path / "cache"


def _orders(path: Path, rows: int) -> Path:
    path.write_text("region,amount\n" + "".join(f"r{i % 3},{i}\n" for i in range(rows)))
    return path


def test_opening_files_in_turn_keeps_the_cache_under_its_limit_and_an_evicted_file_reopens(
        small_cache, tmp_path, monkeypatch):
    first = _orders(tmp_path / "a.csv", 300)
    load_table(first)
    (one,) = small_cache.glob("*.pickle")
    one_size = one.stat().st_size + one.with_suffix(".parquet").stat().st_size
    monkeypatch.setattr(table_cache, "CACHE_MAX_BYTES", one_size + one_size // 2)  # room for one entry
    time.sleep(0.01)  # a later modification time for the second entry
    load_table(_orders(tmp_path / "b.csv", 301))
    (left,) = small_cache.glob("*.pickle")
    assert left != one and not one.with_suffix(".parquet").exists()
    again = load_table(first)
    assert float(again.df["amount"].sum()) == sum(range(300))  # 44,850: typed again from the file
    assert again.rows == 300


def test_a_hit_marks_its_entry_used(small_cache, tmp_path):
    path = _orders(tmp_path / "a.csv", 300)
    load_table(path)
    (saved,) = small_cache.glob("*.pickle")
    long_ago = time.time() - 10 * HOUR
    os.utime(saved, (long_ago, long_ago))
    load_table(path)
    assert time.time() - saved.stat().st_mtime < HOUR


def test_facts_a_process_learned_come_back_to_the_next_open_without_a_query(small_cache, tmp_path, monkeypatch):
    from agent import table_rows

    path = _orders(tmp_path / "a.csv", 300)
    table = load_table(path)
    assert table_rows.values(table, "region") == [("r0", 100), ("r1", 100), ("r2", 100)]  # i % 3, 300 rows
    assert table_rows.numbers(table, "amount").high == 299
    assert table_cache.keep_facts(table)
    assert not table_cache.keep_facts(table)  # nothing new learned: not written again
    (facts,) = small_cache.glob("*.facts")

    def no_query(*_):
        raise AssertionError("the rows were queried")

    monkeypatch.setattr(table_rows, "_rows", no_query)
    again = load_table(path)
    assert table_rows.values(again, "region") == [("r0", 100), ("r1", 100), ("r2", 100)]
    assert (table_rows.numbers(again, "amount").low, table_rows.numbers(again, "amount").high) == (0, 299)
    monkeypatch.setattr(table_cache, "_facts_version", lambda: "other code")
    assert "_fact_values" not in load_table(path).__dict__  # facts computed by other code are not read
    assert facts.exists()


def test_an_evicted_entry_takes_its_facts_and_orphaned_facts_go_once_old(tmp_path):
    old = _entry(tmp_path, "old", 1000, 5 * HOUR)
    new = _entry(tmp_path, "new", 1000, 3 * HOUR)
    for pickled in (old, new):
        pickled.with_suffix(".facts").write_bytes(b"f" * 500)
    orphan = tmp_path / "gone.facts"
    orphan.write_bytes(b"f")
    os.utime(orphan, (time.time() - 2 * HOUR,) * 2)
    assert table_cache.evict(tmp_path, 2000) == [orphan, old]  # 3000 bytes with the facts: one entry goes
    assert not old.with_suffix(".facts").exists() and new.with_suffix(".facts").exists()


def test_a_big_tables_parse_reports_come_back_without_a_scan(small_cache, tmp_path, monkeypatch):
    from agent import parse_reports

    path = tmp_path / "big.csv"
    path.write_text("region,amount\n" + "".join(f"r{i % 3},{'n/a' if i % 10 == 0 else i}\n" for i in range(300)))
    table = load_table(path, frame_rows=100)  # past frame_rows: read where it lies, reports computed on use
    assert table.lies_in_file
    assert table.reports["amount"].missing == 30  # every tenth of 300 rows is 'n/a'
    assert table_cache.keep_facts(table)

    def no_scan(*_):
        raise AssertionError("the rows were scanned")

    monkeypatch.setattr(parse_reports, "reports", no_scan)
    assert load_table(path, frame_rows=100).reports["amount"].missing == 30


def test_the_row_numbering_fact_comes_back_to_the_next_open_without_a_query(small_cache, tmp_path, monkeypatch):
    from agent import table_rows

    path = tmp_path / "goals.csv"  # n numbers the rows 1..300; amount starts at 0, so it numbers nothing
    path.write_text("n,amount\n" + "".join(f"{i + 1},{i * 7 % 11}\n" for i in range(300)))
    table = load_table(path)
    assert table_rows.numbering(table, "n") == (300, (1.0, 2.0, 3.0, 4.0), 300.0)
    assert table_rows.numbering(table, "amount") is None
    assert table_cache.keep_facts(table)

    def no_query(*_):
        raise AssertionError("the rows were queried")

    monkeypatch.setattr(table_rows, "_rows", no_query)
    again = load_table(path)
    assert table_rows.numbering(again, "n") == (300, (1.0, 2.0, 3.0, 4.0), 300.0)
    assert table_rows.numbering(again, "amount") is None
