"""Record search: rows as labelled texts, embedded offline, stored in Qdrant with typed payloads,
pre-filtered by typed predicates, fused with an exact-term (BM25) signal, then reranked."""

from __future__ import annotations



from collections.abc import Callable
from functools import cache


def lazy_searcher(table, config, money: list[str], notify: Callable[[str], None] | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Callable[[], object]:
    """A zero-argument factory of `table`'s RecordSearch (config: agent.config.SearchConfig), made
    on first call, so questions that never search never import Qdrant or the embedding model."""

    @cache
    def make():
        from agent.search.searcher import RecordSearch

        return RecordSearch(table, config, money=money, notify=notify or (lambda message: None), progress=progress)
    return make
