"""One typed plan's run on the SQL engine: the schema, the resolved selection of its conditions,
the compiled condition, and the SQL it ran (for provenance). Shared by the query operations
(query_engine.py) and the position operations (position_engine.py)."""

from __future__ import annotations

import time

from sqlglot import exp

from agent.engine import compile as c
from agent.engine import query_compile as q
from agent.engine.scope import scope
from agent.engine.sql_engine import SqlEngine
from agent.engine import type_check
from agent.table_type import Table


class PlanRun:
    """One plan's run: the schema, the resolved selection of `where`, its condition and the SQL."""

    def __init__(self, engine: SqlEngine, table: Table, where: list, *, require: bool = True):
        table = scope(table, where)  # summary rows left out unless `where` names one
        self.engine, self.table, self.started = engine, table, time.perf_counter()
        self.schema = engine.schema(table)
        self.selection = engine._selection(table, self.schema, where)
        self.condition = c.where(self.schema, self.selection.predicates, self.selection.resolved)
        self.sql: list[str] = []
        if require:
            (matched,), = self.fetch(q.counted(self.schema, self.condition))
            engine._require(table, self.selection, matched)

    def fetch(self, tree: exp.Expression) -> list[tuple]:
        self.sql.append(self.engine._sql(tree))
        return self.engine.backend.fetch(tree)

    def numeric(self, name: str, operation: str) -> str:
        return type_check.numeric(self.table, self.schema, self.table.column(name), operation)

    def provenance(self, operation: str, matched: int, **fields: object):
        """The run's Provenance, its notes (`fields['notes']`) followed by a note per negated
        condition whose blank cells it leaves out (SqlEngine._negated_blanks)."""
        fields["notes"] = [*(fields.get("notes") or []),
                           *self.engine._negated_blanks(self.schema, self.selection.predicates)]
        return self.engine._provenance(self.table, operation, ";\n".join(self.sql), matched, self.started,
                                       self.selection, **fields)
