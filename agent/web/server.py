"""`tally serve`: bind, print the URL, run the app under uvicorn until Ctrl-C."""

from __future__ import annotations

import secrets
import socket
import threading
from collections.abc import Callable
from pathlib import Path

from agent.config import Config
from agent.errors import TallyError
from agent.web.app import LOOPBACK, create_app, vega_gzipped


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (port 0 = any free port). Raises OSError (port in use...)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket, host: str, token: str | None) -> str:
    """The page's URL: http://host:port/ (with ?token= when the host is not loopback)."""
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + (f"?token={token}" if host not in LOOPBACK else "")


def serve(config: Config, files: list[Path], build: Callable[[Path], object], *, host: str | None = None,
          port: int | None = None, token: str | None = None, model_name: str | None = None,
          announce: Callable[[str], None] = print) -> None:
    """Run the web app until interrupted. A non-loopback host gets `token` (or a random one,
    printed in the URL). Raises TallyError for missing files, OSError when the port cannot be bound."""
    import uvicorn

    host = host or config.web.host
    port = config.web.port if port is None else port
    if host not in LOOPBACK and not token:
        token = secrets.token_urlsafe(24)
    app = create_app(config, files, build, token=token, host=host, model_name=model_name)
    for entry in app.state.tally.tables.list():
        if entry.source == "file":
            entry.agent  # load every named file now: a bad one stops here, named, before the URL is printed
    threading.Thread(target=vega_gzipped, name="vega-bundle", daemon=True).start()  # ~3 s, before the first page
    sock = bind(host, port)
    announce(f"Tally is serving {len(files)} file(s) at {url_of(sock, host, token)}  (Ctrl-C to stop)")
    if host not in LOOPBACK:
        announce("Listening beyond this machine: the page and every request need the token in that URL.")
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])


__all__ = ["TallyError", "bind", "serve", "url_of"]
