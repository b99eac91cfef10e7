"""Record lookups end to end on the real 5,039-row file: the router's reading of names, places,
amounts and dates into predicates; the demo's questions 8 and 9 through the agent (router alone
and a scripted model); the policies on search results. Expected rows come from DuckDB."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.loop import Agent
from agent.plan import Op, Predicate
from agent.router.router import Router
from agent.search import lazy_searcher
from agent.table import load_table
from agent.testing import FakeModel, call, say
from tests.helpers import KAGGLE, need, sql

CONFIG = load_config(env={})


@pytest.fixture(scope="module")
def table():
    return load_table(need(KAGGLE))


@pytest.fixture(scope="module")
def router(table):
    return Router(table, CONFIG.router, CONFIG.search)


@pytest.fixture(scope="module")
def searcher(table, router, search_cache):
    config = CONFIG.search.model_copy(update={"cache_dir": str(search_cache)})
    return lazy_searcher(table, config, router.lexicon.measure_candidates)


def agent(table, router, searcher, model=None) -> Agent:
    return Agent(table=table, engine=duckdb_engine(), router=router, config=CONFIG, model=model, searcher=searcher)


@pytest.mark.parametrize("question, where", [
    ("Find transactions from Jennifer Banks",
     [Predicate(column="first", op=Op.eq, value="Jennifer"), Predicate(column="last", op=Op.eq, value="Banks")]),
    ("Show me a sample transaction from Texas", [Predicate(column="state", op=Op.eq, value="TX")]),
    ("Show me the grocery_pos purchases over $200 in Houston",
     [Predicate(column="category", op=Op.eq, value="grocery_pos"), Predicate(column="amt", op=Op.gt, value=200.0),
      Predicate(column="city", op=Op.eq, value="Houston")]),
    ("List transactions on 2019-01-02 from Moravian Falls",
     [Predicate(column="trans_date_trans_time", op=Op.eq, value="2019-01-02"),
      Predicate(column="city", op=Op.eq, value="Moravian Falls")]),
    ("Find transactions at Kirlin and Sons",  # merchants all carry 'fraud_': asked for without it
     [Predicate(column="merchant", op=Op.eq, value="fraud_Kirlin and Sons")]),
    ("Find transactions at Kirlin", [Predicate(column="merchant", op=Op.contains, value="Kirlin")]),  # part of a value
    ("Find transactions from Michael Williams on 2019-01-01",  # Williams is also a city: next to a first name, a last
     [Predicate(column="first", op=Op.eq, value="Michael"), Predicate(column="last", op=Op.eq, value="Williams"),
      Predicate(column="trans_date_trans_time", op=Op.eq, value="2019-01-01")]),
    ("Find transactions with card 630423337322", [Predicate(column="cc_num", op=Op.eq, value="630423337322")]),
    ("Show me the gas purchase around $66 in Houston",  # 'around $66' is no exact amount: a stated +-10% range
     [Predicate(column="city", op=Op.eq, value="Houston"), Predicate(column="amt", op=Op.between, value=59.4, upper=72.6)]),
    ("Show me health_fitness transactions in Hopkins",  # Hopkins is also a last name: after 'in', the city
     [Predicate(column="category", op=Op.eq, value="health_fitness"), Predicate(column="city", op=Op.eq, value="Hopkins")]),
])
def test_router_reads_lookups_into_predicates(router, question, where):
    decision = router.route(question)
    assert decision.classification.kind == "retrieval"
    assert decision.lookup is not None and decision.lookup.where == where


@pytest.mark.parametrize("question, why", [
    ("Find transactions at Zorblax Traders", "no records match 'Zorblax'"),
    ("Find the cheapest transaction from Stephanie Gill", "ordered by a value ('cheapest')"),
    ("Find transactions from Julie Sanchez or Kenneth Edwards", "every combination would match"),
])
def test_router_refuses_what_records_would_only_seem_to_answer(router, question, why):
    decision = router.route(question)
    assert decision.lookup is None and why in decision.abstain


def test_yes_no_and_distinct_values_are_typed_queries_not_records(table, router, searcher):
    (banks,), = sql("SELECT COUNT(*) FROM t WHERE first = 'Jennifer' AND last = 'Banks'", KAGGLE)
    outcome = agent(table, router, searcher).ask("Is there a record from Jennifer Banks?")
    check = outcome.results[-1].result
    assert router.route("Is there a record from Jennifer Banks?").lookup is None
    assert check.answer is (banks > 0) and check.deciding["rows matching"] == banks
    categories = [row[0] for row in sql("SELECT DISTINCT category FROM t", KAGGLE)]
    listed = agent(table, router, searcher).ask("List the different categories").results[-1].result
    assert sorted(v.value for v in listed.values) == sorted(categories)


def test_an_absent_name_is_an_exact_filter_that_matches_nothing(table, router, searcher):
    decision = router.route("Find transactions from Jennifer Smithers")
    assert decision.lookup.where == [Predicate(column="first", op=Op.eq, value="Jennifer"),
                                     Predicate(column="last", op=Op.eq, value="Smithers")]
    outcome = agent(table, router, searcher).ask("Find transactions from Jennifer Smithers")
    assert outcome.status == "abstained" and not outcome.results  # no Jennifers returned as near misses
    assert "No rows matched first = 'Jennifer' AND last = 'Smithers'" in outcome.answer
    assert "Smith" in outcome.answer  # offered as a near value, not as a match


def test_a_model_answer_that_drops_the_lookups_filter_is_taken_over(table, router, searcher):
    model = FakeModel([
        call("search", {"query": "Jennifer Smithers", "where": [
            {"column": "first", "op": "=", "value": "Jennifer"}, {"column": "last", "op": "=", "value": "Smithers"}],
            "candidates": 20, "top_n": 5}),
        call("aggregate", {"op": "count", "where": [{"column": "first", "op": "=", "value": "Jennifer"}]}),
        say("Jennifer Smithers has 54 transactions.")])
    outcome = agent(table, router, searcher, model).ask("Find transactions from Jennifer Smithers")
    assert outcome.status == "abstained" and "No rows matched" in outcome.answer
    assert "does not rest on the lookup's filter" in outcome.reason


def test_a_number_before_the_rows_is_how_many_to_show(router):
    lookup = router.route("Show me 10 transactions from Texas").lookup
    assert lookup.top_n == 10 and lookup.where == [Predicate(column="state", op=Op.eq, value="TX")]


def test_question_8_returns_exactly_jennifer_banks_records(table, router, searcher):
    outcome = agent(table, router, searcher).ask("Find transactions from Jennifer Banks")
    gold = {r[0] for r in sql("SELECT trans_num FROM t WHERE first = 'Jennifer' AND last = 'Banks'", KAGGLE)}
    (search,) = [c.result for c in outcome.results]
    assert outcome.status == "answered" and len(gold) == 5
    assert {r.fields["trans_num"] for r in search.records} == gold  # all of them: 5 match, top_n is 5
    assert search.filter == "first = 'Jennifer' AND last = 'Banks'"
    assert outcome.answer.startswith("5 records of 5,039 match first = 'Jennifer' AND last = 'Banks'")


def test_question_9_returns_texas_records_and_the_exact_count(table, router, searcher):
    outcome = agent(table, router, searcher).ask("Show me a sample transaction from Texas")
    (search,) = [c.result for c in outcome.results]
    ((texas,),) = sql("SELECT COUNT(*) FROM t WHERE state = 'TX'", KAGGLE)
    assert search.provenance.rows_matched == texas == 370
    assert len(search.records) == 5 and all(r.fields["state"] == "TX" for r in search.records)
    assert "state = 'TX'" in outcome.answer and "370 records" in outcome.answer


def test_a_combined_lookup_returns_the_duckdb_rows(table, router, searcher):
    outcome = agent(table, router, searcher).ask("Show me the grocery_pos purchases over $200 in Houston")
    gold = sql("SELECT trans_num FROM t WHERE category = 'grocery_pos' AND amt > 200 AND city = 'Houston'", KAGGLE)
    if not gold:
        assert outcome.status == "abstained" and "No rows matched" in outcome.answer
    else:
        (search,) = [c.result for c in outcome.results]
        assert {r.fields["trans_num"] for r in search.records} <= {g[0] for g in gold}
        assert search.provenance.rows_matched == len(gold)


def test_model_lookup_offers_search_and_quotes_records(table, router, searcher):
    model = FakeModel([
        call("search", {"query": "Jennifer Banks", "where": [
            {"column": "first", "op": "=", "value": "Jennifer"}, {"column": "last", "op": "=", "value": "Banks"}],
            "candidates": 20, "top_n": 5}),
        say("Jennifer Banks made 5 transactions here, e.g. 4.97 at fraud_Rippin, Kub and Mann on 2019-01-01.")])
    outcome = agent(table, router, searcher, model).ask("Find transactions from Jennifer Banks")
    assert outcome.status == "answered" and outcome.answered_by == "model"
    assert "search" in [t["function"]["name"] for t in model.calls[0][1]]


def test_computations_are_not_offered_search(table, router, searcher):
    model = FakeModel([call("aggregate", {"op": "count"}), say("There are 5,039 rows.")])
    agent(table, router, searcher, model).ask("How many transactions are there?")
    assert "search" not in [t["function"]["name"] for t in model.calls[0][1]]


def test_a_total_made_from_records_is_rejected_and_the_router_answers(table, router, searcher):
    model = FakeModel([
        call("search", {"query": "Jennifer Banks", "where": [{"column": "first", "op": "=", "value": "Jennifer"},
                                                             {"column": "last", "op": "=", "value": "Banks"}],
                        "candidates": 20, "top_n": 5}),
        say("Jennifer Banks spent a total of 4.97 across her transactions.")])
    outcome = agent(table, router, searcher, model).ask("Find transactions from Jennifer Banks")
    assert outcome.status == "router_takeover" and "summarises records" in outcome.reason
    assert outcome.answer.startswith("5 records of 5,039 match")


def test_records_invented_without_search_are_taken_over(table, router, searcher):
    model = FakeModel([say("Jennifer Banks bought groceries in Orient, WA.")])
    outcome = agent(table, router, searcher, model).ask("Find transactions from Jennifer Banks")
    assert outcome.status == "router_takeover" and "without a search tool call" in outcome.reason
