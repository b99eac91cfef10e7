"""The engine behind the typed-plan contract: plans compiled to SQL syntax trees (`compile`) and run
by a backend: DuckDB in-process by default, Spark for tables that outgrow one machine."""

from __future__ import annotations

from typing import Protocol

from agent.plan import AggregateArgs, DescribeArgs, RatioArgs
from agent.results import AggregateResult, DescribeResult, RatioResult
from agent.table_type import Table


class Engine(Protocol):
    """Runs typed plans over one table. Raises ToolError subclasses for plans it cannot answer."""

    def aggregate(self, table: Table, args: AggregateArgs) -> AggregateResult: ...
    def ratio(self, table: Table, args: RatioArgs) -> RatioResult: ...
    def describe(self, table: Table, args: DescribeArgs) -> DescribeResult: ...


def duckdb_engine(*, max_groups: int = 50, memory_limit: str | None = None, temp_directory: str | None = None,
                  threads: int | None = None, copy_rows: bool = True) -> "SqlEngine":
    """A SqlEngine on a fresh in-process DuckDB connection with these settings; `copy_rows` False
    scans a loaded file's rows where they are (agent.engine.duckdb_backend.DuckDBBackend)."""
    from agent.engine.duckdb_backend import DuckDBBackend, DuckDBSettings
    from agent.engine.sql_engine import SqlEngine

    settings = DuckDBSettings(memory_limit=memory_limit, temp_directory=temp_directory, threads=threads)
    return SqlEngine(DuckDBBackend(settings, copy_rows=copy_rows), max_groups=max_groups)


from agent.engine.sql_engine import SqlEngine  # noqa: E402  (after Engine, which it does not need)

__all__ = ["Engine", "SqlEngine", "duckdb_engine"]
