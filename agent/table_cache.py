"""The table cache: what opening a file learned (typing, roles, reports, value frame) kept on disk
so a later process opens the same unchanged file without typing it again.

An entry is two files in CACHE_DIR named by one key: `<key>.pickle` (the Table without its rows)
and `<key>.parquet` (its typed rows, read back without pandas: agent/table_rows.py), and a third
once a process has asked the table something: `<key>.facts`, the facts the router, the verifier
and the engine read about the rows by SQL (distinct values and their counts, column types,
minimum and maximum, spellings: FACTS; a big table's parse reports), so the next process reads
them instead of querying the rows again (`keep_facts`). The key hashes the file's resolved path, size and modification time,
the open's options and the loader's own source, so a changed file or changed typing rules never
reuse an entry; the facts file also names the source of the code that computed its facts, and
is ignored when that changed. The directory is kept under CACHE_MAX_BYTES by removing the least
recently used entries (a hit marks its entry used)."""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent.table_type import Table

CACHE_DIR = Path(os.environ.get("TALLY_CACHE", "~/.cache/tally")).expanduser() / "tables"
"""Where entries are kept (env TALLY_CACHE moves the whole cache: `<TALLY_CACHE>/tables`)."""
CACHE_MAX_BYTES = int(float(os.environ.get("TALLY_CACHE_MAX_MB", "4096")) * 1024 * 1024)
"""Bytes the entries may take together (env TALLY_CACHE_MAX_MB, default 4096 MB); past it, the
least recently used entries are removed after each save."""
IN_USE_SECONDS = 3600
"""An entry used (or a file written) less than this long ago is never removed: another process may
still read its rows (a `tally serve` reads a table's rows file whenever a question needs them)."""
FACTS = ("_sql_types", "_fact_counts", "_fact_numbers", "_fact_cents", "_fact_values", "_fact_cells", "_fact_lines",
         "_fact_has", "_fact_numbering", "_spelling_counts", "_fact_duplicates")
"""The table attributes a facts file keeps: agent.table_rows.FACTS, the engine's spellings of
each text column (agent/engine/sql_engine.py) and its count of duplicate rows
(agent/engine/duplicates.py), each a dict that depends on the typed rows alone."""
REPORTS = "reports"
"""The facts file's entry for the parse reports of a table read where it lies, each computed by a
scan of every row on first use (agent.parse_reports.LazyReports)."""
_FACT_MODULES = ("table_rows.py", "engine/sql_engine.py", "engine/compile.py", "engine/duplicates.py")
"""The code computing FACTS: a facts file written by other code is ignored."""
_LOADER_MODULES = ("relation", "typed_view", "table", "table_type", "summary_rows", "list_columns", "numbers",
                   "text_files", "table_rows", "table_cache", "parse_reports", "cell_rules", "typing_sql", "whole_sql",
                   "value_frame_sql", "mixed_dates", "durations")


@functools.cache
def _loader_version() -> str:
    """Hex sha256 of the loader's own source files (read once per process): a table typed by
    other rules is not reused."""
    digest = hashlib.sha256()
    for name in _LOADER_MODULES:
        digest.update((Path(__file__).parent / f"{name}.py").read_bytes())
    return digest.hexdigest()


@functools.cache
def _facts_version() -> str:
    """Hex sha256 of the loader's version and the source of the code computing FACTS."""
    digest = hashlib.sha256(_loader_version().encode())
    for name in _FACT_MODULES:
        digest.update((Path(__file__).parent / name).read_bytes())
    return digest.hexdigest()


def entry(path: Path, **options: object) -> Path:
    """Where the cached open of `path` with these options lies (CACHE_DIR/<key>.pickle); `options`
    are the open's keyword arguments, in the caller's order (delimiter, frame_rows, ...)."""
    stat = path.stat()
    spelled = ":".join(f"{value}" for value in options.values())
    key = hashlib.sha256(f"{path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}:{spelled}:{_loader_version()}"
                         .encode()).hexdigest()
    return CACHE_DIR / f"{key}.pickle"


def load(path: Path, **options: object) -> Table | None:
    """The table an earlier `save` kept for the same unchanged file and options, or None (nothing
    kept, or an unreadable entry or one whose rows are gone, which is removed). A hit marks the
    entry as used now."""
    saved = entry(path, **options)
    if not saved.exists():
        return None
    try:
        table = pickle.loads(saved.read_bytes())
    except Exception:  # an unreadable entry is rebuilt
        _remove(saved)
        return None
    if table.rows_parquet is None or not Path(table.rows_parquet).exists():
        _remove(saved)
        return None
    os.utime(saved)
    table.path, table.name = path, path.name
    table.__dict__["_cache_entry"] = saved
    _read_facts(table, saved)
    return table


def _read_facts(table: Table, saved: Path) -> None:
    """Put the facts an earlier process kept for this entry (`keep_facts`) on `table`; nothing when
    there are none, or they were computed by other code; an unreadable file is removed."""
    kept = saved.with_suffix(".facts")
    try:
        version, facts = pickle.loads(kept.read_bytes())
    except FileNotFoundError:
        return
    except Exception:  # an unreadable facts file is computed again
        kept.unlink(missing_ok=True)
        return
    if version == _facts_version() and isinstance(facts, dict):
        table.__dict__.update({name: facts[name] for name in FACTS if isinstance(facts.get(name), dict)})
        if isinstance(facts.get(REPORTS), dict) and hasattr(table.reports, "remember"):
            table.reports.remember(facts[REPORTS])
        table.__dict__["_facts_kept"] = _facts_count(table)


def _computed_reports(table: Table) -> dict:
    """The parse reports a table read where it lies computed so far (agent.parse_reports.LazyReports)."""
    computed = getattr(table.reports, "computed", None)
    return computed() if computed is not None else {}


def _facts_count(table: Table) -> int:
    return sum(len(table.__dict__.get(name) or ()) for name in FACTS) + len(_computed_reports(table))


def keep_facts(table: Table) -> bool:
    """Write the FACTS `table` holds next to its cache entry (`<key>.facts`, written whole, then
    moved into place), so the next process opening the file reads them back instead of querying
    its rows. Only for a table opened from or saved to the cache, and only when it learned facts
    the file does not hold yet; True when written. Call it when no other thread is asking the table."""
    saved = table.__dict__.get("_cache_entry")
    count = _facts_count(table)
    if saved is None or count == table.__dict__.get("_facts_kept", 0) or not saved.exists():
        return False
    facts = {name: table.__dict__[name] for name in FACTS if table.__dict__.get(name)}
    facts[REPORTS] = _computed_reports(table)
    partial = saved.with_suffix(f".{os.getpid()}.facts.tmp")
    try:
        partial.write_bytes(pickle.dumps((_facts_version(), facts)))
        partial.replace(saved.with_suffix(".facts"))
    except OSError:  # a full or read-only cache: the facts are computed again next time
        partial.unlink(missing_ok=True)
        return False
    table.__dict__["_facts_kept"] = count
    return True


def save(table: Table, saved: Path) -> None:
    """Keep `table` at `saved` (from `entry`): its typed rows as `<key>.parquet` (a temporary rows
    file of a table typed without a DataFrame is moved there, not rewritten), the rest pickled.
    Each file is written whole, then moved into place; then older entries are evicted (`evict`)."""
    import shutil

    from agent import whole_sql
    from agent.table_rows import write_parquet

    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    table.__dict__["_parquet_rows"] = table.rows  # kept: a later open needs no query to count them
    rows = saved.with_suffix(".parquet")
    partial = saved.with_suffix(f".{os.getpid()}.rows.tmp")
    if whole_sql.temporary(table.rows_parquet) and "_rows_view" not in table.__dict__:
        shutil.move(table.rows_parquet, partial)  # the rows typed without a DataFrame: moved, not rewritten
    else:
        write_parquet(table, partial)
    partial.replace(rows)
    table.rows_parquet = rows
    partial = saved.with_suffix(f".{os.getpid()}.tmp")
    partial.write_bytes(pickle.dumps(table))
    partial.replace(saved)
    saved.with_suffix(".facts").unlink(missing_ok=True)  # facts of the rows it replaces
    table.__dict__["_cache_entry"] = saved
    evict(CACHE_DIR, CACHE_MAX_BYTES, keep=saved)


def evict(directory: Path, max_bytes: int, *, keep: Path | None = None) -> list[Path]:
    """Remove the least recently used entries of `directory` (by their pickle's modification time)
    until the entries take at most `max_bytes` together; never `keep` nor an entry used in the last
    IN_USE_SECONDS, so the directory may stay over `max_bytes` while its entries are in use. Rows
    and facts files without their pickle and half-written files, once older than IN_USE_SECONDS, go first. Returns the pickles
    (or orphaned rows and facts files) removed, oldest first. Files another process removes meanwhile are skipped."""
    removed: list[Path] = []
    now = time.time()
    for partial in directory.glob("*.tmp"):
        if now - _mtime(partial, now) > IN_USE_SECONDS:
            partial.unlink(missing_ok=True)
    for rows in [*directory.glob("*.parquet"), *directory.glob("*.facts")]:
        if not rows.with_suffix(".pickle").exists() and now - _mtime(rows, now) > IN_USE_SECONDS:
            rows.unlink(missing_ok=True)
            removed.append(rows)
    entries = sorted(directory.glob("*.pickle"), key=lambda p: _mtime(p, now))
    total = sum(_entry_size(p) for p in entries)
    for pickled in entries:
        if total <= max_bytes:
            break
        if pickled == keep or now - _mtime(pickled, now) <= IN_USE_SECONDS:
            continue
        total -= _entry_size(pickled)
        _remove(pickled)
        removed.append(pickled)
    return removed


def _remove(pickled: Path) -> None:
    pickled.unlink(missing_ok=True)
    pickled.with_suffix(".parquet").unlink(missing_ok=True)
    pickled.with_suffix(".facts").unlink(missing_ok=True)


def _entry_size(pickled: Path) -> int:
    return _size(pickled) + _size(pickled.with_suffix(".parquet")) + _size(pickled.with_suffix(".facts"))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _mtime(path: Path, default: float) -> float:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:
        return default
