"""Rows picked by a condition, their label shown: 'which kingdom had 30 villages', 'who was the
only driver with more than 100 laps' on a table where each kingdom (driver) is one row. The
parser reads 'which <column>' as a grouping; with conditions and no order or aggregate, a
grouping of one row per value is the rows themselves, so the question asks for the label of the
rows the conditions pick: DistinctArgs(column=label, where=conditions), the values listed in file
order.

Precision guards (each leaves the refusal as it was):
- the label column holds one value per row, none missing (`rows.one_per_row`): where a label
  repeats ('which team scored more than 100 points' over games) the condition may be meant of each
  team's total, not of single rows;
- at least one condition, none on the label itself, no aggregate, order, limit or ratio words;
  a condition setting labels aside ('what other film is in malayalam besides koothara': Film !=
  'Koothara') is allowed beside another condition, which then picks the rows."""

from __future__ import annotations

from agent.plan import Op, Predicate
from agent.queries import DistinctArgs
from agent.router.draft import Draft
from agent.router.rows import one_per_row
from agent.table import Table
from agent.table_type import TEXT_ROLES



def which_rows(draft: Draft, predicates: list[Predicate], table: Table) -> DistinctArgs | None:
    """The label of the rows `predicates` pick, for a 'which <label>' draft with no aggregate,
    order, limit or ratio; None for any other draft (the planner goes on as before)."""
    if not (draft.which and len(draft.group_by) == 1 and predicates) or draft.op or draft.order \
            or draft.limit is not None or draft.ratio or draft.measure_used or draft.magnitude:
        return None
    label = draft.group_by[0]
    on_label = [p for p in predicates if p.column == label]
    set_aside = all(p.op in (Op.ne, Op.not_in) for p in on_label) and len(on_label) < len(predicates)
    if table.roles.get(label) not in TEXT_ROLES or (on_label and not set_aside) or not one_per_row(table, label):
        return None
    draft.notes.append(f"each {label} is one row: listed the {label} of the rows where the conditions hold")
    return DistinctArgs(column=label, where=predicates)
