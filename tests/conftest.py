"""Shared fixtures. `_no_network` (autouse): no test may open a network connection or resolve a
name. Unix-domain sockets stay allowed; loopback and every other inet address raise. HTTP mocked
with respx never reaches a socket, so it is unaffected. The guard stands down only while recording
cassettes (TALLY_RECORD=1 with OPENAI_API_KEY set, see tests/replay.py). Tests marked `loopback`
(Spark: PySpark talks to its local JVM over 127.0.0.1) may also connect to loopback addresses."""

from __future__ import annotations

import os
import socket

import pytest


LOOPBACK = {"127.0.0.1", "::1", "localhost"}


class NetworkBlocked(RuntimeError):
    """A test tried to reach the network."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "loopback: the test may connect to 127.0.0.1/::1 (a local JVM), nothing else")


def _recording() -> bool:
    return os.environ.get("TALLY_RECORD") == "1" and bool(os.environ.get("OPENAI_API_KEY"))


@pytest.fixture(autouse=True)
def _no_network(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if _recording():
        return
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
    real_getaddrinfo = socket.getaddrinfo
    loopback = request.node.get_closest_marker("loopback") is not None

    def allowed(sock: socket.socket, address: object = None) -> bool:
        if loopback and isinstance(address, tuple) and address and address[0] in LOOPBACK:
            return True
        return getattr(socket, "AF_UNIX", None) is not None and sock.family == socket.AF_UNIX

    def connect(self: socket.socket, address: object) -> None:
        if not allowed(self, address):
            raise NetworkBlocked(f"network access blocked in tests: connect to {address!r}")
        return real_connect(self, address)

    def connect_ex(self: socket.socket, address: object) -> int:
        if not allowed(self, address):
            raise NetworkBlocked(f"network access blocked in tests: connect to {address!r}")
        return real_connect_ex(self, address)

    def getaddrinfo(host: object, *args: object, **kwargs: object) -> list:
        if loopback and host in LOOPBACK:
            return real_getaddrinfo(host, *args, **kwargs)
        raise NetworkBlocked(f"network access blocked in tests: name lookup of {host!r}")

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


@pytest.fixture(scope="session")
def search_cache(tmp_path_factory: pytest.TempPathFactory):
    """One record-index folder for the whole test session (each table is embedded once)."""
    return tmp_path_factory.mktemp("search-index")
