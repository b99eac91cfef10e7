"""An average of a measure 'per entity' read inside a question with conditions or a measure word:
'the average order amount for Hooli' on order lines (order_id repeats) is each Hooli order's total
amount, then their mean, as router/entity.py reads the bare 'the average order amount'. Trial 5:
the plain aggregate reading gave the mean line amount (258.71 for 646.77), taking 'order' for the
rows. The entity noun must stand right after 'average' and right before the measure's word, name an
identifier column whose values repeat ('order' for order_id), and the measure's header must name
an amount the rows add up to (entity.adds_up); a measure read on each row ('the average order
rating') is refused: a mean of lines and a mean of orders differ, and the words do not say which."""

from __future__ import annotations

from pydantic import BaseModel

from agent.per_entity import PerEntityArgs
from agent.plan import AggregateArgs, Agg
from agent.router.draft import Abstain
from agent.router.entity import _VAGUE, _entity_column, adds_up
from agent.router.reading import Reading
from agent.table import Table

_OUTER = (Agg.mean, Agg.median)


def entity_mean(plan: BaseModel, reading: Reading, table: Table, notes: list[str]) -> BaseModel:
    """`plan` as a PerEntityArgs when it is the mean or median of a measure that an entity noun
    qualifies (see the module doc), its conditions kept; `plan` unchanged otherwise. Raises Abstain
    for a measure that does not add up per entity."""
    if not isinstance(plan, AggregateArgs) or plan.op not in _OUTER or plan.column is None or plan.group_by:
        return plan
    average = next((i for i in reading.items if i.kind == "op" and i.meanings and i.meanings[0].value in
                    ("mean", "median")), None)
    noun = reading.at(average.pos + 1) if average is not None else None
    measure = reading.at(noun.pos + 1) if noun is not None else None
    if noun is None or measure is None or noun.kind not in ("row", "column") or " " in noun.text \
            or measure.kind not in ("measure", "column") or (measure.kind == "column" and measure.column != plan.column):
        return plan
    entity = _entity_column(noun.text.lower(), table)
    if entity is None or entity == plan.column:
        return plan
    if measure.text.lower() in _VAGUE:  # 'the average order value for Hooli': which column?, as entity.py asks
        raise Abstain(f"'{average.text} {noun.text} {measure.text}': {entity} spans several rows; name the column to "
                      f"total per {noun.text.lower()} (e.g. 'the average {noun.text.lower()} amount').")
    if not adds_up(plan.column):
        raise Abstain(f"'{average.text} {noun.text} {measure.text}': {entity} spans several rows, and {plan.column} is "
                      f"read on each row; I cannot tell the mean over rows from the mean per {noun.text.lower()}.")
    notes.append(f"read '{noun.text}' as {entity} (it repeats: a {noun.text.lower()} spans rows): the "
                 f"{plan.op.value} over {entity} of each one's total {plan.column}")
    return PerEntityArgs(entity=entity, inner=Agg.sum, column=plan.column, outer=plan.op, where=plan.where)
