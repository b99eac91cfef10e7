"""The Engine protocol's one implementation: typed plans compiled to SQL trees (compile.py) and run
by a Backend (DuckDB in-process by default, Spark for clusters). Results are the typed results of
agent/results.py; provenance carries the SQL exactly as it ran."""

from __future__ import annotations

import time
from dataclasses import replace
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol, Sequence

from sqlglot import exp

from agent import table_rows
from agent.engine import compile as c
from agent.engine import cut
from agent.engine.blanks import blank_note
from agent.engine.duplicates import counted_note
from agent import list_sql as list_compile
from agent.engine.scope import scope
from agent.engine.type_check import check_type
from agent.engine.values import scalar
from agent.errors import NoRowsMatched, near
from agent.plan import AggregateArgs, DescribeArgs, Op, Predicate, RatioArgs
from agent.profile import profile_table
from agent.results import (AggregateResult, DescribeResult, Group, Provenance, RatioResult, ValueCount)
from agent.sqlish import aggregate_sql, predicate_sql, ratio_sql, where_sql
from agent.table_type import ColumnRole, Table, parse_notes, table_notes

_TEXT_ROLES = (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier)
SPELLING_INDEX_MAX = 200_000
COMPILED_KEPT = 128
"""Compiled queries kept per engine (see SqlEngine._compile)."""
"""Text columns with at most this many distinct values get a spelling index (see Schema)."""
Row = tuple[object, ...]


class Backend(Protocol):
    """Where compiled trees run. `register` makes a table queryable under the returned name;
    `render` gives the SQL text the backend runs for a tree (in `dialect`, shown in provenance);
    `fetch` runs the tree and returns its rows as Python tuples."""

    dialect: str

    def register(self, table: Table) -> str: ...
    def render(self, tree: exp.Expression) -> str: ...
    def fetch(self, tree: exp.Expression) -> list[Row]: ...


def kinds(table: Table) -> dict[str, c.Kind]:
    """Each column's compile kind: dates, numbers (money when every value is whole cents and some
    are not whole units, e.g. 12.50), text. Cached on the table. Read by SQL over the typed rows
    (agent/table_rows.py); for a table read where it lies they are its value frame, whose typed
    sample decides the same way."""
    cache = table.__dict__.get("_kinds")
    if cache is None:  # built whole, then published: a tool call in another thread never sees part of it
        cache, lists = {}, table.lists
        for name, role in table.roles.items():
            if name in lists:
                cache[name] = c.Kind.list
            elif role is ColumnRole.date:
                cache[name] = c.Kind.date
            elif table_rows.is_numeric(table, name) and table_rows.sql_type(table, name) != "BOOLEAN":
                cache[name] = c.Kind.money if table_rows.cents(table, name) else c.Kind.number
            else:
                cache[name] = c.Kind.text
        cache = table.__dict__.setdefault("_kinds", cache)
    return cache


def _on_lists(p: Predicate, schema: c.Schema) -> Predicate:
    """On a list column '= X' reads as membership (list_sql.as_membership)."""
    return list_compile.as_membership(p, schema.lists[p.column]) if schema.kinds.get(p.column) is c.Kind.list else p


class SqlEngine:
    """Executes plans as SQL over every row, through `backend`. Group-by on text columns merges
    spellings that differ only in case or surrounding whitespace, as predicates do: labelled by the
    most frequent spelling; among equally frequent ones the cleanest (no surrounding spaces, then
    mixed case, then the first in sort order)."""

    def __init__(self, backend: Backend, *, max_groups: int = 50):
        self.backend = backend
        self.max_groups = max_groups
        self._compiled: OrderedDict[tuple, c.Compiled] = OrderedDict()

    def _compile(self, key: tuple, build: Callable[[], c.Compiled]) -> c.Compiled:
        """The compiled query of `key`, built once: building and rendering a sqlglot tree costs
        more than a small query. `key` holds everything the tree is made of: the registered table
        name (never reused in a connection, and its kinds and spelling index are fixed with the
        table), the plan with its columns resolved, the group cut and how each key is grouped.
        Returns a Compiled whose `resolved` is the caller's own copy."""
        compiled = self._compiled.get(key)
        if compiled is None:
            compiled = self._compiled[key] = build()
            if len(self._compiled) > COMPILED_KEPT:
                self._compiled.popitem(last=False)
        else:
            self._compiled.move_to_end(key)
        return c.Compiled(compiled.tree, dict(compiled.resolved))

    def schema(self, table: Table) -> c.Schema:
        """The compiler's view of `table`, registered with the backend."""
        return c.Schema(table=self.backend.register(table), kinds=kinds(table),
                        lists={n: str(f) for n, f in table.lists.items()})

    def _sql(self, tree: exp.Expression) -> str:
        return self.backend.render(tree)

    def _provenance(self, table: Table, operation: str, sql: str, matched: int, started: float,
                    selection: _Selection, **fields: object) -> Provenance:
        fields["notes"] = table_notes(table, list(fields.get("notes") or []))
        return Provenance(operation=operation, sql=sql, engine=self.backend.dialect, rows_scanned=table.rows, rows_matched=matched,
                          matched_values=selection.matched, resolved=selection.resolved,
                          elapsed_ms=(time.perf_counter() - started) * 1000, file=table.name,
                          sha256=table.sha256, **fields)

    def _selection(self, table: Table, schema: c.Schema, predicates: list[Predicate]) -> _Selection:
        """Resolve columns and report, per text predicate, the spellings it matched."""
        predicates = [_on_lists(p.model_copy(update={"column": table.column(p.column)}), schema) for p in predicates]
        selection = _Selection(predicates)
        for p in predicates:
            kind = schema.kinds[p.column]
            if p.op in (Op.latest, Op.earliest) and kind in (c.Kind.date, c.Kind.number, c.Kind.money):
                selection.resolved.update(self._extreme(schema, p))
            if kind is not c.Kind.text:
                continue
            index = self._spelling_index(table, schema, p.column)
            if index is not None:
                schema.spellings[p.column] = index
            if p.op in (Op.eq, Op.in_, Op.contains):
                found = c.matching_spellings(index, p) if index is not None else None
                if found is None:
                    condition = c.condition(c.Schema(schema.table, schema.kinds), p, {})
                    found = [str(r[0]) for r in self.backend.fetch(c.spellings(schema, p.column, condition))]
                selection.matched[p.column] = found
                if not found:
                    every = ([s for v in index.values() for s in v] if index is not None else
                             [str(r[0]) for r in self.backend.fetch(c.spellings(schema, p.column))])
                    wanted = [str(v).strip() for v in (p.values or [p.value])]
                    selection.near[p.column] = [s for w in wanted for s in near(w, every)]
        return selection

    def _spelling_counts(self, table: Table, schema: c.Schema, name: str, *,
                         bounded: bool = True) -> list[tuple[str, str, int]] | None:
        """(spelling, LOWER(TRIM(spelling)), rows) of each distinct value of a text column: one query,
        kept on the table (a property of the data) for predicates and group-bys alike. With
        `bounded`, None for a column with more than SPELLING_INDEX_MAX distinct values."""
        cache = table.__dict__.setdefault("_spelling_counts", {})
        # Each entry is computed whole and written once: tool calls run in several threads at once.
        if name not in cache:
            (approx,), = self.backend.fetch(exp.select(exp.ApproxDistinct(this=c.column(name))).from_(schema.relation()))
            counts = None
            if approx <= SPELLING_INDEX_MAX:
                counts = [(str(s), str(n), int(k)) for s, n, k in self.backend.fetch(c.spelling_counts(schema, name))]
            cache.setdefault(name, counts)
        counts = cache[name]
        if counts is None and not bounded:
            return [(str(s), str(n), int(k)) for s, n, k in self.backend.fetch(c.spelling_counts(schema, name))]
        if counts is not None and hasattr(self.backend, "encode") and name not in table.lists:
            self.backend.encode(schema.table, name, len(counts), table.rows)  # grouped or filtered by: a dictionary
        return counts

    def _spelling_index(self, table: Table, schema: c.Schema, name: str) -> dict[str, list[str]] | None:
        """{v.strip().lower(): [spellings]} of a text column; None for a column with more than
        SPELLING_INDEX_MAX distinct values (then predicates normalise in SQL)."""
        cache = table.__dict__.setdefault("_spelling_index", {})
        if name not in cache:
            counts = self._spelling_counts(table, schema, name)
            index: dict[str, list[str]] | None = None if counts is None else {}
            for spelling, _, _ in sorted(counts or []):
                index.setdefault(spelling.strip().lower(), []).append(spelling)
            cache.setdefault(name, index)
        return cache[name]

    def _extreme(self, schema: c.Schema, p: Predicate) -> dict[str, str]:
        target = c.column(p.column)
        date = schema.kinds[p.column] is c.Kind.date
        if date:
            target = exp.cast(target, "DATE")
        agg = exp.Max(this=target) if p.op is Op.latest else exp.Min(this=target)
        (value,), = self.backend.fetch(exp.select(agg).from_(schema.relation()))
        label = f"{'MAX' if p.op is Op.latest else 'MIN'}({p.column})"
        return {label: str(value)[:10] if date else f"{float(value):g}"}

    def _keys(self, table: Table, schema: c.Schema, group_by: list[str],
              notes: list[str]) -> tuple[list[exp.Expression], list[dict[object, object]]]:
        """Group key expressions, and per key a map from the grouped value to its label (merged
        spellings of a text column go under their most frequent spelling, noted)."""
        keys, labels = [], []
        for name in group_by:
            mapping: dict[object, object] = {}
            if table.roles[name] in _TEXT_ROLES and schema.kinds[name] is c.Kind.text:
                merged = self._merged(table, schema, name)
                if merged:
                    keys.append(c.normalized(name))
                    for norm, (label, variants) in merged.items():
                        mapping[norm] = label
                        if len(variants) > 1:
                            notes.append(f"{name}: spellings {', '.join(repr(s) for s in variants)} counted as {label!r}")
                    labels.append(mapping)
                    continue
            keys.append(c.column(name))
            labels.append(mapping)
        return keys, labels

    def _distinct_spellings(self, table: Table, schema: c.Schema, args: AggregateArgs, notes: list[str]) -> c.Schema:
        """`schema` with the counted column among its merged ones when `args` counts the distinct
        values of a text column some of whose spellings differ only in case or spaces (noted): the
        count then agrees with the column's distinct list and its group-by (trial 7: 17 counted, 10
        listed). A column with more than SPELLING_INDEX_MAX distinct values is counted as written."""
        name = args.column
        if args.op is not c.Agg.count_distinct or name is None or schema.kinds.get(name) is not c.Kind.text \
                or table.roles[name] not in _TEXT_ROLES:
            return schema
        if self._spelling_counts(table, schema, name) is None:
            return schema  # more than SPELLING_INDEX_MAX values (ids): counted as written
        merged = self._merged(table, schema, name)
        variants = sum(len(v) for _, v in merged.values())
        if not merged or variants == len(merged):
            return schema
        notes.append(f"{name}: {variants:,} spellings differing only in case or spaces counted as {len(merged):,} values")
        return replace(schema, merged=schema.merged | {name})

    def _merged(self, table: Table, schema: c.Schema, name: str) -> dict[str, tuple[str, list[str]]]:
        """{normalized: (label, spellings)} when some spellings of `name` differ only in case or
        surrounding spaces; {} when none do (the column is grouped as it is)."""
        cache = table.__dict__.setdefault("_merged_spellings", {})
        if name not in cache:
            cache[name] = self._merge(self._spelling_counts(table, schema, name, bounded=False))
        return cache[name]

    @staticmethod
    def _merge(counts: list[tuple[str, str, int]]) -> dict[str, tuple[str, list[str]]]:
        by_norm: dict[str, list[tuple[str, int]]] = {}
        for spelling, norm, n in counts:
            by_norm.setdefault(norm, []).append((spelling, n))
        if all(len(v) == 1 for v in by_norm.values()):
            return {}
        result = {}
        for norm, variants in by_norm.items():
            variants.sort(key=lambda sv: (-sv[1], sv[0] != sv[0].strip(), sv[0].isupper() or sv[0].islower(), sv[0]))
            result[norm] = (variants[0][0], sorted(s for s, _ in variants))
        return result

    def aggregate(self, table: Table, args: AggregateArgs) -> AggregateResult:
        """Run `args` over every row. Raises UnknownColumn, WrongType, BadPredicate, NoRowsMatched."""
        started = time.perf_counter()
        table = scope(table, args.where)
        name = table.column(args.column) if args.column else None
        group_by = [table.column(g) for g in args.group_by]
        schema = self.schema(table)
        check_type(table, schema, args.op, name)
        selection = self._selection(table, schema, args.where)
        args = args.model_copy(update={"column": name, "group_by": group_by, "where": selection.predicates})
        notes = parse_notes(table, [*([name] if name else []), *(p.column for p in selection.predicates)])
        schema = self._by_items(schema, group_by, notes)
        schema = self._distinct_spellings(table, schema, args, notes)
        keys, labels = self._keys(table, schema, group_by, notes)
        keep = args.limit if args.limit is not None else self.max_groups
        few = self._few_groups(table, schema, group_by)
        compiled = self._compile(("aggregate", schema.table, args.model_dump_json(), keep, _grouping(labels), few,
                                  schema.merged),
                                 lambda: c.aggregate_query(schema, args, keys, keep, windows=not few))
        selection.resolved.update(compiled.resolved)
        rows = self.backend.fetch(compiled.tree)
        notes += self._negated_blanks(schema, args.where) + counted_note(table, self.backend.fetch, schema.table, args.op)
        if group_by and few:
            rows = cut.complete(rows, ordered=bool(args.order), keep=keep, value_at=len(keys), rows_at=len(keys) + 1,
                                present_at=len(keys) + 2)
        if not group_by:
            value, matched, present = rows[0]
            self._require(table, selection, matched)
            nulls = (matched - present) if name else 0
            notes = ([f"{nulls:,} matched row(s) with a missing {name} were skipped"] if nulls else []) + notes
            return AggregateResult(op=args.op, column=name, value=scalar(value), provenance=self._provenance(
                table, aggregate_sql(args), self._sql(compiled.tree), matched, started, selection,
                nulls_skipped=nulls, notes=notes))
        matched = int(rows[0][-1]) if rows else 0
        self._require(table, selection, matched)
        width = len(keys)
        nulls = matched - int(rows[0][width + 3]) if name else 0  # present_all: matched rows with a value
        if nulls:
            notes.insert(0, f"{nulls:,} matched row(s) with a missing {name} were skipped")
        groups = [Group(key=[scalar(lab.get(k, k)) for lab, k in zip(labels, r[:width])], value=scalar(r[width]),
                        rows=int(r[width + 1])) for r in rows]
        total = int(rows[0][-2])
        groups = self._label_order(groups, labels, args.order)
        if args.limit is None and total > keep:
            notes.append(f"only the first {keep} of {total:,} groups are returned")
        provenance = self._provenance(table, aggregate_sql(args), self._sql(compiled.tree), matched, started,
                                      selection, nulls_skipped=nulls, notes=notes)
        return AggregateResult(op=args.op, column=name, group_by=group_by, groups=groups[:keep], total_groups=total,
                               ties=groups[keep:], provenance=provenance)

    def _negated_blanks(self, schema: c.Schema, predicates: list[Predicate]) -> list[str]:
        """A note per '!=' / 'not in' condition on a scalar column whose blank cells it leaves out
        (a blank is not known to differ: 'except North' keeps no row of unknown region), with how
        many of the rows the other conditions keep are blank there: one COUNT each."""
        notes = []
        for at, p in enumerate(predicates):
            if p.op not in (Op.ne, Op.not_in) or schema.kinds.get(p.column) is c.Kind.list:
                continue
            others = [q for i, q in enumerate(predicates) if i != at]
            blank = Predicate(column=p.column, op=Op.is_null)
            (count,), = self.backend.fetch(c.count_query(schema, [*others, blank]).tree)
            if count:
                notes.append(f"{count:,} row(s) with a blank {p.column} are not counted by {predicate_sql(p)} (a blank "
                             f"is not known to differ); ask for '{p.column} is missing' to see them")
        return notes

    @staticmethod
    def _few_groups(table: Table, schema: c.Schema, group_by: list[str]) -> bool:
        """True when grouping by `group_by` can give at most cut.FEW_GROUPS groups: every key a text
        column whose distinct spellings are known (each key has at most that many groups, plus one
        for missing values). Then the cut is done in Python (agent/engine/cut.py)."""
        counts = table.__dict__.get("_spelling_counts", {})
        bound = 1
        for name in group_by:
            known = counts.get(name)
            if schema.kinds.get(name) is not c.Kind.text or name in table.lists or known is None:
                return False
            bound *= len(known) + 1
        return bool(group_by) and bound <= cut.FEW_GROUPS

    @staticmethod
    def _label_order(groups: list[Group], labels: list[dict], order: str | None) -> list[Group]:
        """Merged text keys come back in normalized order; without an order, sort by label."""
        if order or not any(labels):
            return groups
        return sorted(groups, key=lambda g: [(k is None, str(k) if k is not None else "") for k in g.key])

    @staticmethod
    def _by_items(schema: c.Schema, group_by: list[str], notes: list[str]) -> c.Schema:
        """The schema grouped by the items of its list columns among `group_by` (noted)."""
        listed = [g for g in group_by if schema.kinds.get(g) is c.Kind.list]
        for name in listed:
            notes.append(f"{name} holds lists: rows are grouped by each item they carry (a row with two items "
                         "is in two groups, a row with none in no group)")
        return c.exploded(schema, listed) if listed else schema

    def _require(self, table: Table, selection: _Selection, matched: int) -> None:
        if not matched:
            condition = where_sql(selection.predicates).removeprefix(" WHERE ") or "(no condition)"
            raise NoRowsMatched(condition, table.rows, selection.near)

    def ratio(self, table: Table, args: RatioArgs) -> RatioResult:
        """100 * numerator / denominator (see RatioArgs), overall and per group. Raises as
        `aggregate`, and NoRowsMatched when the base is empty or the denominator is zero."""
        started = time.perf_counter()
        table = scope(table, args.base + args.where)
        name = table.column(args.column) if args.column else None
        den_name = table.column(args.denominator_column) if args.denominator_column else name
        group_by = [table.column(g) for g in args.group_by]
        schema = self.schema(table)
        for n in dict.fromkeys(x for x in (name, den_name) if x):
            check_type(table, schema, c.Agg.sum, n)
        base = self._selection(table, schema, args.base)
        within = self._selection(table, schema, args.where)
        args = args.model_copy(update={"column": name, "denominator_column": den_name, "group_by": group_by,
                                       "base": base.predicates, "where": within.predicates})
        plan = args.model_dump_json()
        overall = self._compile(("ratio", schema.table, plan), lambda: c.ratio_query(schema, args, [], 0))
        (num, den, _, hits, rows, nulls, blanks), = self.backend.fetch(overall.tree)
        self._require(table, base, rows)
        if den is None or float(den) == 0:
            raise NoRowsMatched(f"a non-zero denominator{where_sql(args.base)}", table.rows, {})
        base.matched.update(within.matched)
        base.resolved.update({**within.resolved, **overall.resolved})
        notes = parse_notes(table, [x for x in (name, den_name) if x] + [p.column for p in args.base + args.where])
        notes += blank_note(int(blanks or 0), args.where) + self._negated_blanks(schema, base.predicates)
        notes += counted_note(table, self.backend.fetch, schema.table)
        result = RatioResult(numerator=float(num), denominator=float(den), percent=100 * float(num) / float(den),
                             group_by=group_by, provenance=self._provenance(
                                 table, ratio_sql(args), self._sql(overall.tree), int(hits), started, base,
                                 nulls_skipped=int(nulls), notes=notes))
        if group_by:
            schema = self._by_items(schema, group_by, notes)
            keys, labels = self._keys(table, schema, group_by, notes)
            keep = args.limit if args.limit is not None else self.max_groups
            few = self._few_groups(table, schema, group_by)
            compiled = self._compile(("ratio", schema.table, plan, keep, _grouping(labels), few),
                                     lambda: c.ratio_query(schema, args, keys, keep, windows=not few))
            grouped = self.backend.fetch(compiled.tree)
            width = len(keys)
            if few:
                grouped = cut.complete(grouped, ordered=bool(args.order), keep=keep, value_at=width + 2,
                                       rows_at=width + 4, present_at=None)
            groups = self._label_order(_ratio_groups(grouped, labels, width, den_name, notes), labels, args.order)
            total = int(grouped[0][-2]) if grouped else 0
            if args.limit is None and total > keep:
                notes.append(f"only the first {keep} of {total:,} groups are returned")
            result.groups, result.total_groups, result.ties = groups[:keep], total, groups[keep:]
            result.provenance.sql = self._sql(compiled.tree)
            result.provenance.notes = table_notes(table, notes)  # with the grouping's own notes
        result.provenance.elapsed_ms = (time.perf_counter() - started) * 1000
        return result

    def describe(self, table: Table, args: DescribeArgs) -> DescribeResult:
        """The profile, or one column's distinct values with row counts (most frequent first, then
        by value; cut at max_groups with total_distinct stating the full count)."""
        started = time.perf_counter()
        everything = _Selection([])
        if args.column is None:
            return DescribeResult(profile=profile_table(table), provenance=self._provenance(
                table, "DESCRIBE TABLE", "", table.rows, started, everything))
        name = table.column(args.column)
        schema = self.schema(table)
        tree = c.value_counts(schema, name, self.max_groups)
        rows = self.backend.fetch(tree)
        values = [ValueCount(value=scalar(v), rows=int(n)) for v, n, _ in rows]
        provenance = self._provenance(table, f"SELECT {name}, COUNT(*) GROUP BY {name}", self._sql(tree),
                                      table.rows, started, everything)
        return DescribeResult(column=name, values=values, total_distinct=int(rows[0][2]) if rows else 0,
                              provenance=provenance)

    def records(self, table: Table, predicates: list[Predicate], *, order_by: Sequence[tuple[str, bool]] = (),
                limit: int = 5) -> tuple[list[dict[str, object]], int, str]:
        """Rows passing every predicate, in `order_by` order ((column, descending) pairs), cut to
        `limit`: (records as {column: value}, the exact count passing the filter, the SQL). Raises
        UnknownColumn, BadPredicate, NoRowsMatched (with near values)."""
        schema = self.schema(table)
        selection = self._selection(table, schema, predicates)
        (count,), = self.backend.fetch(c.count_query(schema, selection.predicates).tree)
        self._require(table, selection, count)
        order = [(table.column(n), d) for n, d in order_by]
        compiled = c.records_query(schema, selection.predicates, order, limit)
        names = table.columns
        rows = [dict(zip(names, map(scalar, r))) for r in self.backend.fetch(compiled.tree)]
        return rows, int(count), self._sql(compiled.tree)


def _ratio_groups(grouped: list[tuple], labels: list[dict[object, object]], width: int, denominator: str | None,
                  notes: list[str]) -> list[Group]:
    """The ratio query's rows (keys, num, den, value, hits, rows, ...) as Groups. A group whose
    denominator column holds no value (SUM over none is NULL) or sums to 0 has no percentage:
    its value, and a missing sum, stay None, and a note says how many groups have none."""
    groups = [Group(key=[scalar(lab.get(k, k)) for lab, k in zip(labels, r[:width])], value=scalar(r[width + 2]),
                    rows=int(r[width + 4]), numerator=None if r[width] is None else float(r[width]),
                    denominator=None if r[width + 1] is None else float(r[width + 1])) for r in grouped]
    undefined = sum(g.value is None for g in groups)
    if undefined:
        what = f"no {denominator} value or a total {denominator} of 0" if denominator else "no rows"
        notes.append(f"{undefined:,} group{'s' if undefined > 1 else ''} have {what}: no percentage for "
                     f"{'them' if undefined > 1 else 'it'} (left empty)")
    return groups


def _grouping(labels: list[dict[object, object]]) -> tuple[bool, ...]:
    """How each group key is grouped: True for merged spellings (LOWER(TRIM(column)))."""
    return tuple(bool(mapping) for mapping in labels)


class _Selection:
    """Predicates with resolved columns, plus what resolving them found."""

    def __init__(self, predicates: list[Predicate]):
        self.predicates = predicates
        self.matched: dict[str, list[str]] = {}
        self.resolved: dict[str, str] = {}
        self.near: dict[str, list[str]] = {}
