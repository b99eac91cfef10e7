"""`tally ask` ends without a full garbage collection (agent/__main__.py): only an engine database
that spilled to disk is closed at exit, so its temporary files are removed; the others are left
to the operating system."""

from __future__ import annotations

from pathlib import Path

import pytest


def test_close_spilled_closes_only_a_database_that_spilled(tmp_path: Path):
    import duckdb

    from agent.engine.duckdb_backend import DuckDBBackend, DuckDBSettings, close_spilled

    spill = tmp_path / "spill"
    spilled = DuckDBBackend(DuckDBSettings(memory_limit="30MB", temp_directory=str(spill), threads=1))
    spilled.connection.execute("SET enable_progress_bar = false")
    spilled.connection.execute("CREATE TABLE t AS SELECT range AS i, md5(range::VARCHAR) AS s FROM range(2000000)")
    assert any(spill.glob("duckdb_temp*"))  # 2M rows of 32-character text do not fit in 30 MB
    kept = DuckDBBackend(DuckDBSettings(threads=1))
    close_spilled()
    assert not any(spill.glob("duckdb_temp*"))  # removed when its database closed
    with pytest.raises(duckdb.Error):
        spilled.connection.execute("SELECT 1")
    assert kept.connection.execute("SELECT 41 + 1").fetchall() == [(42,)]
