"""A real `tally serve` app on a loopback port, in a background thread, for the browser test
(and the same app factory the API tests call in-process)."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from pathlib import Path

from agent.config import Config, load_config

ENV: dict[str, str] = {}
"""No model: the router answers alone (no API key, no network)."""


def web_config(tmp: Path, **web: object) -> Config:
    """The repo config with no model, uploads and transcripts under `tmp`, and `web` overrides."""
    config = load_config(env=ENV)
    config.web = config.web.model_copy(update={"upload_dir": str(tmp / "uploads"), **web})
    config.output = config.output.model_copy(update={"transcript_dir": str(tmp / "sessions")})
    config.search = config.search.model_copy(update={"cache_dir": str(tmp / "index")})
    return config


def make_app(config: Config, files: list[Path] = (), **options):
    """create_app with the CLI's own agent builder."""
    from agent.cli import build_agent
    from agent.web.app import create_app

    return create_app(config, list(files), lambda path: build_agent(path, config), **options)


@contextmanager
def running(app, host: str = "127.0.0.1"):
    """Serve `app` under uvicorn on a free loopback port; yields the base URL; stops on exit."""
    import uvicorn

    from agent.web.server import bind

    sock = bind(host, 0)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://{host}:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
