"""`per_entity`: the pandas reference for per-entity plans (agent/per_entity.py)."""

from __future__ import annotations

import time

from agent.engine import Engine
from agent.engine.values import scalar
from agent.ops.common import agg_text, numeric, provenance, selected, where_text
from agent.per_entity import PerEntityArgs
from agent.results import StatResult
from agent.table_type import Table


def per_entity(engine: Engine, table: Table, args: PerEntityArgs) -> StatResult:
    """outer(inner(column) per entity) over Table.df; rows with no entity left out."""
    del engine
    started = time.perf_counter()
    selection = selected(table, args.where)
    entity = table.column(args.entity)
    name = numeric(table, args.column, "per entity") if args.column else None
    df = table.df.loc[selection.mask & table.df[entity].notna()]
    groups = df.groupby(entity, sort=False)
    per = groups.size() if name is None or args.inner.value == "count" and name is None else \
        getattr(groups[name], {"sum": "sum", "mean": "mean", "median": "median", "min": "min", "max": "max",
                               "count": "count"}[args.inner.value])()
    value = getattr(per.astype(float), {"mean": "mean", "median": "median", "min": "min", "max": "max",
                                        "sum": "sum"}[args.outer.value])()
    operation = f"{args.outer.value.upper()}({agg_text(args.inner, name)} per {entity}){where_text(args.where)}"
    return StatResult(op=f"{args.outer.value} of {args.inner.value} per {entity}", column=name, value=scalar(value),
                      parts={"entities": int(len(per))}, provenance=provenance(table, operation, selection, started))
