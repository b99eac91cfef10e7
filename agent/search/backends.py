"""Where the vectors live: one interface (`VectorStore`), two implementations of Qdrant.

- `EdgeStore`: Qdrant's own engine embedded in the process (PyPI `qdrant-edge-py`: Rust, payload
  indexes, HNSW), one shard in a folder. The default for local indexes.
- `ClientStore`: `qdrant-client` against a Qdrant server or cluster (`search.url`), or the client's
  own local mode (a folder or ':memory:'; pure Python, brute force), which speaks the server's API
  and stands in for a server in tests.

Filters are built once, as plain values (`filters.to_filter`, `payload_filter.py`); each store
translates them to its own classes, so the edge path never imports qdrant-client (seconds)."""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Literal, Protocol

from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential

from agent.search.payload_filter import Filter, payload_key, to_client, to_edge

if TYPE_CHECKING:
    import numpy as np

VECTOR = "dense"
IndexKind = Literal["keyword", "float", "integer", "datetime"]


def transient(exc: BaseException) -> bool:
    """Errors worth retrying: connection problems, timeouts, 429 and 5xx from a Qdrant server."""
    import httpx
    from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

    if isinstance(exc, UnexpectedResponse):
        return exc.status_code in (429, 500, 502, 503, 504)
    return isinstance(exc, (ResponseHandlingException, httpx.TransportError, TimeoutError, ConnectionError))


retrying = retry(retry=retry_if_exception(transient), stop=stop_after_attempt(4),
                 wait=wait_exponential(multiplier=0.2, max=3), reraise=True)


class VectorStore(Protocol):
    """One collection of points: id = data-row number, one dense cosine vector, the row's typed
    payload (indexed per column)."""

    kind: str
    """Shown in search stages: 'qdrant-edge (embedded)', 'Qdrant server', 'qdrant-client local mode'."""

    def exists(self) -> bool:
        """True when the collection exists (it may be incomplete)."""

    def create(self, dim: int, indexes: dict[str, IndexKind]) -> None:
        """(Re)create the empty collection: vectors of `dim`, one payload index per column."""

    def count(self) -> int:
        """Points stored (exact)."""

    def upsert(self, ids: list[int], vectors: np.ndarray, payloads: list[dict]) -> None:
        """Write points (idempotent: same id, same point). `vectors`: float32 (n, dim)."""

    def query(self, vector: np.ndarray, flt: Filter | None, limit: int) -> list[tuple[int, float]]:
        """(row, cosine similarity) of the `limit` nearest points passing `flt`, best first."""

    def rows_matching(self, flt: Filter | None, limit: int) -> list[int]:
        """Up to `limit` row ids passing `flt` (no vector involved)."""

    def close(self) -> None:
        """Release files and connections."""


# -- qdrant-client: a server by URL, or the client's local mode -----------------------------------
class ClientStore:
    """A collection reached through qdrant-client (server, cluster, or local mode)."""

    def __init__(self, client, collection: str, kind: str):
        self.client, self.collection, self.kind = client, collection, kind

    @retrying
    def exists(self) -> bool:
        return self.client.collection_exists(self.collection)

    @retrying
    def create(self, dim: int, indexes: dict[str, IndexKind]) -> None:
        from qdrant_client import models as qm

        if self.client.collection_exists(self.collection):
            self.client.delete_collection(self.collection)
        self.client.create_collection(self.collection, vectors_config={
            VECTOR: qm.VectorParams(size=dim, distance=qm.Distance.COSINE)})
        kinds = {"keyword": qm.PayloadSchemaType.KEYWORD, "float": qm.PayloadSchemaType.FLOAT,
                 "integer": qm.PayloadSchemaType.INTEGER, "datetime": qm.PayloadSchemaType.DATETIME}
        with warnings.catch_warnings():  # local mode says its payload indexes are not used; a server uses them
            warnings.simplefilter("ignore")
            for column, kind in indexes.items():
                self.client.create_payload_index(self.collection, payload_key(column), field_schema=kinds[kind])

    @retrying
    def count(self) -> int:
        try:
            if not self.client.collection_exists(self.collection):
                return 0
            return self.client.count(self.collection, exact=True).count
        except (ValueError, KeyError):
            return 0

    @retrying
    def upsert(self, ids: list[int], vectors: np.ndarray, payloads: list[dict]) -> None:
        from qdrant_client import models as qm

        self.client.upsert(self.collection, wait=True, points=qm.Batch(
            ids=ids, vectors={VECTOR: vectors.tolist()}, payloads=[_keyed(p) for p in payloads]))

    @retrying
    def query(self, vector: np.ndarray, flt: Filter | None, limit: int) -> list[tuple[int, float]]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            hits = self.client.query_points(self.collection, query=vector.tolist(), using=VECTOR,
                                            query_filter=to_client(flt), limit=limit, with_payload=False).points
        return [(int(h.id), float(h.score)) for h in hits]

    @retrying
    def rows_matching(self, flt: Filter | None, limit: int) -> list[int]:
        points, _ = self.client.scroll(self.collection, scroll_filter=to_client(flt), limit=limit, with_payload=False)
        return [int(p.id) for p in points]

    def close(self) -> None:
        self.client.close()


# -- qdrant-edge: Qdrant's engine in the process ----------------------------------------------------
class EdgeStore:
    """One qdrant-edge shard in `path` (created by `create`, reopened by the constructor when
    present). Raises whatever the engine raises for an unreadable folder (the caller rebuilds)."""

    kind = "qdrant-edge (embedded)"

    def __init__(self, path):
        import qdrant_edge

        self.q = qdrant_edge
        self.path = path
        self.shard = qdrant_edge.EdgeShard.load(str(path)) if (path / "edge_config.json").exists() else None

    def exists(self) -> bool:
        return self.shard is not None

    def create(self, dim: int, indexes: dict[str, IndexKind]) -> None:
        import shutil

        q = self.q
        self.close()
        shutil.rmtree(self.path, ignore_errors=True)
        # Vectors memory-mapped (on_disk): opening 100k rows took 5.8 s with them read into RAM, 0.3 s mapped.
        # No HNSW graph (m=0): exact search over the rows passing the payload pre-filter (payload
        # indexes find them); building the graph for 100k vectors took 7 min on the shared cores, and a
        # filtered query is ~2 ms without it (unfiltered ~20 ms at 100k). Exact also means reproducible.
        config = q.EdgeConfig(vectors={VECTOR: q.EdgeVectorParams(size=dim, distance=q.Distance.Cosine, on_disk=True)},
                              hnsw_config=q.HnswIndexConfig(m=0, ef_construct=100, full_scan_threshold=10_000),
                              on_disk_payload=False)  # payload in memory: the scan-filtered columns stay fast
        self.shard = q.EdgeShard.create(str(self.path), config)
        kinds = {"keyword": q.PayloadSchemaType.Keyword, "float": q.PayloadSchemaType.Float,
                 "integer": q.PayloadSchemaType.Integer, "datetime": q.PayloadSchemaType.Datetime}
        for column, kind in indexes.items():
            self.shard.update(q.UpdateOperation.create_field_index(payload_key(column), kinds[kind]))

    def count(self) -> int:
        return 0 if self.shard is None else int(self.shard.count(self.q.CountRequest(exact=True)))

    def upsert(self, ids: list[int], vectors: np.ndarray, payloads: list[dict]) -> None:
        q = self.q
        points = [q.Point(id=i, vector={VECTOR: v}, payload=_edge_payload(p))
                  for i, v, p in zip(ids, vectors.tolist(), payloads)]
        self.shard.update(q.UpdateOperation.upsert_points(points))  # in the write-ahead log: durable

    def query(self, vector: np.ndarray, flt: Filter | None, limit: int) -> list[tuple[int, float]]:
        q = self.q
        hits = self.shard.query(q.QueryRequest(limit=limit, query=q.Query.Nearest(vector.tolist(), using=VECTOR),
                                               filter=to_edge(flt), with_payload=False))
        return [(int(h.id), float(h.score)) for h in hits]

    def rows_matching(self, flt: Filter | None, limit: int) -> list[int]:
        records, _ = self.shard.scroll(self.q.ScrollRequest(limit=limit, filter=to_edge(flt), with_payload=False))
        return [int(r.id) for r in records]

    def optimize(self) -> None:
        """Build the HNSW and payload structures for what is stored, and write the segments (after
        the last upsert; flushing every batch instead cost more than the upserts themselves)."""
        if self.shard is not None:
            self.shard.optimize()
            self.shard.flush()

    def close(self) -> None:
        if self.shard is not None:
            self.shard.close()
            self.shard = None


def _keyed(payload: dict) -> dict:
    """A row's payload under the stores' keys (payload_filter.payload_key)."""
    return {payload_key(k): v for k, v in payload.items()}


def _edge_payload(payload: dict) -> dict:
    return {payload_key(k): v for k, v in payload.items() if v is not None}  # missing = no key (IsEmpty matches it)
