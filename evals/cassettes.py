"""Recorded model HTTP exchanges, one cassette (JSON) per case: record against any OpenAI-compatible
endpoint; replay through respx. A replayed request is matched by a hash of what determines the
model's answer (model, messages, tools, tool_choice, temperature); a request with no recording is a
CassetteMiss, raised loudly, never turned into a quiet router answer."""

from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import httpx

REPLAY_BASE = "http://replay.tally.invalid/v1"
_KEYS = ("model", "messages", "tools", "tool_choice", "temperature")
LEGACY_TOOLS = frozenset({"aggregate", "ratio", "describe", "search"})
"""The tools offered before the typed query tools existed (cassettes without a `tools` field)."""


class CassetteMiss(RuntimeError):
    """A replayed request has no recording in the case's cassette."""


def request_key(body: bytes | str) -> str:
    """Hex SHA-256 of the answer-determining fields of a chat.completions request body."""
    data = json.loads(body)
    canonical = json.dumps({k: data.get(k) for k in _KEYS}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


@dataclass
class Cassette:
    """The exchanges of one case: [{"key": request hash, "question": str, "response": body}]."""

    path: Path
    model: str = ""
    exchanges: list[dict] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    tools: list[str] | None = None
    """Names of the tools the recorded requests offered; None in cassettes recorded before the
    typed query tools, which offered LEGACY_TOOLS."""

    @classmethod
    def load(cls, path: Path) -> "Cassette":
        """Read a cassette; raises CassetteMiss naming the file when it does not exist."""
        if not path.exists():
            raise CassetteMiss(f"{path}: no cassette recorded for this case (run `tally eval --mode record`)")
        data = json.loads(path.read_text())
        return cls(path=path, model=data["model"], exchanges=data["exchanges"], tools=data.get("tools"))

    @property
    def offered(self) -> frozenset[str]:
        """The tool names to offer when replaying this cassette."""
        return frozenset(self.tools) if self.tools is not None else LEGACY_TOOLS

    def save(self) -> None:
        """Write the cassette (sorted keys, one file per case)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"model": self.model, "exchanges": self.exchanges, **({"tools": self.tools} if self.tools else {})}
        self.path.write_text(json.dumps(data, indent=1, sort_keys=True))

    def response_for(self, request: httpx.Request) -> httpx.Response:
        """The recorded response for `request`, or CassetteMiss (also remembered in `misses`)."""
        key = request_key(request.content)
        for exchange in self.exchanges:
            if exchange["key"] == key:
                return httpx.Response(200, json=exchange["response"])
        self.misses.append(key)
        raise CassetteMiss(f"{self.path}: no recorded response for request {key[:12]} "
                           "(the prompt, tools or tool results changed since recording; re-record)")


@contextmanager
def replaying(cassette: Cassette) -> Iterator[None]:
    """Route every request to REPLAY_BASE to `cassette` through respx; anything else fails."""
    import respx

    with respx.mock(base_url=REPLAY_BASE, assert_all_called=False) as mock:
        mock.post("/chat/completions").mock(side_effect=cassette.response_for)
        yield


def recording_client(cassette: Cassette) -> httpx.Client:
    """An httpx client that appends each chat.completions exchange to `cassette` as it happens."""
    def keep(response: httpx.Response) -> None:
        if response.request.url.path.endswith("/chat/completions") and response.status_code == 200:
            response.read()
            body = json.loads(response.request.content)
            question = next((m.get("content") for m in body["messages"] if m.get("role") == "user"), "")
            offered = {t["function"]["name"] for t in body.get("tools") or []}
            cassette.tools = sorted(set(cassette.tools or []) | offered)
            cassette.exchanges.append({"key": request_key(response.request.content), "question": question,
                                       "response": response.json()})
    return httpx.Client(event_hooks={"response": [keep]}, timeout=None)
