"""The one Table type: a typed relation (agent.relation opens every file and frame as one) with
its columns' roles and parse reports, and its typed rows (`df`: every row, or past
agent.relation.FRAME_ROWS rows a value frame), kept in DuckDB storage where they were cached
(`rows_parquet`) and built as a DataFrame only when something reads `df` (agent/table_rows.py).
Roles are inferred here from typed columns."""

from __future__ import annotations

import re
from concurrent.futures import Future
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from sqlglot import exp

from agent.durations import DurationForm
from agent.errors import UnknownColumn
from agent.list_columns import ListForm
from agent.summary_rows import SummaryRows

if TYPE_CHECKING:
    import duckdb
    import pandas as pd

__all__ = ["ColumnRole", "ParseReport", "Table", "identifier_by_name", "infer_role", "parse_notes", "table_notes"]

_ID_SUFFIXES = ("_id", " id", "-id", "uuid", "guid", "_num", "number", "zip", "code")


class ColumnRole(StrEnum):
    """What a column is for: which operations make sense on it."""

    numeric = "numeric"
    categorical = "categorical"
    date = "date"
    identifier = "identifier"
    text = "text"


TEXT_ROLES = (ColumnRole.categorical, ColumnRole.identifier, ColumnRole.text)
"""The roles whose cells are text (names, labels, codes): what a value, a label or a list is read from."""


@dataclass(frozen=True)
class ParseReport:
    """How one column's raw text became typed values. Counts are cells."""

    missing: int
    """Blank / N/A / NA / null / None / - / nan cells."""
    unparseable: int = 0
    """Non-missing cells of a numeric/date column that did not parse (now NaN/NaT)."""
    unparseable_examples: list[str] = field(default_factory=list)
    """Up to 5 raw values that did not parse."""
    conversions: list[str] = field(default_factory=list)
    """Human notes, one per kind of conversion, e.g. "'(120.00)' read as -120 (parentheses = negative)"."""


@dataclass(eq=False)
class Table:
    """A loaded table. `df` columns are the trimmed headers: numeric columns float64/int64,
    dates datetime64[ns], everything else strings with the original text (NaN when missing).
    `sha256` is the hex digest of the file bytes (hashed in the background while loading)."""

    path: Path
    name: str
    df: pd.DataFrame | None
    """The typed rows as a DataFrame; None when they are given by `rows_parquet` (then built from
    it on first read of `df`, which imports pandas: the `tally ask` path reads agent/table_rows.py)."""
    display: dict[str, str]
    reports: dict[str, ParseReport]
    roles: dict[str, ColumnRole]
    digest: str | Future[str] = field(default="", repr=False)
    in_place: bool = False
    """True for a DataFrame another agent holds: engines scan it where it is, never copy it."""
    lies_in_file: bool = False
    """True when `df` is not every row (a table past agent.relation.FRAME_ROWS rows): it is then
    the table's *value frame* (a typed sample plus the distinct values of its columns) and only SQL
    over `view_sql` may answer from its rows."""
    view_sql: exp.Select | None = field(default=None, repr=False)
    """The typed relation: SELECT <typed expression> AS <column>, ... FROM <the file>, decided from
    a sample (agent.typed_view). Engines run it as a view when `lies_in_file`; otherwise `df` holds
    exactly its rows and is copied into the engine's storage."""
    row_count: int | None = None
    """Rows of the relation when `df` does not hold them all."""
    lists: dict[str, ListForm] = field(default_factory=dict)
    """List columns (agent.list_columns): column -> how its cells hold their items. Their cells
    stay text in `df` (a Parquet LIST as JSON text); the engine matches and counts their items."""
    summary: SummaryRows | None = field(default=None, repr=False)
    """Summary rows ('North Total', 'Grand Total') taken out of `df`, kept to be named and reached
    (agent.summary_rows); None when the table has none."""
    rows_parquet: Path | None = field(default=None, repr=False)
    """A Parquet file of exactly the rows `df` holds (file order), written with the table cache
    (agent.relation.open_file): a cached table is read back without its DataFrame."""
    mixed_dates: dict[str, str] = field(default_factory=dict)
    """Text columns of dates written several ways that do not read one way ('05/03/2024' beside
    '2024-03-05': 5 March or 3 May) -> why (agent.mixed_dates): date questions on them are refused."""
    durations: dict[str, DurationForm] = field(default_factory=dict)
    """Text columns of durations read as seconds ('1:03.59' -> 63.59; agent.durations) -> how their
    cells are written, so a value of one is shown back in that form."""
    _profile: dict = field(default_factory=dict, init=False, repr=False)

    def __getstate__(self) -> dict:
        """What pickling keeps: no DuckDB connection, and no DataFrame when `rows_parquet` holds the rows."""
        state = {k: v for k, v in self.__dict__.items() if k not in _UNPICKLED}
        if self.rows_parquet is not None:
            state["_frame"] = None
        return state

    @property
    def frame_loaded(self) -> bool:
        """True when the typed rows are in memory as a DataFrame (reading `df` builds nothing)."""
        return self.__dict__.get("_frame") is not None

    @property
    def columns(self) -> list[str]:
        """The typed columns in file order (the names `df` has), without building `df`."""
        return list(self.roles)

    @property
    def sha256(self) -> str:
        """Hex sha256 of the file bytes as read."""
        if isinstance(self.digest, Future):
            self.digest = self.digest.result()
        return self.digest

    @property
    def rows(self) -> int:
        """Number of data rows."""
        if self.row_count is not None:
            return self.row_count
        if self.frame_loaded or self.rows_parquet is None:
            return len(self.df)
        from agent.frames import parquet_rows

        rows = self.__dict__.get("_parquet_rows")
        if rows is None:
            rows = self.__dict__["_parquet_rows"] = parquet_rows(self.rows_parquet)
        return rows

    def relation(self, connection: duckdb.DuckDBPyConnection, name: str) -> None:
        """CREATE VIEW name AS the typed select over the file, on `connection`."""
        view = exp.Create(this=exp.Table(this=exp.to_identifier(name, quoted=True)), kind="VIEW",
                          expression=self.view_sql.copy())
        connection.execute(view.sql(dialect="duckdb"))

    def column(self, name: str) -> str:
        """Resolve a user/model-given column name to a df column: exact, then case-insensitive and
        trimmed, then with spaces and underscores equivalent. Raises UnknownColumn with suggestions."""
        columns = self.columns
        if name in columns:
            return name
        for norm in (lambda s: s.strip().casefold(), lambda s: re.sub(r"[\s_]+", "_", s.strip().casefold())):
            hits = [c for c in columns if norm(c) == norm(name)]
            if hits:
                return hits[0]
        raise UnknownColumn(name, columns)




_UNPICKLED = ("_rows_view", "_cache_entry", "_facts_kept")
"""Per-process state a pickled table leaves out (agent/table_rows.py, agent/table_cache.py)."""


def _get_df(table: Table) -> pd.DataFrame:
    frame = table.__dict__.get("_frame")
    if frame is None and table.rows_parquet is not None:
        from agent.frames import parquet_frame

        frame = table.__dict__["_frame"] = parquet_frame(table.rows_parquet)
    return frame


def _set_df(table: Table, frame: pd.DataFrame | None) -> None:
    table.__dict__["_frame"] = frame


Table.df = property(_get_df, _set_df, doc="The typed rows as a DataFrame, built on first read (see `rows_parquet`).")


def table_notes(table: Table, notes: list[str]) -> list[str]:
    """`notes` with what the table leaves out of every computation (its summary rows) first."""
    if table.summary is None or (note := table.summary.note()) in notes:
        return notes
    return [note, *notes]


def parse_notes(table: Table, columns: list[str]) -> list[str]:
    """How the raw text of these columns was read (conversions, unparseable cells skipped), one
    line per kind, for provenance."""
    notes = []
    for name in dict.fromkeys(columns):
        report = table.reports[name]
        notes += report.conversions
        if report.unparseable:
            examples = ", ".join(repr(e) for e in report.unparseable_examples)
            notes.append(f"{report.unparseable} value(s) of {name} could not be read and were skipped: {examples}")
    return notes




def infer_role(name: str, s: pd.Series) -> ColumnRole:
    """Role of a typed column. Identifier by name (`id`, `*_id`, `customerId`, `*_num`, `*number`,
    `*zip`, `*code`, `unix*`/`epoch*`) or by being all-distinct integers that increase or are
    dense (see `_id_like`) / no-space strings (> 20 rows). Large columns are judged on their first 1000 non-null values where that settles it."""
    import pandas as pd

    if pd.api.types.is_datetime64_any_dtype(s):
        return ColumnRole.date
    if identifier_by_name(name):
        return ColumnRole.identifier
    if pd.api.types.is_numeric_dtype(s):
        head = s.iloc[:1000].dropna()
        integral = pd.api.types.is_integer_dtype(s) or bool((head % 1 == 0).all() and (s.dropna() % 1 == 0).all())
        return ColumnRole.identifier if integral and _all_distinct(head, s) and _id_like(s) else ColumnRole.numeric
    head = [v for v in s.iloc[:1000].tolist() if isinstance(v, str)]
    spaced = sum(" " in v for v in head) / len(head) if head else 0.0
    if len(set(head)) <= 0.5 * len(head):  # the distinct share only falls as rows are added
        return ColumnRole.categorical
    values = s.dropna()
    distinct = values.nunique()
    if distinct <= 20:
        return ColumnRole.categorical
    if spaced == 0 and distinct == len(values) > 20:
        return ColumnRole.identifier
    if spaced > 0.5 and distinct > 0.5 * len(values):
        return ColumnRole.text
    return ColumnRole.categorical


def identifier_by_name(name: str) -> bool:
    """True when the header alone makes a column an identifier (infer_role's name rule): 'id',
    '*_id', 'customerId', '*_num', '*number', '*zip', '*code', 'unix*' / 'epoch*'."""
    lower = name.strip().lower()
    return bool(lower == "id" or lower.endswith(_ID_SUFFIXES) or re.search(r"[a-z0-9](Id|ID)$", name.strip())
                or lower.startswith(("unix", "epoch")))


def _id_like(s: pd.Series) -> bool:
    """True when all-distinct integers also look like a key: increasing in file order (a row
    number, an order id) or dense (max - min + 1 <= 2 x count: ids drawn from a block). Distinct
    quantities of a small table (units sold 385, 764, 120, ...) are neither, and stay numeric."""
    values = s.dropna()
    if values.is_monotonic_increasing:
        return True
    return float(values.max()) - float(values.min()) + 1 <= 2 * len(values)


def _all_distinct(head: pd.Series, s: pd.Series) -> bool:
    """True when the column has more than 20 non-null values, all distinct (a repeat in the head settles it)."""
    return head.is_unique and s.count() > 20 and s.dropna().is_unique
