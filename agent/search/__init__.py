"""Record search: rows as labelled texts, embedded offline, stored in Qdrant with typed payloads,
pre-filtered by typed predicates, fused with an exact-term (BM25) signal, then reranked."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache


def lazy_searcher(table, config, money: list[str] | None = None, notify: Callable[[str], None] | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Callable[[], object]:
    """A zero-argument factory of `table`'s RecordSearch (config: agent.config.SearchConfig), made
    on first call, so questions that never search never import Qdrant or the embedding model.
    `money`: the money columns embedded with the row text; None derives them then, from the
    table's default-config lexicon (callers that already hold a router pass its candidates)."""

    @cache
    def make():
        from agent.search.searcher import RecordSearch

        columns = money
        if columns is None:
            from agent.config import RouterConfig
            from agent.policies.lexicon import build_lexicon

            columns = build_lexicon(table, RouterConfig()).measure_candidates
        return RecordSearch(table, config, money=columns, notify=notify or (lambda message: None), progress=progress)
    return make
