"""A value read off one named row (agent/router/row_value.py): 'what is the length of splash' is
the Length cell of the one row whose Title is Splash; answers read off the tables by hand. A cell
in several rows, an empty answer cell, or a word the grammar does not hold is refused, never
answered from another row."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.queries import RankArgs
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
TRACKS = "#,Title,Producer,Length\n1,Ova Here,Da Beatminerz,2:56\n2,Splash,Pleasure King,2:24\n" \
         "3,Kreditz,Rick Long,2:02\n4,Womanology,,3:54\n"
GAMES = "Game,Opponent,Score,Attendance\n7,Texas,W 3-1,1200\n8,Ohio,L 9-14,900\n9,Texas,W 2-0,1500\n"


@pytest.mark.parametrize("csv, question, column, answer", [
    (TRACKS, "what is the length of splash?", "Length", "2:24"),  # row 2
    (TRACKS, "who was the producer of kreditz?", "Producer", "Rick Long"),  # row 3
    (TRACKS, "what was the length of ova here on the list?", "Length", "2:56"),  # row 1; 'on the list' names the table
    (GAMES, "what was the score for game 8?", "Score", "L 9-14"),  # Game = 8 is one row
    (GAMES, "what is the opponent of game 8?", "Opponent", "Ohio"),
])
def test_value_of_one_named_row_by_hand(csv, question, column, answer):
    outcome, result = router_ask(csv, question)
    assert isinstance(outcome.plan, RankArgs) and outcome.plan.columns == [column]
    assert [str(row[column]) for row in result.rows] == [answer]


@pytest.mark.parametrize("csv, question", [
    (GAMES, "what was the score for texas?"),  # Texas is two rows (7 and 9): which score?
    (TRACKS, "what is the producer of womanology?"),  # the cell is empty
    (GAMES, "what was the score for game 8 at home?"),  # 'at home' is a condition nothing reads
    (TRACKS, "what is the length of splash or kreditz?"),  # two rows
])
def test_value_of_a_row_refused(csv, question):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None and decision.abstain, decision.plan


def test_verifier_takes_the_column_of_the_row_and_nothing_else():
    """'the producer of splash' stands for the Producer of the one row Title = 'Splash' (rule (a));
    the same words under a plan showing Length, or picking Kreditz, are refused."""
    from agent.plan import Op, Predicate
    from tests.helpers import verifier_abstention

    def plan(column: str, title: str) -> RankArgs:
        return RankArgs(by=None, order="asc", limit=1, columns=[column],
                        where=[Predicate(column="Title", op=Op.eq, value=title)])

    question = "who was the producer of splash?"
    assert verifier_abstention(TRACKS, question, plan("Producer", "Splash")) is None
    assert verifier_abstention(TRACKS, question, plan("Length", "Splash")) is not None
    assert verifier_abstention(TRACKS, question, plan("Producer", "Kreditz")) is not None


def test_the_total_length_of_one_track_is_its_time():
    # Length holds times (agent/durations.py): the total over the one row titled Splash is 2:24.
    from tests.helpers import router_agent

    outcome = router_agent(TRACKS).ask("what is the total length of splash?")
    assert outcome.status == "answered" and "2:24" in outcome.answer, outcome.answer
