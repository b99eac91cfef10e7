"""The typed query operations (agent/queries.py) on the SQL engine: each plan compiled once
(query_compile.py) and run by the engine's backend (DuckDB, or Spark), returning the typed results
of agent/results.py with the SQL as it ran. Comparisons of aggregates and changes between periods
go through `SqlEngine.aggregate`. agent/ops/ holds the pandas reference implementation."""

from __future__ import annotations


from sqlglot import exp

from agent.answer_words import with_said
from agent.engine import compile as c
from agent.engine import composite
from agent.engine import query_compile as q
from agent.engine.duplicates import counted_note
from agent.engine.plan_run import PlanRun
from agent.engine.type_check import check_type
from agent.against import AgainstArgs
from agent.engine.against_engine import against
from agent.engine.entity_engine import per_entity
from agent.engine.position_engine import position
from agent.engine.run_engine import run_length
from agent.engine.sql_engine import SqlEngine
from agent.engine.values import scalar
from agent.errors import BadPredicate
from agent.sqlish import aggregate_expr as agg_text, predicate_sql as predicate_text, where_sql as where_text
from agent.queries import (ChangeArgs, CheckArgs, CheckKind, DistinctArgs, ExpressionArgs, FrequencyArgs, LatestArgs,
                           PerEntityArgs, PositionArgs, QueryPlan, RankArgs, RunArgs, StatisticArgs, StatOp, SubsetArgs)
from agent.results import CheckResult, RowsResult, StatResult, ValueCount, ValuesResult
from agent.table_type import Table

MAX_TIES = 20
_Run = PlanRun


def check(engine: SqlEngine, table: Table, args: CheckArgs) -> CheckResult:
    """any / none / all / unique by SQL; compare through engine.aggregate (agent/ops/check.py)."""
    if args.check is CheckKind.compare:
        return composite.compare(engine, table, args)
    run = _Run(engine, table, args.where, require=False)
    if args.check is CheckKind.unique:
        if args.column is None:
            raise BadPredicate("(none)", "unique", "a uniqueness test needs a column")
        name = table.column(args.column)
        (rows, distinct), = run.fetch(q.uniqueness(run.schema, name, run.condition))
        found = run.fetch(q.repeated(run.schema, name, run.condition))
        repeats = [r[0] for r in found]
        deciding = {"values": rows, "distinct values": distinct, "repeated values": int(found[0][1]) if found else 0}
        return CheckResult(check=args.check, answer=rows == distinct, deciding=deciding,
                           examples=[{name: scalar(v)} for v in repeats], provenance=run.provenance(
                               f"COUNT({name}) = COUNT(DISTINCT {name}){where_text(args.where)}", int(rows)))
    if not args.condition:
        raise BadPredicate("(none)", args.check.value, "an any/none/all test needs a condition")
    test = _Run(engine, table, args.condition, require=False)
    (tested, matching), = run.fetch(q.count_matching(run.schema, run.condition, test.condition or exp.true()))
    tested, matching = int(tested), int(matching or 0)
    answer = {CheckKind.any: matching > 0, CheckKind.none: matching == 0, CheckKind.all: matching == tested}[args.check]
    failing = exp.Coalesce(this=exp.Paren(this=test.condition), expressions=[exp.false()])
    shown = test.condition if args.check is not CheckKind.all else exp.Not(this=failing)
    both = exp.and_(*(x for x in (run.condition, shown) if x is not None))
    columns = list(dict.fromkeys(p.column for p in test.selection.predicates))
    examples = [dict(zip(columns, map(scalar, r))) for r in run.fetch(q.example_rows(run.schema, columns, both))]
    run.selection.matched.update(test.selection.matched)
    condition = " AND ".join(predicate_text(p) for p in test.selection.predicates)
    return CheckResult(check=args.check, answer=answer, deciding={"rows tested": tested, "rows matching": matching},
                       examples=examples, provenance=run.provenance(
                           f"{args.check.value.upper()} ({condition}){where_text(args.where)}", matching))


def rank(engine: SqlEngine, table: Table, args: RankArgs) -> RowsResult:
    """Rows by `by` (or by |by - near|, or in file order), ties at the cut reported (up to 20)."""
    run = _Run(engine, table, args.where)
    by = table.column(args.by) if args.by else None
    columns = [table.column(x) for x in args.columns] or table.columns
    (total,), = run.fetch(q.counted(run.schema, run.condition, q.not_null(by) if by else None))
    if by is None:
        last = args.order == "desc"
        rows = run.fetch(q.file_rows(run.schema, columns, run.condition, last, args.offset, args.limit))
        rows = sorted(rows, key=lambda r: r[-1])
        operation = f"SELECT {', '.join(columns)}{where_text(args.where)} " + (
            f"(last {args.limit} rows)" if last else f"LIMIT {args.limit}")
        return RowsResult(by=None, columns=columns, rows=[dict(zip(columns, map(scalar, r[:-1]))) for r in rows],
                          total_rows=int(total), provenance=run.provenance(operation, len(rows)))
    if args.distinct:
        return _distinct_values(run, args, by)
    key = c.column(by)
    if args.near is not None:
        key = exp.Abs(this=exp.Sub(this=c.column(run.numeric(by, "closest value")), expression=exp.convert(args.near)))
    shown = list(dict.fromkeys([*columns, by]))
    desc = args.order == "desc" and args.near is None
    fetched = run.fetch(q.ranked(run.schema, shown, key, desc, run.condition, args.offset, args.limit + MAX_TIES + 1))
    kept, rest = fetched[: args.limit], fetched[args.limit:]
    tied = [r for r in rest if kept and r[-1] == kept[-1][-1]]
    as_row = lambda r: dict(zip(shown, map(scalar, r[:-1])))
    notes = [f"more than {MAX_TIES} rows tie at the cut ({MAX_TIES} shown)"] if len(tied) > MAX_TIES else []
    order = f"ABS({by} - {args.near:g})" if args.near is not None else f"{by} {'DESC' if desc else 'ASC'}"
    operation = (f"SELECT {', '.join(shown)}{where_text(args.where)} ORDER BY {order} LIMIT {args.limit}"
                 + (f" OFFSET {args.offset}" if args.offset else ""))
    return RowsResult(by=by, columns=columns, rows=[as_row(r) for r in kept], ties=[as_row(r) for r in tied[:MAX_TIES]],
                      total_rows=int(total), provenance=run.provenance(operation, int(total), notes=notes))


def _distinct_values(run: _Run, args: RankArgs, by: str) -> RowsResult:
    order = "value_desc" if args.order == "desc" else "value_asc"
    rows = run.fetch(q.value_groups(run.schema, c.column(by), run.condition, order, args.offset + args.limit))
    kept = rows[args.offset:]
    operation = (f"SELECT DISTINCT {by}{where_text(args.where)} ORDER BY {by} "
                 f"{'DESC' if args.order == 'desc' else 'ASC'} LIMIT {args.limit}"
                 + (f" OFFSET {args.offset}" if args.offset else ""))
    return RowsResult(by=by, columns=[by], rows=[{by: scalar(r[0])} for r in kept],
                      total_rows=int(rows[0][3]) if rows else 0, provenance=run.provenance(operation, len(kept)))


def _list(run: _Run, name: str, notes: list[str]) -> str | None:
    """`name` when it is a list column (its items are counted, noted), else None."""
    if run.schema.kinds.get(name) is not c.Kind.list:
        return None
    notes.append(f"{name} holds lists: each item is counted once per row that carries it")
    return name


def _key(run: _Run, name: str, notes: list[str]) -> tuple[exp.Expression, dict]:
    keys, labels = run.engine._keys(run.table, run.schema, [name], notes)
    return keys[0], labels[0]


def frequency(engine: SqlEngine, table: Table, args: FrequencyArgs) -> ValuesResult:
    """Values by row count, ties broken by first appearance; values tied with the last kept in `ties`."""
    run = _Run(engine, table, args.where)
    name, notes = table.column(args.column), []
    key, labels = _key(run, name, notes)
    rows = run.fetch(q.value_groups(run.schema, key, run.condition, args.order, args.limit + MAX_TIES + 1,
                                    item_of=_list(run, name, notes)))
    counts = [ValueCount(value=scalar(labels.get(v, v)), rows=int(n)) for v, n, _, _ in rows]
    kept, rest = counts[: args.limit], counts[args.limit:]
    tied = [v for v in rest if kept and v.rows == kept[-1].rows]
    operation = (f"SELECT {name}, COUNT(*){where_text(args.where)} GROUP BY {name} ORDER BY COUNT(*) "
                 f"{'ASC' if args.order == 'asc' else 'DESC'} LIMIT {args.limit}")
    notes += counted_note(run.table, engine.backend.fetch, run.schema.table)  # the values' row counts
    return ValuesResult(column=name, values=kept, ties=tied[:MAX_TIES], total_distinct=int(rows[0][3]) if rows else 0,
                        provenance=run.provenance(operation, sum(v.rows for v in counts), notes=notes))


def distinct(engine: SqlEngine, table: Table, args: DistinctArgs) -> ValuesResult:
    """Every distinct value (up to 1,000) with its row count, by first appearance or sorted."""
    run = _Run(engine, table, args.where)
    name, notes = table.column(args.column), []
    key, labels = _key(run, name, notes)
    order = {"appearance": "appearance", "asc": "value_asc", "desc": "value_desc"}[args.order]
    rows = run.fetch(q.value_groups(run.schema, key, run.condition, order, 1000, item_of=_list(run, name, notes)))
    values = [ValueCount(value=scalar(labels.get(v, v)), rows=int(n)) for v, n, _, _ in rows]
    total = int(rows[0][3]) if rows else 0
    if total > len(values):
        notes.append(f"the first {len(values):,} of {total:,} distinct values are listed")
    by = "" if args.order == "appearance" else f" ORDER BY {name} {args.order.upper()}"
    return ValuesResult(column=name, values=values, total_distinct=total, provenance=run.provenance(
        f"SELECT DISTINCT {name}{where_text(args.where)}{by}", sum(v.rows for v in values), notes=notes))


def statistic(engine: SqlEngine, table: Table, args: StatisticArgs) -> StatResult:
    """Range, percentile (QUANTILE_CONT, linear interpolation) or Pearson correlation."""
    run = _Run(engine, table, args.where)
    name = run.numeric(args.column, args.op.value)
    other = run.numeric(args.other, "correlation") if args.op is StatOp.correlation and args.other else None
    if args.op is StatOp.percentile and args.q is None:
        raise BadPredicate(name, "percentile", "a percentile needs q (0-100)")
    if args.op is StatOp.correlation and other is None:
        raise BadPredicate(name, "correlation", "a correlation needs a second column (other)")
    (row,) = run.fetch(q.statistic(run.schema, args.op.value, name, other, args.q, run.condition))
    if args.op is StatOp.range:
        parts = {"max": scalar(row[0]), "min": scalar(row[1])}
        value, operation = parts["max"] - parts["min"], f"MAX({name}) - MIN({name})"
    elif args.op is StatOp.percentile:
        value, parts, operation = scalar(row[0]), {"q": args.q}, f"QUANTILE_CONT({name}, {args.q / 100:g})"
    else:
        value, parts, operation = scalar(row[0]), {"rows": int(row[1])}, f"CORR({name}, {other})"
    (matched,), = run.fetch(q.counted(run.schema, run.condition))
    return StatResult(op=args.op.value, column=name, value=scalar(value), parts=parts,
                      provenance=run.provenance(operation + where_text(args.where), int(matched)))


def subset(engine: SqlEngine, table: Table, args: SubsetArgs) -> StatResult:
    """op(column) over the `limit` rows with the highest (desc) or lowest (asc) `by`."""
    run = _Run(engine, table, args.where)
    by, name = table.column(args.by), table.column(args.column) if args.column else None
    check_type(run.table, run.schema, args.op, name)
    (value, rows), = run.fetch(q.subset(run.schema, args.op, name, by, args.order == "desc", args.limit, run.condition))
    operation = (f"{agg_text(args.op, name)} OVER (top {args.limit} by {by} "
                 f"{'ASC' if args.order == 'asc' else 'DESC'}){where_text(args.where)}")
    return StatResult(op=f"{args.op.value} of top {args.limit}", column=name, value=scalar(value), parts={"rows": int(rows)},
                      provenance=run.provenance(operation, int(rows)))


def expression(engine: SqlEngine, table: Table, args: ExpressionArgs) -> StatResult:
    """agg(left op right) per row; division by zero is missing and skipped."""
    run = _Run(engine, table, args.where)
    for side in (args.left, args.right):
        if (side.column is None) == (side.value is None):
            raise BadPredicate("(expression)", "operand", "an operand is exactly one of a column or a value")
    left, right = (x.model_copy(update={"column": run.numeric(x.column, "arithmetic")}) if x.column else x
                   for x in (args.left, args.right))
    (value, present), = run.fetch(q.expression(run.schema, q.arithmetic(left, args.op, right), args.agg, run.condition))
    text = f"{left.column or f'{left.value:g}'} {args.op.value} {right.column or f'{right.value:g}'}"
    (matched,), = run.fetch(q.counted(run.schema, run.condition))
    return StatResult(op=args.agg.value, column=text, value=scalar(value), parts={"rows": int(present)},
                      provenance=run.provenance(f"{agg_text(args.agg, text)}{where_text(args.where)}", int(matched),
                                                nulls_skipped=int(matched) - int(present)))


def latest(engine: SqlEngine, table: Table, args: LatestArgs) -> StatResult:
    """op over each id's latest row (by `date`; ties: the later row in the file) matching where."""
    run = _Run(engine, table, args.where, require=False)
    ident, date = table.column(args.id), table.column(args.date)
    name = table.column(args.column) if args.column else None
    (value, rows), = run.fetch(q.over_latest(run.schema, ident, date, args.op, name, run.condition))
    (ids,), = run.fetch(q.latest_ids(run.schema, ident, date))
    notes = [f"read as a history table: each {ident}'s latest row by {date} ({int(ids):,} of {table.rows:,} rows)"]
    operation = f"{agg_text(args.op, name)} FROM (latest row per {ident} by {date}){where_text(args.where)}"
    return StatResult(op=args.op.value, column=name, value=scalar(value), parts={"ids": int(ids)},
                      provenance=run.provenance(operation, int(rows), notes=notes))


def change(engine: SqlEngine, table: Table, args: ChangeArgs):
    """Two aggregates through engine.aggregate (agent/engine/composite.py)."""
    return composite.change(engine, table, args)


OPERATIONS = {PositionArgs: position, PerEntityArgs: per_entity, AgainstArgs: against, CheckArgs: check, RankArgs: rank, FrequencyArgs: frequency, DistinctArgs: distinct,
              StatisticArgs: statistic, SubsetArgs: subset, ExpressionArgs: expression, ChangeArgs: change,
              LatestArgs: latest, RunArgs: run_length}


def run_query_sql(engine: SqlEngine, table: Table, plan: QueryPlan):
    """Run one typed query plan on the SQL engine."""
    return with_said(plan, OPERATIONS[type(plan)](engine, table, plan))


run_query = run_query_sql
"""What the tools call: every typed query plan runs as SQL (agent/ops/ is the pandas reference,
for tests only)."""
