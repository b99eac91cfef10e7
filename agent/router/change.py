"""Statistic and change plans: a correlation, percentile or range of named columns, and the
change of a column between two periods ('from 2014 to 2015') or between two columns."""

from __future__ import annotations

from agent.plan import Agg
from agent.queries import ArithOp, ChangeArgs, ExpressionArgs, Operand, StatisticArgs, StatOp
from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Lexicon
from agent.router.named import named_columns, one_column, where
from agent.router.percentiles import percentile_q
from agent.router.reading import Reading


def statistic_plan(reading: Reading, draft: Draft) -> StatisticArgs:
    """A correlation of two named columns, a percentile (its q: router/percentiles.py) or the range of one."""
    stats = [i.meanings[0].value for i in reading.of("stat")]
    stat = next((s for s in ("unplanned", "percentile") if s in stats), stats[0])
    columns = list(dict.fromkeys(c.column for c in named_columns(draft)))
    if stat == "correlation":
        if len(columns) != 2:
            raise Abstain("A correlation needs two numeric columns named.")
        return StatisticArgs(op=StatOp.correlation, column=columns[0], other=columns[1], where=where(draft))
    if stat in ("percentile", "unplanned"):  # the q: the number before 'percentile' (router/percentiles.py)
        column = columns[0] if len(columns) == 1 else "X"
        if stat == "percentile":
            column = one_column(draft, "to take the percentile of")
        return StatisticArgs(op=StatOp.percentile, column=column, q=percentile_q(reading, column), where=where(draft))
    return StatisticArgs(op=StatOp.range, column=one_column(draft, "to take the range of"), where=where(draft))


def change_plan(reading: Reading, draft: Draft, lex: Lexicon,
            periods: tuple[str, object, object] | None) -> ChangeArgs | ExpressionArgs:
    """'growth in exports from 2014 to 2015': two values of one column (the periods, taken by
    take_periods), one numeric column measured; percent when the question says percent or %.
    Without periods, 'the change from Q1 Budget to Q2 Budget' is between two columns (_column_change)."""
    percent = draft.ratio or any(i.text.lower() in ("percent", "percentage", "%") for i in reading.items)
    if draft.group_by or draft.order or reading.of("order"):
        raise Abstain("I can compute one change, not rank or group changes ('which ... had the largest increase').")
    if periods is None:
        return _column_change(reading, draft, lex, percent)
    key, start, end = periods
    measured = list(dict.fromkeys(c.column for c in named_columns(draft) if c.column in lex.numeric_columns and c.column != key))
    if len(measured) != 1:
        raise Abstain(f"I could not tell which column changed ({', '.join(measured) or 'none named'}).")
    reading.notes.append(f"read the periods as {key} = {start} and {key} = {end}")
    periods = {start, end}  # 'from 2025-01 to 2025-06' as two values of month: the periods, not a condition too
    kept = [p for p in where(draft) if not (p.column == key and set(p.values or [p.value]) <= periods)]
    return ChangeArgs(column=measured[0], key=key, start=start, end=end, where=kept,
                      report="percent" if percent else "absolute")


def _column_change(reading: Reading, draft: Draft, lex: Lexicon, percent: bool) -> ExpressionArgs:
    """'the change from Q1 Budget to Q2 Budget for Sales': SUM(Q2 Budget - Q1 Budget) over the
    matching rows (the later column is the one after 'to'; AVG or MEDIAN when the question says so). A percent change between columns,
    (new - old) / old, is no typed operation here: raise Abstain, never a share of a total."""
    columns = list({c.column: c for c in reversed(named_columns(draft)) if c.column in lex.numeric_columns}.values())[::-1]
    to = next((i for i in reading.items if i.text.lower() == "to"), None)
    if len(columns) != 2 or to is None or not columns[0].pos < to.pos < columns[1].pos:
        raise Abstain("A change needs two periods found in one column ('from 2014 to 2015') or two columns "
                      "('from Q1 Budget to Q2 Budget').")
    old, new = (c.column for c in columns)
    if percent:
        raise Abstain(f"A percent change from {old} to {new} is ({new} - {old}) / {old}, not a share of a total; "
                      "I have no operation for it between two columns. Ask for the change, or for each total.")
    if draft.op not in (None, "sum", "mean", "median"):
        raise Abstain(f"I could not tell how to combine the changes from {old} to {new} ('{draft.op}').")
    agg = Agg(draft.op or "sum")
    reading.notes.append(f"read the change from {old} to {new} as the {agg.value} of {new} - {old} over the rows")
    return ExpressionArgs(left=Operand(column=new), op=ArithOp.sub, right=Operand(column=old), agg=agg,
                          where=where(draft))
