"""Record search. A lookup whose words its typed predicates cover is answered exactly from the
table (exact.py, coverage.py: no index). Otherwise rows are ranked inside the exact pre-filter:
row vectors composed from field vectors (fields.py, embedded offline) in Qdrant (backends.py:
qdrant-edge embedded, or a server via qdrant-client) with typed payloads, fused with an exact-term
(BM25) signal, then reranked. The index can be built in a background thread (background.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache


def lazy_searcher(table, config, money: list[str] | None = None, notify: Callable[[str], None] | None = None,
                  progress: Callable[[int, int], None] | None = None, lexicon=None) -> Callable[[], object] | None:
    """A zero-argument factory of `table`'s RecordSearch (config: agent.config.SearchConfig), made
    on first call, so questions that never search never import Qdrant or the embedding model.
    `lexicon`: the router's lexicon of the table (which query words predicates cover; its money
    columns are embedded with the row text); None builds the default-config one then. `money`
    overrides the lexicon's money columns. None for a table read where it lies (`lies_in_file`):
    records, their count and the index all come from rows in memory, which it does not hold."""
    if table.lies_in_file:
        return None

    @cache
    def make():
        from agent.search.searcher import RecordSearch

        lex = lexicon
        if lex is None:
            from agent.config import RouterConfig
            from agent.router.lexicon import build_lexicon

            lex = build_lexicon(table, RouterConfig())
        columns = money if money is not None else lex.measure_candidates
        return RecordSearch(table, config, money=columns, notify=notify or (lambda message: None), progress=progress,
                            lexicon=lex)
    return make


def index_in_background(searcher: Callable[[], object], config, report: Callable[[str], None]) -> object | None:
    """Start building the index of `searcher()`'s table in a background thread when
    `config.background_index` (agent.config.SearchConfig) is on; returns the BackgroundIndex, or
    None when off. Long-lived sessions call it right after loading a table (`tally chat`, `tally mcp`)."""
    if not config.background_index:
        return None
    from agent.search.background import BackgroundIndex

    return BackgroundIndex(searcher(), report).start()
