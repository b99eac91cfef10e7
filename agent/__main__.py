"""`python -m agent` and the `tally` script: the command line (agent/cli.py)."""

import atexit
import gc
import os
import sys
import threading


def run() -> None:
    """Run the command line and end the process with its exit code. `tally ask` (one question,
    then the process ends) ends the way the interpreter would, without its teardown: non-daemon
    threads joined, exit handlers run (temporary rows files removed, record indexes closed), an
    engine's DuckDB database that spilled to disk closed (its files removed), standard output and
    error flushed, then os._exit; freeing every object of the import graph one by one took about
    50 ms of a cold ask's CPU time, collecting the cycles (to close the engine's database) 12-17
    ms and 30-130 ms of wall time. The other in-memory DuckDB databases (the loader's, module
    globals; an engine's that did not spill) are left to the operating system.
    Other commands, and an error that escapes the command line, end as usual. Raises SystemExit."""
    gc.disable()  # importing the command line allocates objects that live as long as the process: nothing to collect
    from agent.cli import app

    gc.freeze()  # ...so later collections skip them
    gc.enable()
    if sys.argv[1:2] != ["ask"] or not hasattr(threading, "_shutdown"):
        app(prog_name="tally")
        return
    try:
        app(prog_name="tally")
        code = 0
    except SystemExit as exc:
        code = _status(exc.code)
    _end(code)


def _status(code: object) -> int:
    """The process status SystemExit(code) ends with (as the interpreter reads it: None is 0, an
    int itself, anything else printed on stderr and 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _end(code: int) -> None:
    """End the process with `code` after what the interpreter's own exit does first (threads, exit
    handlers, flushed output), skipping its teardown. Output that cannot be flushed (a closed
    pipe) is left to the interpreter's own exit, which says so and ends with its status."""
    threading._shutdown()  # joins non-daemon threads (and pools' idle workers), as the interpreter does first
    atexit._run_exitfuncs()  # runs each handler once (the list is then empty)
    from agent.engine.duckdb_backend import close_spilled

    close_spilled()  # a DuckDB database that spilled to disk removes its files when closed
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        raise SystemExit(code) from None
    os._exit(code)


if __name__ == "__main__":
    run()
