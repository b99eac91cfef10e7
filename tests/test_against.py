"""Rows compared against a named row (agent/against.py, agent/router/than_row.py): 'how many nations
won more gold than Japan', 'which nations had more gold than Japan', 'did France win more silver
than Peru'. Answers worked by hand on a small medal table; the SQL engine and the pandas reference
must agree, and every refusal names the words it could not read."""

from __future__ import annotations

import pytest

from agent.against import AgainstArgs
from agent.config import load_config
from agent.engine import duckdb_engine
from agent.errors import ToolError
from agent.ops import OPERATIONS, run_query
from agent.plan import Op, Predicate
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
# Gold: China 41, Russia 26, Japan 13, France 8, Peru 8 (France and Peru tie); Silver: 27, 22, 13, 8, 3.
MEDALS = ("Nation,Gold,Silver,Bronze\nChina,41,27,13\nRussia,26,22,34\nJapan,13,13,21\nFrance,8,8,4\n"
          "Peru,8,3,6\n")


def _named(nation: str) -> list[Predicate]:
    return [Predicate(column="Nation", op=Op.eq, value=nation)]


@pytest.fixture(scope="module")
def medals():
    return Router(table_from_text(MEDALS, "medals.csv"), CONFIG.router)


@pytest.mark.parametrize("plan, expected", [
    (AgainstArgs(column="Gold", cmp=">", anchor=_named("Japan")), 2),  # 41 and 26 are over 13
    (AgainstArgs(column="Gold", cmp="<", anchor=_named("France")), 0),  # Peru's 8 ties, is not below
    (AgainstArgs(column="Silver", cmp="<", anchor=_named("france")), 1),  # Peru's 3; the name in any case
    (AgainstArgs(column="Bronze", cmp=">", anchor=_named("Japan")), 1),  # Russia's 34 over 21
])
def test_counts_agree_with_hand_answers_on_both_engines(plan, expected):
    table = table_from_text(MEDALS, "medals.csv")
    assert run_query(duckdb_engine(), table, plan).value == expected
    assert OPERATIONS[AgainstArgs](None, table, plan).value == expected


def test_lists_and_checks_agree_with_hand_answers_on_both_engines():
    table = table_from_text(MEDALS, "medals.csv")
    listed = AgainstArgs(column="Gold", cmp=">", anchor=_named("Japan"), ask="list", columns=["Nation"])
    checked = AgainstArgs(column="Silver", cmp=">", anchor=_named("Peru"), ask="check", subject=_named("France"))
    tied = AgainstArgs(column="Gold", cmp=">", anchor=_named("Peru"), ask="check", subject=_named("France"))
    for run in (lambda p: run_query(duckdb_engine(), table, p), lambda p: OPERATIONS[AgainstArgs](None, table, p)):
        assert run(listed).rows == [{"Nation": "China"}, {"Nation": "Russia"}]
        assert run(checked).answer is True  # 8 > 3
        assert run(tied).answer is False  # 8 is not more than 8


def test_the_provenance_names_the_row_and_its_value():
    table = table_from_text(MEDALS, "medals.csv")
    result = run_query(duckdb_engine(), table, AgainstArgs(column="Gold", cmp=">", anchor=_named("Japan")))
    assert result.provenance.operation == "COUNT(*) WHERE Gold > 13 (the Gold of Nation = 'Japan')"
    assert result.provenance.sql.count("SELECT") >= 2  # the named row's cell, then the count


@pytest.mark.parametrize("plan", [
    AgainstArgs(column="Gold", cmp=">", anchor=[Predicate(column="Gold", op=Op.eq, value=8)]),  # two rows
    AgainstArgs(column="Gold", cmp=">", anchor=_named("Spain")),  # no row
    AgainstArgs(column="Nation", cmp=">", anchor=_named("Japan")),  # a text column
])
def test_bad_named_rows_are_clear_errors_on_both_engines(plan):
    table = table_from_text(MEDALS, "medals.csv")
    with pytest.raises(ToolError):
        run_query(duckdb_engine(), table, plan)
    with pytest.raises(ToolError):
        OPERATIONS[AgainstArgs](None, table, plan)


def test_a_plan_needs_its_parts():
    with pytest.raises(ValueError):
        AgainstArgs(column="Gold", cmp=">", anchor=_named("Japan"), ask="list")
    with pytest.raises(ValueError):
        AgainstArgs(column="Gold", cmp=">", anchor=_named("Japan"), ask="check")


@pytest.mark.parametrize("question, answer", [
    ("how many nations won more gold medals than japan?", 2),  # China 41, Russia 26 > 13
    ("how many nations won fewer bronze medals than russia?", 4),  # 13, 21, 4, 6 < 34
    ("how many nations had less silver than france?", 1),  # Peru's 3 < 8
])
def test_counts_read_by_the_router(question, answer):
    outcome, result = router_ask(MEDALS, question)
    assert isinstance(outcome.plan, AgainstArgs) and outcome.plan.ask == "count"
    assert result.value == answer


def test_lists_and_checks_read_by_the_router():
    outcome, result = router_ask(MEDALS, "which nations had more gold than japan?")
    assert [r["Nation"] for r in result.rows] == ["China", "Russia"]
    assert outcome.restatement == ("Read as: the Nation of the rows where Gold > the Gold of the row where "
                                   "Nation = 'Japan', in file order")
    _, result = router_ask(MEDALS, "did france win more silver medals than peru?")
    assert result.answer is True  # 8 > 3
    _, result = router_ask(MEDALS, "did peru win more gold than france?")
    assert result.answer is False  # 8 and 8


def test_the_count_is_restated_in_plain_words():
    outcome, _ = router_ask(MEDALS, "how many nations won more gold medals than japan?")
    assert outcome.restatement == "Read as: the number of rows where Gold > the Gold of the row where Nation = 'Japan'"
    assert "13" in outcome.answer  # the named row's value is said


@pytest.mark.parametrize("question, words", [
    ("how many nations won more gold than spain?", "'spain'"),  # in no row: the other readings' refusal
    ("how many nations won more medals than japan?", "'medals'"),  # gold, silver or bronze? (no Total here)
    ("how many nations won more than japan?", "one numeric column"),
    ("how many nations won more gold than japan in 2003?", ""),  # 'japan in 2003' is no row: refused
    ("how many nations won more gold quickly than japan?", "'quickly'"),
    ("which volcanoes had more gold than japan?", "'volcanoes'"),  # a noun naming no column: not taken as the rows
    ("which nations had more gold than 8?", None),  # a number: a threshold, not this reading
    ("which nation had more gold than any other nation?", None),  # a superlative, not a named row
    ("how many more gold medals did china win than japan?", None),  # a difference of two rows
])
def test_refusals_name_the_words(medals, question, words):
    decision = medals.route(question)
    if words is None:
        assert not isinstance(decision.plan, AgainstArgs)
        return
    assert decision.plan is None and words in decision.abstain.lower(), decision.abstain


def test_no_row_beyond_the_named_one_is_said_not_listed(medals):
    decision = medals.route("which nation won more gold than china?")
    assert decision.plan is None and "no row to list" in decision.abstain, decision.abstain


def test_a_comparative_saying_the_other_way_is_refused_by_the_verifier():
    from tests.helpers import verifier_abstention

    wrong = AgainstArgs(column="Gold", cmp="<", anchor=_named("Japan"))
    said = verifier_abstention(MEDALS, "how many nations won more gold medals than japan?", wrong)
    assert said is not None and "<" in said  # no word says less


SQUAD = "Player,Team,Goals\nAl,Red,5\nBo,Red,3\nCy,Blue,4\n"


def test_a_name_in_several_rows_is_refused_and_a_test_of_two_rows_answered():
    router = Router(table_from_text(SQUAD, "squad.csv"), CONFIG.router)
    decision = router.route("how many players scored more goals than red?")
    assert decision.plan is None and "not of one row" in decision.abstain, decision.abstain  # Red: Al and Bo
    _, result = router_ask(SQUAD, "did cy score more goals than bo?")
    assert result.answer is True  # 4 > 3
    _, result = router_ask(SQUAD, "how many players scored fewer goals than al?")
    assert result.value == 2  # 3 and 4 < 5


def test_a_count_over_a_label_repeating_on_rows_is_refused():
    router = Router(table_from_text(SQUAD, "squad.csv"), CONFIG.router)
    decision = router.route("how many teams scored more goals than blue?")  # Blue is one row, Red two
    assert decision.plan is None and "one value a row" in decision.abstain, decision.abstain
