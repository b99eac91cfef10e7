"""The nine demo questions on both real transaction files, with no model: each computed answer
equals DuckDB SQL over the same CSV; the two lookups say search is unavailable and answer nothing."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.loop import SEARCH_UNAVAILABLE
from agent.table import load_table
from tests.helpers import KAGGLE, SPARKOV, agent_over, need, sql

CONFIG = load_config(env={})


@pytest.fixture(scope="module", params=[SPARKOV, KAGGLE], ids=["sparkov_100k", "kaggle_5039"])
def setup(request):
    path = need(request.param)
    agent = agent_over(load_table(path), config=CONFIG)
    return agent, path


def result_of(agent, question):
    outcome = agent.ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.answered_by == "router" and outcome.reason == "no model is configured"
    (call,) = outcome.results
    assert call.result.provenance.rows_scanned == agent.table.rows
    return outcome, call.result


def test_total_spend_by_category(setup):
    agent, path = setup
    expected = dict(sql("SELECT category, SUM(amt) FROM t GROUP BY category", path))
    _, result = result_of(agent, "What is the total spend by category?")
    assert result.total_groups == len(expected) == len(result.groups)
    for group in result.groups:
        assert group.value == pytest.approx(expected[group.key[0]], abs=1e-6)


def test_highest_average_category(setup):
    agent, path = setup
    (top, avg), = sql("SELECT category, AVG(amt) a FROM t GROUP BY category ORDER BY a DESC LIMIT 1", path)
    outcome, result = result_of(agent, "Which category has the highest average transaction amount?")
    assert result.groups[0].key == [top] and result.groups[0].value == pytest.approx(avg)
    assert outcome.answer.startswith(top)


def test_total_grocery_pos(setup):
    agent, path = setup
    (expected,), = sql("SELECT SUM(amt) FROM t WHERE category = 'grocery_pos'", path)
    _, result = result_of(agent, "What is the total amount spent on grocery_pos?")
    assert result.value == pytest.approx(expected, abs=1e-6)


def test_female_count(setup):
    agent, path = setup
    (expected,), = sql("SELECT COUNT(*) FROM t WHERE gender = 'F'", path)
    _, result = result_of(agent, "How many transactions were made by female customers?")
    assert result.value == expected


def test_spend_over_500(setup):
    agent, path = setup
    (expected, n), = sql("SELECT SUM(amt), COUNT(*) FROM t WHERE amt > 500", path)
    _, result = result_of(agent, "What is the total spend where amount is greater than 500?")
    assert result.value == pytest.approx(expected, abs=1e-6)
    assert result.provenance.rows_matched == n


def test_lowest_total_state(setup):
    agent, path = setup
    rows = sql("SELECT state, SUM(amt) s FROM t GROUP BY state ORDER BY s ASC", path)
    _, result = result_of(agent, "Which state has the lowest total spending?")
    assert result.groups[0].key == [rows[0][0]]
    assert result.groups[0].value == pytest.approx(rows[0][1])
    assert [g.key[0] for g in result.ties] == [s for s, v in rows[1:] if v == rows[0][1]]


def test_fraud_percentage(setup):
    agent, path = setup
    (expected,), = sql("SELECT 100.0 * SUM(is_fraud) / COUNT(*) FROM t", path)
    _, result = result_of(agent, "What percentage of transactions are fraudulent?")
    assert result.percent == pytest.approx(expected)


@pytest.mark.parametrize("question", ["Find transactions from Jennifer Banks", "Show me a sample transaction from Texas"])
def test_lookups_say_search_is_unavailable(setup, question):
    agent, _ = setup
    outcome = agent.ask(question)
    assert outcome.status == "abstained"
    assert outcome.answer == SEARCH_UNAVAILABLE
    assert outcome.calls == [] and outcome.router.classification.kind == "retrieval"
