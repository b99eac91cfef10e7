"""Eval cases: a question, its table, the expected answer and type, the expected route, and where
it came from. Sets: `demo` (the nine demo questions on both transactions files, gold by DuckDB SQL),
`databench` (SemEval-2025 Task 8 DataBench, gold from its qa.csv), `bugreports` (the foundation
issue's cases from public bug reports, gold worked by hand), `heldout` (questions on tables under
evals/tables/heldout and one shared file, kept out of router work to measure generalisation; not in
the CI gate; gold by DuckDB SQL, made by evals/tables/heldout/make.py)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, Field

from agent.errors import TallyError

ROOT = Path(__file__).resolve().parent
SHARED = (ROOT.parent / ".." / "shared" / "data").resolve()
AnswerType = Literal["number", "boolean", "category", "list[number]", "list[category]", "mapping", "abstain",
                     "records"]
SETS = ("demo", "bugreports", "databench", "heldout")


class Case(BaseModel):
    """One eval case. `table` is a path (relative to shared/data) or `csv` holds the rows inline.
    `answer` is the gold: a number, bool, string, list, or {key: number} for `mapping`;
    `abstain` cases expect no answer; `records` cases expect records, with answer
    {count: rows passing the lookup's exact condition, where: {column: value every record holds}}."""

    id: str
    set: str
    question: str
    table: str | None = None
    csv: str | None = None
    type: AnswerType
    answer: object = None
    tolerance: float = 1e-6
    """Relative tolerance for numbers (DataBench compares to two decimals instead)."""
    table_root: Literal["shared", "evals"] = "shared"
    """Where `table` is relative to: shared/data, or this evals folder (the held-out tables)."""
    route: Literal["computation", "retrieval"] = "computation"
    source: str
    sql: str | None = None
    """DuckDB SQL (table bound as `t`) that computed the gold answer, for re-checking."""
    ordered: bool = False
    """For lists: whether order matters."""

    @property
    def table_path(self) -> Path | None:
        """Absolute path of the table file, or None for an inline table."""
        return (ROOT if self.table_root == "evals" else SHARED) / self.table if self.table else None


class CaseFile(BaseModel):
    """A YAML case file: defaults shared by its cases, then the cases."""

    set: str
    source: str
    cases: list[dict] = Field(default_factory=list)


def _from_yaml(name: str) -> list[Case]:
    path = ROOT / "cases" / f"{name}.yaml"
    try:
        data = CaseFile.model_validate(yaml.safe_load(path.read_text()))
    except (OSError, yaml.YAMLError, ValueError) as exc:
        raise TallyError(f"{path}: cannot read cases: {exc}") from exc
    return [Case(set=data.set, source=data.source, **c) for c in data.cases]


def _databench(limit: int | None = None) -> list[Case]:
    import pandas as pd

    path = SHARED / "databench" / "qa.csv"
    if not path.exists():
        raise TallyError(f"{path}: DataBench questions not found")
    qa = pd.read_csv(path)
    corrected = {c["id"]: c for c in yaml.safe_load((ROOT / "cases" / "databench_corrections.yaml").read_text())["corrections"]}
    cases = []
    for index, row in qa.iterrows():
        fix = corrected.get(f"databench-{index:03d}")
        source = "SemEval-2025 Task 8 DataBench test set (MIT), shared/data/databench/qa.csv"
        cases.append(Case(id=f"databench-{index:03d}", set="databench", question=row.question.strip(),
                          table=f"databench/{row.dataset}/all.parquet", type=row.type,
                          answer=fix["answer"] if fix else row.answer, sql=fix["sql"] if fix else None,
                          source=source + (f"; gold corrected: {fix['reason']}" if fix else "")))
    return cases[:limit] if limit else cases


@cache
def load_set(name: str) -> tuple[Case, ...]:
    """All cases of set `name` (one of SETS). Raises TallyError for an unknown set or bad file."""
    if name not in SETS:
        raise TallyError(f"unknown eval set {name!r}; sets: {', '.join(SETS)}")
    return tuple(_databench() if name == "databench" else _from_yaml(name))
