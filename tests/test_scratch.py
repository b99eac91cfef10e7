"""Scratch connections (agent/scratch.py): cursors on one kept database whose tables stay their
own and are dropped on close, so opens in several threads at once never meet."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from agent import scratch
from agent.table import load_table


def _schemas(connection) -> set[str]:
    return {r[0] for r in connection.execute("SELECT schema_name FROM duckdb_schemas()").fetchall()}


def test_each_connection_sees_only_its_own_tables():
    a, b = scratch.connect(), scratch.connect()
    a.execute("CREATE TABLE raw AS SELECT 1 AS x")
    b.execute("CREATE TABLE raw AS SELECT 2 AS x")
    assert a.execute("SELECT x FROM raw").fetchall() == [(1,)]
    assert b.execute("SELECT x FROM raw").fetchall() == [(2,)]
    a.close()
    b.close()


def test_close_drops_the_schema_and_what_it_holds():
    a = scratch.connect()
    name = a.execute("SELECT current_schema()").fetchone()[0]
    a.execute("CREATE TABLE raw AS SELECT * FROM range(1000)")
    a.close()
    a.close()  # idempotent
    with scratch.connect() as b:
        assert name not in _schemas(b)
        assert name.startswith("scratch_")


def test_tables_opened_in_threads_at_once_keep_their_own_rows(tmp_path):
    """Eight CSVs of different shapes opened by four threads together: each table's row count and
    column total are its own file's (computed here when writing it)."""
    expected = {}
    for k in range(8):
        path = tmp_path / f"t{k}.csv"
        rows = [(i, i * (k + 1)) for i in range(10 + k * 7)]
        path.write_text("id,amount\n" + "".join(f"{i},{a}\n" for i, a in rows))
        expected[path] = (len(rows), sum(a for _, a in rows))
    paths = list(expected) * 3
    with ThreadPoolExecutor(4) as pool:
        tables = list(pool.map(load_table, paths))
    assert [(t.rows, int(t.df["amount"].sum())) for t in tables] == [expected[p] for p in paths]
