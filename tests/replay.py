"""Replay recorded chat-completion bodies through respx; optionally record them live.

    with respx.mock(base_url="http://test.local/v1") as router:
        route = replay(router, "tool_call_aggregate")          # POST /chat/completions -> cassette
        ... OpenAIModel(...).complete(...) ...
        body = json.loads(route.calls[0].request.content)

Cassettes are `tests/cassettes/<name>.json`: the exact JSON body of an OpenAI chat.completions
response. `cassette_response(name)` gives the httpx.Response alone (for side_effect lists).

Recording (never in CI): with TALLY_RECORD=1 and OPENAI_API_KEY set, `replay` forwards the
request to the live endpoint (OPENAI_BASE_URL, default https://api.openai.com/v1; the model name
replaced by TALLY_RECORD_MODEL when set), writes the response body to the cassette, and returns it.
Forwarding uses urllib, which respx does not intercept. The conftest's network guard stands down
in that mode."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from pathlib import Path

import httpx
import respx

CASSETTES = Path(__file__).resolve().parent / "cassettes"


def recording() -> bool:
    """True when TALLY_RECORD=1 and an OPENAI_API_KEY is set."""
    return os.environ.get("TALLY_RECORD") == "1" and bool(os.environ.get("OPENAI_API_KEY"))


def cassette_path(name: str) -> Path:
    return CASSETTES / f"{name}.json"


def cassette_response(name: str, *, status: int = 200, headers: dict[str, str] | None = None) -> httpx.Response:
    """The recorded body of `tests/cassettes/<name>.json` as an httpx.Response."""
    body = json.loads(cassette_path(name).read_text())
    return httpx.Response(status, json=body, headers=headers)


def replay(
    router: respx.MockRouter,
    name: str,
    *,
    status: int = 200,
    headers: dict[str, str] | None = None,
    path: str = "/chat/completions",
) -> respx.Route:
    """Route POST `path` on `router` to the cassette `name` (or record it, see module doc).
    Returns the route, whose `.calls` hold the requests sent."""
    route = router.post(path)
    if recording():
        return route.mock(side_effect=lambda request: _record(request, name))
    return route.mock(return_value=cassette_response(name, status=status, headers=headers))


def _record(request: httpx.Request, name: str) -> httpx.Response:
    base = (os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1").rstrip("/")
    body = json.loads(request.content)
    if os.environ.get("TALLY_RECORD_MODEL"):
        body["model"] = os.environ["TALLY_RECORD_MODEL"]
    live = urllib.request.Request(
        f"{base}/chat/completions",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Authorization": f"Bearer {os.environ['OPENAI_API_KEY']}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(live, timeout=120) as answer:
            status, payload = answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return httpx.Response(exc.code, content=exc.read())
    cassette_path(name).write_text(json.dumps(payload, indent=2) + "\n")
    return httpx.Response(status, json=payload)
