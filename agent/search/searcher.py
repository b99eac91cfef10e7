"""Record search over one table: exact pre-filter, vector search in Qdrant, BM25 fused by
reciprocal rank, rerank, and records that provably pass the filter."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from agent.config import SearchConfig
from agent.errors import NoRowsMatched
from agent.plan import SearchArgs
from agent.predicates import select
from agent.results import Provenance, Record, SearchResult, Stage, Value
from agent.search.embed import MiniLM
from agent.search.filters import to_filter
from agent.search.lexical import Lexical
from agent.search.rerank import Reranker, make_reranker
from agent.search.store import IndexUnavailable, Progress, RecordStore, transient
from agent.search.text import cell, dense_columns, row_texts
from agent.sqlish import literal, where_sql
from agent.table import Table

RRF_K = 60
"""Reciprocal rank fusion constant (Cormack, Clarke & Buettcher, SIGIR 2009: score = sum 1/(60 + rank))."""


def fuse(*rankings: list[int], k: int = RRF_K) -> list[int]:
    """Rows of several best-first rankings merged by reciprocal rank fusion, best first; ties
    keep the order of first appearance."""
    score: dict[int, float] = {}
    for ranking in rankings:
        for rank, row in enumerate(ranking, start=1):
            score[row] = score.get(row, 0.0) + 1.0 / (k + rank)
    return sorted(score, key=lambda r: -score[r])


@dataclass
class RecordSearch:
    """Search over `table`. The index is built lazily (first search) for tables up to
    `config.lazy_index_max_rows` rows, or by `build_index` (`tally index FILE`)."""

    table: Table
    config: SearchConfig
    money: list[str] = field(default_factory=list)
    """Money columns, embedded alongside the descriptive ones (see text.dense_columns)."""
    embedder: MiniLM = field(default_factory=MiniLM)
    notify: Callable[[str], None] = lambda message: None
    progress: Progress | None = None
    exact_terms: bool | None = None
    """Override of config.exact_terms (the retrieval eval compares stages with it)."""
    reranker_kind: str | None = None
    """Override of config.reranker ('maxsim', 'cross-encoder', 'none')."""

    @cached_property
    def store(self) -> RecordStore:
        return RecordStore(self.table, self.embedder, dense_columns(self.table, self.money), self.config, self.notify)

    @cached_property
    def all_columns(self) -> list[str]:
        return [str(c) for c in self.table.df.columns]

    @cached_property
    def lexical(self) -> Lexical:
        return Lexical.load_or_build(self.store.folder / "bm25",
                                     lambda: row_texts(self.table, self.all_columns), self.table.rows)

    @cached_property
    def reranker(self) -> Reranker:
        return make_reranker(self.reranker_kind or self.config.reranker, self.embedder, self.config.cross_encoder_dir)

    def build_index(self, progress: Progress | None = None) -> int:
        """Build (or resume, or confirm) the index; returns rows embedded by this call."""
        written = self.store.build(progress or self.progress)
        _ = self.lexical
        return written

    def _ensure_index(self) -> None:
        if self.store.ready:
            return
        if self.table.rows > self.config.lazy_index_max_rows:
            minutes = self.table.rows / 80 / 60
            raise IndexUnavailable(
                f"Record search over {self.table.name} ({self.table.rows:,} rows) needs its index built once: "
                f"run `tally index {self.table.name}` (about {minutes:.0f} min at ~80 rows/s on 2 cores). "
                f"Tables up to {self.config.lazy_index_max_rows:,} rows are indexed on first search.")
        _ = self.store.client  # a folder locked by another process is refused before any notice
        self.notify(f"Indexing {self.table.name} for record search (once; cached in {self.store.folder}).")
        self.build_index()

    def search(self, args: SearchArgs) -> SearchResult:
        """Run the stages. Raises UnknownColumn/BadPredicate for a bad predicate, NoRowsMatched
        (naming the filter, with near values offered as such) when no row passes it, and
        IndexUnavailable when a big table has no index yet."""
        started = time.perf_counter()
        where = [p.model_copy(update={"column": self.table.column(p.column)}) for p in args.where]
        selection = select(self.table, where)
        matched = int(selection.mask.sum())
        condition = where_sql(where).removeprefix(" WHERE ")
        if matched == 0:
            raise NoRowsMatched(condition, self.table.rows, selection.near_values)
        try:
            return self._search(args, where, selection, matched, condition, started)
        except Exception as exc:
            if transient(exc):
                raise IndexUnavailable(f"Qdrant at {self.config.url or self.store.folder} did not answer after "
                                       f"retries: {type(exc).__name__}: {exc}") from exc
            raise

    def _search(self, args: SearchArgs, where: list, selection, matched: int, condition: str,
                started: float) -> SearchResult:
        self._ensure_index()
        stages: list[Stage] = []
        k = args.candidates

        def stage(name: str, since: float, rows: list[int], detail: str = "") -> float:
            now = time.perf_counter()
            stages.append(Stage(name=name, returned=len(rows), elapsed_ms=round((now - since) * 1000, 2), detail=detail))
            return now

        t = time.perf_counter()
        vector = self.embedder.embed([args.query])[0]
        dense = [row for row, _ in self.store.query(vector, to_filter(self.table, where), k)]
        t = stage("vector", t, dense, f"Qdrant {'server' if self.config.url else 'local'}, cosine, "
                  f"pre-filter {condition or 'none'}, k={k}")
        ranking = dense
        use_terms = self.config.exact_terms if self.exact_terms is None else self.exact_terms
        if use_terms:
            terms = [row for row, _ in self.lexical.top(args.query, selection.mask, k)]
            t = stage("bm25", t, terms, f"same filter, k={k}")
            ranking = fuse(dense, terms)[:k]
            t = stage("fusion", t, ranking, f"reciprocal rank fusion (k={RRF_K})")
        texts = row_texts(self.table, self.store.columns, rows=ranking)
        scores = self.reranker.scores(args.query, texts)
        order = sorted(range(len(ranking)), key=lambda i: -scores[i])[: args.top_n]
        kept = [(ranking[i], scores[i]) for i in order if selection.mask[ranking[i]]]  # proof, not trust
        stage("rerank", t, [r for r, _ in kept], f"{self.reranker.name}, top_n={args.top_n}")
        records = [Record(row=row, score=round(score, 4), fields=self._fields(row)) for row, score in kept]
        provenance = Provenance(
            operation=f"SEARCH {literal(args.query)}" + (f" WHERE {condition}" if condition else "")
            + f" (k={k}, top_n={args.top_n})",
            rows_scanned=self.table.rows, rows_matched=matched, matched_values=selection.matched_values,
            resolved=selection.resolved, elapsed_ms=round((time.perf_counter() - started) * 1000, 2),
            file=self.table.name, sha256=self.table.sha256)
        return SearchResult(query=args.query, records=records, filter=condition, columns=self.store.columns,
                            stages=stages, provenance=provenance)

    def _fields(self, row: int) -> dict[str, Value]:
        values = self.table.df.iloc[row]
        out: dict[str, Value] = {}
        for column in self.all_columns:
            v = values[column]
            if isinstance(v, (int, np.integer)):
                out[column] = int(v)
            elif isinstance(v, (float, np.floating)) and not np.isnan(v):
                out[column] = float(v)
            else:
                out[column] = cell(v)
        return out
