"""Chat sessions of the web page: each one an agent.chat.Session over one table, its transcript a
JSONL file in `output.transcript_dir` (the same files `tally chat` writes and resumes). A session
is named by its file's stem; the browser's name is only ever looked up among the files listed
there, never joined into a path. One question at a time per session (a lock)."""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections import OrderedDict
import time
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from agent.chat import Session
from agent.errors import TallyError
from agent.outcome import AnyOutcome
from agent.web.tables import TableEntry, Tables

_OUTCOME = TypeAdapter(AnyOutcome)
_NAME = re.compile(r"^[A-Za-z0-9_-]{1,80}$")


class SessionError(TallyError):
    """A session cannot be opened: unknown name, or its table is not served here."""


@dataclass
class WebSession:
    """A live session: its name, table, chat Session, past outcomes (for reopening) and start
    time (seconds since the epoch; the page names a session by its first question and this time)."""

    id: str
    table: TableEntry
    chat: Session
    history: list[AnyOutcome] = field(default_factory=list)
    started: float | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    sheet: object | None = None
    """For a workbook of several sheets: the agent of the sheet the last question read against."""


class Sessions:
    """Live sessions by name, created on demand or reopened from their transcripts."""

    def __init__(self, folder: Path, tables: Tables):
        self.folder = folder
        self.tables = tables
        self._live: OrderedDict[str, WebSession] = OrderedDict()
        """Live sessions, most recently used last; past `web.live_sessions` the oldest is let go
        (its transcript reopens it)."""
        self._lock = threading.Lock()

    def start(self, table: TableEntry) -> WebSession:
        """A new session over `table`, its transcript created now. Raises TallyError when the table cannot load."""
        name = f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
        session = WebSession(name, table, Session.start(table.agent, self.folder / f"{name}.jsonl"), started=time.time())
        with self._lock:
            self._live[name] = session
            self._trim()
        return session

    def _trim(self) -> None:
        """Let the least recently used sessions go past `web.live_sessions` (caller holds the lock)."""
        while len(self._live) > self.tables.config.web.live_sessions:
            self._live.popitem(last=False)

    def get(self, name: str) -> WebSession:
        """The live session `name`, reopened from its transcript when not live. Raises
        SessionError for an unknown name or a transcript over a table this server does not serve."""
        with self._lock:
            if name in self._live:
                self._live.move_to_end(name)
                return self._live[name]
        path = self._transcripts().get(name)
        if path is None:
            raise SessionError(f"no session {name!r}")
        start, outcomes = _read(path)
        table = self.tables.find(start)
        if table is None:
            raise SessionError(f"session {name} was over {Path(str(start.get('file'))).name} (sha256 "
                               f"{str(start.get('sha256'))[:12]}), which this server does not serve: "
                               "upload that file or name it to `tally serve`")
        try:
            chat = Session.resume(table.agent, path)
        except ValueError as exc:
            raise SessionError(str(exc)) from None
        with self._lock:
            session = self._live.setdefault(name, WebSession(name, table, chat, outcomes, started=_time(start)))
            self._trim()
            return session

    def list(self) -> list[dict[str, object]]:
        """Saved sessions with at least one question, newest first: {id, file, questions, first,
        started (epoch seconds or None), served}."""
        out = []
        for name, path in sorted(self._transcripts().items(), reverse=True):
            start, outcomes = _read(path)
            if not outcomes:
                continue
            out.append({"id": name, "file": Path(str(start.get("file", ""))).name, "questions": len(outcomes),
                        "first": outcomes[0].question if outcomes else "", "started": _time(start),
                        "served": self.tables.find(start) is not None})
        return out

    def _transcripts(self) -> dict[str, Path]:
        if not self.folder.is_dir():
            return {}
        return {p.stem: p for p in self.folder.glob("*.jsonl") if _NAME.match(p.stem)}


def _time(start: dict) -> float | None:
    """The start record's time, when it is a number."""
    value = start.get("time")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _read(path: Path) -> tuple[dict, list[AnyOutcome]]:
    """A transcript's start record and its outcomes; unreadable lines (a torn last line) are skipped."""
    start: dict = {}
    outcomes: list[AnyOutcome] = []
    for line in path.read_text().splitlines():
        try:
            record = json.loads(line)
            if record.get("event") == "start":
                start = record
            elif record.get("event") == "outcome":
                outcomes.append(_OUTCOME.validate_python({k: v for k, v in record.items() if k not in ("event", "time")}))
        except (json.JSONDecodeError, ValidationError, AttributeError):
            continue
    return start, outcomes
