"""Money by its cells: a numeric column read from cells written with a currency sign ('$1.25',
'€3') holds money whatever its header says ('Late Fee', 'Deposit'). Trial 15: 'Is any late fee
above $5?' was refused as 'Late Fee holds no money' while every cell of Late Fee was '$0.00'-style
and the answer itself noted '(currency dropped)'."""

from __future__ import annotations

from agent.table import Table

CURRENCY_NOTE = "(currency dropped)"
"""The kind the typing notes on a number read from a currency cell (agent/cell_rules.py, numbers.py)."""


def currency_cells(table: Table, numeric: list[str]) -> frozenset[str]:
    """The columns of `numeric` whose parse report says a currency was dropped from their cells.
    A table read where it lies reports its columns only after a scan of every row: none then."""
    if table.lies_in_file:
        return frozenset()
    return frozenset(c for c in numeric if c in table.reports
                     and any(CURRENCY_NOTE in note for note in table.reports[c].conversions))
