"""Verifier rule: a question opening with 'when' asks for a date or a time. 'when was the highest
temperature recorded?' asks for the timestamp of the row holding the maximum; a plan computing
MAX(temperature) answers 'what was the highest temperature?', another question, with a real number.
A 'when' question passes only when its plan answers with a time: the earliest or latest value of a
date or time column ('when was the first order placed?': MIN(order_date)), groups named by one
('which day', read from 'when ... the most'), or a row's time column shown. 'When the price is
above 10, ...' (a clause, no auxiliary after 'when') sets a condition and asks no time."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import Abstain
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.router.verify.parts import Part, Role, plan_parts
from agent.router.words import header_words
from agent.table import ColumnRole, Table

_AUXILIARIES = frozenset({"was", "were", "is", "are", "did", "does", "do", "has", "have", "had", "will", "would",
                          "could", "can", "should", "shall", "might", "may"})
"""Words after 'when' that make it ask a time ('when was', 'when did'), not open a clause."""
_LEADS = frozenset({"and", "so", "but", "then", "ok", "okay"})
TIME_WORDS = frozenset({"date", "dates", "time", "times", "timestamp", "datetime", "year", "years", "month", "day",
                        "days", "week", "hour", "minute", "season", "quarter", "period", "decade", "era", "ts",
                        "dt", "when", "recorded", "logged", "created", "updated"})
"""Header words of a column holding a time (`timestamp`, `Year`, `created_at`)."""


def asks_when(reading: Reading) -> bool:
    """True when the question opens with 'when' followed by an auxiliary ('When was ...', 'and when
    did ...'): it asks for a date or a time."""
    words = [t.lower for t in reading.tokens if t.kind == "word"]
    while words and words[0] in _LEADS:
        words = words[1:]
    return len(words) >= 2 and words[0] == "when" and words[1] in _AUXILIARIES


def time_column(column: str, lex: Lexicon, table: Table) -> bool:
    """True for a date column of the table, or one whose header names a time (year, timestamp)."""
    return column in lex.date_columns or table.roles.get(column) is ColumnRole.date \
        or bool(set(header_words(column)) & TIME_WORDS)


def answers_a_time(plan: BaseModel, lex: Lexicon, table: Table, parts: list[Part] | None = None) -> bool:
    """True when `plan`'s answer is a date or time: an AggregateArgs grouped by a time column, or
    ungrouped taking the min or max of one; any other plan kind showing, grouping by or measuring a
    time column. `parts`: plan_parts(plan), when the caller has them."""
    if type(plan).__name__ == "AggregateArgs":
        if plan.group_by:
            return any(time_column(g, lex, table) for g in plan.group_by)
        return plan.column is not None and plan.op.value in ("min", "max") and time_column(plan.column, lex, table)
    return any(p.role in (Role.shown, Role.group, Role.measure) and p.column and time_column(p.column, lex, table)
               for p in (plan_parts(plan) if parts is None else parts))


def check_when(plan: BaseModel, parts: list[Part], reading: Reading, lex: Lexicon, table: Table) -> None:
    """Raises Abstain when the question asks when (asks_when) and `plan` (its `parts`: plan_parts)
    answers with no date or time (answers_a_time), naming the word and the table's time columns."""
    if not asks_when(reading) or answers_a_time(plan, lex, table, parts):
        return
    times = [str(c) for c in table.df.columns if time_column(str(c), lex, table)]
    where = (f"a time (the {' or '.join(times[:3])} of the row meant)" if times
             else "a date or time, and the table has no date or time column")
    column = getattr(plan, "column", None)
    value = f" of {column}" if isinstance(column, str) else ""
    raise Abstain(f"'when' asks for {where}, but my reading answers with a value{value}, not a time; I can "
                  f"give that value if you ask for it without 'when'.")
