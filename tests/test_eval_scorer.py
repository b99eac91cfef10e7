"""The eval scorer on hand-made outcomes, and the demo gold answers re-checked by DuckDB."""

from __future__ import annotations

import pytest

from agent.outcome import Abstained, Answered, Failed
from agent.results import AggregateResult, Group, Provenance
from agent.tools.base import ToolSuccess
from evals.cases import Case, load_set
from evals.score import Verdict, score, wtq_match
from tests.helpers import DATA, sql


def case(**kw):
    base = dict(id="c", set="demo", question="q", type="number", answer=1140033.2437, source="test")
    return Case(**{**base, **kw})


def model(text):
    return Answered(question="q", answer=text, answered_by="model")


def router(result):
    return Answered(question="q", answer="...", answered_by="router",
                    calls=[ToolSuccess(tool="aggregate", arguments={}, result=result)])


PROV = Provenance(operation="x", rows_scanned=1, rows_matched=1)


@pytest.mark.parametrize("text, verdict", [
    ("The total is 1140033.2437.", Verdict.correct),
    ("The total is $1,140,033.2437.", Verdict.correct),
    ("The total is 1,200,000.", Verdict.confident_wrong),
    ("The total is approximately 1,200,000.", Verdict.hedged_wrong),
    ("I cannot answer that from this table.", Verdict.abstained),
    ("It is 7.", Verdict.confident_wrong),
])
def test_numbers_from_model_text(text, verdict):
    assert score(case(tolerance=1e-9), model(text))[0] == verdict


def test_formatting_differences_are_correct_within_tolerance():
    assert score(case(answer=3209.95, tolerance=1e-6), model("Total price: $3,209.95"))[0] == Verdict.correct


def test_abstained_and_failed_outcomes_are_abstentions():
    assert score(case(), Abstained(question="q", answer="I cannot answer this exactly: ..."))[0] == Verdict.abstained
    assert score(case(), Failed(question="q", answer="model down"))[0] == Verdict.abstained


def test_lists_ignore_order_unless_ordered():
    groups = [Group(key=[k], value=v, rows=1) for k, v in (("B", 2.0), ("A", 1.0))]
    result = AggregateResult(op="sum", column="x", group_by=["k"], groups=groups, total_groups=2, provenance=PROV)
    assert score(case(type="list[category]", answer=["A", "B"]), router(result))[0] == Verdict.correct
    assert score(case(type="list[category]", answer=["A", "B"], ordered=True), router(result))[0] == Verdict.confident_wrong
    assert score(case(type="category", answer="b"), router(result))[0] == Verdict.correct


def test_databench_uses_the_benchmark_comparison():
    result = AggregateResult(op="mean", column="x", value=28.8751, provenance=PROV)
    assert score(case(set="databench", answer="28.87"), router(result))[0] == Verdict.correct  # 2-decimal truncation
    assert score(case(set="databench", type="boolean", answer="True"), model("Yes, it is."))[0] == Verdict.correct
    assert score(case(set="databench", type="boolean", answer="True"), model("No."))[0] == Verdict.confident_wrong


def test_abstain_cases_count_any_answer_as_wrong():
    assert score(case(type="abstain", answer=None), model("Here are the records."))[0] == Verdict.confident_wrong


def test_demo_gold_answers_match_duckdb():
    for c in load_set("demo"):
        if c.sql is None:
            continue
        path = DATA / c.table
        if not path.exists():
            pytest.skip(f"{path} not present")
        rows = sql(c.sql, path)
        if c.type == "mapping":
            assert {k: pytest.approx(v, abs=1e-5) for k, v in rows} == c.answer
        elif c.type == "category":
            assert rows[0][0] == c.answer
        elif c.type == "records":
            assert rows[0][0] == c.answer["count"]
        else:
            assert rows[0][0] == pytest.approx(c.answer, abs=1e-5)


def test_a_list_of_numbers_is_read_from_text_as_the_gold_items_it_states():
    c = case(set="databench", type="list[number]", answer="[1, 2, 3]", question="List the 3 most common levels.")
    assert score(c, model("The 3 most common levels are 1 (543 rows), 2 (534 rows) and 3 (218 rows)."))[0] == Verdict.correct
    assert score(c, model("The 3 most common levels are 1, 2 and 4."))[0] == Verdict.confident_wrong


def test_wtq_answers_compare_after_the_official_normalisation():
    from evals.score import wtq_match

    assert wtq_match(2004.0, "2004", "number")
    assert wtq_match(251736.0, "$251,736", "number")  # the cell's currency sign is not the value
    assert wtq_match(["Andri Aganits", "Siim Ennemuist"], "['Siim Ennemuist', 'Andri Aganits']", "list[category]")
    assert wtq_match(True, "True", "boolean")
    assert not wtq_match(["Andri Aganits"], "['Siim Ennemuist', 'Andri Aganits']", "list[category]")
    assert not wtq_match(2005.0, "2004", "number")
    assert not wtq_match("Bangkok", "Bangkok, Thailand", "category")


@pytest.mark.parametrize("cell, gold", [
    ("C.D. Águila", "C.D. Aguila"),                      # diacritics removed
    ("2010–11", "2010-11"),                              # an en dash is a hyphen
    ("Whatcha Lookin’ 4", "Whatcha Lookin' 4"),          # a curly quote is plain
    ("Platinum[citation needed]", "Platinum"),           # a trailing citation goes
    ("Kenya*", "Kenya"),                                 # so does a trailing mark
    ("South Africa (national team)", "South Africa"),    # and trailing details in parentheses
    ('"Hello"', "Hello"),                                # outermost double quotes
])
def test_wtq_text_is_normalised_as_the_official_evaluator_does(cell, gold):
    from evals.score import wtq_match

    assert wtq_match(cell, gold, "category")


@pytest.mark.parametrize("cell, gold", [
    ("at Detroit Waza", "Detroit Waza"),    # a leading word is kept
    ("(ITA)", "ITA"),                       # parentheses at the start are not details
    ("Italy (ITA) 1", "Italy"),             # nor in the middle
    ("vs. BYU*", "BYU"),
])
def test_wtq_normalisation_removes_only_what_the_official_evaluator_removes(cell, gold):
    from evals.score import wtq_match

    assert not wtq_match(cell, gold, "category")


@pytest.mark.parametrize("question, which", [
    ("In what year did the highest number of points occur?", True),
    ("which team had the most points?", True),
    ("what year had the most wins?", True),
    ("what is the total number of points?", False),
    ("in total, how many points were scored?", False),
])
def test_a_question_asking_which_group_takes_the_key(question, which):
    from evals.score import ASKS_WHICH

    assert bool(ASKS_WHICH.match(question)) is which


def test_a_number_rounding_to_a_gold_given_in_decimals_is_correct():
    from evals.score import rounded_equal

    assert rounded_equal(32.3054, "32.31")  # DataBench train: the mean fare, gold rounded to cents
    assert not rounded_equal(32.3, "32.31")
    assert not rounded_equal(2004.4, "2004")  # a whole-number gold never takes a fraction


@pytest.mark.parametrize("stages, verdict", [
    (["vector", "bm25", "fusion", "rerank"], Verdict.hedged_wrong),  # candidate records, 'ranked, not all of them'
    (["exact"], Verdict.confident_wrong),                            # records a filter picked: a stated answer
])
def test_a_ranked_record_search_for_a_fact_question_is_hedged_when_wrong(stages, verdict):
    from agent.results import SearchResult, Stage

    result = SearchResult(query="q", records=[], filter="", provenance=PROV,
                          stages=[Stage(name=n, returned=5, elapsed_ms=1.0) for n in stages])
    c = case(set="wtq", type="category", answer="Myron Greenberg", question="who did he lose against?")
    assert score(c, router(result))[0] is verdict


@pytest.mark.parametrize("got, gold, same", [
    ("2008-04-13", "April 13, 2008", True),        # the same day, in ISO and as the cells write it
    ("2012-09-05", "5 September 2012", True),
    ("2012-09-05", "Sep 5, 2012", True),
    ("2012-09-06", "5 September 2012", False),     # another day
    ("2008-04-13", "April 2008", False),           # a month is no day
    ("2008", "2008", True),
])
def test_a_wtq_date_matches_the_same_day_written_with_its_month_name(got, gold, same):
    assert wtq_match(got, gold, "category") is same
