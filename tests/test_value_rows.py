"""Row nouns after a value or first/last (agent/router/value_rows.py): 'how many attended the
june 22 game?' is Attendance of the row Date = 'June 22'; 'the oklahoma game' where Oklahoma was
played twice refuses. Answers by hand from the table below."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent, router_ask

GAMES = ("Date,Opponent,Result,Attendance\n"
         "June 15,Rice,W 5-3,18108\n"
         "June 17,Oklahoma,L 2-4,23314\n"
         "June 21,Texas,W 7-1,18611\n"
         "June 22,Oklahoma,W 6-1,15125\n")


@pytest.mark.parametrize("question, number", [
    ("what was the attendance of the june 17 game?", "23,314"),
    ("what was the attendance at the texas game?", "18,611"),
    ("what was the attendance of the rice match?", "18,108"),
])
def test_the_value_noun_is_that_row(question, number):
    outcome, _ = router_ask(GAMES, question)
    assert number in outcome.answer


def test_first_noun_is_the_first_row():
    outcome, _ = router_ask(GAMES, "what was the result of the first game?")
    assert "W 5-3" in outcome.answer and "6-1" not in outcome.answer


@pytest.mark.parametrize("question", [
    "how many attended the oklahoma game?",  # two games against Oklahoma: which one?
    "how many attended the june 22 game attendance?",  # a content word after the noun: not read so
    "how many attended the june 22 games?",  # plural: rows counted, not the row named
    "how many attended the june 22 game?",  # 'attended' only shares a word start with Attendance (verify/summed.py)
    "how many attended the texas game?",
    "what was the june 22 points?",  # a quantity noun asks a value
])
def test_refused_when_the_noun_names_no_single_row(question):
    outcome = router_agent(GAMES).ask(question)
    assert outcome.status != "answered" or "15,125" not in outcome.answer and "23,314" not in outcome.answer, \
        outcome.answer


def test_oklahoma_game_is_not_one_row():
    """Oklahoma holds two rows: 'the oklahoma game' is no key, so neither row's value is read off."""
    from agent.router.link import read
    from agent.router.value_rows import named_row_key
    from agent.plan import Op, Predicate

    agent = router_agent(GAMES)
    reading = read("what was the attendance of the oklahoma game?", agent.router.lexicon)
    assert [i.text for i in reading.of("row")] == ["game"] and not reading.unmatched
    both = [Predicate(column="Opponent", op=Op.eq, value="Oklahoma")]
    assert named_row_key(both, reading, agent.router.table) is None
    one = read("what was the attendance of the texas game?", agent.router.lexicon)
    assert named_row_key([Predicate(column="Opponent", op=Op.eq, value="Texas")], one, agent.router.table) == "Opponent"


RESULTS = ("Season,Result,Language\n2001,Win,English\n2002,Draw,French\n2003,Win,English\n2004,Loss,German\n"
           "2005,Win,French\n")  # Win 3, Draw 1, Loss 1; 3 different languages in 5 rows


@pytest.mark.parametrize("question, number", [
    ("how many draws are on the chart", "1"),
    ("how many wins are on this chart?", "3"),
    ("what are the number of times win is listed as the result?", "3"),
    ("how many different languages are listed?", "3"),
])
def test_table_words_end_a_question(question, number):
    """'on the chart' / 'listed' at the end name the table: every row; no condition of their own."""
    from agent.router.link import read

    agent = router_agent(RESULTS)
    assert not read(question, agent.router.lexicon).unmatched
    outcome, _ = router_ask(RESULTS, question)
    assert f" {number} " in f" {outcome.answer} ".replace(".", " ")


@pytest.mark.parametrize("question", [
    "which seasons do not have a language listed?",  # 'listed' says a cell is filled: not the table
    "which season is listed first?",  # 'listed' orders the rows
])
def test_listed_is_left_where_it_may_mean_more(question):
    from agent.router.link import read

    reading = read(question, router_agent(RESULTS).router.lexicon)
    assert not any(i.text == "listed" and i.kind == "stop" and i.meanings[0].value == "table" for i in reading.items)


def test_languages_listed_without_different_refuses():
    """Without 'different', 'how many languages are listed' may count rows (5) or values (3)."""
    outcome = router_agent(RESULTS).ask("how many languages are listed?")
    assert outcome.status != "answered", outcome.answer


FILMS = "Title,Director,Year\nCrossroads,Shen Xiling,1937\nThe Triangle,Ann Lee,1940\nFar Away Love,Chen Liting,1947\n"


@pytest.mark.parametrize("question, year", [
    ('what year was the film "the triangle"?', "1940"),
    ("what was the year of the movie far away love?", "1947"),
])
def test_the_noun_before_a_value_is_that_row(question, year):
    outcome, result = router_ask(FILMS, question)
    assert year in outcome.answer.replace(",", "")


def test_noun_with_no_value_stays_unread():
    outcome = router_agent(FILMS).ask("what year was the film?")
    assert outcome.status != "answered" and "film" in outcome.answer
