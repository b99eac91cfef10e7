"""Rows named by the question's opening (agent/router/only_which.py): 'which is the only X to have
...', 'name a/one/the only X that ...', 'Xs that ...' restated as 'which X ...'. The answers are
worked out by hand on a five-row medal table: Gold 3, 0, 2, 0, 1 and Total 10, 4, 12, 1, 6 for
Cuba, Jamaica, Mexico, Peru, Chile."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.router.lexicon import build_lexicon
from agent.router.only_which import only_which_reading
from agent.table import table_from_text
from evals.cases import Case
from evals.score import Verdict, score
from tests.helpers import router_agent

MEDALS = ("Rank,Nation,Gold,Silver,Bronze,Total\n1,Cuba,3,4,3,10\n2,Jamaica,0,2,2,4\n3,Mexico,2,5,5,12\n"
          "4,Peru,0,0,1,1\n5,Chile,1,2,3,6\n")


def restated(question: str):
    table = table_from_text(MEDALS, "medals.csv")
    return only_which_reading(question, build_lexicon(table, load_config(env={}).router), table)


@pytest.mark.parametrize("question, expected, kind", [
    ("which was the only nation to have more than 11 total medals?", "which nation had more than 11 total medals?",
     "only"),
    ("what is the only nation with 4 total medals?", "which nation has 4 total medals?", "only"),
    ("what nation is the only one with 4 total medals?", "which nation has 4 total medals?", "only"),
    ("name a nation that won no gold medals.", "which nation won no gold medals.", "any"),
    ("name the only nation that won 3 gold medals.", "which nation won 3 gold medals.", "only"),
    ("name all the nations that won at least two gold medals.", "which nations won at least two gold medals.", None),
    ("nations that had 10 or more medals", "which nations had 10 or more medals", None),
])
def test_the_opening_is_restated_as_which(question, expected, kind):
    text, note, asked = restated(question)
    assert text == expected
    assert note is not None and "Nation" in note
    assert (asked.kind if asked else None) == kind


@pytest.mark.parametrize("question", [
    "which was the only country to have 3 gold medals?",  # 'country' names no column
    "what is the only gold with 3?",  # Gold is a number column
    "what is the only nation?",  # no condition says which
    "nation that had 10 medals",  # a bare singular noun opening is no question
    "which nation had 3 gold medals?",  # already 'which <noun>'
])
def test_other_shapes_are_left_as_written(question):
    assert restated(question) == (question, None, None)


@pytest.mark.parametrize("question, names", [
    ("which was the only nation to have more than 11 total medals?", ["Mexico"]),  # Total 12 only
    ("what is the only nation with 6 total medals?", ["Chile"]),  # 6 only in Total
    ("nations that had 10 or more total medals", ["Cuba", "Mexico"]),  # Total 10 and 12
    ("name all the nations that won at least two gold medals.", ["Cuba", "Mexico"]),  # Gold 3 and 2
    ("name a nation with 12 total medals.", ["Mexico"]),  # one row: no 'any one' sentence
])
def test_the_router_answers_the_labels_of_the_rows_kept(question, names):
    outcome = router_agent(MEDALS, "medals.csv").ask(question)
    assert outcome.status == "answered", outcome.answer
    assert [v.value for v in outcome.results[-1].result.values] == names
    assert "any one" not in outcome.answer


@pytest.mark.parametrize("question, listed", [
    ("which was the only nation to have more than 5 total medals?", ["Cuba", "Mexico", "Chile"]),
    ("name the only nation with more than 9 total medals.", ["Cuba", "Mexico"]),
])
def test_the_only_is_refused_when_several_rows_pass(question, listed):
    outcome = router_agent(MEDALS, "medals.csv").ask(question)
    assert outcome.status == "abstained", outcome.answer
    assert f"{len(listed)} rows pass" in outcome.answer and all(n in outcome.answer for n in listed)


def test_the_only_is_refused_when_no_row_passes():
    outcome = router_agent(MEDALS, "medals.csv").ask("which was the only nation to have more than 20 total medals?")
    assert outcome.status == "abstained", outcome.answer
    assert "No row passes" in outcome.answer


def test_name_a_lists_every_row_passing_and_says_any_one_answers():
    """Cuba (10) and Mexico (12) have more than 9 medals: both are listed, the answer saying either
    answers; scored against a gold of either one, and wrong (not hedged) for a gold not listed."""
    outcome = router_agent(MEDALS, "medals.csv").ask("name a nation with more than 9 total medals.")
    assert outcome.status == "answered", outcome.answer
    assert [v.value for v in outcome.results[-1].result.values] == ["Cuba", "Mexico"]
    assert "any one of these 2 answers it" in outcome.answer
    case = lambda gold: Case(id="t", set="wtq", question=outcome.question, type="category", answer=gold, source="hand")
    assert score(case("Mexico"), outcome) == (Verdict.correct, "Mexico")
    assert score(case("Cuba"), outcome) == (Verdict.correct, "Cuba")
    assert score(case("Chile"), outcome)[0] is Verdict.confident_wrong


SQUADS = ("Team,Basic elements,Tumbling,Result\nCCP Bobcats,62,54,Champion\nUP Pep Squad,61.5,61.5,Runner-up\n"
          "Altas Perp Squad,57,55.5,Third place\n")


def test_who_with_conditions_lists_the_one_column_of_teams():
    """'who' names Team (the one column of names of people or teams); other than CCP Bobcats (62),
    only UP Pep Squad (61.5) has Basic elements over 60."""
    outcome = router_agent(SQUADS, "squads.csv").ask('other than ccp bobcats, who has "basic elements" over 60?')
    assert outcome.status == "answered", outcome.answer
    assert [v.value for v in outcome.results[-1].result.values] == ["UP Pep Squad"]
    assert any("read 'who' as 'which Team'" in n for n in outcome.router.notes)


def test_who_is_not_read_as_a_column_when_two_columns_name_people():
    """Winner and Runner-up both name people: 'who' could be either, so the question stays refused."""
    csv = "Year,Winner,Runner-up,Score\n2001,Ann Lee,Bo Kim,3\n2002,Cy Day,Di Fox,5\n"
    outcome = router_agent(csv, "finals.csv").ask("who had a score over 4?")
    assert outcome.status == "abstained", outcome.answer


def test_who_was_last_is_not_read_as_the_last_row_in_file_order():
    """'who was last?' asks for a standing: the file's last row (Di Fox, listed after a faster time)
    need not be it, so the second reading of 'who' does not answer with file order."""
    csv = "Athlete,Time\nAnn Lee,2:31\nBo Kim,2:40\nDi Fox,2:35\n"
    outcome = router_agent(csv, "race.csv").ask("who was last?")
    assert outcome.status == "abstained", outcome.answer


def test_who_chooses_between_two_named_rows():
    """Of Ann Lee (back injury) and Bo Kim (broken wrist), Bo Kim withdrew due to a broken wrist."""
    csv = "Player,Withdrew due to\nAnn Lee,back injury\nBo Kim,broken wrist\nCy Day,illness\n"
    outcome = router_agent(csv, "withdrawn.csv").ask("who withdrew due to a broken wrist, ann lee or bo kim?")
    assert outcome.status == "answered", outcome.answer
    assert [r["Player"] for r in outcome.results[-1].result.rows] == ["Bo Kim"]
