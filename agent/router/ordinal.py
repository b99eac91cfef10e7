"""Plan stage for 'the second highest X' and 'the Y of the row with the third lowest X': a rank
with an offset. Answered only when rows and distinct values agree on the answer (no tie among the
top N) or the question says 'different'/'distinct'; otherwise Abstain naming both readings."""

from __future__ import annotations

from agent.predicates import selected
from agent.plan import Predicate
from agent.queries import RankArgs
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.router.draft import Abstain, Draft
from agent.table_type import Table

_DISTINCT = ("different", "distinct", "unique")


def nth_rank(reading: Reading, draft: Draft, lex: Lexicon, table: Table, limit: int | None) -> RankArgs:
    """RankArgs(offset=N-1, limit=1) for the ordinal N in `draft.ordinal`. Raises Abstain unless one
    numeric column follows the order word, it is the question's only order word, no top-N `limit`
    was said, and nothing is grouped or aggregated."""
    n = draft.ordinal or 1
    if limit is not None or len(reading.of("order")) != 1:
        raise Abstain("I read an ordinal ('the second highest X') only as the question's one ranking.")
    order_item = next(i for i in reading.of("order") if (p := reading.before(i)) is not None and p.kind == "ordinal")
    named = sorted([c for c in draft.columns if not c.used], key=lambda c: c.pos)
    ranked = [c.column for c in named if c.pos > order_item.pos and c.column in lex.numeric_columns]
    shown = list(dict.fromkeys(c.column for c in named if c.pos < order_item.pos))
    distinct = any(i.text.lower() in _DISTINCT for i in reading.items)
    if draft.group_by or draft.op not in (None, "count_distinct" if distinct else None) or draft.ratio \
            or len(set(ranked)) != 1:
        raise Abstain(f"I read '{reading.before(order_item).text} {order_item.text}' only of one numeric column "
                      "named after it ('the second highest X'), not of groups or aggregates.")
    by, order = ranked[0], order_item.meanings[0].value
    where = [p for _, p in draft.predicates]
    if not distinct:
        _agree(table, where, by, order, n, reading.before(order_item).text)
    return RankArgs(by=by, order=order, offset=n - 1, limit=1, columns=shown or [by], distinct=distinct and not shown,
                    where=where)


def _agree(table: Table, where: list[Predicate], by: str, order: str, n: int, nth: str) -> None:
    """Abstain when the Nth row and the Nth distinct value differ (a tie among the top N); `nth`
    is the ordinal as asked ('third')."""
    values = table.df.loc[selected(table, where).mask, by].dropna().sort_values(ascending=order == "asc")
    top = list(values.iloc[:n])
    if len(top) == n and len(set(top)) < n:
        distinct = list(dict.fromkeys(values))[:n]
        nth_distinct = distinct[n - 1] if len(distinct) >= n else None
        raise Abstain(f"The top {n} {by} values tie ({', '.join(map(str, top))}): the {nth} row holds {top[-1]}, "
                      f"the {nth} distinct value is {nth_distinct}; say 'different' for distinct values.")

