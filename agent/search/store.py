"""The Qdrant side of record search: one collection per (table content, embedding model), built
in batches, resumable, rebuilt when missing or corrupt. Embedded local mode (a folder) by default;
a server or cluster when `search.url` is set, through the same QdrantClient calls."""

from __future__ import annotations

import atexit
import json
import shutil
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from qdrant_client import QdrantClient
from qdrant_client import models as qm
from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential

from agent.config import SearchConfig
from agent.errors import ToolError
from agent.search.embed import Embedder
from agent.search.text import TEXT_VERSION, payloads, row_texts
from agent.table import ColumnRole, Table

VECTOR = "dense"
_LOCAL: dict[str, QdrantClient] = {}
"""Open local-mode clients by folder (Qdrant's local mode allows one client per folder)."""


@atexit.register
def _close_all() -> None:  # before interpreter teardown, where the clients' own __del__ fails noisily
    for client in list(_LOCAL.values()):
        client.close()
    _LOCAL.clear()


Progress = Callable[[int, int], None]
"""Called as progress(rows_done, rows_total) after each batch."""


class IndexUnavailable(ToolError):
    """The record index cannot be used (locked by another process, too big to build lazily...)."""

    kind = "index_unavailable"


def transient(exc: BaseException) -> bool:
    """Errors worth retrying: connection problems, timeouts, 429 and 5xx from a Qdrant server."""
    import httpx
    from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

    if isinstance(exc, UnexpectedResponse):
        return exc.status_code in (429, 500, 502, 503, 504)
    return isinstance(exc, (ResponseHandlingException, httpx.TransportError, TimeoutError, ConnectionError))


retrying = retry(retry=retry_if_exception(transient), stop=stop_after_attempt(4),
                 wait=wait_exponential(multiplier=0.2, max=3), reraise=True)


@dataclass
class Manifest:
    """What an index folder holds; a folder whose manifest differs from the wanted one is rebuilt."""

    table_sha256: str
    model: str
    rows: int
    columns: list[str]
    text_version: int = TEXT_VERSION
    complete: bool = False

    def same_index(self, other: "Manifest") -> bool:
        """Same table content, model, row count, embedded columns and text layout."""
        return (self.table_sha256, self.model, self.rows, self.columns, self.text_version) == (
            other.table_sha256, other.model, other.rows, other.columns, other.text_version)


class RecordStore:
    """The collection of one table's rows: point id = row position, vector = embedding of the
    row's labelled text (`columns`), payload = the row's typed fields. `folder` holds the manifest
    (and, in local mode, Qdrant's files)."""

    def __init__(self, table: Table, embedder: Embedder, columns: list[str], config: SearchConfig,
                 notify: Callable[[str], None] = lambda message: None):
        self.table, self.embedder, self.columns, self.config, self.notify = table, embedder, columns, config, notify
        key = f"{table.sha256[:16]}-{embedder.name}"
        self.folder = Path(config.cache_dir).expanduser() / key
        self.collection = "rows" if not config.url else f"tally-{key}"
        self.wanted = Manifest(table.sha256, embedder.name, table.rows, columns)
        self._client: QdrantClient | None = None

    # -- opening ---------------------------------------------------------------------------
    @property
    def client(self) -> QdrantClient:
        """The client, opened once. Raises IndexUnavailable when the local folder is in use elsewhere."""
        if self._client is None:
            self._client = self._open()
        return self._client

    def _open(self) -> QdrantClient:
        if self.config.url:
            return QdrantClient(url=self.config.url, api_key=self.config.api_key, timeout=30)
        self.folder.mkdir(parents=True, exist_ok=True)
        path = str(self.folder / "qdrant")
        if path in _LOCAL:  # local mode locks its folder: one client per folder per process, shared
            return _LOCAL[path]
        try:
            with warnings.catch_warnings():  # the size warning is restated below, with what to do
                warnings.simplefilter("ignore")
                _LOCAL[path] = QdrantClient(path=path)
            if self.table.rows > 20_000:
                self.notify(f"Qdrant's embedded local mode holds {self.table.rows:,} rows here: opening takes seconds "
                            "and a filtered query about one; a Qdrant server (search.url) answers in milliseconds.")
            return _LOCAL[path]
        except RuntimeError as exc:
            if "already accessed" in str(exc):
                raise IndexUnavailable(f"The record index {self.folder} is open in another Tally process; "
                                       "close it or set search.cache_dir to another folder.") from exc
            return self._rebuild_folder(exc)
        except Exception as exc:  # a corrupt folder: unreadable meta, bad sqlite, unpicklable points
            return self._rebuild_folder(exc)

    def _rebuild_folder(self, exc: Exception) -> QdrantClient:
        self.notify(f"The record index in {self.folder} could not be opened ({type(exc).__name__}: {exc}); "
                    "deleting it and building it again.")
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True, exist_ok=True)
        path = str(self.folder / "qdrant")
        _LOCAL[path] = QdrantClient(path=path)
        return _LOCAL[path]

    def manifest(self) -> Manifest | None:
        """The folder's manifest, or None when absent or unreadable."""
        try:
            return Manifest(**json.loads((self.folder / "manifest.json").read_text()))
        except (OSError, ValueError, TypeError):
            return None

    def _write_manifest(self, manifest: Manifest) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.folder / "manifest.json.tmp"
        tmp.write_text(json.dumps(manifest.__dict__))
        tmp.replace(self.folder / "manifest.json")  # atomic: a crash never leaves half a manifest

    @property
    def ready(self) -> bool:
        """True when a complete index of this table and model exists (opens the client)."""
        found = self.manifest()
        return bool(found and found.complete and found.same_index(self.wanted) and self._count() == self.table.rows)

    # -- building --------------------------------------------------------------------------
    @retrying
    def _count(self) -> int:
        try:
            if not self.client.collection_exists(self.collection):
                return 0
            return self.client.count(self.collection, exact=True).count
        except (ValueError, KeyError):
            return 0

    def build(self, progress: Progress | None = None) -> int:
        """Embed and upsert every row not yet stored; returns the rows written by this call.
        Resumes an interrupted build of the same index at its last whole batch; starts over when
        the folder holds another table, model or layout. Upserts are idempotent (id = row), so a
        batch written twice is harmless."""
        found = self.manifest()
        start = 0
        if found and found.same_index(self.wanted) and self._collection_ok():
            done = self._count()
            start = (done // self.config.batch_rows) * self.config.batch_rows
            if found.complete and done == self.table.rows:
                return 0
            if start:
                self.notify(f"Resuming the record index of {self.table.name} at row {start:,} of {self.table.rows:,}.")
        else:
            if (self.folder / "manifest.json").exists() and found is None:
                self.notify(f"The record index manifest in {self.folder} is unreadable; building the index again.")
            self._create()
        self._write_manifest(self.wanted)
        total, batch = self.table.rows, self.config.batch_rows
        if progress:
            progress(start, total)
        for first in range(start, total, batch):
            last = min(first + batch, total)
            vectors = self.embedder.embed(row_texts(self.table, self.columns, first, last))
            self._upsert(first, last, vectors)
            if progress:
                progress(last, total)
        done = Manifest(**{**self.wanted.__dict__, "complete": True})
        self._write_manifest(done)
        return total - start

    def _collection_ok(self) -> bool:
        try:
            return self.client.collection_exists(self.collection)
        except Exception:
            return False

    @retrying
    def _create(self) -> None:
        if self.client.collection_exists(self.collection):
            self.client.delete_collection(self.collection)
        self.client.create_collection(self.collection, vectors_config={
            VECTOR: qm.VectorParams(size=self.embedder.dim, distance=qm.Distance.COSINE)})
        schema = {ColumnRole.numeric: qm.PayloadSchemaType.FLOAT, ColumnRole.date: qm.PayloadSchemaType.DATETIME}
        with warnings.catch_warnings():  # local mode says its payload indexes are not used; a server uses them
            warnings.simplefilter("ignore")
            for column, role in self.table.roles.items():
                kind = schema.get(role, qm.PayloadSchemaType.KEYWORD)
                if role is ColumnRole.identifier and pd.api.types.is_integer_dtype(self.table.df[column]):
                    kind = qm.PayloadSchemaType.INTEGER
                self.client.create_payload_index(self.collection, column, field_schema=kind)

    @retrying
    def _upsert(self, first: int, last: int, vectors: np.ndarray) -> None:
        self.client.upsert(self.collection, wait=True, points=qm.Batch(
            ids=list(range(first, last)), vectors={VECTOR: vectors.tolist()},
            payloads=payloads(self.table, first, last)))

    # -- querying --------------------------------------------------------------------------
    @retrying
    def query(self, vector: np.ndarray, flt: qm.Filter | None, limit: int) -> list[tuple[int, float]]:
        """(row, cosine similarity) of the `limit` nearest rows that pass `flt`, best first."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            hits = self.client.query_points(self.collection, query=vector.tolist(), using=VECTOR,
                                            query_filter=flt, limit=limit, with_payload=False).points
        return [(int(h.id), float(h.score)) for h in hits]

    @retrying
    def rows_matching(self, flt: qm.Filter | None, limit: int) -> list[int]:
        """Up to `limit` row ids passing `flt`, by id (a scroll: no vector involved)."""
        points, _ = self.client.scroll(self.collection, scroll_filter=flt, limit=limit, with_payload=False)
        return [int(p.id) for p in points]

    def close(self) -> None:
        """Release the local folder's lock."""
        if self._client is not None:
            _LOCAL.pop(str(self.folder / "qdrant"), None)
            self._client.close()
            self._client = None
