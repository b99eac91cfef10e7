"""A table's record index built in a background thread as soon as the table is loaded, so ranked
lookups later find it ready while exact lookups and computations never wait for it. Progress is
reported through a callback (a line every 10% in the terminal); a ranked query that arrives
early gets a typed IndexUnavailable with the progress so far. Stopped between batches at exit
(the build resumes at its last batch next time)."""

from __future__ import annotations

import atexit
import logging
import threading
import time
from collections.abc import Callable

from agent.errors import TallyError

_RUNNING: list["BackgroundIndex"] = []
log = logging.getLogger("tally.search")


def import_build_modules() -> None:
    """Import, in the calling thread, the libraries an index build imports that tool calls use too
    (numpy, pandas), so no tool call running beside the build meets them half imported (trial 3,
    C-3: "partially initialized module 'pandas' has no attribute 'NaT'"). Call before the thread starts."""
    import numpy  # noqa: F401
    import pandas  # noqa: F401


@atexit.register
def _stop_all() -> None:
    for build in list(_RUNNING):
        # wait for the batch in flight to end: a daemon thread left inside onnxruntime while the
        # interpreter shuts down aborts the process (SIGABRT, seen with `tally chat` on piped input)
        build.stop(timeout=120.0)


class _Stopped(Exception):
    """Raised from the progress callback to end a build between batches."""


class BackgroundIndex:
    """Builds `search`'s index (a RecordSearch) in a daemon thread. `report(message)` receives
    progress lines (start, every `step` of the rows, done or failed). Attach with `start()`, which
    also sets `search.building` so ranked queries report progress instead of building."""

    def __init__(self, search, report: Callable[[str], None] = lambda message: None, step: float = 0.1):
        self.search, self.report, self.step = search, report, step
        self.done, self.total = 0, search.table.rows
        self.first: int | None = None
        self.started = 0.0
        self.finished = False
        self.error: BaseException | None = None
        self._halt = threading.Event()
        self.checked = threading.Event()
        """Set once the thread knows whether a complete index already exists (a quick check)."""
        self._next = step
        self._thread = threading.Thread(target=self._run, name=f"index-{search.table.name}", daemon=True)

    def start(self) -> "BackgroundIndex":
        """Start the thread (once); returns self."""
        import_build_modules()
        self.search.building = self
        self.started = time.perf_counter()
        _RUNNING.append(self)
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            ready = self.search.store.ready
            if ready:
                self.done, self.finished = self.total, True
            self.checked.set()
            if not ready:
                self.report(f"Building the record index of {self.search.table.name} in the background "
                            f"({self.total:,} rows); questions go on meanwhile.")
                self.search.build_index(self._progress)
                self.report(f"Record index of {self.search.table.name} ready ({self.total:,} rows, "
                            f"{time.perf_counter() - self.started:.0f} s).")
            self.done = self.total
            self.finished = True
        except _Stopped:
            pass
        except BaseException as exc:  # reported in plain words, and shown to the ranked query that needed it
            self.error, self.finished = exc, True
            log.error("the record index of %s could not be built", self.search.table.name, exc_info=exc)
            self.report(self.status_message())
        finally:
            self.checked.set()
            if self in _RUNNING:
                _RUNNING.remove(self)

    def _progress(self, done: int, total: int) -> None:
        if self._halt.is_set():
            raise _Stopped
        self.first = done if self.first is None else self.first
        self.done, self.total = done, total
        if total and done / total >= self._next and done < total:
            self.report(f"record index of {self.search.table.name}: {done:,} of {total:,} rows ({done / total:.0%})")
            while self._next <= done / total:
                self._next += self.step

    def wait_checked(self, timeout: float = 10.0) -> None:
        """Wait (up to `timeout` s) until the thread has checked for an existing index, so a query
        right after start-up is not told that a ready index is 'being built'."""
        if self._thread.is_alive() or self.started:
            self.checked.wait(timeout)

    def rate(self) -> float:
        """Rows per second so far in this build (0 before the first batch)."""
        elapsed = time.perf_counter() - self.started
        return (self.done - (self.first or 0)) / elapsed if elapsed > 0 else 0.0

    def status_message(self) -> str:
        """What a ranked query is told while the build runs (or after it failed)."""
        name = self.search.table.name
        if isinstance(self.error, TallyError):  # a named problem (a missing model, a full disk...): its own words
            return f"The record index of {name} could not be built: {self.error}"
        if self.error is not None:
            return (f"The record index of {name} could not be built: an error inside Tally stopped it (the log has "
                    "the details). Lookups whose words are all exact conditions are answered without it.")
        rate = self.rate()
        left = f", about {(self.total - self.done) / rate:.0f} s left" if rate > 0 else ""
        return (f"The record index of {name} is being built in the background: {self.done:,} of "
                f"{self.total:,} rows ({self.done / max(self.total, 1):.0%}{left}); ranking records by words "
                f"needs it. Lookups whose words are all exact conditions (names, places, ids, amounts, "
                f"dates in `where`) are answered now without it.")

    def stop(self, timeout: float = 30.0) -> None:
        """Ask the thread to stop after its current batch, and wait for it up to `timeout` s."""
        self._halt.set()
        if self._thread.is_alive():
            self._thread.join(timeout)
