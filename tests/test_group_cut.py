"""The group cut done in Python for few groups (agent/engine/cut.py) gives what the windowed
query gives: ties at the cut kept, missing keys a group, the total group count and matched rows
over every group, the first groups by key when unordered. Values by hand."""

from __future__ import annotations

from agent.engine import cut, duckdb_engine
from agent.plan import Agg, AggregateArgs, Op, Predicate, RatioArgs
from agent.table import table_from_text

# region totals by hand: N 10+20=30, S 30, E 5+5=10, W 1, (missing) 7; five groups, 7 rows
CSV = "region,sales,id\nN,10,1\nN,20,2\nS,30,3\nE,5,4\nE,5,5\nW,1,6\n,7,7\n"


def _run(args):
    engine, table = duckdb_engine(), table_from_text(CSV, "t.csv")
    engine.aggregate(table, AggregateArgs(op=Agg.count, group_by=["region"]))  # the spellings become known
    return engine.aggregate(table, args)


def test_ties_at_the_cut_are_kept_and_totals_count_every_group():
    result = _run(AggregateArgs(op=Agg.sum, column="sales", group_by=["region"], order="desc", limit=1))
    assert "OVER" not in result.provenance.sql  # cut here, not by a window
    assert [(g.key, g.value) for g in result.groups + result.ties] == [(["N"], 30), (["S"], 30)]
    assert result.total_groups == 5 and result.provenance.rows_matched == 7


def test_lowest_first_and_missing_key_is_a_group():
    result = _run(AggregateArgs(op=Agg.sum, column="sales", group_by=["region"], order="asc", limit=2))
    assert [(g.key, g.value) for g in result.groups] == [(["W"], 1), ([None], 7)]


def test_unordered_groups_come_by_key():
    result = _run(AggregateArgs(op=Agg.count, group_by=["region"]))
    assert [(g.key, g.rows) for g in result.groups] == [(["E"], 2), (["N"], 2), (["S"], 1), (["W"], 1), ([None], 1)]


def test_a_numeric_key_keeps_the_windowed_query():
    result = _run(AggregateArgs(op=Agg.sum, column="sales", group_by=["id"], order="desc", limit=2,
                                where=[Predicate(column="sales", op=Op.ge, value=5)]))
    assert "OVER" in result.provenance.sql
    assert [(g.key, g.value) for g in result.groups] == [([3], 30), ([2], 20)] and result.total_groups == 6


def test_grouped_ratio_cut_here():
    engine, table = duckdb_engine(), table_from_text(CSV, "t.csv")
    engine.aggregate(table, AggregateArgs(op=Agg.count, group_by=["region"]))
    result = engine.ratio(table, RatioArgs(where=[Predicate(column="sales", op=Op.ge, value=10)], group_by=["region"],
                                           order="desc", limit=2))
    # share of rows with sales >= 10: N 2/2, S 1/1 (100% each, tied), E 0/2, W 0/1, missing 0/1
    assert [(g.key, g.value) for g in result.groups + result.ties] == [(["N"], 100.0), (["S"], 100.0)]
    assert result.total_groups == 5


def test_ranked_keeps_peers_nulls_and_nans_together():
    nan = float("nan")
    rows = [("a", 3.0), ("b", 2.0), ("c", 2.0), ("d", nan), ("e", nan)]
    assert [r[0] for r in cut.ranked(rows, 1, 2)] == ["a", "b", "c"]
    assert [r[0] for r in cut.ranked(rows, 1, 4)] == ["a", "b", "c", "d", "e"]
    assert [r[0] for r in cut.ranked([("x", None), ("y", None)], 1, 1)] == ["x", "y"]
