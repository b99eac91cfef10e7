"""The engine (plans compiled to SQL, run by DuckDB) against DuckDB SQL written by hand on the real transactions file, and by hand on tiny tables."""

from __future__ import annotations

import pytest

from agent.engine import duckdb_engine
from agent.errors import BadPredicate, NoRowsMatched, UnknownColumn, WrongType
from agent.plan import AggregateArgs, DescribeArgs, Op, Predicate, RatioArgs
from agent.table import load_table, table_from_text
from tests.helpers import KAGGLE, need, sql

engine = duckdb_engine()


@pytest.fixture(scope="module")
def kaggle():
    return load_table(need(KAGGLE))


def agg(table, **kw):
    return engine.aggregate(table, AggregateArgs(**kw))


def test_sum_with_predicate_matches_duckdb(kaggle):
    (expected, n), = sql("SELECT SUM(amt), COUNT(*) FROM t WHERE category = 'grocery_pos'", KAGGLE)
    result = agg(kaggle, op="sum", column="amt", where=[Predicate(column="category", op=Op.eq, value="grocery_pos")])
    assert result.value == pytest.approx(expected, abs=1e-6)
    assert result.provenance.rows_matched == n
    assert result.provenance.rows_scanned == 5039
    assert result.provenance.operation == "SUM(amt) WHERE category = 'grocery_pos'"
    assert len(result.provenance.sha256) == 64


def test_group_by_sum_matches_duckdb(kaggle):
    expected = dict(sql("SELECT category, SUM(amt) FROM t GROUP BY category", KAGGLE))
    result = agg(kaggle, op="sum", column="amt", group_by=["category"], order="desc")
    got = {g.key[0]: g.value for g in result.groups}
    assert got.keys() == expected.keys()
    for key, value in expected.items():
        assert got[key] == pytest.approx(value, abs=1e-6)
    values = [g.value for g in result.groups]
    assert values == sorted(values, reverse=True)
    assert result.total_groups == len(expected)


def test_argmin_with_limit_matches_duckdb(kaggle):
    rows = sql("SELECT state, SUM(amt) s FROM t GROUP BY state ORDER BY s ASC LIMIT 1", KAGGLE)
    result = agg(kaggle, op="sum", column="amt", group_by=["state"], order="asc", limit=1)
    assert result.groups[0].key == [rows[0][0]]
    assert result.groups[0].value == pytest.approx(rows[0][1])


def test_ratio_of_rows_matches_duckdb(kaggle):
    (expected,), = sql("SELECT 100.0 * SUM(is_fraud) / COUNT(*) FROM t", KAGGLE)
    result = engine.ratio(kaggle, RatioArgs(where=[Predicate(column="is_fraud", op=Op.eq, value=1)]))
    assert result.percent == pytest.approx(expected)
    assert result.denominator == 5039


def test_date_month_and_between(kaggle):
    (n,), = sql("SELECT COUNT(*) FROM t WHERE CAST(trans_date_trans_time AS DATE) = DATE '2019-01-02'", KAGGLE)
    day = agg(kaggle, op="count", where=[Predicate(column="trans_date_trans_time", op=Op.eq, value="2019-01-02")])
    assert day.value == n
    (m,), = sql("SELECT COUNT(*) FROM t WHERE CAST(trans_date_trans_time AS DATE) BETWEEN DATE '2019-01-02' AND DATE '2019-01-03'", KAGGLE)
    both = agg(kaggle, op="count", where=[Predicate(column="trans_date_trans_time", op=Op.between,
                                                     value="2019-01-02", upper="2019-01-03")])
    assert both.value == m


TINY = "category,amount,note\nFlooring,500,a\nflooring,250,\nPaint,80,b\n FLOORING ,20,c\nTiles,300,d\n"


def test_text_equality_ignores_case_and_whitespace_and_lists_spellings():
    table = table_from_text(TINY)
    result = agg(table, op="sum", column="amount", where=[Predicate(column="category", op=Op.eq, value="flooring")])
    assert result.value == 770
    assert sorted(result.provenance.matched_values["category"]) == sorted(["Flooring", "flooring", " FLOORING "])


@pytest.mark.parametrize("predicate, expected", [
    (Predicate(column="amount", op=Op.gt, value=250), 800),
    (Predicate(column="amount", op=Op.ge, value=250), 1050),
    (Predicate(column="amount", op=Op.lt, value=80), 20),
    (Predicate(column="amount", op=Op.le, value=80), 100),
    (Predicate(column="amount", op=Op.ne, value=500), 650),
    (Predicate(column="amount", op=Op.between, value=80, upper=300), 630),
    (Predicate(column="amount", op=Op.in_, values=[20, 80]), 100),
    (Predicate(column="category", op=Op.contains, value="INT"), 80),
    (Predicate(column="category", op=Op.in_, values=["paint", "tiles"]), 380),
    (Predicate(column="note", op=Op.is_null), 250),
    (Predicate(column="note", op=Op.not_null), 900),
])
def test_each_predicate_operator(predicate, expected):
    assert agg(table_from_text(TINY), op="sum", column="amount", where=[predicate]).value == expected


def test_every_aggregate_by_hand():
    table = table_from_text("g,x\na,1\na,2\nb,3\nb,4\nb,10\n")
    assert agg(table, op="mean", column="x").value == 4
    assert agg(table, op="median", column="x").value == 3
    assert agg(table, op="count").value == 5
    assert agg(table, op="count_distinct", column="g").value == 2
    assert agg(table, op="min", column="x").value == 1
    assert agg(table, op="max", column="x").value == 10
    assert agg(table, op="std", column="x").value == pytest.approx(3.5355339, rel=1e-6)  # sample std, n-1
    groups = agg(table, op="mean", column="x", group_by=["g"], order="asc").groups
    assert [(g.key, g.value, g.rows) for g in groups] == [(["a"], 1.5, 2), (["b"], 17 / 3, 3)]


def test_ties_at_the_limit_are_reported():
    table = table_from_text("g,x\na,5\nb,5\nc,1\n")
    result = agg(table, op="sum", column="x", group_by=["g"], order="desc", limit=1)
    assert [g.key for g in result.groups] == [["a"]]
    assert [g.key for g in result.ties] == [["b"]]


def test_ratio_is_a_ratio_of_sums_not_a_mean_of_percentages():
    table = table_from_text("app,users,crashes,pct\nv1,1000,10,1.0\nv2,10,5,50.0\n")
    result = engine.ratio(table, RatioArgs(column="crashes", denominator_column="users"))
    assert result.percent == pytest.approx(100 * 15 / 1010)  # not (1 + 50) / 2


def test_errors_are_typed_with_suggestions():
    table = table_from_text(TINY)
    with pytest.raises(UnknownColumn) as unknown:
        agg(table, op="sum", column="amout")
    assert unknown.value.suggestions == ["amount"]
    with pytest.raises(WrongType) as wrong:
        agg(table, op="sum", column="category")
    assert wrong.value.column == "category"
    with pytest.raises(NoRowsMatched) as none:
        agg(table, op="sum", column="amount", where=[Predicate(column="category", op=Op.eq, value="floorin")])
    assert none.value.near_values["category"]
    with pytest.raises(BadPredicate):
        agg(table, op="sum", column="amount", where=[Predicate(column="amount", op=Op.gt, value="lots")])
    with pytest.raises(BadPredicate):
        agg(table, op="sum", column="amount", where=[Predicate(column="category", op=Op.gt, value="a")])


def test_missing_values_are_counted_not_dropped_silently():
    table = table_from_text("id,age\n1,22\n2,28\n3,\n4,28\n5,35\n6,28\n7,\n8,41\n9,19\n10,30\n")
    result = agg(table, op="mean", column="age")
    assert result.value == pytest.approx(231 / 8)
    assert result.provenance.nulls_skipped == 2


def test_describe_lists_values_with_counts():
    result = engine.describe(table_from_text(TINY), DescribeArgs(column="category"))
    assert {v.value: v.rows for v in result.values} == {"Flooring": 1, "flooring": 1, " FLOORING ": 1, "Paint": 1, "Tiles": 1}


def test_predicate_columns_resolve_case_insensitively_everywhere():
    table = table_from_text("Weekday,amt,flag\nMon,1,1\nTue,2,0\n")
    where = [Predicate(column="weekday", op=Op.eq, value="mon")]
    assert agg(table, op="sum", column="AMT", where=where).value == 1
    assert engine.ratio(table, RatioArgs(where=[Predicate(column="FLAG", op=Op.eq, value=1)], base=where)).percent == 100
