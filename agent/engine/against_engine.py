"""Against plans (agent/against.py) on the SQL engine, in two statements, each a sqlglot tree: the
named row's cell (SELECT column, COUNT(*) OVER () FROM t WHERE anchor: exactly one row, holding a
number), then the rows beyond it with that value as a literal (a count, the rows in file order), or
the subject row's own cell for a check. Both statements are in the provenance, and the operation
names the named row and its value ('COUNT(*) WHERE Gold > 13 (the Gold of Nation = 'Japan')')."""

from __future__ import annotations

from sqlglot import exp

from agent.against import LIST_LIMIT, AgainstArgs
from agent.engine import compile as c
from agent.engine import query_compile as q
from agent.engine.plan_run import PlanRun as _Run
from agent.engine.sql_engine import SqlEngine
from agent.engine.values import scalar
from agent.errors import BadPredicate
from agent.plan import Op, Predicate
from agent.results import CheckResult, Provenance, RowsResult, StatResult
from agent.sqlish import literal
from agent.sqlish import where_sql as where_text
from agent.table_type import Table


def against(engine: SqlEngine, table: Table, args: AgainstArgs) -> StatResult | RowsResult | CheckResult:
    """Run an against plan. Raises NoRowsMatched (no row matches the anchor or subject), BadPredicate
    (the anchor or subject names several rows, or its cell is empty), WrongType (a text column)."""
    value, first = named_value(engine, table, args.anchor, args.column)
    threshold = Predicate(column=table.column(args.column), op=Op(args.cmp), value=value)
    said = f"(the {threshold.column} of {named(args.anchor)})"
    if args.ask == "check":
        mine, second = named_value(engine, table, args.subject, args.column)
        answer = mine > value if args.cmp == ">" else mine < value
        operation = f"{threshold.column} of {named(args.subject)} {args.cmp} {literal(value)} {said}"
        return CheckResult(check="compare", answer=answer, deciding={named(args.subject): mine, named(args.anchor): value},
                           provenance=joined(first, second, operation, 2))
    run = _Run(engine, table, [*args.where, threshold], require=False)
    if args.ask == "count":
        (n,), = run.fetch(q.counted(run.schema, run.condition))
        operation = f"COUNT(*){where_text([*args.where, threshold])} {said}"
        return StatResult(op="count", column=threshold.column, value=int(n), parts={"threshold": value},
                          provenance=joined(first, run.provenance(operation, int(n)), operation, int(n)))
    columns = [table.column(x) for x in args.columns]
    rows = run.fetch(q.file_rows(run.schema, columns, run.condition, False, 0, LIST_LIMIT))
    (n,), = run.fetch(q.counted(run.schema, run.condition))
    operation = f"SELECT {', '.join(columns)}{where_text([*args.where, threshold])} {said}"
    return RowsResult(by=None, columns=columns, rows=[dict(zip(columns, map(scalar, r[:-1]))) for r in rows],
                      total_rows=int(n), provenance=joined(first, run.provenance(operation, int(n)), operation, int(n)))


def named_value(engine: SqlEngine, table: Table, conditions: list[Predicate], column: str) -> tuple[float, Provenance]:
    """(the number in `column` of the one row matching `conditions`, the provenance of reading it).
    Raises NoRowsMatched, BadPredicate (several rows, or an empty cell), WrongType."""
    run = _Run(engine, table, conditions)
    name = run.numeric(column, "comparison with a named row")
    found = run.fetch(_cell(run.schema, name, run.condition))
    text = named(conditions)
    if len(found) != 1:
        raise BadPredicate(conditions[0].column, "against", f"{text} names {int(found[0][1])} rows, not one")
    value = scalar(found[0][0])
    if value is None or isinstance(value, str):
        raise BadPredicate(name, "against", f"the row {text} holds no number in {name}")
    return value, run.provenance(f"SELECT {name} WHERE {text}", 1)


def _cell(schema: c.Schema, name: str, where: exp.Expression | None) -> exp.Select:
    """SELECT column, COUNT(*) OVER () FROM t WHERE where LIMIT 2: the cell and how many rows match."""
    select = exp.select(c.column(name), q.alias(exp.Window(this=exp.Count(this=exp.Star())), "rows"))
    return q.filtered(select.from_(schema.relation()), where).limit(2)


def named(conditions: list[Predicate]) -> str:
    """'Nation = 'Japan'' (the conditions naming a row, as the provenance writes them)."""
    return where_text(conditions).removeprefix(" WHERE ")


def joined(first: Provenance, second: Provenance, operation: str, matched: int) -> Provenance:
    """The second step's provenance with both statements' SQL, their notes and the matched values."""
    return second.model_copy(update={
        "operation": operation, "rows_matched": matched, "sql": ";\n".join(x for x in (first.sql, second.sql) if x),
        "matched_values": {**first.matched_values, **second.matched_values},
        "notes": list(dict.fromkeys([*first.notes, *second.notes])),
        "elapsed_ms": first.elapsed_ms + second.elapsed_ms})
