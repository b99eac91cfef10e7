"""The reference article's naive RAG, reproduced: serialise each row as text, retrieve the top N
rows by keyword overlap with the question, compute over what was seen. Reported beside Tally's
exact answer at five context sizes: the 'Error Observability Collapse' table (the answer looks as
confident at 5 rows as at 8,000, while coverage and error move)."""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pandas as pd
from pydantic import BaseModel

from agent.config import Config
from agent.engine import duckdb_engine
from agent.errors import ToolError
from agent.plan import AggregateArgs, RatioArgs
from agent.router.router import Router
from agent.predicates import select
from agent.table import Table
from evals.cases import Case

SIZES = (5, 50, 500, 2000, 8000)
_STOP = {"what", "which", "is", "the", "are", "was", "were", "how", "many", "much", "of", "by", "on", "in",
         "for", "total", "made", "has", "have", "where", "than", "greater", "highest", "lowest", "average"}


class BaselineRow(BaseModel):
    """Naive RAG at one context size for one question."""

    case: str
    question: str
    context_rows: int
    coverage: float
    """Share of the rows the exact answer depends on that were in the context (0-1)."""
    naive: str
    exact: str
    error: float | None
    """|naive - exact| / |exact| for numbers (summed over groups); 1.0 or 0.0 for a named group."""


def row_texts(table: Table) -> pd.Series:
    """Each row as 'col: value | col: value ...', lower-cased; cached on the table."""
    cache = table.__dict__.setdefault("_row_texts", {})
    if "all" not in cache:
        parts = [(c + ": ") + table.df[c].astype(str) for c in table.df.columns]
        cache["all"] = pd.Series(np.array([" | ".join(r) for r in zip(*parts)]), index=table.df.index).str.lower()
    return cache["all"]


def top_rows(table: Table, question: str, n: int) -> np.ndarray:
    """Indices of the n rows sharing the most question keywords (ties: earlier rows first)."""
    words = {w for w in re.findall(r"[a-z_][a-z0-9_]+", question.lower()) if w not in _STOP and len(w) > 2}
    texts = row_texts(table)
    score = np.zeros(len(texts))
    for word in words:
        score += texts.str.contains(word, regex=False).to_numpy()
    return np.argsort(-score, kind="stable")[:n]


def _value(result) -> object:
    if hasattr(result, "percent") and not result.groups:
        return result.percent
    if not result.group_by:
        return result.value
    return {tuple(g.key)[0]: g.value for g in result.groups}


def _error(naive: object, exact: object, limit_one: bool) -> float | None:
    if isinstance(exact, dict):
        if limit_one:
            return 0.0 if isinstance(naive, dict) and list(naive)[:1] == list(exact)[:1] else 1.0
        naive = naive if isinstance(naive, dict) else {}
        total = sum(abs(v) for v in exact.values() if v is not None) or 1.0
        return sum(abs((naive.get(k) or 0) - (v or 0)) for k, v in exact.items()) / total
    if isinstance(exact, (int, float)) and exact:
        return abs((naive if isinstance(naive, (int, float)) else 0) - exact) / abs(exact)
    return None


def _show(value: object, limit_one: bool) -> str:
    if isinstance(value, dict):
        if limit_one:
            return str(next(iter(value), "none"))
        return f"{len(value)} groups, total {sum(v or 0 for v in value.values()):,.2f}"
    return f"{value:,.4f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def baseline(case: Case, table: Table, config: Config, sizes: tuple[int, ...] = SIZES) -> list[BaselineRow]:
    """Naive RAG rows for one computation case, using the router's plan as 'what to compute'."""
    plan = Router(table, config.router).route(case.question).plan
    if plan is None:
        return []
    engine = duckdb_engine(max_groups=10**6)
    run = engine.ratio if isinstance(plan, RatioArgs) else engine.aggregate
    exact_result = run(table, plan)
    exact = _value(exact_result)
    needed = select(table, plan.base if isinstance(plan, RatioArgs) else plan.where).mask
    limit_one = isinstance(plan, AggregateArgs) and plan.limit == 1
    full = plan.model_copy(update={"limit": None}) if limit_one else plan
    rows = []
    for n in sizes:
        seen = top_rows(table, case.question, n)
        subset = replace(table, df=table.df.iloc[seen].reset_index(drop=True), digest=table.sha256)
        try:
            naive = _value(run(subset, full))  # groups come ordered by value, so the first is the naive pick
        except ToolError:
            naive = 0.0 if not isinstance(exact, dict) else {}
        coverage = needed[seen].sum() / max(needed.sum(), 1)
        rows.append(BaselineRow(case=case.id, question=case.question, context_rows=n, coverage=float(coverage),
                                naive=_show(naive, limit_one), exact=_show(exact, limit_one),
                                error=_error(naive, exact, limit_one)))
    return rows


def markdown(rows: list[BaselineRow]) -> str:
    """The 'Error Observability Collapse' table."""
    lines = ["| case | question | rows in context | coverage | naive answer | exact answer | error |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        error = "n/a" if r.error is None else f"{r.error:.1%}"
        lines.append(f"| {r.case} | {r.question} | {r.context_rows:,} | {r.coverage:.1%} | {r.naive} | {r.exact} | {error} |")
    return "\n".join(lines)
