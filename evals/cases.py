"""Eval cases: a question, its table, the expected answer and type, the expected route, and where
it came from. Sets: `demo` (the nine demo questions on both transactions files, gold by DuckDB SQL),
`databench` (SemEval-2025 Task 8 DataBench, gold from its qa.csv), `bugreports` (the foundation
issue's cases from public bug reports, gold worked by hand), `heldout` (questions on tables under
evals/tables/heldout and one shared file, kept out of router work to measure generalisation; not in
the CI gate; gold by DuckDB SQL, made by evals/tables/heldout/make.py), `databench_train` (the four
DataBench train/dev tables public in full, 85 questions), `wtq` (WikiTableQuestions' training split:
a seeded sample of WTQ_SAMPLE questions, or all 14,152 with `wtq_all`)."""

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
SETS = ("demo", "bugreports", "databench", "heldout", "databench_train", "wtq", "wtq_all")
WTQ_SAMPLE, WTQ_SEED = 2000, 2026
"""The CI sample of WikiTableQuestions: `random.Random(WTQ_SEED).sample` of WTQ_SAMPLE question rows."""


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


def _corrections(name: str) -> dict[str, dict]:
    """{case id: {answer, reason, sql?}} from evals/cases/<name>_corrections.yaml, if present."""
    path = ROOT / "cases" / f"{name}_corrections.yaml"
    if not path.exists():
        return {}
    return {c["id"]: c for c in yaml.safe_load(path.read_text())["corrections"]}


def _databench_train() -> list[Case]:
    import pandas as pd

    path = SHARED / "databench_train" / "qa.csv"
    if not path.exists():
        raise TallyError(f"{path}: DataBench train questions not found")
    fixes, cases = _corrections("databench_train"), []
    source = "DataBench train/dev tables public in full (MIT), shared/data/databench_train/qa.csv"
    for index, row in pd.read_csv(path).iterrows():
        case_id = f"databench_train-{index:03d}"
        fix = fixes.get(case_id)
        cases.append(Case(id=case_id, set="databench_train", question=str(row.question).strip(),
                          table=f"databench_train/tables/{row.dataset}.parquet", type=row.type,
                          answer=fix["answer"] if fix else row.answer,
                          source=source + (f"; gold corrected: {fix['reason']}" if fix else "")))
    return cases


def _wtq(sample: int | None) -> list[Case]:
    """WikiTableQuestions cases in file order; `sample`: that many rows drawn with WTQ_SEED (None: all)."""
    import random

    import pandas as pd

    path = SHARED / "wtq" / "qa.csv"
    if not path.exists():
        raise TallyError(f"{path}: WikiTableQuestions questions not found")
    qa = pd.read_csv(path, dtype=str, keep_default_na=False)
    rows = sorted(random.Random(WTQ_SEED).sample(range(len(qa)), sample)) if sample else range(len(qa))
    fixes, source = _corrections("wtq"), "WikiTableQuestions training split (CC BY-SA 4.0), shared/data/wtq/qa.csv"
    cases = []
    for i in rows:
        row = qa.iloc[i]
        fix = fixes.get(row.id)
        kind = row.type if row.type in ("number", "boolean", "category", "list[number]", "list[category]") else "category"
        cases.append(Case(id=row.id, set="wtq", question=row.question.strip(), table=f"wtq/tables/{row.dataset}.parquet",
                          type=kind, answer=fix["answer"] if fix else row.answer,
                          source=source + (f"; gold corrected: {fix['reason']}" if fix else "")))
    return cases


@cache
def load_set(name: str) -> tuple[Case, ...]:
    """All cases of set `name` (one of SETS). Raises TallyError for an unknown set or bad file."""
    if name not in SETS:
        raise TallyError(f"unknown eval set {name!r}; sets: {', '.join(SETS)}")
    match name:
        case "databench": return tuple(_databench())
        case "databench_train": return tuple(_databench_train())
        case "wtq": return tuple(_wtq(WTQ_SAMPLE))
        case "wtq_all": return tuple(_wtq(None))
    return tuple(_from_yaml(name))
