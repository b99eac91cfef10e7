"""One table's record index: its rows' vectors and payloads in a vector store (backends.py),
built in batches, resumable, rebuilt when missing or corrupt. qdrant-edge (Qdrant's engine,
embedded) in a folder by default; a Qdrant server or cluster when `search.url` is set (or
qdrant-client's local mode, `search.backend: client`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import atexit
import json
import shutil
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


from agent.config import SearchConfig
from agent.search.backends import ClientStore, EdgeStore, IndexKind, VectorStore, transient  # noqa: F401 (re-export)
from agent.search.embed import Embedder
from agent.search.fields import FieldVectors
from agent.search.status import IndexUnavailable  # noqa: F401 (re-export)
from agent.search.text import TEXT_VERSION, payloads
from agent.table import ColumnRole, Table

if TYPE_CHECKING:
    import numpy as np


_OPEN: dict[str, VectorStore] = {}
"""Open local stores by folder (one open handle per folder per process, shared)."""


@atexit.register
def _close_all() -> None:  # before interpreter teardown, where the clients' own __del__ fails noisily
    for store in list(_OPEN.values()):
        try:
            store.close()
        except Exception:
            pass
    _OPEN.clear()


def _locked(exc: Exception) -> bool:
    """True for the errors of a folder held by another process: qdrant-client's local mode says
    'already accessed'; qdrant-edge cannot lock its write-ahead log ('WouldBlock')."""
    text = str(exc)
    return "already accessed" in text or "WouldBlock" in text or "Resource temporarily unavailable" in text


Progress = Callable[[int, int], None]
"""Called as progress(rows_done, rows_total) after each batch."""


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
    """The index of one table's rows: point id = row position, vector = embedding of the row's
    labelled text (`columns`), payload = the row's typed fields. `folder` holds the manifest, the
    BM25 index and (embedded) the qdrant-edge shard."""

    def __init__(self, table: Table, embedder: Embedder, columns: list[str], config: SearchConfig,
                 notify: Callable[[str], None] = lambda message: None, indexed: list[str] | None = None):
        self.table, self.embedder, self.columns, self.config, self.notify = table, embedder, columns, config, notify
        self.indexed = indexed
        """Columns given a payload index (None = all). Others still filter, by a scan of their payload."""
        self.backend = "server" if config.url else config.backend
        key = f"{table.sha256[:16]}-{embedder.name}-v{TEXT_VERSION}"  # layouts never share (or fight over) a folder
        self.folder = Path(config.cache_dir).expanduser() / (key if self.backend == "edge" else f"{key}-{self.backend}")
        self.collection = "rows" if not config.url else f"tally-{key}"
        self.wanted = Manifest(table.sha256, embedder.name, table.rows, columns)
        self._store: VectorStore | None = None
        self._fields: FieldVectors | None = None

    # -- opening ---------------------------------------------------------------------------
    @property
    def store(self) -> VectorStore:
        """The vector store, opened once. Raises IndexUnavailable when the folder is in use by
        another process; an unreadable folder is deleted and started again, with a notice."""
        if self._store is None:
            self._store = self._open()
        return self._store

    def _open(self) -> VectorStore:
        if self.config.url:
            from qdrant_client import QdrantClient

            client = QdrantClient(url=self.config.url, api_key=self.config.api_key, timeout=30)
            return ClientStore(client, self.collection, "Qdrant server")
        key = str(self.folder)
        if key in _OPEN:
            return _OPEN[key]
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            _OPEN[key] = self._local()
        except Exception as exc:
            if _locked(exc):  # in use by another process: refused, never deleted
                raise IndexUnavailable(f"The record index {self.folder} is open in another Tally process; "
                                       "close it or set search.cache_dir to another folder.") from exc
            _OPEN[key] = self._rebuild_folder(exc)  # a corrupt folder: unreadable config, segments or sqlite
        return _OPEN[key]

    def _local(self) -> VectorStore:
        if self.backend == "edge":
            return EdgeStore(self.folder / "edge")
        from qdrant_client import QdrantClient

        with warnings.catch_warnings():  # the client warns above 20,000 points: the edge backend is the fast one
            warnings.simplefilter("ignore")
            return ClientStore(QdrantClient(path=str(self.folder / "qdrant")), self.collection,
                               "qdrant-client local mode")

    def _rebuild_folder(self, exc: Exception) -> VectorStore:
        self.notify(f"The record index in {self.folder} could not be opened ({type(exc).__name__}: {exc}); "
                    "deleting it and building it again.")
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True, exist_ok=True)
        return self._local()

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
        """True when a complete index of this table and model exists (opens the store)."""
        found = self.manifest()
        return bool(found and found.complete and found.same_index(self.wanted) and self._count() == self.table.rows)

    # -- building --------------------------------------------------------------------------
    def _count(self) -> int:
        try:
            return self.store.count()
        except (ValueError, KeyError):
            return 0

    def build(self, progress: Progress | None = None) -> int:
        """Embed and upsert every row not yet stored; returns the rows written by this call.
        Resumes an interrupted build of the same index at its last whole batch; starts over when
        the folder holds another table, model or layout. Upserts are idempotent (id = row), so a
        batch written twice is harmless. `progress` may raise to stop between batches."""
        found = self.manifest()
        start = 0
        if found and found.same_index(self.wanted) and self._exists():
            done = self._count()
            start = (done // self.config.batch_rows) * self.config.batch_rows
            if found.complete and done == self.table.rows:
                return 0
            if start:
                self.notify(f"Resuming the record index of {self.table.name} at row {start:,} of {self.table.rows:,}.")
        else:
            if (self.folder / "manifest.json").exists() and found is None:
                self.notify(f"The record index manifest in {self.folder} is unreadable; building the index again.")
            self.store.create(self.embedder.dim, self._indexes())
        self._write_manifest(self.wanted)
        total, batch = self.table.rows, self.config.batch_rows
        if start == 0:
            self._fields = None
            (self.folder / "fields.npz").unlink(missing_ok=True)
        fields = self.fields
        if progress:
            progress(start, total)
        for first in range(start, total, batch):
            last = min(first + batch, total)
            self.store.upsert(list(range(first, last)), fields.row_vectors(first, last), payloads(self.table, first, last))
            if progress:
                progress(last, total)
        if isinstance(self.store, EdgeStore):
            self.store.optimize()
        self._write_manifest(Manifest(**{**self.wanted.__dict__, "complete": True}))
        return total - start

    @property
    def fields(self) -> FieldVectors:
        """The field vectors (fields.py) of this table: read from the folder, or encoded (one
        MiniLM pass per distinct value of `columns`) and saved there."""
        if self._fields is None:
            path = self.folder / "fields.npz"
            try:
                self._fields = FieldVectors.load(path)
                if self._fields.columns != self.columns:
                    raise ValueError("other columns")
            except (OSError, ValueError, KeyError):
                distinct = sum(int(self.table.df[c].nunique()) for c in self.columns)
                self.notify(f"Encoding about {distinct:,} distinct field values of {self.table.name} "
                            f"(rows are composed from them).")
                self._fields = FieldVectors.encode(self.table, self.columns, self.embedder)
                self.folder.mkdir(parents=True, exist_ok=True)
                self._fields.save(path)
        return self._fields

    def _exists(self) -> bool:
        try:
            return self.store.exists()
        except Exception:
            return False

    def _indexes(self) -> dict[str, IndexKind]:
        out: dict[str, IndexKind] = {}
        import pandas as pd
        for column, role in self.table.roles.items():
            if self.indexed is not None and column not in self.indexed:
                continue
            kind: IndexKind = {ColumnRole.numeric: "float", ColumnRole.date: "datetime"}.get(role, "keyword")
            if role is ColumnRole.identifier and pd.api.types.is_integer_dtype(self.table.df[column]):
                kind = "integer"
            out[str(column)] = kind
        return out

    # -- querying --------------------------------------------------------------------------
    def query(self, vector: np.ndarray, flt, limit: int) -> list[tuple[int, float]]:
        """(row, cosine similarity) of the `limit` nearest rows that pass `flt`, best first."""
        return self.store.query(vector, flt, limit)

    def rows_matching(self, flt, limit: int) -> list[int]:
        """Up to `limit` row ids passing `flt`, by id (no vector involved)."""
        return self.store.rows_matching(flt, limit)

    def close(self) -> None:
        """Release the folder (local) or the connection (server)."""
        if self._store is not None:
            _OPEN.pop(str(self.folder), None)
            self._store.close()
            self._store = None
