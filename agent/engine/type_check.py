"""An aggregate's column checked against its kind before any query runs (compile.check_type), with
a text column's refusal naming what its cells hold (agent.text_reason): the few values shown come
from the table's own rows by SQL (agent.table_rows.values, cached on the table)."""

from __future__ import annotations

from agent import table_rows
from agent.engine import compile as c
from agent.errors import WrongType
from agent.table_type import Table

SHOWN = 6
"""Distinct values read to say what a text column holds (the message shows at most three)."""


def text_cells(table: Table, name: str) -> tuple[str, ...]:
    """Up to SHOWN distinct present values of text column `name`, in order of first appearance."""
    return tuple(str(v) for v, _ in table_rows.values(table, name)[:SHOWN])


def check_type(table: Table, schema: c.Schema, op: c.Agg, name: str | None) -> None:
    """compile.check_type for `op` over column `name` (None: a row count) of `table`. Raises
    WrongType; for a text column its message says what the cells hold ('12.5 kg', several currencies)."""
    role = table.roles[name].value if name else ""
    try:
        c.check_type(schema, op, name, role)
    except WrongType as error:
        if name is None or schema.kinds[name] is not c.Kind.text:
            raise
        raise WrongType(name, role, error.operation, text_cells(table, name)) from None


def numeric(table: Table, schema: c.Schema, name: str, operation: str) -> str:
    """`name` when it holds numbers (a number or money column); raises WrongType naming what a
    text column's cells hold."""
    if schema.kinds[name] in (c.Kind.number, c.Kind.money):
        return name
    cells = text_cells(table, name) if schema.kinds[name] is c.Kind.text else ()
    raise WrongType(name, table.roles[name].value, operation, cells)
