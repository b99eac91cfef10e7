"""DuckDB in-process: the default backend. One connection per engine, with the configured memory
limit, spill folder and threads; each table registered by name (a pandas DataFrame is scanned in
place, without a copy)."""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass

import duckdb
from sqlglot import exp

from agent.table import Table


@dataclass(frozen=True)
class DuckDBSettings:
    """Connection settings. memory_limit like '4GB' (None = DuckDB's default, 80% of RAM);
    temp_directory is where operators spill beyond it; threads None = all cores."""

    memory_limit: str | None = None
    temp_directory: str | None = None
    threads: int | None = None


class DuckDBBackend:
    """Runs compiled trees on one DuckDB connection (thread-safe: one query at a time)."""

    dialect = "duckdb"

    def __init__(self, settings: DuckDBSettings = DuckDBSettings()):
        config = {k: v for k, v in (("memory_limit", settings.memory_limit),
                                    ("temp_directory", settings.temp_directory),
                                    ("threads", settings.threads)) if v is not None}
        self.connection = duckdb.connect(":memory:", config=config)
        self._names: weakref.WeakKeyDictionary[Table, str] = weakref.WeakKeyDictionary()
        self._count = 0
        self._lock = threading.Lock()

    def register(self, table: Table) -> str:
        """The table's name in this connection ('t0', 't1', ... in load order; never derived from
        file text). A DataFrame-backed table is registered in place; a file-backed one is a view."""
        if table not in self._names:
            with self._lock:
                name = f"t{self._count}"
                self._count += 1
                relation = getattr(table, "relation", None)
                if relation is not None:
                    relation(self.connection, name)
                else:
                    self.connection.register(name, table.df)
            self._names[table] = name
            weakref.finalize(table, self._forget, name)
        return self._names[table]

    def _forget(self, name: str) -> None:
        """Drop a collected table's registration (its DataFrame is no longer held)."""
        try:
            with self._lock:
                self.connection.unregister(name)
        except Exception:  # the connection may already be closed at exit
            pass

    def fetch(self, tree: exp.Expression) -> list[tuple[object, ...]]:
        """Rows of the tree rendered in DuckDB's dialect."""
        sql = tree.sql(dialect=self.dialect)
        with self._lock:
            return self.connection.execute(sql).fetchall()
