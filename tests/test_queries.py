"""The typed query kinds end to end (router -> plan -> operation -> phrasing) on tiny tables written
here, with answers worked by hand: the six cases of the issue, then each operation."""

from __future__ import annotations

import pytest

from agent.engine import duckdb_engine
from agent.ops import run_query
from agent.plan import Agg, Op, Predicate
from agent.queries import (ChangeArgs, CheckArgs, CheckKind, Cmp, DistinctArgs, ExpressionArgs, FrequencyArgs,
                           LatestArgs, Measure, Operand, RankArgs, StatisticArgs, SubsetArgs)
from agent.results import ChangeResult, CheckResult, RowsResult, StatResult, ValuesResult
from agent.table import table_from_text
from tests.helpers import router_ask as ask

ENGINE = duckdb_engine()
TICKETS = ("ticket,status,updated\nT1,open,2024-01-01\nT1,closed,2024-01-05\nT2,open,2024-01-02\n"
           "T3,open,2024-01-03\nT3,closed,2024-01-04\n")
PEOPLE = "name,region,bmi,height\nAna,N,31.5,1.62\nBo,S,22.0,1.80\nCy,N,27.3,1.75\nDi,E,31.5,1.68\nEd,S,19.9,1.90\n"


def test_case_1_yes_spellings_count_as_one_value():
    outcome, result = ask("id,approved\n1,Yes\n2,YES\n3,No\n4,yes\n5,NO\n", "How many were approved?")
    assert result.value == 3 and "3 of 5 rows" in outcome.answer


def test_case_2_history_table_counts_each_tickets_latest_status():
    outcome, result = ask(TICKETS, "How many tickets are open?")
    assert result.value == 1  # T1 and T3 were closed later; only T2 is still open
    assert outcome.answer.startswith("1 ticket is open (latest status per ticket")


def test_case_3_across_all_is_one_number_not_a_group_by():
    outcome, result = ask("country,price_index\nA,10\nB,20\nC,40\n",
                          "What is the average price index across all countries?")
    assert not result.group_by and result.value == pytest.approx(70 / 3)
    assert "23.33" in outcome.answer


def test_case_4_uniqueness_is_a_yes_with_the_numbers():
    outcome, result = ask("order_id,amount\n1,10\n2,20\n3,30\n4,40\n5,50\n", "Are all order ids unique?")
    assert isinstance(result, CheckResult) and result.answer is True
    assert outcome.answer == "Yes: all 5 order_id values are unique."


def test_case_5_a_tie_for_the_most_names_both():
    outcome, result = ask("product,units\nA,50\nB,50\nC,30\n", "Which product sold the most units?")
    # one row per product: the rank over rows (kinds: rank over a one-per-row key), ties named
    assert {r["product"] for r in [*result.rows, *result.ties]} == {"A", "B"}
    assert "50" in outcome.answer and "A" in outcome.answer and "Tied at the cut (units 50): B" in outcome.answer


def test_case_6_percentage_growth_between_two_years():
    outcome, result = ask("year,exports\n2014,2.0\n2015,2.56\n",
                          "What was the percentage growth in exports from 2014 to 2015?")
    assert isinstance(result, ChangeResult) and result.percent == pytest.approx(28.0)
    assert "+28.00%" in outcome.answer


def test_not_unique_says_no_with_the_counts():
    outcome, result = ask("order_id,amount\n1,10\n2,20\n2,30\n", "Are all order ids unique?")
    assert result.answer is False and result.deciding == {"values": 3, "distinct values": 2, "repeated values": 1}
    assert outcome.answer.startswith("No: 3 order_id values, only 2 distinct")


@pytest.mark.parametrize("question, answer", [
    ("Is there any person with a bmi above 30?", True),   # Ana 31.5, Di 31.5
    ("Is there any person with a bmi above 40?", False),
    ("Is the highest bmi equal to 31.5?", True),
    ("Is the average height greater than 1.8?", False),   # (1.62+1.80+1.75+1.68+1.90)/5 = 1.75
])
def test_yes_no_questions_rest_on_a_check(question, answer):
    _, result = ask(PEOPLE, question)
    assert isinstance(result, CheckResult) and result.answer is answer


def test_value_read_off_the_ranked_row_reports_ties():
    outcome, result = ask(PEOPLE, "What is the region of the person with the highest bmi?")
    assert isinstance(result, RowsResult)
    assert [r["region"] for r in result.rows] == ["N"] and [r["region"] for r in result.ties] == ["E"]
    assert "Tied at the cut" in outcome.answer


def test_most_common_and_distinct_values():
    _, frequent = ask(PEOPLE, "What is the most common region?")
    assert isinstance(frequent, ValuesResult) and {frequent.values[0].value, *(v.value for v in frequent.ties)} == {"N", "S"}
    _, distinct = ask(PEOPLE, "List the different regions")
    assert [v.value for v in distinct.values] == ["N", "S", "E"]  # order of first appearance


def test_top_values_and_first_rows():
    _, top = ask(PEOPLE, "List the 2 lowest bmi values")
    assert [r["bmi"] for r in top.rows] == [19.9, 22.0]
    _, first = ask(PEOPLE, "List the names of the first 2 rows")
    assert [r["name"] for r in first.rows] == ["Ana", "Bo"]


def test_range_statistic():
    _, result = ask(PEOPLE, "What is the range of bmi?")
    assert result.value == pytest.approx(31.5 - 19.9)


def run(csv: str, plan):
    return run_query(ENGINE, table_from_text(csv, "t.csv"), plan)


def test_check_all_and_none_and_compare_two_aggregates():
    assert run(PEOPLE, CheckArgs(check=CheckKind.all, condition=[Predicate(column="height", op=Op.gt, value=1.6)])).answer
    assert not run(PEOPLE, CheckArgs(check=CheckKind.none, condition=[Predicate(column="region", op=Op.eq, value="E")])).answer
    north = Measure(op=Agg.count, where=[Predicate(column="region", op=Op.eq, value="N")])
    south = Measure(op=Agg.mean, column="bmi", where=[Predicate(column="region", op=Op.eq, value="S")])
    result = run(PEOPLE, CheckArgs(check=CheckKind.compare, left=north, cmp=Cmp.lt, right=south))
    assert result.answer and list(result.deciding.values()) == [2, pytest.approx((22.0 + 19.9) / 2)]


def test_frequency_least_common_and_nth_highest_by_offset():
    least = run(PEOPLE, FrequencyArgs(column="region", order="asc"))
    assert [v.value for v in least.values] == ["E"] and least.values[0].rows == 1
    second = run(PEOPLE, RankArgs(by="height", offset=1, columns=["name"]))
    assert [r["name"] for r in second.rows] == ["Bo"]  # 1.90 Ed, then 1.80 Bo


def test_closest_value_percentile_correlation():
    closest = run(PEOPLE, RankArgs(by="bmi", near=25, columns=["name"]))
    assert [r["name"] for r in closest.rows] == ["Cy"]  # |27.3-25| = 2.3 < |22-25| = 3
    median = run(PEOPLE, StatisticArgs(op="percentile", column="height", q=50))
    assert median.value == pytest.approx(1.75)
    corr = run("x,y\n1,2\n2,4\n3,6\n", StatisticArgs(op="correlation", column="x", other="y"))
    assert corr.value == pytest.approx(1.0)


def test_subset_then_aggregate_expression_and_distinct_sorted():
    top2 = run(PEOPLE, SubsetArgs(op=Agg.mean, column="height", by="bmi", limit=2))
    assert top2.value == pytest.approx((1.62 + 1.68) / 2)  # the two bmi 31.5 rows
    cm = run(PEOPLE, ExpressionArgs(left=Operand(column="height"), op="*", right=Operand(value=100), agg=Agg.max))
    assert cm.value == pytest.approx(190.0)
    ordered = run(PEOPLE, DistinctArgs(column="region", order="asc"))
    assert [v.value for v in ordered.values] == ["E", "N", "S"]


def test_change_absolute_and_latest_row_aggregate():
    change = run("year,sales\n2020,100\n2020,50\n2021,120\n", ChangeArgs(column="sales", key="year", start=2020, end=2021))
    assert (change.start_value, change.end_value, change.absolute) == (150, 120, -30)
    assert change.percent == pytest.approx(-20.0)
    latest = run(TICKETS, LatestArgs(id="ticket", date="updated", where=[Predicate(column="status", op=Op.eq, value="closed")]))
    assert isinstance(latest, StatResult) and latest.value == 2


def test_not_unique_says_how_many_values_repeat_beyond_those_listed():
    # T1..T4 each twice, T5 once: 9 values, 5 distinct, 4 repeated values; three are listed
    outcome, result = ask("id,amount\nT1,1\nT2,2\nT1,3\nT3,4\nT2,5\nT4,6\nT3,7\nT4,8\nT5,9\n", "Are all ids unique?")
    assert result.answer is False and result.deciding["repeated values"] == 4
    assert outcome.answer == "No: 9 id values, only 5 distinct (repeated: T1, T2, T3, and 1 more)."
