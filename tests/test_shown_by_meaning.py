"""The column a position or file-order answer shows is the answer, so it rests on the column's own
name (agent/router/verify/shown.py): 'track' related to Lead Vocals through WordNet never picks
the cells shown. Values by hand."""

from __future__ import annotations

from agent.plan import Op, Predicate
from agent.positions import PositionArgs
from tests.helpers import router_ask, verifier_abstention

TRACKS = ("#,Title,Time,Lead Vocals\n1,Whatcha Lookin 4,4:10,Kirk Franklin\n"
          "2,Melodies from Heaven,3:55,Tamela Mann\n3,Conquerors,5:01,Dalon Collins\n")


def test_a_column_related_by_meaning_is_not_shown():
    plan = PositionArgs(kind="neighbour", anchor=[Predicate(column="Title", op=Op.eq, value="Melodies from Heaven")],
                        offset=-1, columns=["Lead Vocals"], order="asc")
    reason = verifier_abstention(TRACKS, 'what is the track before "melodies from heaven"?', plan)
    assert reason is not None and "'track' is not a word of Lead Vocals" in reason, reason


def test_a_column_named_by_its_header_is_shown():
    # the row before Melodies from Heaven is row 1: its Lead Vocals is Kirk Franklin
    _, result = router_ask(TRACKS, 'what is the lead vocals of the title before "melodies from heaven"?')
    assert "Kirk Franklin" in str(result)


STATES = "Name,Type,Formed\nSaxony,Duchy,1423\nMeissen,Margraviate,1046\nUpper Schonburg,Lordship,\n"


def test_the_last_row_noun_is_not_answered_by_a_column_named_after_it():
    from agent.queries import RankArgs
    plan = RankArgs(by=None, order="desc", limit=1, columns=["Formed"])
    reason = verifier_abstention(STATES, "what was the last state to be formed?", plan)
    assert reason is not None and "'last state' asks for a row" in reason, reason


def test_a_column_named_before_the_row_noun_is_shown():
    # the last row is Upper Schonburg
    _, result = router_ask(STATES, "what is the name of the last state?")
    assert "Upper Schonburg" in str(result)
