"""A ratio per group where a group's denominator column holds no value (SUM over none is NULL) or
sums to 0: that group has no percentage (None, noted), the others are computed; the tool never
fails inside (agent/engine/sql_engine.py `_ratio_groups`; DataBench case databench-176 grouped a
ratio by its own column and met such a group). Values by hand."""

from __future__ import annotations

import pytest

from agent.engine import duckdb_engine
from agent.plan import Op, Predicate, RatioArgs
from agent.table import table_from_text
from agent.toolset import Toolset

# A: num 1 + 1 = 2 over den 4 (the blank den skipped) = 50%; B: no den value; C: den 0; D: 3 / 2 = 150%
CSV = "g,num,den\nA,1,4\nA,1,\nB,2,\nC,3,0\nD,3,2\n"


def test_groups_without_a_denominator_have_no_percentage():
    table = table_from_text(CSV)
    got = duckdb_engine().ratio(table, RatioArgs(column="num", denominator_column="den", group_by=["g"], order="desc"))
    assert got.percent == pytest.approx(100 * 10 / 6)  # every row: 1 + 1 + 2 + 3 + 3 over 4 + 0 + 2
    values = {g.key[0]: (g.value, g.denominator) for g in got.groups}
    assert values == {"A": (pytest.approx(50), 4), "B": (None, None), "C": (None, 0), "D": (pytest.approx(150), 2)}
    assert [g.key[0] for g in got.groups][:2] == ["D", "A"]  # the groups with a percentage rank first
    assert any("2 groups have no den value or a total den of 0" in n for n in got.provenance.notes)


def test_a_ratio_grouped_by_its_own_column_answers():
    # num grouped by num: 1 -> 2 over 4 (50%); 2 -> no den; 3 -> 6 over 0 + 2 (300%)
    toolset = Toolset({"t": table_from_text(CSV)})
    outcome = toolset.call("ratio", {"column": "num", "denominator_column": "den", "group_by": ["num"]})
    assert outcome.ok, outcome
    assert {g.key[0]: g.value for g in outcome.result.groups} == {1: pytest.approx(50), 2: None, 3: pytest.approx(300)}


def test_a_grouped_ratio_keeps_the_grouping_notes():
    # 'flooring' and 'Flooring' are one group: rows with sold 1, 2 of its 2 rows = 100%; Paint 0 of 1 = 0%
    table = table_from_text("cat,sold\nFlooring,1\nflooring,1\nPaint,0\n")
    got = duckdb_engine().ratio(table, RatioArgs(where=[Predicate(column="sold", op=Op.eq, value=1)], group_by=["cat"],
                                                 order="desc"))
    assert [(g.key[0], g.value) for g in got.groups] == [("Flooring", 100), ("Paint", 0)]
    assert any("counted as 'Flooring'" in n for n in got.provenance.notes), got.provenance.notes
