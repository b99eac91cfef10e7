"""Positions in the table's order (agent/router/positions.py, agent/positions.py): the row before or
after a named row, and which of two values comes first. Answers worked by hand on small tables;
the SQL engine and the pandas reference must agree."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.errors import ToolError
from agent.ops import OPERATIONS, run_query
from agent.plan import Op, Predicate
from agent.positions import PositionArgs
from agent.router.kind import Kind
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
# File order is the standing; the names are not alphabetical by accident only.
RACE = ("Place,Rider,Team,Points\n1,Ann Lee,Red,50\n2,Bo Chan,Blue,40\n3,Cy Diaz,Red,35\n4,Di Eng,Green,30\n"
        "5,Ed Fox,Blue,20\n")
# Listed out of year order: 'came first' (by year) and 'listed first' (by the file) differ.
FILMS = "Title,Year\nAlpha,2001\nBeta,1999\nGamma,2005\n"


@pytest.fixture(scope="module")
def race():
    return Router(table_from_text(RACE, "race.csv"), CONFIG.router)


@pytest.mark.parametrize("question, answer", [
    ("who is above cy diaz?", "Bo Chan"),  # row 3 -> row 2, the anchor's own column
    ("which rider is listed after bo chan?", "Cy Diaz"),  # row 2 -> row 3
    ("what is the team of the rider placed after cy diaz?", "Green"),  # row 3 -> row 4 (Place 3 -> 4 agrees)
    ("what is the team of the rider before ed fox", "Green"),  # row 5 -> row 4, its Team
    ("what is the next rider after di eng?", "Ed Fox"),
    ("who is the previous rider to bo chan?", "Ann Lee"),
    ("which came first, ed fox or bo chan?", "Bo Chan"),  # rows 5 and 2; Place agrees
    ("which was listed last, ann lee or di eng?", "Di Eng"),
])
def test_positions_answered_by_hand(question, answer):
    outcome, result = router_ask(RACE, question)
    assert outcome.plan.__class__ is PositionArgs
    assert [next(iter(r.values())) for r in result.rows] == [answer]


@pytest.mark.parametrize("question, words", [
    ("who is before ann lee?", "no row lies before"),  # the first row has none before it
    ("which rider is after red?", "not of one row"),  # Red is in rows 1 and 3
    ("which rider won before cy diaz?", "'won'"),  # a word the reading does not account for
    ("which rider is after zed?", "not a value of any column"),
    ("which rider is next to cy diaz?", "before or after"),  # either side: no direction
    ("which team placed after cy diaz?", "a value of rider"),  # the next row's team, or the next rider?
])
def test_positions_refused_naming_the_words(race, question, words):
    decision = race.route(question)
    assert decision.plan is None and words in decision.abstain.lower(), decision.abstain


def test_a_threshold_after_before_is_not_a_position(race):
    decision = race.route("how many riders scored more than 30 points?")
    assert decision.kind is not Kind.position
    assert race.route("which riders have points before 40?").kind is not Kind.position


@pytest.mark.parametrize("question, answer", [
    ("which was listed first, alpha or beta?", "Alpha"),  # the file's order, as asked
    ("what title is listed after alpha?", "Beta"),
])
def test_listed_reads_the_file_order(question, answer):
    _, result = router_ask(FILMS, question)
    assert result.rows == [{"Title": answer}]


@pytest.mark.parametrize("question", ["which came first, alpha or beta?", "what title came after alpha?"])
def test_came_first_refuses_when_a_year_column_disagrees_with_the_file(question):
    decision = Router(table_from_text(FILMS, "films.csv"), CONFIG.router).route(question)
    assert decision.plan is None and "Year" in decision.abstain, decision.abstain


@pytest.mark.parametrize("plan, expected", [
    (PositionArgs(kind="neighbour", anchor=[Predicate(column="Rider", op=Op.eq, value="cy diaz")], offset=-1,
                  columns=["Rider", "Points"]), [{"Rider": "Bo Chan", "Points": 40}]),
    (PositionArgs(kind="neighbour", anchor=[Predicate(column="Points", op=Op.eq, value=40)], offset=2,
                  columns=["Team"]), [{"Team": "Green"}]),
    (PositionArgs(kind="earlier", columns=["Rider"], candidates=["Ed Fox", "Cy Diaz"], order="asc"),
     [{"Rider": "Cy Diaz"}]),
    (PositionArgs(kind="earlier", columns=["Rider"], candidates=["Ed Fox", "Cy Diaz"], order="desc"),
     [{"Rider": "Ed Fox"}]),
])
def test_sql_and_pandas_reference_agree_with_hand_answers(plan, expected):
    table = table_from_text(RACE, "race.csv")
    assert run_query(duckdb_engine(), table, plan).rows == expected
    assert OPERATIONS[PositionArgs](None, table, plan).rows == expected


@pytest.mark.parametrize("plan", [
    PositionArgs(kind="neighbour", anchor=[Predicate(column="Team", op=Op.eq, value="Red")], offset=1,
                 columns=["Rider"]),  # two rows
    PositionArgs(kind="neighbour", anchor=[Predicate(column="Rider", op=Op.eq, value="Ed Fox")], offset=1,
                 columns=["Rider"]),  # past the last row
    PositionArgs(kind="earlier", columns=["Team"], candidates=["Red", "Green"]),  # Red in two rows
])
def test_bad_anchors_are_clear_errors_on_both_engines(plan):
    table = table_from_text(RACE, "race.csv")
    with pytest.raises(ToolError):
        run_query(duckdb_engine(), table, plan)
    with pytest.raises(ToolError):
        OPERATIONS[PositionArgs](None, table, plan)


def test_a_plan_needs_its_parts():
    with pytest.raises(ValueError):
        PositionArgs(kind="neighbour", columns=["Rider"], offset=1)
    with pytest.raises(ValueError):
        PositionArgs(kind="earlier", columns=["Rider"], candidates=["Ed Fox"])


def test_a_neighbour_holding_no_value_is_refused():
    table = table_from_text("Event,Date\nShow 14,May 1\nShow 15,May 8\nN/A,May 15\nShow 21,May 22\n", "events.csv")
    decision = Router(table, CONFIG.router).route("what is the next event after show 15?")
    assert decision.plan is None and "holds no Event" in decision.abstain, decision.abstain


def test_position_plans_are_restated_in_plain_words():
    from agent.restate import restate

    before = PositionArgs(kind="neighbour", anchor=[Predicate(column="Jockey", op=Op.eq, value="TM Jones")],
                          offset=-1, columns=["Jockey"])
    assert restate(before) == "Read as: the Jockey of the row before the row where Jockey = 'TM Jones', in file order"
    first = PositionArgs(kind="earlier", columns=["Name"], candidates=["A", "B"])
    assert restate(first) == "Read as: which of Name 'A' or 'B' comes first in file order"


def test_an_anchor_typed_without_accents_and_a_drafting_verb():
    table = table_from_text("Pick,Player\n1,Jörg Möller\n2,Al Guepe\n3,Gordon Dahlgren\n", "draft.csv")
    router = Router(table, CONFIG.router)
    assert router.route("which player was drafted after jorg moller?").plan.anchor[0].value == "Jörg Möller"
    _, result = router_ask("Pick,Player\n1,Jörg Möller\n2,Al Guepe\n3,Gordon Dahlgren\n",
                           "which player was drafted after al guepe?")
    assert result.rows == [{"Player": "Gordon Dahlgren"}]  # Pick 2 -> 3 agrees with the file


def test_a_year_tie_does_not_contradict_the_file_order():
    _, result = router_ask("Year,Venue\n2006,Doha\n2008,Valencia\n2008,Beijing\n", "what venue was before beijing?")
    assert result.rows == [{"Venue": "Valencia"}]  # both 2008: the year cannot order them, the file does
