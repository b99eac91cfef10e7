"""Verifier rule: an average over several named things when one of them has several rows.

'what was the average of the totals of nicky english and mark corrigan?' on a table of matches,
one player a row mostly, where Nicky English has three rows (18, 13, 11) and Mark Corrigan one
(16): the mean of the four rows (14.5) weighs one player three times; the question asks about two
players, whose 'totals' may be each one's best, first or summed. The rows do not say which, so
the reading is refused naming the repeated value.

Only a mean (or median) over a value list of two or more names on a column that names the rows
(most of its values on one row each: players, titles), where a listed name holds more rows than
another listed name; 'the average age of patients in NY and CA' over a column of few repeated
places weighs every row as asked."""

from __future__ import annotations

from pydantic import BaseModel

from agent import table_rows
from agent.router.draft import Abstain
from agent.table import Table

_MEANS = ("mean", "median")
_NAMING_SHARE = 0.5
"""Share of a column's present cells that are distinct for it to name the rows."""


def check_named_mean(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when a mean or median takes the rows of two or more named values of a column
    naming the rows and those values hold unequal numbers of rows (module docstring)."""
    if type(plan).__name__ != "AggregateArgs" or getattr(plan.op, "value", plan.op) not in _MEANS or plan.group_by:
        return
    for predicate in plan.where:
        values = list(predicate.values or [])
        if predicate.op.value != "in" or not values or len(values) < 2 \
                or not all(isinstance(v, str) for v in values) or predicate.column not in table.roles:
            continue
        counts = table_rows.counts(table, predicate.column)
        if counts.present == 0 or counts.distinct < _NAMING_SHARE * counts.present:
            continue
        held = dict(table_rows.values(table, predicate.column))
        rows = {v: held.get(v, 0) for v in values}
        if len(set(rows.values())) > 1:
            most = max(rows, key=rows.get)
            raise Abstain(f"'{most}' is on {rows[most]} rows of {predicate.column} and the other named values on "
                          f"fewer; the average of the rows weighs it {rows[most]} times. Say which of its rows "
                          "count, or ask for the average per row.")
