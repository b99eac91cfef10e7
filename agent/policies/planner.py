"""Third pass of the router's parser: a Draft becomes a typed plan (aggregate or ratio), merged
with the previous plan for follow-up questions ("and for TX?", "only fraud ones")."""

from __future__ import annotations

from agent.plan import AggregateArgs, Agg, Predicate, RatioArgs
from agent.policies.lexicon import Lexicon
from agent.policies.parse import Abstain, Draft
from agent.policies.reading import Reading

_BOUNDARY = {"are", "were", "is", "was", "has", "have", "had", "that", "who", "which"}


def measure_column(draft: Draft, lex: Lexicon) -> str | None:
    """The numeric column the question aggregates: the one it names, else the measure column
    when a measure word ('spend') is used. Raises Abstain when that is ambiguous."""
    named = list(dict.fromkeys(c.column for c in draft.columns if not c.used))
    if len(named) > 1:
        raise Abstain(f"The question names several columns to aggregate ({', '.join(named)}).")
    if named:
        return named[0]
    if draft.measure_used:
        if lex.measure is None:
            raise Abstain("I could not tell which column holds the amount "
                          f"(candidates: {', '.join(lex.measure_candidates) or 'none'}).")
        return lex.measure
    return None


def to_plan(draft: Draft, reading: Reading, lex: Lexicon,
            previous: AggregateArgs | RatioArgs | None = None) -> AggregateArgs | RatioArgs:
    """The typed plan for `draft`. With `previous` and a question that only adds conditions, the
    previous plan with those conditions merged in. Raises Abstain."""
    predicates = [p for _, p in draft.predicates]
    if previous is not None and not draft.asks:
        if not predicates:
            raise Abstain("The follow-up adds no condition I could match.")
        return merge(previous, predicates)
    if draft.ratio:
        return _ratio(draft, reading, lex)
    if draft.time_lookup:
        which, column = draft.time_lookup
        date = next(iter(p.column for p in predicates if p.column in lex.date_columns), None) or lex.date_columns[0]
        return AggregateArgs(op=Agg.min if which == "earliest" else Agg.max, column=date, where=predicates,
                             group_by=[column], order="asc" if which == "earliest" else "desc", limit=1)
    return _aggregate(draft, lex, predicates)


def merge(previous: AggregateArgs | RatioArgs, added: list[Predicate]) -> AggregateArgs | RatioArgs:
    """`previous` with `added` predicates; an added predicate replaces one on the same column."""
    columns = {p.column for p in added}
    if isinstance(previous, RatioArgs):
        base = [p for p in previous.base if p.column not in columns] + added
        return previous.model_copy(update={"base": base})
    where = [p for p in previous.where if p.column not in columns] + added
    return previous.model_copy(update={"where": where})


def _aggregate(draft: Draft, lex: Lexicon, predicates: list[Predicate]) -> AggregateArgs:
    column = measure_column(draft, lex)
    op, order, limit = draft.op, draft.order, draft.limit
    if op is None:
        if order and column and not draft.group_by:
            op = "max" if order == "desc" else "min"
            order = None
        elif draft.group_by or draft.measure_used:
            op = "sum" if column else "count"
        elif order:
            op = "count"
        elif predicates and column is None:
            op = "count"
        else:
            raise Abstain("I could not tell what to compute (a total, count, average...?).")
    if op == "count" and column is not None and not draft.measure_used:
        column = None if not draft.columns else column
    if op not in ("count",) and column is None:
        raise Abstain(f"I could not tell which column to take the {op} of "
                      f"(numeric columns: {', '.join(lex.numeric_columns) or 'none'}).")
    if order and not draft.group_by:
        raise Abstain(f"'{'highest' if order == 'desc' else 'lowest'}' needs something to rank "
                      "(e.g. 'which category has the highest ...').")
    if draft.group_by and order is None:
        order = "desc"
    if draft.which and draft.group_by and limit is None and draft.order:
        limit = 1
    return AggregateArgs(op=Agg(op), column=column, where=predicates, group_by=draft.group_by,
                         order=order, limit=limit)


def _ratio(draft: Draft, reading: Reading, lex: Lexicon) -> RatioArgs:
    """Share of rows or of a sum. Conditions inside 'of ...' (before the verb) and date conditions
    define the base population; the rest the numerator."""
    ratio_pos = next(i.pos for i in reading.items if i.kind == "ratio")
    of_pos = next((i.pos for i in reading.items if i.pos > ratio_pos and i.text.lower() == "of"), None)
    boundary = next((i.pos for i in reading.items if of_pos is not None and i.pos > of_pos
                     and i.text.lower() in _BOUNDARY), 10**6)
    base, where = [], []
    for pos, p in draft.predicates:
        in_of = of_pos is not None and of_pos < pos < boundary
        (base if in_of or p.column in lex.date_columns else where).append(p)
    named = [c for c in draft.columns if not c.used]
    if len(named) == 2:
        first, second = sorted(named, key=lambda c: c.pos)
        # "percentage of users crashed": the column right after "of" is the population.
        den, num = (first, second) if of_pos is not None and first.pos > of_pos else (second, first)
        return RatioArgs(where=where, base=base, column=num.column, denominator_column=den.column)
    if len(named) > 2:
        raise Abstain("The question names more than two columns for one percentage.")
    column = named[0].column if named else (lex.measure if draft.measure_used else None)
    if draft.measure_used and column is None:
        raise Abstain("I could not tell which column holds the amount.")
    if not where:
        raise Abstain("I could not tell which condition the percentage is about.")
    return RatioArgs(where=where, base=base, column=column)
