"""The tables a web server answers about: the files named on the command line and uploads. The
browser names a table by an id the server made; no path or file name it sends is ever joined
into a path. Uploads are size-limited and kept in their own folder, one folder per upload named
by the sha256 of its bytes, under a name reduced to safe characters."""

from __future__ import annotations

import hashlib
import re
import shutil
import tempfile
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from agent.config import Config
from agent.errors import TallyError
from agent.sources import EXCEL, JSON_LINES, expand, split_sheet
from agent.table import file_sha256

TABLE_SUFFIXES = {".csv", ".tsv", ".txt", ".parquet", ".pq", *JSON_LINES, *EXCEL}
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


class UploadError(TallyError):
    """An upload was refused: too large, an unsupported kind of file, or unreadable. `status` is
    the HTTP status to answer with (413 too large, 415 unsupported, 400 unreadable)."""

    def __init__(self, message: str, status: int = 400):
        self.status = status
        super().__init__(message)


@dataclass
class TableEntry:
    """One table the server serves. `id` is what the browser sends; `agent` is built on first
    use (table load, router lexicon) and shared by every session over the table."""

    id: str
    name: str
    path: Path
    source: str
    """"file" (named on the command line) or "upload"."""
    sha256: str
    build: Callable[[Path], object]
    _agent: weakref.ref | None = field(default=None, repr=False)
    """The loaded agent, held weakly: the registry's recently-used list and live sessions hold it."""
    _shape: dict[str, object] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    keep: Callable[[object], None] = field(default=lambda agent: None, repr=False)
    """Called with the agent on every use: the registry keeps the recently used ones loaded."""

    _others: list = field(default_factory=list, repr=False)
    """A workbook's other sheets' agents (see `sheets`)."""
    _sheets_of: int | None = field(default=None, repr=False)
    """id() of the agent `_others` were built beside."""
    listeners: set[Callable[[str], None]] = field(default_factory=set, repr=False)
    """The step reporters of the questions running on this table now (index notices go to all)."""

    @property
    def agent(self):
        """The table's Agent (agent.loop), built on first use and again after the registry let it go
        (nothing used it); raises TallyError when the file cannot be loaded. Its record search
        reports index notices and progress to `listeners`, one search at a time. For a workbook,
        its first sheet that holds rows (`sheets` has them all)."""
        with self._lock:
            agent = self._agent() if self._agent is not None else None
            if agent is None:
                agent = self._wired(self.build(self.path))
                self._agent = weakref.ref(agent)
                self._shape = {"rows": agent.table.rows, "columns": list(agent.table.roles)}
        self.keep(agent)
        return agent

    @property
    def sheets(self) -> list:
        """One Agent per sheet that holds rows for a workbook named without a sheet (the first is
        `agent`; the others are built on first use and kept with the entry), else [agent]. A
        question then goes to the sheet it reads against (agent.sheets.choose_table), as in `tally ask`."""
        first = self.agent
        with self._lock:
            if self._sheets_of != id(first):
                path, sheet = split_sheet(self.path)
                specs = expand([path]) if sheet is None and path.suffix.lower() in EXCEL else []
                self._others = [self._wired(self.build(Path(spec))) for spec in specs[1:]]
                self._sheets_of = id(first)
                if self._others:
                    self._shape["sheets"] = [a.table.name for a in [first, *self._others]]
            return [first, *self._others]

    def _wired(self, agent):
        """`agent` with its record search reporting to `listeners`, one search at a time."""
        if agent.searcher is not None:
            from agent.search import lazy_searcher

            agent.searcher = SerialSearch(lazy_searcher(
                agent.table, agent.config.search, agent.router.lexicon.measure_candidates,
                notify=self.broadcast, progress=self._progress))
        return agent

    def broadcast(self, text: str) -> None:
        """Send a step line to every question running on this table."""
        for emit in list(self.listeners):
            emit(text)

    def _progress(self, done: int, total: int) -> None:
        self.broadcast(f"indexing {self.name} for record search: {done:,} of {total:,} rows")

    def summary(self) -> dict[str, object]:
        """What the page lists: id, name, source, and rows/columns once loaded."""
        out: dict[str, object] = {"id": self.id, "name": self.name, "source": self.source}
        out |= self._shape
        return out


class SerialSearch:
    """A table's RecordSearch factory for the web: built once, searched one question at a time
    (the first search builds the index; Qdrant's local mode is a single client). Called like the
    factory it wraps and returns itself, so `searcher().search(args)` goes through the lock."""

    def __init__(self, make: Callable[[], object]):
        self._make = make
        self._lock = threading.Lock()

    def __call__(self) -> "SerialSearch":
        return self

    def search(self, args):
        """RecordSearch.search under the table's lock."""
        with self._lock:
            return self._make().search(args)


def safe_name(name: str) -> str:
    """An uploaded file's name reduced to [A-Za-z0-9._-], no directory part, no leading dot,
    at most 100 characters: 'a/../b c.csv' -> 'b_c.csv'."""
    base = re.split(r"[\\/]", name or "")[-1]
    cleaned = _UNSAFE.sub("_", base).lstrip(".")[-100:]
    return cleaned or "upload"


class Tables:
    """The registry. `build(path)` makes an Agent for a file (agent.cli.build_agent with the
    server's config). Thread-safe: uploads and lookups may come from many requests at once."""

    def __init__(self, config: Config, build: Callable[[Path], object], files: list[Path] = ()):
        self.config = config
        self.build = build
        self.folder = Path(config.web.upload_dir)
        self.limit = int(config.web.max_upload_mb * (1 << 20))
        self._entries: dict[str, TableEntry] = {}
        self._lock = threading.Lock()
        self._recent: OrderedDict[int, object] = OrderedDict()
        """The agents used last (at most web.loaded_tables), by id: what keeps an unused table loaded."""
        for number, path in enumerate(files):
            if not split_sheet(path)[0].is_file():
                raise TallyError(f"{path}: file not found")
            self._add(TableEntry(f"f{number}", path.name, path, "file", file_sha256(split_sheet(path)[0]), build))
        for path in sorted(self.folder.glob("*/*")) if self.folder.is_dir() else []:
            if path.suffix.lower() in TABLE_SUFFIXES and re.fullmatch(r"[0-9a-f]{64}", path.parent.name):
                self._add(TableEntry(f"u{path.parent.name[:16]}", path.name, path, "upload", file_sha256(path), build))

    def keep(self, agent: object) -> None:
        """Mark `agent` used now; let the least recently used go past `web.loaded_tables` (its
        memory is freed once no live session holds it; its table loads again when asked)."""
        with self._lock:
            self._recent[id(agent)] = agent
            self._recent.move_to_end(id(agent))
            while len(self._recent) > self.config.web.loaded_tables:
                self._recent.popitem(last=False)

    def _add(self, entry: TableEntry) -> TableEntry:
        entry.keep = self.keep
        with self._lock:
            return self._entries.setdefault(entry.id, entry)

    add = _add

    def discard(self, entry: TableEntry) -> None:
        """Forget an upload that did not load and delete its folder (command-line files are never touched)."""
        with self._lock:
            if self._entries.get(entry.id) is entry:
                del self._entries[entry.id]
        if entry.source == "upload" and entry.path.parent.parent == self.folder:
            shutil.rmtree(entry.path.parent, ignore_errors=True)

    def get(self, table_id: str) -> TableEntry | None:
        """The entry with this id, or None."""
        with self._lock:
            return self._entries.get(table_id)

    def find(self, start: dict) -> TableEntry | None:
        """The entry a transcript's start record ({"file", "sha256"}) was over: the same file path,
        else a file with the same bytes; None when not served. (chat.Session.resume then checks
        the loaded table's sha256.)"""
        file = Path(str(start.get("file", ""))).resolve()
        with self._lock:
            entries = list(self._entries.values())
        return (next((e for e in entries if split_sheet(e.path)[0].resolve() == file), None)
                or next((e for e in entries if e.sha256 == start.get("sha256")), None))

    def list(self) -> list[TableEntry]:
        """Every entry: command-line files first, then uploads."""
        with self._lock:
            return list(self._entries.values())

    def upload(self, filename: str, chunks: Iterator[bytes]) -> TableEntry:
        """Store an upload (CSV, TSV, Parquet, JSON lines or Excel: each sheet holding rows). Returns the registered entry when the same bytes were uploaded before, else a
        new entry the caller registers with `add` once it loads (or removes with `discard`).
        Raises UploadError 413 past `web.max_upload_mb` (nothing is kept), 415 for another kind of file."""
        name = safe_name(filename)
        suffix = Path(name).suffix.lower()
        if suffix not in TABLE_SUFFIXES:
            raise UploadError(f"{name}: not a table file; upload CSV, TSV, Parquet, JSON lines or Excel", 415)
        self.folder.mkdir(parents=True, exist_ok=True)
        digest, size = hashlib.sha256(), 0
        with tempfile.NamedTemporaryFile(dir=self.folder, prefix=".part-", delete=False) as part:
            try:
                for chunk in chunks:
                    size += len(chunk)
                    if size > self.limit:
                        raise UploadError(f"{name}: larger than the {self.config.web.max_upload_mb:g} MiB upload "
                                          "limit (web.max_upload_mb)", 413)
                    digest.update(chunk)
                    part.write(chunk)
            except BaseException:
                Path(part.name).unlink(missing_ok=True)
                raise
        known = self.get(f"u{digest.hexdigest()[:16]}")
        if known is not None:
            Path(part.name).unlink(missing_ok=True)
            return known
        target = self.folder / digest.hexdigest() / name
        target.parent.mkdir(exist_ok=True)
        Path(part.name).replace(target)
        return TableEntry(f"u{digest.hexdigest()[:16]}", target.name, target, "upload", file_sha256(target), self.build,
                          keep=self.keep)

