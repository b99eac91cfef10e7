"""The restatement ('Read as: ...') of every plan kind, against hand-written lines; the question's
own words for columns; and the line on the answer in the CLI, --json and tool results."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.plan import AggregateArgs, Agg, DescribeArgs, Op, Predicate, RatioArgs, SearchArgs
from agent.queries import (ArithOp, ChangeArgs, CheckArgs, CheckKind, Cmp, DistinctArgs, ExpressionArgs,
                           FrequencyArgs, LatestArgs, Measure, Operand, RankArgs, StatisticArgs, StatOp, SubsetArgs)
from agent.restate import restate
from agent.toolset import Toolset
from tests.helpers import KAGGLE, need

TX = Predicate(column="state", op=Op.eq, value="TX")
BIG = Predicate(column="amt", op=Op.gt, value=500.0)
FRAUD = Predicate(column="is_fraud", op=Op.eq, value=1.0)

CASES = [
    (AggregateArgs(op=Agg.sum, column="amt", group_by=["category"], where=[TX]),
     "Read as: the total amt by category where state = 'TX'"),
    (AggregateArgs(op=Agg.count, where=[Predicate(column="brand", op=Op.contains, value="Penguin")]),
     "Read as: the number of rows where brand contains 'Penguin'"),
    (AggregateArgs(op=Agg.mean, column="amt", group_by=["state"], order="desc", limit=1),
     "Read as: the state with the highest average amt"),
    (AggregateArgs(op=Agg.count_distinct, column="merchant", group_by=["state", "gender"], order="asc"),
     "Read as: the number of distinct merchant values by state and gender, lowest first"),
    (AggregateArgs(op=Agg.count, column="city", where=[Predicate(column="day", op=Op.latest)]),
     "Read as: the number of rows with a city where day is at its latest value"),
    (AggregateArgs(op=Agg.max, column="amt", where=[Predicate(column="amt", op=Op.between, value=10.0, upper=20.5),
                                                      Predicate(column="state", op=Op.in_, values=["TX", "CA"])]),
     "Read as: the maximum amt where amt is between 10 and 20.5 and state is one of 'TX', 'CA'"),
    (RatioArgs(where=[FRAUD]), "Read as: the percentage of rows where is_fraud = 1, out of all rows"),
    (RatioArgs(where=[FRAUD], column="amt", base=[TX], group_by=["category"], order="desc", limit=3),
     "Read as: the 3 category values with the highest percentage of total amt where is_fraud = 1, "
     "out of total amt where state = 'TX'"),
    (RatioArgs(column="cost", denominator_column="revenue"),
     "Read as: the percentage of total cost, out of total revenue"),
    (CheckArgs(check=CheckKind.any, condition=[BIG], where=[TX]),
     "Read as: whether any row has amt > 500 among rows where state = 'TX'"),
    (CheckArgs(check=CheckKind.all, condition=[Predicate(column="city", op=Op.not_null)]),
     "Read as: whether every row has city is not missing"),
    (CheckArgs(check=CheckKind.unique, column="trans_num"), "Read as: whether no value of trans_num repeats"),
    (CheckArgs(check=CheckKind.compare, left=Measure(op=Agg.mean, column="amt", where=[TX]), cmp=Cmp.gt,
               right=Measure(op=Agg.mean, column="amt", where=[Predicate(column="state", op=Op.eq, value="CA")])),
     "Read as: whether the average amt where state = 'TX' is greater than the average amt where state = 'CA'"),
    (CheckArgs(check=CheckKind.compare, left=Measure(op=Agg.count), cmp=Cmp.ge, value=100.0),
     "Read as: whether the number of rows is at least 100"),
    (RankArgs(by="amt", limit=3, columns=["merchant", "amt"], where=[TX]),
     "Read as: the 3 rows with the highest amt where state = 'TX', showing merchant, amt"),
    (RankArgs(by="age", order="asc", offset=1), "Read as: the row with the lowest age, after skipping 1"),
    (RankArgs(by=None, order="asc", limit=5), "Read as: the first 5 rows in file order"),
    (RankArgs(by="amt", near=100.0), "Read as: the row with amt closest to 100"),
    (RankArgs(by="amt", distinct=True, limit=2), "Read as: the 2 distinct amt values, highest first"),
    (FrequencyArgs(column="category"), "Read as: the most common category by number of rows"),
    (FrequencyArgs(column="merchant", order="asc", limit=3, where=[TX]),
     "Read as: the 3 least common merchant values by number of rows where state = 'TX'"),
    (DistinctArgs(column="state", order="asc"), "Read as: the distinct values of state, sorted ascending"),
    (StatisticArgs(op=StatOp.range, column="amt"), "Read as: the range (maximum minus minimum) of amt"),
    (StatisticArgs(op=StatOp.percentile, column="amt", q=90), "Read as: the 90th percentile of amt"),
    (StatisticArgs(op=StatOp.correlation, column="amt", other="city_pop", where=[FRAUD]),
     "Read as: the correlation of amt and city_pop where is_fraud = 1"),
    (SubsetArgs(op=Agg.mean, column="rating", by="reviews", limit=10),
     "Read as: the average rating over the 10 rows with the highest reviews"),
    (ExpressionArgs(left=Operand(column="FGM"), op=ArithOp.add, right=Operand(column="FTM")),
     "Read as: the total of FGM + FTM (per row)"),
    (ExpressionArgs(left=Operand(column="height"), op=ArithOp.mul, right=Operand(value=100.0), agg=Agg.mean),
     "Read as: the average of height * 100 (per row)"),
    (ChangeArgs(column="sales", key="year", start=2019.0, end=2020.0, report="percent"),
     "Read as: the percent change in the total sales from year = 2019 to year = 2020"),
    (LatestArgs(id="ticket", date="updated", where=[Predicate(column="status", op=Op.eq, value="open")]),
     "Read as: the number of rows among each ticket's latest row by updated where status = 'open'"),
    (SearchArgs(query="coffee shop"), "Read as: the 5 records best matching 'coffee shop'"),
    (SearchArgs(query="Kirlin", where=[TX], top_n=3),
     "Read as: the records where state = 'TX' (the 3 best matching 'Kirlin')"),
]


@pytest.mark.parametrize("plan, expected", CASES, ids=[type(p).__name__ for p, _ in CASES])
def test_each_plan_kind_reads_back_in_plain_words(plan, expected):
    assert restate(plan) == expected


def test_the_questions_own_word_is_shown_with_its_column():
    plan = AggregateArgs(op=Agg.sum, column="amt", group_by=["sex"], where=[TX])
    assert restate(plan, {"amt": "spend", "sex": "gender", "state": "state"}) == (
        "Read as: the total spend (amt) by gender (sex) where state = 'TX'")


def test_the_profile_has_nothing_to_restate():
    assert restate(DescribeArgs()) is None


runner = CliRunner()
ENV = {"OPENAI_API_KEY": "", "TALLY_MODEL": "", "OPENAI_BASE_URL": "", "COLUMNS": "200"}


def test_cli_answer_carries_the_reading_with_the_questions_word():
    result = runner.invoke(app, ["ask", str(need(KAGGLE)), "What is the total spend by category?"], env=ENV)
    assert result.exit_code == 0, result.output
    assert "Read as: the total spend (amt) by category, highest first" in result.output
    data = json.loads(runner.invoke(app, ["ask", str(KAGGLE), "How many transactions were fraud?", "--json"],
                                    env=ENV).output)
    assert data["restatement"] == "Read as: the number of rows where is_fraud = 1"
    assert data["calls"][0]["result"]["provenance"]["restatement"] == data["restatement"]


def test_chat_follow_up_states_the_carried_condition(tmp_path):
    result = runner.invoke(app, ["chat", str(need(KAGGLE)), "--transcript", str(tmp_path / "t.jsonl")],
                           input="What is the total amount spent on grocery_pos?\nand for TX?\n", env=ENV)
    assert result.exit_code == 0, result.output
    first, follow_up = [line for line in result.output.splitlines() if line.startswith("Read as:")]
    assert first == "Read as: the total amount (amt) where category = 'grocery_pos'"
    assert follow_up == "Read as: the total amt where category = 'grocery_pos' and state = 'TX'"


def test_tool_results_carry_the_restatement():
    outcome = Toolset.load(need(KAGGLE)).call("aggregate", {"op": "sum", "column": "amt", "group_by": ["category"],
                                                           "where": [{"column": "state", "op": "=", "value": "TX"}]})
    assert outcome.result.provenance.restatement == "Read as: the total amt by category where state = 'TX'"


def test_every_query_plan_kind_has_a_restatement():
    """A plan kind added to agent.queries.QueryPlan without a sayer would answer with no 'Read as:'
    line at all; each kind in the union must be said back."""
    import typing

    from agent.queries import QueryPlan
    from agent.restate import _SAYERS

    said = {kind for kind, _ in _SAYERS}
    assert [k.__name__ for k in typing.get_args(QueryPlan) if k not in said] == []


def test_a_search_the_filter_answered_says_file_order_not_best_matching():
    from agent.restate import restate_search

    plan = SearchArgs(query="sample from Texas", where=[TX], top_n=5)
    assert restate_search(plan, exact=True) == "Read as: the first 5 records where state = 'TX', in file order"
    assert restate_search(plan, exact=False) == (
        "Read as: the records where state = 'TX' (the 5 best matching 'sample from Texas')")
    assert restate_search(SearchArgs(query="coffee"), exact=True) == "Read as: the 5 records best matching 'coffee'"
