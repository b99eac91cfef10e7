"""The verifier's evidence for readings in the table's order, row differences and per-entity
aggregates (agent/router/verify/positions.py, differences.py, spans.py), on small hand-made
tables: a plan handed to `verify` with the question's reading is accepted when it is the right
reading, and refused naming the words when a word is unrelated, extra, or says another position.
The router runs the verifier on these plans too, and keeps the layout note."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.per_entity import PerEntityArgs
from agent.plan import Agg, Op, Predicate
from agent.positions import PositionArgs
from agent.queries import ChangeArgs, RankArgs
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import verifier_abstention, router_ask

CONFIG = load_config(env={})
RACE = "Jockey,Horse,Place\nTM Jones,Arkle,1\nJ King,Bregawn,2\nP Taaffe,Corbiere,3\n"
PEOPLE = "Player,Height,Weight\nOliver Venno,204,90\nRait Rikberg,168,75\nAnn Lee,170,60\n"
LINES = "order_id,item,amount\n1,a,10\n1,b,5\n2,c,7\n3,a,10\n3,d,8\n"


checked = verifier_abstention


def neighbour(anchor: str, offset: int, column: str = "Jockey") -> PositionArgs:
    return PositionArgs(kind="neighbour", anchor=[Predicate(column="Jockey", op=Op.eq, value=anchor)],
                        offset=offset, columns=[column])


# the step of a neighbour: after/below/next (+1), before/above/previous (-1)


@pytest.mark.parametrize("question, offset", [
    ("which jockey is before j king", -1),
    ("which jockey is listed right after tm jones?", 1),  # a placing verb and an adverb: filler of the step
    ("who is the previous jockey to p taaffe?", -1),
])
def test_a_step_said_by_its_word_is_accepted(question, offset):
    anchor = {"j king": "J King", "tm jones": "TM Jones", "p taaffe": "P Taaffe"}
    name = next(v for k, v in anchor.items() if k in question)
    column = "Horse" if "horse" in question else "Jockey"
    assert checked(RACE, question, neighbour(name, offset, column)) is None


def test_a_neighbour_showing_another_column_than_the_anchor_is_refused():
    # a horse below a jockey: the horse of the next row (Bregawn), or the next jockey? (neighbour_column.py);
    # with the jockey named ('the horse of the jockey listed after tm jones') it is read, below
    reason = checked(RACE, "what horse is below tm jones on the list?", neighbour("TM Jones", 1, "Horse"))
    assert reason is not None and "Jockey" in reason and "Horse" in reason


def test_a_step_the_other_way_is_refused_naming_the_word():
    reason = checked(RACE, "which jockey is before j king", neighbour("J King", 1))
    assert reason is not None and "'before'" in reason
    reason = checked(RACE, "which jockey is listed next after tm jones", neighbour("TM Jones", -1))
    assert reason is not None and "'next'" in reason and "'after'" in reason


def test_a_step_no_word_says_is_refused():
    reason = checked(RACE, "which jockey is j king", neighbour("J King", 1))
    assert reason is not None and "row after" in reason


@pytest.mark.parametrize("question, word", [
    ("which jockey is before j king in the rain", "'rain'"),  # a word no stage read
    ("which jockey is heavier before j king", "'heavier'"),
])
def test_an_extra_word_beside_a_step_is_named(question, word):
    reason = checked(RACE, question, neighbour("J King", -1))
    assert reason is not None and word in reason


def test_the_anchor_must_be_spelled_in_the_question():
    assert checked(RACE, "which jockey is after tm jones", neighbour("TM Jones", 1)) is None
    reason = checked(RACE, "which jockey is after tm jones", neighbour("J King", 1))
    assert reason is not None  # the plan's anchor is not what the question names


def test_which_of_two_comes_first():
    plan = PositionArgs(kind="earlier", columns=["Jockey"], candidates=["P Taaffe", "TM Jones"], order="asc")
    assert checked(RACE, "which was listed first, p taaffe or tm jones?", plan) is None
    last = plan.model_copy(update={"order": "desc"})
    reason = checked(RACE, "which was listed first, p taaffe or tm jones?", last)
    assert reason is not None and "'first'" in reason


def test_the_top_and_bottom_of_the_listing():
    top = RankArgs(by=None, order="asc", limit=1, columns=["Jockey"])
    assert checked(RACE, "which jockey is listed at the top of the chart?", top) is None
    bottom = top.model_copy(update={"order": "desc"})
    assert checked(RACE, "which jockey is listed at the bottom of the chart?", bottom) is None
    assert checked(RACE, "which jockey is listed at the top of the chart?", bottom) is not None
    assert checked(RACE, "which jockey is on top of the chart?", top) is not None  # 'at the top' only


# a difference of two rows: 'how much taller is A than B' = A's value minus B's


DIFF = ChangeArgs(column="Height", key="Player", start="Rait Rikberg", end="Oliver Venno")


def test_a_difference_said_by_a_comparative_is_accepted():
    assert checked(PEOPLE, "how much taller is oliver venno than rait rikberg?", DIFF) is None
    heavier = DIFF.model_copy(update={"column": "Weight"})
    reason = checked(PEOPLE, "how much taller is oliver venno than rait rikberg?", heavier)
    assert reason is not None  # 'taller' names height, not weight


@pytest.mark.parametrize("question, word", [
    ("how much wiser is oliver venno than rait rikberg?", "Height"),  # no word names the measure
    ("how much taller is oliver venno than rait rikberg at home?", "'home'"),
    ("how much taller is oliver venno than rait rikberg in 2010?", "2010"),
])
def test_a_difference_with_an_unrelated_word_is_refused(question, word):
    reason = checked(PEOPLE, question, DIFF)
    assert reason is not None and word in reason


# an aggregate per entity: each order's total, then the mean


PER_ORDER = PerEntityArgs(entity="order_id", inner=Agg.sum, column="amount", outer=Agg.mean)


def test_an_aggregate_per_entity_rests_on_its_words():
    assert checked(LINES, "what is the average order amount?", PER_ORDER) is None
    assert checked(LINES, "what is the average amount per order?", PER_ORDER) is None
    reason = checked(LINES, "what is the average order amount in cash?", PER_ORDER)
    assert reason is not None and "'cash'" in reason
    total = PER_ORDER.model_copy(update={"outer": Agg.sum})
    assert checked(LINES, "what is the average order amount?", total) is not None  # 'average' is not a total


def test_an_entity_no_word_names_is_refused():
    reason = checked(LINES, "what is the average amount?", PER_ORDER)
    assert reason is not None and "order_id" in reason


# the router: these plans pass the verifier and carry the layout note


def test_the_router_verifies_position_plans_and_keeps_the_layout_note():
    decision = Router(table_from_text(RACE, "t.csv"), CONFIG.router).route("2. which jockey is before j king?")
    assert isinstance(decision.plan, PositionArgs) and decision.plan.offset == -1
    assert decision.notes and "'2.'" in decision.notes[0]
    _, result = router_ask(RACE, "3) what is the horse of the jockey listed after tm jones?")
    assert result.rows == [{"Horse": "Bregawn"}]  # the row after TM Jones, by hand
