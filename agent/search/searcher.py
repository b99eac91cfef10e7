"""Record search over one table. A lookup whose words its predicates cover is answered exactly
from the table (exact.py: no index). Otherwise: exact pre-filter, vector search in Qdrant, BM25
fused by reciprocal rank, rerank, and records that provably pass the filter."""

from __future__ import annotations

from typing import TYPE_CHECKING

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property


from agent.config import SearchConfig
from agent.errors import NoRowsMatched
from agent.plan import SearchArgs
from agent.predicates import select
from agent.results import Provenance, Record, SearchResult, Stage
from agent.router.lexicon import Lexicon
from agent.search.coverage import Coverage, coverage
from agent.search.embed import MiniLM
from agent.search.exact import exact_records, record_fields
from agent.search.lexical import Lexical
from agent.search.rerank import MaxSim, Reranker, make_reranker
from agent.search.status import IndexUnavailable
from agent.search.text import dense_columns, row_texts, vector_columns
from agent.sqlish import literal, where_sql
from agent.table import Table

if TYPE_CHECKING:
    import numpy as np

BUILD_ROWS_PER_S = 80
"""Index build rate quoted in the 'needs `tally index`' message. Pessimistic: the composed-field
build measured 325-775 rows/s wall on the shared 2-core machine (docs/search.md); 80 is the
old row-text rate, kept because that message is inside a recorded model exchange
(evals/cassettes/demo/demo-sparkov-9.json). Re-record that cassette before changing it."""

_SHOWN_AS_FILLER = {"a", "an", "the", "me", "show", "find", "from", "in", "at", "of", "for", "on", "with"}

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


def _encode_query(model: MiniLM, query: str) -> tuple[np.ndarray, np.ndarray]:
    """(pooled unit vector, unit word-piece vectors without [CLS]/[SEP]) of `query`, from one
    model pass: the vector search and the MaxSim rerank share it."""
    states, mask = model.token_states([query])
    keep = mask[0].astype(bool)
    mean = states[0][keep].mean(axis=0)
    pieces = states[0][keep][1:-1]
    import numpy as np
    return (mean / max(float(np.linalg.norm(mean)), 1e-12),
            pieces / np.clip(np.linalg.norm(pieces, axis=1, keepdims=True), 1e-12, None))


@dataclass
class RecordSearch:
    """Search over `table`. The index is built lazily (first search) for tables up to
    `config.lazy_index_max_rows` rows, or by `build_index` (`tally index FILE`)."""

    table: Table
    config: SearchConfig
    money: list[str] = field(default_factory=list)
    """Money columns: shown with the descriptive ones, and in the cross-encoder's record text
    (text.dense_columns); not in the vectors (text.vector_columns)."""
    embedder: MiniLM = field(default_factory=MiniLM)
    notify: Callable[[str], None] = lambda message: None
    progress: Callable[[int, int], None] | None = None
    """progress(rows_done, rows_total) after each batch of a build."""
    exact_terms: bool | None = None
    """Override of config.exact_terms (the retrieval eval compares stages with it)."""
    reranker_kind: str | None = None
    """Override of config.reranker ('maxsim', 'cross-encoder', 'none')."""
    always_rank: bool = False
    """Rank even when the predicates cover the query (the retrieval eval compares the stages)."""
    lexicon: Lexicon | None = None
    """The router's lexicon of the table (reads which query words the predicates cover); None
    builds the default-config one on first use."""
    building: object | None = None
    """A running background build (background.BackgroundIndex), if any: ranked queries report its
    progress instead of building themselves."""

    @cached_property
    def store(self):
        """The table's RecordStore (imports the vector store on first use only)."""
        from agent.search.store import RecordStore

        # Payload indexes on the descriptive and money columns only: measured at 100k, 12 indexes
        # instead of 22 took the open from 4.0 to 2.1 s and optimize from 76 to 30 s; ids, coordinates
        # and flags still filter, by a scan of the payload.
        return RecordStore(self.table, self.embedder, vector_columns(self.table), self.config, self.notify,
                           indexed=vector_columns(self.table) + list(self.money))

    @cached_property
    def columns(self) -> list[str]:
        """The descriptive columns: embedded for ranking, shown first with records."""
        return dense_columns(self.table, self.money)

    @cached_property
    def lex(self) -> Lexicon:
        if self.lexicon is not None:
            return self.lexicon
        from agent.config import RouterConfig
        from agent.router.lexicon import build_lexicon

        return build_lexicon(self.table, RouterConfig())

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

    def build_index(self, progress=None) -> int:
        """Build (or resume, or confirm) the index; returns rows embedded by this call.
        `progress(done, total)` is called after each batch (it may raise to stop)."""
        written = self.store.build(progress or self.progress)
        _ = self.lexical
        return written

    def _ensure_index(self) -> None:
        if self.building is not None:
            self.building.wait_checked()
        if self.building is not None and (not self.building.finished or self.building.error is not None):
            raise IndexUnavailable(self.building.status_message())
        if self.store.ready:
            return
        if self.table.rows > self.config.lazy_index_max_rows:
            minutes = self.table.rows / BUILD_ROWS_PER_S / 60
            raise IndexUnavailable(
                f"Record search over {self.table.name} ({self.table.rows:,} rows) needs its index built once: "
                f"run `tally index {self.table.name}` (about {minutes:.0f} min at ~{BUILD_ROWS_PER_S} rows/s on 2 cores). "
                f"Tables up to {self.config.lazy_index_max_rows:,} rows are indexed on first search.")
        _ = self.store.store  # a folder locked by another process is refused before any notice
        self.notify(f"Indexing {self.table.name} for record search (once; cached in {self.store.folder}).")
        self.build_index()

    def search(self, args: SearchArgs) -> SearchResult:
        """Records for `args`. When every word of `args.query` is covered by `args.where`
        (coverage.py), the first `top_n` rows passing the filter in file order, with no index;
        else the ranked stages. Raises UnknownColumn/BadPredicate for a bad predicate,
        NoRowsMatched (naming the filter, with near values offered as such) when no row passes it,
        and IndexUnavailable when ranking needs an index that is not built (or is being built)."""
        started = time.perf_counter()
        where = [p.model_copy(update={"column": self.table.column(p.column)}) for p in args.where]
        selection = select(self.table, where)
        matched = int(selection.mask.sum())
        condition = where_sql(where).removeprefix(" WHERE ")
        if matched == 0:
            raise NoRowsMatched(condition, self.table.rows, selection.near_values)
        covered = coverage(args.query, where, self.lex)
        if covered.exact and not self.always_rank:
            return self._exact(args, where, selection, condition, covered, started)
        try:
            return self._search(args, where, selection, matched, condition, started)
        except Exception as exc:
            from agent.search.backends import transient

            if transient(exc):
                raise IndexUnavailable(f"Qdrant at {self.config.url or self.store.folder} did not answer after "
                                       f"retries: {type(exc).__name__}: {exc}") from exc
            raise

    def _exact(self, args: SearchArgs, where: list, selection, condition: str, covered: Coverage,
               started: float) -> SearchResult:
        records, count = exact_records(self.table, where, None, args.top_n)
        elapsed = round((time.perf_counter() - started) * 1000, 2)
        said = ", ".join(repr(w) for w in covered.covered if w.casefold() not in _SHOWN_AS_FILLER) or "none"
        detail = (f"every row passing the filter, file order, first {args.top_n}; no ranking: the filter says "
                  f"every word of the query ({said})" if where else
                  f"no condition: the first {args.top_n} rows in file order; no word of the query ranks them")
        stage = Stage(name="exact", returned=len(records), elapsed_ms=elapsed, detail=detail)
        provenance = Provenance(
            operation=f"SELECT * FROM {literal(self.table.name)}" + (f" WHERE {condition}" if condition else "")
            + f" LIMIT {args.top_n}", rows_scanned=self.table.rows, rows_matched=count,
            matched_values=selection.matched_values, resolved=selection.resolved, elapsed_ms=elapsed,
            file=self.table.name, sha256=self.table.sha256)
        return SearchResult(query=args.query, records=records, filter=condition, columns=self.columns,
                            stages=[stage], provenance=provenance)

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
        vector, pieces = _encode_query(self.embedder, args.query)
        from agent.search.filters import to_filter

        dense = [row for row, _ in self.store.query(vector, to_filter(self.table, where), k)]
        t = stage("vector", t, dense, f"{self.store.store.kind}, cosine, "
                  f"pre-filter {condition or 'none'}, k={k}")
        ranking = dense
        use_terms = self.config.exact_terms if self.exact_terms is None else self.exact_terms
        if use_terms:
            terms = [row for row, _ in self.lexical.top(args.query, selection.mask, k)]
            t = stage("bm25", t, terms, f"same filter, k={k}")
            ranking = fuse(dense, terms)[:k]
            t = stage("fusion", t, ranking, f"reciprocal rank fusion (k={RRF_K})")
        if isinstance(self.reranker, MaxSim):  # the candidates' word pieces were kept at build time
            scores = self.reranker.scores_tokens(args.query, [self.store.fields.row_tokens(r) for r in ranking], pieces)
        else:
            scores = self.reranker.scores(args.query, row_texts(self.table, self.columns, rows=ranking))
        order = sorted(range(len(ranking)), key=lambda i: -scores[i])[: args.top_n]
        kept = [(ranking[i], scores[i]) for i in order if selection.mask[ranking[i]]]  # proof, not trust
        stage("rerank", t, [r for r, _ in kept], f"{self.reranker.name}, top_n={args.top_n}")
        records = [Record(row=row, score=round(score, 4), fields=record_fields(self.table, row)) for row, score in kept]
        provenance = Provenance(
            operation=f"SEARCH {literal(args.query)}" + (f" WHERE {condition}" if condition else "")
            + f" (k={k}, top_n={args.top_n})",
            rows_scanned=self.table.rows, rows_matched=matched, matched_values=selection.matched_values,
            resolved=selection.resolved, elapsed_ms=round((time.perf_counter() - started) * 1000, 2),
            file=self.table.name, sha256=self.table.sha256)
        return SearchResult(query=args.query, records=records, filter=condition, columns=self.columns,
                            stages=stages, provenance=provenance)
