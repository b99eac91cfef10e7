"""DuckDB in-process: the default backend. One connection per engine, with the configured memory
limit, spill folder and threads; each table registered by name (a loaded file's typed rows copied
into DuckDB storage, from its cached Parquet file when they are not in memory; another agent's
DataFrame scanned in place, without a copy)."""

from __future__ import annotations

import re
import threading
import weakref
from dataclasses import dataclass

import duckdb
from sqlglot import exp

from agent.engine import dictionary
from agent.table_type import Table


@dataclass(frozen=True)
class DuckDBSettings:
    """Connection settings. memory_limit like '4GB' (None = DuckDB's default, 80% of RAM);
    temp_directory is where operators spill beyond it; threads None = all cores."""

    memory_limit: str | None = None
    temp_directory: str | None = None
    threads: int | None = None


def sql_name(file_name: str, taken: set[str]) -> str:
    """'sparkov 2019.csv' -> 'sparkov_2019'; a name starting with a digit gets 't_'; repeats get _2, _3."""
    base = file_name.split("#")[-1] if "#" in file_name else file_name.rsplit(".", 1)[0]  # a sheet, or the stem
    stem = re.sub(r"\W+", "_", base).strip("_")[:60] or "t"
    stem = f"t_{stem}" if stem[0].isdigit() else stem
    name, n = stem, 1
    while name in taken:
        n += 1
        name = f"{stem}_{n}"
    return name


_LIVE: weakref.WeakSet[DuckDBBackend] = weakref.WeakSet()
"""Every backend not yet collected (close_spilled)."""


def close_spilled() -> None:
    """Close the connection of each live backend that holds temporary files (blocks its operators
    spilled past the memory limit, which DuckDB removes when its database closes). A process that
    ends without its teardown (`tally ask`, agent/__main__.py) calls this instead of collecting
    every cycle: the other in-memory databases are left to the operating system, as closing them
    only waited for their threads (30-130 ms of a cold ask's wall time on a busy machine)."""
    for backend in list(_LIVE):
        try:
            ((files,),) = backend.connection.execute("SELECT COUNT(*) FROM duckdb_temporary_files()").fetchall()
            if files:
                backend.connection.close()
        except duckdb.Error:  # closed already
            pass


class DuckDBBackend:
    """Runs compiled trees on one DuckDB connection (thread-safe: one query at a time). With
    `copy_rows` False (a process that asks one question: `tally ask`), a loaded file's rows are
    scanned where they are (its Parquet rows file, or its DataFrame) instead of copied: the same
    SQL over the same typed rows, without a copy that only later questions would gain from."""

    dialect = "duckdb"

    def __init__(self, settings: DuckDBSettings = DuckDBSettings(), *, copy_rows: bool = True):
        config = {k: v for k, v in (("memory_limit", settings.memory_limit),
                                    ("temp_directory", settings.temp_directory),
                                    ("threads", settings.threads)) if v is not None}
        self.connection = duckdb.connect(":memory:", config=config)
        self._names: weakref.WeakKeyDictionary[Table, str] = weakref.WeakKeyDictionary()
        self._used: set[str] = set()
        self._lock = threading.Lock()
        self._render_lock = threading.Lock()
        self._rendered: dict[int, tuple[exp.Expression, str]] = {}
        self.copy_rows = copy_rows
        _LIVE.add(self)
        self._copied: set[str] = set()
        """Tables copied into this connection's storage (the ones whose text columns may be encoded)."""
        self._encoded: dict[str, dict[str, str]] = {}
        """table -> {column: its ENUM type} (agent/engine/dictionary.py); a column tried and left as
        text maps to ''."""

    def register(self, table: Table) -> str:
        """The table's name in this connection: its file stem reduced to letters, digits and '_'
        (then quoted), made unique. A loaded file is copied once into DuckDB's own columnar storage;
        another agent's DataFrame (`in_place`) is scanned where it is; a table read where it lies is
        a view over its file."""
        if table not in self._names:
            with self._lock:
                if table in self._names:  # another thread registered it while this one waited
                    return self._names[table]
                name = sql_name(table.name, self._used)
                self._used.add(name)  # never reused, even after the table is dropped
                if table.lies_in_file:
                    table.relation(self.connection, name)
                elif table.in_place:  # another agent's DataFrame: scanned where it is
                    self.connection.register(name, table.df)
                elif not self.copy_rows:  # one question: its rows scanned where they are
                    self._scan(table, name)
                else:  # a loaded file: copied once into DuckDB's columnar storage (fast scans of text)
                    self._copy(table, name)
                self._names[table] = name
            weakref.finalize(table, self._forget, name).atexit = False  # nothing to drop when the process ends
        return self._names[table]

    def _scan(self, table: Table, name: str) -> None:
        """Name the table's typed rows `name` without copying them: a view over its Parquet file
        when its rows are not in memory, else its DataFrame registered as it is."""
        if table.frame_loaded or table.rows_parquet is None:
            self.connection.register(name, table.df)
            return
        source = exp.Anonymous(this="read_parquet", expressions=[exp.Literal.string(str(table.rows_parquet))])
        self.connection.execute(exp.Create(this=exp.Table(this=exp.to_identifier(name, quoted=True)), kind="VIEW",
                                           expression=exp.select(exp.Star()).from_(source)).sql(dialect=self.dialect))

    def _copy(self, table: Table, name: str) -> None:
        """Copy the table's typed rows into table `name`: from its Parquet file when its rows are
        not in memory (a cached table, read without a DataFrame), else from `df`."""
        if not table.frame_loaded and table.rows_parquet is not None:
            source = exp.Anonymous(this="read_parquet", expressions=[exp.Literal.string(str(table.rows_parquet))])
        else:
            self.connection.register("_incoming", table.df)
            source = exp.to_table("_incoming")
        create = exp.Create(this=exp.Table(this=exp.to_identifier(name, quoted=True)), kind="TABLE",
                            expression=exp.select(exp.Star()).from_(source))
        (threads,), = self.connection.execute("SELECT current_setting('threads')").fetchall()
        # One thread copies a loaded file's rows (FRAME_ROWS at most by default) in about half the CPU time
        # of all cores, and no slower (the 100k CSV's rows: 0.10 s CPU against 0.18 s, on 2 busy cores).
        self.connection.execute("SET threads = 1")
        try:
            self.connection.execute(create.sql(dialect=self.dialect))
        finally:
            self.connection.execute(f"SET threads = {int(threads)}")
        if source.name == "_incoming":
            self.connection.unregister("_incoming")
        self._copied.add(name)

    def encode(self, name: str, column: str, distinct: int, rows: int) -> None:
        """Store text `column` of the copied table `name`, which has `distinct` values over `rows`
        rows, dictionary-encoded when that pays (agent/engine/dictionary.py); once per column. A
        view over a file or a DataFrame scanned in place is left as it is."""
        if name not in self._copied or column in self._encoded.get(name, {}):
            return
        with self._lock:
            encoded = self._encoded.setdefault(name, {})
            type_name = ""
            if dictionary.worth_encoding(distinct, rows) and dictionary.is_text(self.connection, name, column):
                type_name = f"{name}__enum{len(encoded)}"
                dictionary.encode(self.connection, name, column, type_name)
            encoded[column] = type_name

    def _forget(self, name: str) -> None:
        """Drop a collected table's registration (its data is no longer held), then its ENUM types."""
        types = [t for t in self._encoded.pop(name, {}).values() if t]
        self._copied.discard(name)
        for statement in (lambda: self.connection.unregister(name),
                          *[lambda kind=kind: self.connection.execute(exp.Drop(
                              this=exp.Table(this=exp.to_identifier(name, quoted=True)), kind=kind,
                              exists=True).sql(dialect=self.dialect)) for kind in ("TABLE", "VIEW")],
                          *[lambda t=t: dictionary.drop(self.connection, t) for t in types]):
            try:
                with self._lock:
                    statement()
            except Exception:  # the name is another kind, or the connection is closed at exit
                pass

    def render(self, tree: exp.Expression) -> str:
        """The tree in DuckDB's dialect. The last trees' text is kept: a query is rendered to run
        it and again for its provenance, the engine keeps compiled trees to run again
        (SqlEngine._compile), and rendering costs more than a small query."""
        kept = self._rendered.get(id(tree))
        if kept is not None and kept[0] is tree:
            return kept[1]
        sql = tree.sql(dialect=self.dialect)
        with self._render_lock:  # calls render from several threads; the oldest entry is dropped
            if len(self._rendered) >= 256:
                self._rendered.pop(next(iter(self._rendered)), None)
            self._rendered[id(tree)] = (tree, sql)
        return sql

    def fetch(self, tree: exp.Expression) -> list[tuple[object, ...]]:
        """Rows of the tree rendered in DuckDB's dialect."""
        sql = self.render(tree)
        with self._lock:
            return self.connection.execute(sql).fetchall()
