"""The restatement: a typed plan said back in one line of plain words ("Read as: the total amt by
category where state = 'TX'"), so a person sees at a glance what was computed. Every part of the
line comes from the plan (conditions carried from earlier chat turns are in the plan, so they
show); where the question used its own word for a column, that word is shown with the column
("spend (amt)"). Nothing here decides what is computed."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from agent.against import AgainstArgs
from agent.percentile_words import ordinal
from agent.plan import AggregateArgs, Agg, Op, Predicate, RatioArgs, SearchArgs
from agent.queries import (ArithOp, ChangeArgs, CheckArgs, CheckKind, Cmp, DistinctArgs, ExpressionArgs,
                           FrequencyArgs, LatestArgs, Measure, Operand, PerEntityArgs, PositionArgs, RankArgs, StatisticArgs,
                           StatOp, SubsetArgs)
from agent.runs import RunArgs, outcome_of
from agent.sqlish import literal

_AGG = {Agg.sum: "total", Agg.mean: "average", Agg.median: "median", Agg.min: "minimum",
        Agg.max: "maximum", Agg.std: "standard deviation"}
_CMP = {Cmp.gt: "is greater than", Cmp.ge: "is at least", Cmp.lt: "is less than", Cmp.le: "is at most",
        Cmp.eq: "equals", Cmp.ne: "differs from"}
_ARITH = {ArithOp.add: "+", ArithOp.sub: "-", ArithOp.mul: "*", ArithOp.div: "/"}


def _outcome(values: list | None) -> str | None:
    """The one outcome every value of an 'in' list records as a result cell ('W 24-6', 'W 10-3': a
    win; agent.runs.outcome_of), for two values or more; else None."""
    results = {outcome_of(v) for v in values or []}
    return results.pop() if len(values or []) > 1 and len(results) == 1 and None not in results else None


def restate(plan: BaseModel, words: Mapping[str, str] | None = None) -> str | None:
    """One line, 'Read as: ...', stating `plan` (AggregateArgs, RatioArgs, SearchArgs or any
    agent.queries plan) in plain words; None for a plan kind with nothing to restate (the
    profile). `words` maps a column to the question's own word for it: the line then says
    'spend (amt)'. Never raises for a valid plan."""
    text = _Say(words or {}).plan(plan)
    return f"Read as: {text}" if text else None


def restate_search(plan: SearchArgs, exact: bool) -> str:
    """'Read as: ...' for a record search that ran: `exact` (the filter covered every word, no
    ranking stage ran) says the first `top_n` records in file order; else as `restate`."""
    return f"Read as: {_Say({}).search(plan, exact)}"


class _Say:
    """The phrases of one restatement, with the question's words for columns."""

    def __init__(self, words: Mapping[str, str]):
        self.words = words

    def col(self, column: str | None) -> str:
        word = self.words.get(column or "")
        return f"{word} ({column})" if word and column and word.lower() != column.lower() else str(column)

    def plan(self, plan: BaseModel) -> str | None:
        for kind, say in _SAYERS:
            if isinstance(plan, kind):
                return say(self, plan)
        return None

    def where(self, predicates: list[Predicate], lead: str = " where ") -> str:
        return lead + " and ".join(self.predicate(p) for p in predicates) if predicates else ""

    def predicate(self, p: Predicate) -> str:
        column = self.col(p.column)
        match p.op:
            case Op.is_null: return f"{column} is missing"
            case Op.not_null: return f"{column} is not missing"
            case Op.latest: return f"{column} is at its latest value"
            case Op.earliest: return f"{column} is at its earliest value"
            case Op.between: return f"{column} is between {literal(p.value)} and {literal(p.upper)}"
            case Op.in_ if (result := _outcome(p.values)) is not None:
                shown = ", ".join(literal(v) for v in (p.values or [])[:3])
                more = f" and {len(p.values) - 3} more" if len(p.values or []) > 3 else ""
                return f"{column} is a {result} ({shown}{more})"
            case Op.in_ | Op.not_in:
                listed = ", ".join(literal(v) for v in p.values or [])
                return f"{column} is {'not ' if p.op is Op.not_in else ''}one of {listed}"
        return f"{column} {p.op.value} {literal(p.value)}"

    def measure(self, op: Agg, column: str | None) -> str:
        if op is Agg.count:
            return f"number of rows with a {self.col(column)}" if column else "number of rows"
        if op is Agg.count_distinct:
            return f"number of distinct {self.col(column)} values"
        return f"{_AGG[op]} {self.col(column)}"

    def groups(self, by: list[str]) -> str:
        return " and ".join(self.col(c) for c in by)

    def ranked(self, by: list[str], what: str, where: str, order: str | None, limit: int | None) -> str:
        """'the category with the highest total amt', 'the 3 category values with ...', 'the total
        amt by category where ..., highest first'; `what` and `where` already phrased."""
        if not by:
            return f"the {what}{where}"
        rank = {"desc": "highest", "asc": "lowest"}.get(order or "")
        if rank and limit is not None:
            which = f"the {self.groups(by)}" if limit == 1 else f"the {limit} {self.groups(by)} values"
            return f"{which} with the {rank} {what}{where}"
        sort = {"desc": ", highest first", "asc": ", lowest first"}.get(order or "", "")
        cut = f", the first {limit}" if limit is not None else ""
        return f"the {what} by {self.groups(by)}{where}{sort}{cut}"

    def aggregate(self, plan: AggregateArgs) -> str:
        return self.ranked(plan.group_by, self.measure(plan.op, plan.column), self.where(plan.where),
                           plan.order, plan.limit)

    def ratio(self, plan: RatioArgs) -> str:
        denominator_column = plan.denominator_column or plan.column
        part = f"total {self.col(plan.column)}" if plan.column else "rows"
        whole = f"total {self.col(denominator_column)}" if denominator_column else "all rows"
        what = f"percentage of {part}{self.where(plan.where)}, out of {whole}"
        return self.ranked(plan.group_by, what, self.where(plan.base), plan.order, plan.limit)

    def check(self, plan: CheckArgs) -> str:
        among = self.where(plan.where, " among rows where ")
        condition = " and ".join(self.predicate(p) for p in plan.condition) or "a value"
        match plan.check:
            case CheckKind.any: return f"whether any row has {condition}{among}"
            case CheckKind.none: return f"whether no row has {condition}{among}"
            case CheckKind.all: return f"whether every row has {condition}{among}"
            case CheckKind.unique: return f"whether no value of {self.col(plan.column)} repeats{among}"
        right = self.of(plan.right) if plan.right is not None else literal(plan.value)
        left = self.of(plan.left) if plan.left is not None else "the value"
        return f"whether {left} {_CMP.get(plan.cmp, str(plan.cmp))} {right}{among}"

    def of(self, m: Measure) -> str:
        return f"the {self.measure(m.op, m.column)}{self.where(m.where)}"

    def rank(self, plan: RankArgs) -> str:
        shown = f", showing {', '.join(self.col(c) for c in plan.columns)}" if plan.columns else ""
        skip = f", after skipping {plan.offset}" if plan.offset else ""
        rows = "the row" if plan.limit == 1 else f"the {plan.limit} rows"
        if plan.by is None:
            end = "first" if plan.order == "asc" else "last"
            head = f"{'the ' + end + ' row' if plan.limit == 1 else f'the {end} {plan.limit} rows'} in file order"
        elif plan.near is not None:
            head = f"{rows} with {self.col(plan.by)} closest to {literal(plan.near)}"
        else:
            rank = "highest" if plan.order == "desc" else "lowest"
            noun = f"distinct {self.col(plan.by)} value" if plan.distinct else "row"
            count = f"the {noun}" if plan.limit == 1 else f"the {plan.limit} {noun}s"
            head = f"{count} with the {rank} {self.col(plan.by)}" if not plan.distinct else f"{count}, {rank} first"
        return head + skip + self.where(plan.where) + shown

    def frequency(self, plan: FrequencyArgs) -> str:
        common = "most" if plan.order == "desc" else "least"
        head = (f"the {common} common {self.col(plan.column)}" if plan.limit == 1
                else f"the {plan.limit} {common} common {self.col(plan.column)} values")
        return f"{head} by number of rows{self.where(plan.where)}"

    def distinct(self, plan: DistinctArgs) -> str:
        order = {"appearance": "in order of first appearance", "asc": "sorted ascending",
                 "desc": "sorted descending"}[plan.order]
        return f"the distinct values of {self.col(plan.column)}{self.where(plan.where)}, {order}"

    def statistic(self, plan: StatisticArgs) -> str:
        match plan.op:
            case StatOp.range: head = f"the range (maximum minus minimum) of {self.col(plan.column)}"
            case StatOp.percentile: head = f"the {ordinal(plan.q)} percentile of {self.col(plan.column)}"
            case _: head = f"the correlation of {self.col(plan.column)} and {self.col(plan.other)}"
        return head + self.where(plan.where)

    def subset(self, plan: SubsetArgs) -> str:
        rank = "highest" if plan.order == "desc" else "lowest"
        return (f"the {self.measure(plan.op, plan.column)} over the {plan.limit} rows with the {rank} "
                f"{self.col(plan.by)}{self.where(plan.where)}")

    def operand(self, o: Operand) -> str:
        return self.col(o.column) if o.column is not None else literal(o.value)

    def expression(self, plan: ExpressionArgs) -> str:
        per_row = f"{self.operand(plan.left)} {_ARITH[plan.op]} {self.operand(plan.right)}"
        if plan.agg in (Agg.count, Agg.count_distinct):
            head = f"the number of {'distinct values' if plan.agg is Agg.count_distinct else 'rows with a value'} of {per_row}"
        else:
            head = f"the {_AGG[plan.agg]} of {per_row} (per row)"
        return head + self.where(plan.where)

    def change(self, plan: ChangeArgs) -> str:
        kind = "percent change" if plan.report == "percent" else "change"
        return (f"the {kind} in the {self.measure(plan.op, plan.column)} from {self.col(plan.key)} = "
                f"{literal(plan.start)} to {self.col(plan.key)} = {literal(plan.end)}{self.where(plan.where)}")

    def latest(self, plan: LatestArgs) -> str:
        return (f"the {self.measure(plan.op, plan.column)} among each {self.col(plan.id)}'s latest row by "
                f"{self.col(plan.date)}{self.where(plan.where)}")

    def position(self, plan: PositionArgs) -> str:
        if plan.kind == "earlier":
            listed = " or ".join(literal(v) for v in plan.candidates)
            which = "first" if plan.order == "asc" else "last"
            return f"which of {self.col(plan.columns[0])} {listed} comes {which} in file order"
        side = "after" if plan.offset > 0 else "before"
        steps = "the row" if abs(plan.offset) == 1 else f"the row {abs(plan.offset)} rows"
        shown = ", ".join(self.col(c) for c in plan.columns)
        return f"the {shown} of {steps} {side} the row{self.where(plan.anchor)}, in file order"

    def against(self, plan: AgainstArgs) -> str:
        """'the number of rows where Gold > the Gold of the row where Nation = 'Japan'' (the named
        row's value is the answer's: the plan holds only the row)."""
        than = f"{self.col(plan.column)} {plan.cmp} the {self.col(plan.column)} of the row{self.where(plan.anchor)}"
        if plan.ask == "check":
            return f"whether the {self.col(plan.column)} of the row{self.where(plan.subject)} {plan.cmp} that of the row{self.where(plan.anchor)}"
        rows = self.where([*plan.where], " among rows where ")
        if plan.ask == "count":
            return f"the number of rows where {than}{rows}"
        return f"the {', '.join(self.col(c) for c in plan.columns)} of the rows where {than}{rows}, in file order"

    def per_entity(self, plan: PerEntityArgs) -> str:
        inner = self.measure(plan.inner, plan.column)
        outer = _AGG.get(plan.outer, plan.outer.value)
        return f"the {outer} over each {self.col(plan.entity)} of its {inner}{self.where(plan.where)}"

    def run(self, plan: RunArgs) -> str:
        tests = [self.predicate(p) for p in plan.condition]
        if plan.outcome is not None:
            tests.append(f"{self.col(plan.outcome.column)} is a {plan.outcome.result}"
                         + (" (rows with no result passed over)" if plan.outcome.pass_over else ""))
        what = "rows" if plan.by is None else f"years ({self.col(plan.by)})"
        among = self.where(plan.where, " among the rows where ")
        return f"the longest run of consecutive {what} where {' and '.join(tests)}{among}"

    def search(self, plan: SearchArgs, exact: bool = False) -> str:
        if exact and plan.where:  # the filter said every word: the records came in file order, unranked
            return f"the first {plan.top_n} records{self.where(plan.where)}, in file order"
        matching = f"the {plan.top_n} best matching {literal(plan.query)}" if plan.query.strip() else ""
        if not plan.where:
            return f"the {plan.top_n} records best matching {literal(plan.query)}" if matching else "the records"
        return f"the records{self.where(plan.where)}" + (f" ({matching})" if matching else "")


_SAYERS = [(AggregateArgs, _Say.aggregate), (RatioArgs, _Say.ratio), (CheckArgs, _Say.check),
           (RankArgs, _Say.rank), (FrequencyArgs, _Say.frequency), (DistinctArgs, _Say.distinct),
           (StatisticArgs, _Say.statistic), (SubsetArgs, _Say.subset), (ExpressionArgs, _Say.expression),
           (ChangeArgs, _Say.change), (LatestArgs, _Say.latest), (PositionArgs, _Say.position), (PerEntityArgs, _Say.per_entity),
           (AgainstArgs, _Say.against), (RunArgs, _Say.run),
           (SearchArgs, _Say.search)]
