"""Run eval cases in a mode and score them. Modes: `router` (no model), `replay` (recorded model
responses through respx, offline and deterministic), `record` (a live OpenAI-compatible endpoint;
writes the cassettes). The naive-RAG baseline lives in evals/baseline.py."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from agent.config import Config, ModelConfig

from agent.loop import Agent
from agent.outcome import Outcome
from agent.router.router import Router
from agent.table import Table, load_table, table_from_text
from evals.cases import ROOT, Case
from evals.cassettes import REPLAY_BASE, Cassette, CassetteMiss, recording_client, replaying
from evals.score import Verdict, score

Mode = Literal["router", "replay", "record"]
CASSETTES = ROOT / "cassettes"


class CaseResult(BaseModel):
    """One case run in one mode, scored."""

    id: str
    set: str
    mode: str
    question: str
    type: str
    expected: object = None
    got: object = None
    verdict: Verdict
    answer: str
    status: str
    answered_by: str
    reason: str | None = None
    route_expected: str
    route_actual: str | None = None
    tool_calls: int = 0
    """Tool calls the model made (the router's own plan run is not counted)."""
    rejected: bool = False
    """The numbers-from-tools policy rejected the model's answer."""
    latency_ms: float = 0.0
    tokens: int = 0
    cassette_miss: str | None = None
    error: str | None = None
    """The exception the case raised inside Tally ('TypeError: ...'), when it did: the case is
    scored abstained (nothing was stated) and listed in the report; the gate fails on any."""


class Tables:
    """Loads each table once per eval run."""

    def __init__(self) -> None:
        self._tables: dict[str, Table] = {}
        self._searchers: dict[int, object] = {}

    def searcher(self, table: Table, config: Config, lexicon):
        """One lazy RecordSearch per table for the whole run (the index opens once); `lexicon`:
        the router's (agent.search.lazy_searcher)."""
        from agent.search import lazy_searcher

        if id(table) not in self._searchers:
            self._searchers[id(table)] = lazy_searcher(table, config.search, lexicon=lexicon)
        return self._searchers[id(table)]

    def get(self, case: Case) -> Table:
        key = str(case.table_path) if case.table else f"inline:{case.id}"
        if key not in self._tables:
            self._tables[key] = load_table(case.table_path) if case.table else table_from_text(case.csv or "", f"{case.id}.csv")
        return self._tables[key]


def cassette_path(case: Case) -> Path:
    return CASSETTES / case.set / f"{case.id}.json"


def _agent(table: Table, config: Config, model, tables: "Tables", offered: frozenset[str] | None = None) -> Agent:
    router = Router(table, config.router, config.search)
    return Agent(table=table, engine=config.engine.build(max_groups=config.tools.max_groups_returned),
                 router=router, config=config, model=model, offered=offered,
                 searcher=tables.searcher(table, config, router.lexicon))


def run_case(case: Case, mode: Mode, config: Config, tables: Tables) -> CaseResult:
    """Ask the case's question in `mode` and score the outcome. Replay without a cassette, or with
    a request the cassette lacks, ends the case with `cassette_miss` set (never a quiet fallback)."""
    from agent.openai_model import OpenAIModel
    import openai

    table = tables.get(case)
    started = time.perf_counter()
    miss = None
    if mode == "router":
        outcome = _agent(table, config, None, tables).ask(case.question)
    elif mode == "replay":
        try:
            cassette = Cassette.load(cassette_path(case))
        except CassetteMiss as exc:
            return _missing(case, mode, str(exc))
        model = OpenAIModel(ModelConfig(name=cassette.model, base_url=REPLAY_BASE, api_key="replay", max_retries=0,
                                        temperature=config.model.temperature))
        with replaying(cassette):  # the tools the recording offered, so its requests recur exactly
            outcome = _agent(table, config, model, tables, cassette.offered).ask(case.question)
        miss = cassette.misses[0] if cassette.misses else None
    else:
        if not config.model.configured:
            raise CassetteMiss("record mode needs a model: set TALLY_MODEL, OPENAI_API_KEY and OPENAI_BASE_URL")
        cassette = Cassette(path=cassette_path(case), model=config.model.name or "")
        client = openai.OpenAI(api_key=config.model.api_key, base_url=config.model.base_url,
                               timeout=config.model.timeout_s, max_retries=config.model.max_retries,
                               http_client=recording_client(cassette))
        outcome = _agent(table, config, OpenAIModel(config.model, client=client), tables).ask(case.question)
        cassette.save()
    return _result(case, mode, outcome, (time.perf_counter() - started) * 1000, miss)


def _missing(case: Case, mode: str, why: str) -> CaseResult:
    return CaseResult(id=case.id, set=case.set, mode=mode, question=case.question, type=case.type,
                      expected=case.answer, verdict=Verdict.abstained, answer="", status="failed",
                      answered_by="none", reason=why, route_expected=case.route, cassette_miss=why)


def _crashed(case: Case, mode: str, exc: Exception) -> CaseResult:
    error = f"{type(exc).__name__}: {exc}"
    return CaseResult(id=case.id, set=case.set, mode=mode, question=case.question, type=case.type,
                      expected=case.answer, verdict=Verdict.abstained, answer="", status="failed",
                      answered_by="none", reason=f"internal error: {error}", route_expected=case.route, error=error)


def _result(case: Case, mode: str, outcome: Outcome, latency_ms: float, miss: str | None) -> CaseResult:
    verdict, got = score(case, outcome)
    model_calls = len(outcome.calls) - (1 if outcome.answered_by == "router" and outcome.calls else 0)
    return CaseResult(id=case.id, set=case.set, mode=mode, question=case.question, type=case.type,
                      expected=case.answer, got=got, verdict=verdict, answer=outcome.answer, status=outcome.status,
                      answered_by=outcome.answered_by, reason=outcome.reason, route_expected=case.route,
                      route_actual=outcome.router.classification.kind if outcome.router else None,
                      tool_calls=model_calls if mode != "router" else 0,
                      rejected=bool(outcome.reason and "no tool result contains" in outcome.reason),
                      latency_ms=latency_ms, tokens=outcome.tokens, cassette_miss=miss)


def run(cases: list[Case], modes: list[Mode], config: Config, *, recorded_only: bool = False,
        skip_recorded: bool = False, progress=None) -> list[CaseResult]:
    """Every case in every mode. With `recorded_only`, replay skips cases that have no cassette
    file (a request missing from an existing cassette still fails loudly); with `skip_recorded`,
    record skips cases that already have one (to resume an interrupted recording). A case that
    raises inside Tally (its table fails to load, a stage has a bug) ends as a result with `error`
    set, and the run goes on; a record-mode run without a model still stops at once."""
    tables, results = Tables(), []
    for mode in modes:
        for case in cases:
            recorded = cassette_path(case).exists()
            if (mode == "replay" and recorded_only and not recorded) or (mode == "record" and skip_recorded and recorded):
                continue
            try:
                results.append(run_case(case, mode, config, tables))
            except CassetteMiss:
                raise
            except Exception as exc:  # one case's crash is its result, not the run's end
                results.append(_crashed(case, mode, exc))
            if progress:
                progress()
    return results
