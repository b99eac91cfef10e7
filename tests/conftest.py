"""Shared fixtures. `_no_network` (autouse): no test may open a network connection or resolve a
name. Unix-domain sockets stay allowed; loopback and every other inet address raise. HTTP mocked
with respx never reaches a socket, so it is unaffected. The guard stands down only while recording
cassettes (TALLY_RECORD=1 with OPENAI_API_KEY set, see tests/replay.py). Tests marked `loopback`
(Spark: PySpark talks to its local JVM over 127.0.0.1) may also connect to loopback addresses."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest


if worker := os.environ.get("PYTEST_XDIST_WORKER"):
    # Under `pytest -n 2` (`make test`) each worker has its own home, set before any agent module reads
    # it: a record index in ~/.cache/tally/index is open in one process at a time (the second gets
    # IndexUnavailable), and tests in two workers may index the same table there. Kept between runs
    # under the real cache, as ~/.cache/tally itself is.
    home = Path.home() / ".cache" / "tally-test-homes" / worker
    home.mkdir(parents=True, exist_ok=True)
    os.environ["HOME"] = str(home)


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



FIRST = ("tests/test_eval_gate.py",)
"""Modules an xdist worker is sent first: the eval gate's setup (router and replay over every eval
set) is the longest unit of work, so it starts at once and the other worker's modules fill the
time around it."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under `pytest -n 2 --dist loadfile --no-loadscope-reorder` (`make test`) each module is one
    unit of work for one worker (its module-scoped fixtures set up once), sent in collection order:
    FIRST leads it. Without xdist the order stays as collected."""
    if hasattr(config, "workerinput"):  # an xdist worker: the order it collects is the order of scheduling
        items.sort(key=lambda item: item.nodeid.split("::")[0] not in FIRST)
