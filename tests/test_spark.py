"""The same compiled plans on Spark local[2] as on DuckDB: every computation case of the demo and
bug-report eval sets (router mode) gives the same answer on both, and plans on small tables give
the values worked out by hand below. One Spark session for the module (PySpark talks to its local
JVM over loopback, hence the `loopback` mark)."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.engine.spark_backend import spark_engine
from agent.loop import Agent
from agent.plan import AggregateArgs, Op, Predicate, RatioArgs
from agent.router.router import Router
from agent.table import table_from_text
from evals.cases import load_set
from evals.run import Tables
from evals.score import score

pytestmark = pytest.mark.loopback

CASES = [c for s in ("demo", "bugreports") for c in load_set(s)
         if c.route == "computation" and c.type != "records"]  # lookups/records need record search
REL = 1e-9


@pytest.fixture(scope="module")
def spark():
    return spark_engine(master="local[2]")


@pytest.fixture(scope="module")
def duck():
    return duckdb_engine()


@pytest.fixture(scope="module")
def tables():
    return Tables()


def same(a: object, b: object, path: str = "") -> None:
    """Assert two dumped results are equal: numbers to REL relative, everything else exactly."""
    if isinstance(a, dict) and isinstance(b, dict):
        assert a.keys() == b.keys(), path
        for key in a:
            same(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list):
        assert len(a) == len(b), f"{path}: {a} != {b}"
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]")
    elif isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        assert b == pytest.approx(a, rel=REL, abs=0), f"{path}: {a} != {b}"
    else:
        assert a == b, f"{path}: {a!r} != {b!r}"


def _ask(engine, table, question: str):
    config = load_config(env={})
    agent = Agent(table=table, engine=engine, router=Router(table, config.router, config.search), config=config)
    return agent.ask(question)


def _comparable(outcome) -> list[dict]:
    """Each successful tool result without what differs by engine by design (SQL text, timings)."""
    dumped = []
    for call in outcome.results:
        result = call.result.model_dump()
        provenance = result.pop("provenance", None) or {}
        for key in ("sql", "engine", "elapsed_ms"):
            provenance.pop(key, None)
        dumped.append({"tool": call.tool, "result": result, "provenance": provenance})
    return dumped


def test_the_cases_cover_both_sets():
    assert {c.set for c in CASES} == {"demo", "bugreports"}
    assert len(CASES) >= 20


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_eval_case_same_on_spark_as_on_duckdb(case, spark, duck, tables):
    table = tables.get(case)
    on_duck, on_spark = _ask(duck, table, case.question), _ask(spark, table, case.question)
    assert on_spark.status == on_duck.status
    assert on_spark.answered_by == on_duck.answered_by
    assert on_duck.results, "the router answered with a plan"
    same(_comparable(on_duck), _comparable(on_spark))
    assert score(case, on_spark)[0] == score(case, on_duck)[0]
    assert "`" in on_spark.results[0].result.provenance.sql  # the SQL shown is the Spark SQL that ran


# Small table, values worked out by hand. amount has cents, so it is money (summed as DECIMAL).
CITIES = ("city,amount,day\n"
          "Paris,10.50,2024-01-05\n"
          "paris ,4.25,2024-01-20\n"
          "Lyon,7,2024-02-01\n"
          "Nice,7,2024-02-15\n"
          "Lyon,1.25,2023-12-31\n"
          "Nice,,2024-03-01\n")


@pytest.fixture(scope="module")
def cities():
    return table_from_text(CITIES, "cities.csv")


def agg(engine, table, **kw):
    return engine.aggregate(table, AggregateArgs(**kw))


P = Predicate


@pytest.mark.parametrize("op, column, where, expected", [
    ("sum", "amount", [P(column="city", op=Op.eq, value="PARIS")], 10.50 + 4.25),
    ("sum", "amount", [P(column="city", op=Op.eq, value="nice")], 7.0),
    ("mean", "amount", [P(column="day", op=Op.eq, value="2024-02")], (7 + 7) / 2),
    ("median", "amount", [P(column="day", op=Op.lt, value="2024-02")], 4.25),  # 1.25, 4.25, 10.5
    ("median", "amount", [P(column="city", op=Op.in_, values=["paris", "lyon"])], (4.25 + 7) / 2),
    ("std", "amount", [], math.sqrt((4.5**2 + 1.75**2 + 1 + 1 + 4.75**2) / 4)),  # mean 6, n-1 = 4
    ("count_distinct", "city", [P(column="amount", op=Op.ge, value=7)], 3),  # Paris, Lyon, Nice
    ("min", "day", [P(column="city", op=Op.contains, value="yo")], "2023-12-31"),
    ("max", "amount", [P(column="day", op=Op.between, value="2024-01-01", upper="2024-01-31")], 10.5),
    ("max", "day", [P(column="amount", op=Op.between, value=5, upper=8)], "2024-02-15"),
    ("count", None, [P(column="day", op=Op.latest)], 1),
    ("count", None, [P(column="amount", op=Op.is_null)], 1),
])
def test_plans_by_hand_on_spark(spark, cities, op, column, where, expected):
    result = agg(spark, cities, op=op, column=column, where=where)
    if isinstance(expected, float):
        assert result.value == pytest.approx(expected, rel=1e-12)
    else:
        assert result.value == expected


def test_text_predicate_lists_the_spellings_it_matched_and_skipped_nulls(spark, cities):
    result = agg(spark, cities, op="sum", column="amount", where=[P(column="city", op=Op.eq, value="nice")])
    assert result.provenance.nulls_skipped == 1
    paris = agg(spark, cities, op="count", where=[P(column="city", op=Op.eq, value=" paris")])
    assert paris.value == 2
    assert sorted(paris.provenance.matched_values["city"]) == ["Paris", "paris "]


def test_money_sums_exactly_as_decimal(spark):
    table = table_from_text("x\n0.10\n0.20\n0.10\n0.20\n0.10\n0.20\n")
    assert 0.1 + 0.2 + 0.1 + 0.2 + 0.1 + 0.2 != 0.9  # what a DOUBLE sum would give
    assert agg(spark, table, op="sum", column="x").value == 0.9
    (value,), = spark.backend.fetch(__import__("sqlglot").parse_one("SELECT SUM(CAST(0.1 AS DECIMAL(18, 2)))"))
    assert isinstance(value, Decimal)


def test_group_by_merges_spellings_under_the_cleanest(spark, cities):
    result = agg(spark, cities, op="sum", column="amount", group_by=["city"])
    assert [(g.key, g.value, g.rows) for g in result.groups] == [
        (["Lyon"], 8.25, 2), (["Nice"], 7.0, 2), (["Paris"], 14.75, 2)]
    assert any("counted as 'Paris'" in n for n in result.provenance.notes)


def test_order_and_limit_keep_ties_at_the_cut(spark, cities):
    result = agg(spark, cities, op="max", column="amount", group_by=["city"], order="desc", limit=2)
    assert [(g.key, g.value) for g in result.groups] == [(["Paris"], 10.5), (["Lyon"], 7.0)]
    assert [(g.key, g.value) for g in result.ties] == [(["Nice"], 7.0)]
    counts = agg(spark, cities, op="count", group_by=["city"], order="desc", limit=1)
    assert [g.key for g in counts.groups] == [["Lyon"]]  # all tied at 2 rows: by key after value
    assert [g.key for g in counts.ties] == [["Nice"], ["Paris"]]
    assert counts.total_groups == 3
    lowest = agg(spark, cities, op="sum", column="amount", group_by=["city"], order="asc", limit=1)
    assert [(g.key, g.value) for g in lowest.groups] == [(["Nice"], 7.0)] and not lowest.ties
    assert "ORDER BY" in lowest.provenance.sql.rsplit(")", 1)[-1]  # ordered outside the filtered subquery


def test_ratio_with_groups(spark, cities):
    args = RatioArgs(column="amount", where=[P(column="amount", op=Op.gt, value=5)], group_by=["city"])
    result = spark.ratio(cities, args)
    assert result.percent == pytest.approx(100 * (10.5 + 7 + 7) / 30, rel=1e-12)
    assert result.numerator == 24.5 and result.denominator == 30
    got = {g.key[0]: g.value for g in result.groups}
    assert got == pytest.approx({"Lyon": 100 * 7 / 8.25, "Nice": 100.0, "Paris": 100 * 10.5 / 14.75}, rel=1e-12)
    rows = spark.ratio(cities, RatioArgs(where=[P(column="day", op=Op.eq, value="2024-01")], group_by=["city"]))
    assert rows.percent == pytest.approx(100 * 2 / 6)
    assert {g.key[0]: (g.value, g.rows) for g in rows.groups} == {"Lyon": (0, 2), "Nice": (0, 2), "Paris": (100, 2)}


def test_hostile_names_and_values_stay_identifiers_and_literals(spark):
    name = "we`ird; -- \"name\\"
    value = "O'Brien; DROP VIEW t0; -- \\ é"
    csv = f'"{name.replace(chr(34), chr(34) * 2)}",amount\n"{value}",5\nother,7\n'
    table = table_from_text(csv)
    assert list(table.df.columns)[0] == name
    result = agg(spark, table, op="sum", column="amount", where=[P(column=name, op=Op.eq, value=value)])
    assert result.value == 5
    assert agg(spark, table, op="count").value == 2  # the view is still there


def test_config_builds_the_spark_engine_and_one_master_per_process(spark):
    from agent.config import EngineConfig
    from agent.engine.spark_backend import SparkBackend, session

    engine = EngineConfig(kind="spark", spark_master="local[2]").build(max_groups=7)
    assert isinstance(engine.backend, SparkBackend) and engine.max_groups == 7
    assert engine.backend.spark is spark.backend.spark
    with pytest.raises(ValueError, match="local\\[1\\]"):
        session("local[1]")


def test_records_and_describe_on_spark(spark, cities):
    from agent.plan import DescribeArgs

    rows, count, sql = spark.records(cities, [P(column="city", op=Op.eq, value="lyon")], order_by=[("amount", True)],
                                     limit=1)
    assert count == 2
    assert rows == [{"city": "Lyon", "amount": 7.0, "day": "2024-02-01"}]
    assert "LIMIT 1" in sql
    described = spark.describe(cities, DescribeArgs(column="city"))
    assert [(v.value, v.rows) for v in described.values] == [("Lyon", 2), ("Nice", 2), ("Paris", 1), ("paris ", 1)]
    assert described.total_distinct == 4


def test_a_file_queried_where_it_lies_is_answered_over_every_row(spark, tmp_path):
    from agent.relation import SAMPLE_ROWS, open_file

    rows = 12_000
    assert rows > SAMPLE_ROWS  # the table's frame is a sample; Spark must see the whole file
    path = tmp_path / "big.csv"
    path.write_text("amount,day\n" + "".join(f"{i % 7}.5,2024-01-{1 + i % 28:02d}\n" for i in range(rows)))
    table = open_file(path, cache=False, frame_rows=0)
    # sum of (i % 7) + 0.5 over i < 12000: 1714 full cycles of 0..6 (21 each), then 0 and 1
    assert agg(spark, table, op="sum", column="amount").value == 1714 * 21 + 1 + 0.5 * rows
    assert agg(spark, table, op="count", where=[P(column="day", op=Op.eq, value="2024-01-28")]).value == rows // 28
