"""The typed error of record search when its index cannot serve a ranked query (kept apart from
the store so that exact lookups never import a vector store)."""

from __future__ import annotations

from agent.errors import ToolError


class IndexUnavailable(ToolError):
    """The record index cannot be used now: being built in the background, too big to build
    during a question, locked by another process, or a server that does not answer."""

    kind = "index_unavailable"
