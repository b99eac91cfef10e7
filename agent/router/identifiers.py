"""Router stage after planning: an identifier column (respondent_id, trip_id, store_id) is never
summed, averaged or used as a ratio weight. A noun linked to an id ('respondents', 'trips') means
counting entities: rows when the id is unique per row, distinct ids when it repeats; where a plan
cannot count that way, the router abstains saying why."""

from __future__ import annotations

from functools import lru_cache


from agent import table_rows
from agent.plan import AggregateArgs, Agg, RatioArgs
from agent.queries import (ChangeArgs, CheckArgs, ExpressionArgs, LatestArgs, Measure, QueryPlan, SubsetArgs)
from agent.router.lexicon_data import Meaning
from agent.router.reading import Reading
from agent.router.draft import Abstain
from agent.router.rows import distinct_count, one_per_row
from agent.table import ColumnRole, Table
from agent.table_type import identifier_by_name

_WEIGHTS = (Agg.sum, Agg.mean, Agg.median, Agg.std)
"""Aggregates that read an identifier's values as quantities."""


def count_entities(plan: AggregateArgs | RatioArgs | QueryPlan, table: Table, reading: Reading, notes: list[str]):
    """`plan` with every sum of an identifier named by a noun ('total respondents') read as a count
    of its entities (COUNT(*) when the id is unique per row, COUNT(DISTINCT id) when it repeats or
    cannot be judged) and every ratio weighted by an identifier read as a share of rows. Appends a
    note per rewrite to `notes`. Raises Abstain for a sum of an id named by its header ('the sum of
    respondent_id'), an average/median/std of an identifier, a share of a repeating id (a
    percentage counts rows, not distinct ids), and arithmetic or changes over an identifier. A
    column that is an identifier only by its values (distinct increasing integers) and is named by
    its header ('the total v') is aggregated as asked: its role is a guess, the words are not."""
    headed = _headed(reading)
    ids = {c for c, role in table.roles.items() if role is ColumnRole.identifier
           and (_id_by_name(c) or c not in headed)}  # 'total v' on values 0..99 is asked as said
    if isinstance(plan, AggregateArgs):
        if plan.op is Agg.sum and _by_header(reading, plan.column) and plan.column in ids:
            raise Abstain(f"{plan.column} is an identifier: its values are labels, and a sum of them means nothing; "
                          "ask how many there are instead.")
        op, column = _measure(plan.op, plan.column, table, ids, notes)
        return plan.model_copy(update={"op": op, "column": column})
    if isinstance(plan, RatioArgs):
        return _ratio(plan, table, ids, reading, notes)
    if isinstance(plan, CheckArgs):
        sides = {side: _check_side(getattr(plan, side), table, ids, notes) for side in ("left", "right")}
        return plan.model_copy(update=sides)
    if isinstance(plan, (SubsetArgs, ChangeArgs, LatestArgs)) and plan.column in ids \
            and getattr(plan, "op", None) in _WEIGHTS:
        raise Abstain(f"{plan.column} is an identifier: its values are labels, not quantities to "
                      f"{plan.op.value}; ask how many there are instead.")
    if isinstance(plan, ExpressionArgs):
        for operand in (plan.left, plan.right):
            if operand.column in ids:
                raise Abstain(f"{operand.column} is an identifier: its values are labels, not numbers to compute with.")
    return plan


def _by_header(reading: Reading, column: str | None) -> bool:
    """True when the question names `column` by its header ('respondent_id', 'respondent id')."""
    return column in _headed(reading)


def _headed(reading: Reading) -> set[str]:
    """The columns the question names by their headers (see `_by_header`), read once per call."""
    def norm(text: str) -> str:
        return " ".join(text.lower().replace("_", " ").replace("-", " ").split())
    return {i.column for i in reading.of("column") if i.column is not None and norm(i.text) == norm(i.column)}


@lru_cache(maxsize=4096)
def _id_by_name(column: str) -> bool:
    """True when the header alone makes a column an identifier (infer_role's name rule: 'id',
    '*_id', 'customerId', '*number'...), judged with no values."""
    return identifier_by_name(column)


def _unique(table: Table, column: str) -> bool | None:
    """True when every row has its own id, False when an id repeats, None when the table lies in a
    file (only a sample is in memory, so it cannot be judged)."""
    return None if table.lies_in_file else one_per_row(table, column)


def _measure(op: Agg, column: str | None, table: Table, ids: set[str], notes: list[str]) -> tuple[Agg, str | None]:
    """(op, column) of one aggregate with an identifier's sum read as a count of entities."""
    if column not in ids or op not in _WEIGHTS:
        return op, column
    if op is not Agg.sum:
        raise Abstain(f"{column} is an identifier: an {'average' if op is Agg.mean else op.value} of it means "
                      "nothing (ids are labels, not quantities); ask how many there are instead.")
    if _unique(table, column):
        notes.append(f"read the total of {column} as a count of rows ({column} is an identifier, one per row; "
                     "ids are never summed)")
        return Agg.count, None
    notes.append(f"read the total of {column} as a count of distinct {column} values (ids are never summed)")
    return Agg.count_distinct, column


def _check_side(measure: Measure | None, table: Table, ids: set[str], notes: list[str]) -> Measure | None:
    if measure is None:
        return None
    op, column = _measure(measure.op, measure.column, table, ids, notes)
    return measure.model_copy(update={"op": op, "column": column})


def _ratio(plan: RatioArgs, table: Table, ids: set[str], reading: Reading, notes: list[str]) -> RatioArgs:
    """A share weighted by an identifier ('what share of respondents are female' linked to
    respondent_id) or by a text column ('what percentage of members are active' linked to member,
    which holds names) is a share of rows when the column holds one value per row; otherwise
    abstain: labels are never summed (trial 9: SUM(member) had failed inside the engine)."""
    weights = [c for c in (plan.column, plan.denominator_column) if c is not None]
    weighted = [c for c in weights if c in ids or not table_rows.is_numeric(table, c)]
    if not weighted:
        return plan
    kind = "an identifier" if weighted[0] in ids else "a text column"
    if len(weighted) != len(weights):
        raise Abstain(f"{weighted[0]} is {kind}: its values are labels, not a weight for a percentage.")
    unique = [_unique(table, c) for c in weighted]
    if all(unique):
        notes.append(f"read the share of {weighted[0]} as a share of rows ({weighted[0]} is {kind}, one value per "
                     "row; labels are never summed)")
        for item in reading.of("column"):  # 'members' for member: the rows, as router/id_rows.py reads an id's noun
            if item.column in weighted:
                item.meanings, item.kind = [Meaning("row")], "row"
                reading.id_rows[item.pos] = item.column
        return plan.model_copy(update={"column": None, "denominator_column": None})
    if unique[0] is None:
        raise Abstain(f"{weighted[0]} is {kind} and I cannot tell here whether it is unique per row; a "
                      "percentage of its entities needs distinct counts. Ask 'how many distinct ...' for each part.")
    distinct, present = distinct_count(table, weighted[0])
    raise Abstain(f"{weighted[0]} repeats across rows ({present} rows, {distinct} distinct values), so a share of them "
                  "needs distinct counts, which a percentage (a share of rows) cannot give. Ask 'how many "
                  f"distinct {weighted[0]}' with and without the condition.")
