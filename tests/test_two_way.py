"""Questions that offer both answers (agent/router/two_way.py, verify/two_way.py,
agent/answer_words.py): 'did A win more or less gold than B?' is answered 'more' or 'less', 'was the
attendance of X above or below 30,000?' 'above' or 'below'. Answers read off the small tables by
hand; a tie, a row not named once, a count or list, or a plan in the other direction refuse."""

from __future__ import annotations

import pytest

from agent.against import AgainstArgs
from agent.answer_words import with_said
from agent.config import load_config
from agent.errors import BadPredicate
from agent.plan import Op, Predicate
from agent.queries import CheckArgs, CheckKind, Cmp, Measure
from agent.results import CheckResult
from agent.router.draft import Abstain
from agent.router.router import Router
from agent.router.two_way import two_way_reading
from agent.router.verify.two_way import check_two_way
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
MEDALS = "Nation,Gold,Silver\nPeru,5,8\nChile,4,4\nBolivia,4,1\nColombia,0,1\n"
GAMES = "Round,Opponent,Attendance\nGrand final,Rangers,31000\nSemi final,Celtic,26000\nQuarter final,Hearts,30000\n"


@pytest.mark.parametrize("csv, question, said", [
    (MEDALS, "did peru win more or less gold medals than chile?", "more"),  # 5 > 4
    (MEDALS, "did colombia win more or less gold medals than chile?", "less"),  # 0 < 4
    (MEDALS, "did colombia win less or more gold medals than chile?", "less"),  # the pair in either order
    (MEDALS, "did bolivia win more or fewer silver medals than peru?", "fewer"),  # 1 < 8
    (GAMES, "was the attendance for the grand final more or less than 30,500?", "more"),  # 31000 > 30500
    (GAMES, "was the attendance for the semi final above or below 30,000?", "below"),  # 26000 < 30000
    (GAMES, "is the average attendance above or below 30,000?", "below"),  # 87000 / 3 = 29000 < 30000
])
def test_two_way_answers_by_hand(csv, question, said):
    outcome, result = router_ask(csv, question)
    assert isinstance(result, CheckResult) and result.said == said
    assert outcome.answer.lower().startswith(said)


@pytest.mark.parametrize("csv, question, words", [
    (MEDALS, "did bolivia win more or less gold medals than chile?", "neither"),  # 4 and 4
    (GAMES, "was the attendance for the quarter final more or less than 30,000?", "neither"),  # 30000 itself
    (MEDALS, "how many nations won more or less gold medals than chile?", "no test"),  # a count answers no pair
    (GAMES, "was the attendance above or below 30,000?", "not one row"),  # every row, no row named
])
def test_two_way_refused(csv, question, words):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None and words in decision.abstain, decision.abstain


def test_reading_restates_one_pair_only():
    assert two_way_reading("did A win more or less gold than B?") == (
        "did A win more gold than B?", two_way_reading("did A win more or less gold than B?")[1])
    assert two_way_reading("more or less gold, higher or lower silver")[1] is None  # two pairs
    assert two_way_reading("is it 1 or 2?")[1] is None  # no opposite words


def test_verifier_rederives_the_pair_and_direction():
    plan = AgainstArgs(column="Gold", cmp=">", ask="check", answers=["more", "less"],
                       anchor=[Predicate(column="Nation", op=Op.eq, value="Chile")],
                       subject=[Predicate(column="Nation", op=Op.eq, value="Peru")])
    check_two_way(plan, "did peru win more or less gold than chile?")  # passes
    with pytest.raises(Abstain, match="other way"):
        check_two_way(plan.model_copy(update={"cmp": "<"}), "did peru win more or less gold than chile?")
    with pytest.raises(Abstain, match="not the one pair"):
        check_two_way(plan, "did peru win more gold than chile?")


def test_said_word_and_tie_at_run():
    plan = CheckArgs(check=CheckKind.compare, left=Measure(op="mean", column="Gold"), cmp=Cmp.gt, value=3.25,
                     answers=["above", "below"])
    result = CheckResult(check="compare", answer=False, deciding={"AVG(Gold)": 3.25, "value": 3.25},
                         provenance=_provenance())
    with pytest.raises(BadPredicate):  # mean 13/4 = 3.25 equals the number: neither word
        with_said(plan, result)
    lower = result.model_copy(update={"deciding": {"AVG(Gold)": 3.0, "value": 3.25}})
    assert with_said(plan, lower).said == "below"
    assert with_said(plan.model_copy(update={"answers": []}), lower).said is None


def test_plans_without_answers_dump_as_before():
    assert "answers" not in CheckArgs(check=CheckKind.any).model_dump_json()
    assert "answers" not in CheckArgs.model_json_schema()["properties"]


def _provenance():
    from agent.results import Provenance

    return Provenance(operation="AVG(Gold) > 3.25", rows_scanned=4, rows_matched=4)
