"""The row before or after a named row shows a cell that decorates a name
(agent/router/verify/decorated.py): a mark before it ('^ Fung Do') or a game's side before an
opponent the column also names alone ('at Minnesota Vikings' beside 'Minnesota Vikings') is the
name to one reader and the cell to another, so the reading is refused naming the cell; a plain
neighbour cell is answered. Tiny tables, neighbours by hand."""

from __future__ import annotations

from agent.router.verify.decorated import leading_mark
from tests.helpers import router_agent

# Week 2 is Detroit Lions; week 3, the next row, is 'at Minnesota Vikings' (an away game).
GAMES = ("Week,Opponent,Result\n1,Minnesota Vikings,W 10-6\n2,Detroit Lions,W 20-10\n"
         "3,at Minnesota Vikings,W 34-17\n4,Chicago Bears,L 7-10\n")
# Every name carries a '^ ' mark; the row after '^ Juk Wan' is '^ Fung Do'.
STYLES = "Name,Pinyin\n^ Ma Ling,Ma Ning\n^ Juk Wan,Zhu Yun\n^ Fung Do,Feng Ren\n"


def test_leading_marks_are_found():
    assert leading_mark("^ Juk Wan", set()) == "Juk Wan"
    assert leading_mark("at Minnesota Vikings", {"minnesota vikings"}) == "Minnesota Vikings"
    assert leading_mark("at Minnesota Vikings", set()) is None  # no bare 'Minnesota Vikings' cell
    assert leading_mark("Detroit Lions", {"detroit lions"}) is None


def test_a_neighbour_with_a_side_before_the_name_is_refused():
    outcome = router_agent(GAMES).ask("what was the next opponent after the detroit lions?")
    assert outcome.status == "abstained", outcome.answer
    assert "'at Minnesota Vikings'" in outcome.answer


def test_a_plain_neighbour_is_answered():
    outcome = router_agent(GAMES).ask("what was the opponent before the detroit lions?")
    assert outcome.status == "answered" and "Minnesota Vikings" in outcome.answer, outcome.answer
    assert "at Minnesota" not in outcome.answer


def test_a_marked_neighbour_is_refused():
    outcome = router_agent(STYLES).ask("whom is listed after juk wan?")
    assert outcome.status == "abstained", outcome.answer
    assert "'^ Fung Do'" in outcome.answer
