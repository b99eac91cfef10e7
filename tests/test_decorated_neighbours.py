"""The row before or after a named row shows a cell that decorates a name
(agent/router/verify/decorated.py): a mark before it ('^ Fung Do') or a game's side before an
opponent the column also names alone ('at Minnesota Vikings' beside 'Minnesota Vikings') is the
name to one reader and the cell to another, so the reading is refused naming the cell; a plain
neighbour cell is answered. Tiny tables, neighbours by hand."""

from __future__ import annotations

from agent.router.verify.decorated import leading_mark
from tests.helpers import router_agent, router_ask

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


# A schedule whose Opponent column writes the side in lower case ('at Auburn', 'at Vanderbilt') and
# a poll rank ('#7 LSU') before names it never writes alone; row 2 follows Jackson State*, row 4
# ('#7 LSU') precedes Houston, row 6 (Kentucky) follows Houston.
SCHEDULE = ("Date,Opponent,Result\nSep 5,Jackson State*,W 45-7\nSep 12,at\u00a0Auburn,L 24-49\n"
            "Sep 19,at Vanderbilt,W 15-3\nSep 26,#7 LSU,L 26-30\nOct 3,Houston,L 24-31\nOct 10,Kentucky,W 31-24\n")
# Titles that begin with a capitalised 'At' are names, not a side: the row after Hello is 'At Seventeen'.
SONGS = "No,Title\n1,At Last\n2,Hello\n3,At Seventeen\n4,Yesterday\n"


def test_a_side_or_rank_the_column_writes_is_a_mark():
    assert leading_mark("at Auburn", set(), styled=True) == "Auburn"
    assert leading_mark("#7 LSU", set(), styled=True) == "LSU"
    assert leading_mark("at Auburn", set()) is None  # not the column's style: one such cell
    assert leading_mark("At Last", set(), styled=True) is None  # a capitalised 'At' begins a title


def test_a_neighbour_written_with_a_side_is_refused():
    outcome = router_agent(SCHEDULE).ask("which opponent was next after jackson state?")
    assert outcome.status == "abstained", outcome.answer
    assert "'at\u00a0Auburn'" in outcome.answer or "'at Auburn'" in outcome.answer, outcome.answer


def test_a_neighbour_written_with_a_poll_rank_is_refused():
    outcome = router_agent(SCHEDULE).ask("which opponent is listed before houston?")
    assert outcome.status == "abstained", outcome.answer
    assert "'#7 LSU'" in outcome.answer, outcome.answer


def test_a_plain_neighbour_in_a_styled_column_is_answered():
    _, result = router_ask(SCHEDULE, "which opponent was next after houston?")
    assert [row["Opponent"] for row in result.rows] == ["Kentucky"]


def test_a_title_beginning_with_at_is_answered():
    _, result = router_ask(SONGS, "what title is listed after hello?")
    assert [row["Title"] for row in result.rows] == ["At Seventeen"]


# Each team is written after its country and code; the row after 'Italy (ITA) Italy I' is 'Germany (GER) Germany I'.
BOBSLEIGH = ("Rank,Team,Final\n1,Switzerland (SUI) Switzerland I,5:10.44\n2,Italy (ITA) Italy I,5:12.10\n"
             "3,Germany (GER) Germany I,5:12.39\n")


def test_a_country_code_before_a_name_is_a_mark():
    assert leading_mark("Germany (GER) Germany I", set()) == "Germany I"
    assert leading_mark("Germany (GER)", set()) is None  # a code after the name: values.bare_name's


def test_a_neighbour_written_after_a_country_code_is_refused():
    outcome = router_agent(BOBSLEIGH).ask("what team comes after italy (ita) italy i?")
    assert outcome.status == "abstained", outcome.answer
    assert "'Germany (GER) Germany I'" in outcome.answer, outcome.answer
