"""Apache Spark through PySpark: the same compiled trees as DuckDB, rendered in Spark's dialect.

One SparkSession per process (Spark allows one SparkContext per JVM); every SparkBackend shares it
and its temp views, so a table goes to Spark once however many engines query it. A table is Tally's
typed pandas frame under an explicit schema (dates TIMESTAMP_NTZ, integers BIGINT, other numbers
DOUBLE, everything else STRING); money is cast to DECIMAL by the compiler. On a local master the
frame is staged as a Parquet file through Arrow and read back (memory bounded by Spark's reader);
on a cluster it is shipped through Arrow and persisted."""

from __future__ import annotations

from typing import TYPE_CHECKING

import atexit
import os
import shutil
import tempfile
import threading
import warnings
import weakref
from pathlib import Path

from sqlglot import exp

from agent.engine.sql_engine import SqlEngine
from agent.errors import TallyError
from agent.table_type import Table

if TYPE_CHECKING:
    import pandas as pd

QUIET = {
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",
    "spark.sql.shuffle.partitions": "2",
    "spark.driver.memory": "1g",
    "spark.sql.execution.arrow.pyspark.enabled": "true",
    # Naive wall-clock timestamps, as in the files and in DuckDB's TIMESTAMP: CAST(... AS TIMESTAMP)
    # and the columns are TIMESTAMP_NTZ, so no session or machine time zone ever shifts a value.
    "spark.sql.timestampType": "TIMESTAMP_NTZ",
    "spark.sql.session.timeZone": "UTC",
}
"""Session settings: no web UI or progress bars, few shuffle partitions (small data per query),
modest driver memory (raise it with `conf` for tables of many millions of rows), Arrow transfer."""
LOG_CONFIG = Path(__file__).with_name("spark_log4j2.properties")
LOCAL = {"spark.driver.host": "127.0.0.1", "spark.driver.bindAddress": "127.0.0.1"}
"""For local[N] masters: bind to loopback, never to the machine's network address."""

_PANDAS_3 = "PySpark does not yet fully support pandas"
"""PySpark 4.x warns on every conversion that pandas 3 is not fully supported; the conversions used
here (Arrow, explicit schema, no pandas UDFs) are covered by tests/test_spark.py."""
_lock = threading.Lock()
_names: weakref.WeakKeyDictionary[Table, str] = weakref.WeakKeyDictionary()
_count = 0
_session = None
_frames: dict[str, object] = {}
"""Each registered view's staged file or cached DataFrame, to free when its table is collected."""
_staging_dir: Path | None = None


def session(master: str = "local[2]", conf: dict[str, str] | None = None):
    """The process's SparkSession, started on first use with QUIET (plus `conf`) settings and log
    level WARN. Raises ValueError when a session already runs on a different master, TallyError
when PySpark is not installed."""
    try:
        from pyspark.sql import SparkSession
    except ImportError as exc:
        raise TallyError("engine kind 'spark' needs PySpark: pip install -e '.[spark]' (and Java 17+)") from exc

    global _session
    with _lock:
        active = _session or SparkSession.getActiveSession()
        if active is None:
            builder = SparkSession.builder.master(master).appName("tally")
            local = master.startswith("local")
            if local:
                os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
            settings = {**QUIET, "spark.driver.extraJavaOptions": f"-Dlog4j2.configurationFile=file:{LOG_CONFIG}",
                        **(LOCAL if local else {}), **(conf or {})}
            for key, value in settings.items():
                builder = builder.config(key, value)
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", message=_PANDAS_3, category=FutureWarning)
                active = builder.getOrCreate()
            active.sparkContext.setLogLevel("WARN")
            _session = active
        elif active.sparkContext.master != master:
            raise ValueError(f"Spark already runs on master {active.sparkContext.master!r} in this process; "
                             f"cannot also use {master!r} (one SparkContext per process)")
        return active


def spark_schema(df: pd.DataFrame):
    """The explicit Spark schema of a table's frame: datetime -> TimestampNTZType, integer ->
    LongType, other numbers -> DoubleType, anything else -> StringType. All nullable."""
    from pyspark.sql import types as T

    import pandas as pd
    def field(name: str, series: pd.Series) -> T.StructField:
        import pandas as pd

        if pd.api.types.is_datetime64_any_dtype(series):
            kind = T.TimestampNTZType()
        elif pd.api.types.is_bool_dtype(series):
            kind = T.StringType()
        elif pd.api.types.is_integer_dtype(series):
            kind = T.LongType()
        elif pd.api.types.is_numeric_dtype(series):
            kind = T.DoubleType()
        else:
            kind = T.StringType()
        return T.StructField(str(name), kind, nullable=True)

    return T.StructType([field(name, df[name]) for name in df.columns])


def _frame(df: pd.DataFrame, schema) -> pd.DataFrame:
    """The frame as Arrow can ship it under `schema`: text columns as strings (None for missing),
    booleans as 'True'/'False' text."""
    from pyspark.sql import types as T

    out = {}
    for f in schema.fields:
        s = df[f.name]
        if isinstance(f.dataType, T.StringType) and s.dtype != "str":
            s = s.map(lambda v: None if v is None or (isinstance(v, float) and v != v) else str(v))
        out[f.name] = s
    import pandas as pd
    return pd.DataFrame(out, index=df.index)


def render(tree: exp.Expression, dialect: str = "spark") -> str:
    """The tree as Spark SQL. Spark has no QUALIFY; sqlglot rewrites it as a filtered subquery with
    the ORDER BY inside, so a query with both is wrapped once more and ordered outside, where Spark
    keeps the order."""
    if isinstance(tree, exp.Select) and tree.args.get("qualify") and tree.args.get("order"):
        inner = tree.copy()
        order = inner.args.pop("order")
        names = [e.alias_or_name for e in inner.expressions]
        outer = exp.select(*[exp.column(n, quoted=True) for n in names]).from_(inner.subquery("q"))
        outer.set("order", order)
        tree = outer
    return tree.sql(dialect=dialect)


class SparkBackend:
    """Runs compiled trees on the process's SparkSession (see `session`)."""

    dialect = "spark"

    def __init__(self, master: str = "local[2]", conf: dict[str, str] | None = None):
        self.spark = session(master, conf)
        self.staging = _staging() if master.startswith("local") else None

    def register(self, table: Table) -> str:
        """The table's temp view ('t0', 't1', ... across the process; never derived from file text),
        created once from `table.df` through Arrow with `spark_schema` and cached in Spark; dropped
        (and uncached) when the table is collected."""
        global _count
        with _lock:
            if table in _names:
                return _names[table]
            name = f"t{_count}"
            _count += 1
            if table.lies_in_file:  # rows stay in the file; df is a sample
                self._from_view(table, name)
                _names[table] = name
                weakref.finalize(table, _forget, self.spark, name)
                return name
            schema = spark_schema(table.df)
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", message=_PANDAS_3, category=FutureWarning)
                frame = _frame(table.df, schema)
                if self.staging is not None:
                    self._staged(frame, schema, name)
                else:
                    self._shipped(frame, schema, name, table.rows)
            _names[table] = name
            weakref.finalize(table, _forget, self.spark, name)
            return name

    def _staged(self, frame: pd.DataFrame, schema, name: str) -> None:
        """Local Spark: the typed frame written to a Parquet file in `staging` (1M rows at a time,
        columns by position), read back under `schema`. Spark then scans only the columns a query
        needs, with memory bounded by its reader, not by the table's size."""
        import pyarrow.parquet as pq

        path = self.staging / f"{name}.parquet"
        import pyarrow as pa
        arrow = pa.schema([pa.field(f"c{i}", _arrow_type(f.dataType)) for i, f in enumerate(schema.fields)])
        with pq.ParquetWriter(path, arrow) as writer:
            for start in range(0, max(len(frame), 1), 1_000_000):
                chunk = frame.iloc[start:start + 1_000_000]
                chunk.columns = arrow.names
                writer.write_table(pa.Table.from_pandas(chunk, schema=arrow, preserve_index=False, safe=False))
        positional = schema.__class__([f.__class__(f"c{i}", f.dataType, True) for i, f in enumerate(schema.fields)])
        data = self.spark.read.schema(positional).parquet(str(path)).toDF(*[f.name for f in schema.fields])
        data.createOrReplaceTempView(name)
        _frames[name] = path

    def _from_view(self, table: Table, name: str) -> None:
        """A file queried where it lies (agent/relation.py): its typed DuckDB view copied
        to a Parquet file in `staging` (DuckDB streams it, memory bounded), read by Spark. Raises
        TallyError on a cluster master, whose executors cannot read this machine's staging."""
        import duckdb

        from agent.engine.compile import column

        if self.staging is None:
            raise TallyError(f"{table.name}: a file queried where it lies can only be staged for a local Spark "
                             "master; on a cluster, load it into the cluster's storage")
        path = self.staging / f"{name}.parquet"
        connection = duckdb.connect()
        try:
            table.relation(connection, "v")
            names = [row[0] for row in connection.execute("DESCRIBE v").fetchall()]
            select = exp.select(*[exp.alias_(column(n), f"c{i}") for i, n in enumerate(names)]).from_("v")
            target = exp.Literal.string(str(path)).sql("duckdb")
            connection.execute(f"COPY ({select.sql('duckdb')}) TO {target} (FORMAT PARQUET)")
        finally:
            connection.close()
        self.spark.read.parquet(str(path)).toDF(*names).createOrReplaceTempView(name)
        _frames[name] = path

    def _shipped(self, frame: pd.DataFrame, schema, name: str, rows: int) -> None:
        """A cluster: the frame shipped through Arrow, persisted (memory, then disk) and materialized
        now, since data made from a local frame has no other source (uncached, every query would
        re-ship the rows in its tasks). The view reads the cache through a few partitions."""
        from pyspark import StorageLevel

        data = self.spark.createDataFrame(frame, schema=schema).persist(StorageLevel.MEMORY_AND_DISK)
        data.count()
        data.coalesce(_partitions(self.spark, rows)).createOrReplaceTempView(name)
        _frames[name] = data

    def render(self, tree: exp.Expression) -> str:
        """The SQL text this backend runs for `tree` (see module `render`)."""
        return render(tree, self.dialect)

    def fetch(self, tree: exp.Expression) -> list[tuple[object, ...]]:
        """Rows of the tree as Python tuples: DECIMAL stays Decimal, timestamps datetime, dates date."""
        rows = self.spark.sql(self.render(tree)).collect()
        return [tuple(row) for row in rows]


def _arrow_type(kind):
    """The Arrow (Parquet) type a staged column is written as, for its Spark type."""
    import pyarrow as pa

    arrow = {"TimestampNTZType": pa.timestamp("us"), "LongType": pa.int64(), "DoubleType": pa.float64()}
    return arrow.get(type(kind).__name__, pa.string())


def _partitions(spark, rows: int) -> int:
    """Partitions for a cached table: one per core per 5M rows, at least one per core (Arrow sends a
    partition per 10,000-row batch; a thousand tiny tasks per query would cost more than the scan)."""
    cores = spark.sparkContext.defaultParallelism
    return cores * max(1, -(-rows // 5_000_000))


def _staging() -> Path:
    """The process's folder for staged tables (removed at exit)."""
    global _staging_dir
    with _lock:
        if _staging_dir is None:
            _staging_dir = Path(tempfile.mkdtemp(prefix="tally-spark-"))
            atexit.register(shutil.rmtree, _staging_dir, True)
        return _staging_dir


def _forget(spark, name: str) -> None:
    try:
        spark.catalog.dropTempView(name)
        held = _frames.pop(name)
        held.unlink(missing_ok=True) if isinstance(held, Path) else held.unpersist()
    except Exception:  # the session may be stopped at exit
        pass


def spark_engine(*, master: str = "local[2]", max_groups: int = 50, conf: dict[str, str] | None = None) -> SqlEngine:
    """A SqlEngine on Spark (`master` as a Spark master URL: local[N], spark://host:7077, yarn).
    `conf` adds Spark settings over QUIET, e.g. {'spark.driver.memory': '6g'}."""
    return SqlEngine(SparkBackend(master, conf), max_groups=max_groups)
