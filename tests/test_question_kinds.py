"""Question kinds the router reads beyond exact column and value names (the DataBench failure kinds),
each on a tiny table written here with the answer worked by hand: generic wording ignored, single-row
scope, yes/no tests, counts, top-N lists."""

from __future__ import annotations

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.loop import Agent
from agent.router.filler import ignorable
from agent.router.lexicon import build_lexicon
from agent.router.router import Router
from agent.router.tokens import tokenize
from agent.table import table_from_text

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
SALES = "store,revenue,qty\nA,10,1\nB,5,2\nA,7,3\nC,3,1\n"


def ask(csv: str, question: str):
    """(outcome, last result) of the router alone answering `question` over `csv`."""
    table = table_from_text(csv, "t.csv")
    agent = Agent(table=table, engine=ENGINE, router=Router(table, CONFIG.router), config=CONFIG)
    outcome = agent.ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome, outcome.results[-1].result


def refused(csv: str, question: str) -> str:
    """The router's reason for abstaining on `question` (fails when it answers)."""
    table = table_from_text(csv, "t.csv")
    decision = Router(table, CONFIG.router).route(question)
    assert decision.abstain, decision.plan
    return decision.abstain


# kind a: generic verbs and function words that link to nothing are ignored, and said so

def test_generic_verb_is_ignored_and_shown_in_the_reading():
    outcome, result = ask(SALES, "What is the total revenue provided by all the rows?")
    assert result.value == 25  # 10 + 5 + 7 + 3
    assert any("ignored 'provided'" in n for n in outcome.router.notes)


def test_inflected_generic_verbs_are_ignored():
    _, result = ask(SALES, "How many different stores are offered?")
    assert result.value == 3  # A, B, C
    _, result = ask(SALES, "According to this table, what is the total qty carried?")
    assert result.value == 7  # 1 + 2 + 3 + 1


def test_names_and_words_resembling_the_table_are_never_ignored():
    assert "Zeta" in refused(SALES, "What is the total revenue brought by Zeta?")
    table = table_from_text("recorder,revenue\nx,1\n", "t.csv")
    lex = build_lexicon(table, CONFIG.router)
    recorded = tokenize("revenue recorded")[1]
    assert not ignorable(recorded, 1, lex)  # 'recorded' resembles the header 'recorder'
    assert ignorable(tokenize("revenue offered")[1], 1, lex)


# kind b: 'in a season', 'in one season', 'by a single player in one season' rank single rows

SEASONS = "player,year,blk,ast\nAnn,2019,5,10\nAnn,2020,6,12\nBob,2019,8,1\nBob,2020,2,3\n"
"""Single rows and per-player totals disagree: most blk in a row 8 (Bob), in total Ann 11 > Bob 10."""


def test_in_a_season_ranks_single_rows_not_totals_per_player():
    _, result = ask(SEASONS, "What was the highest number of blk by any player in a season?")
    assert result.value == 8  # Bob 2019; the per-player totals would give 11
    outcome, result = ask(SEASONS, "Which player had the most blk in a season?")
    assert "Bob" in outcome.answer and "Ann" not in outcome.answer


def test_totals_in_one_season_are_row_values():
    _, result = ask(SEASONS, "List the two highest ast totals by a single player in one season.")
    assert [r["ast"] for r in result.rows] == [12, 10]  # Ann 2020, Ann 2019; totals would be 22, 4
    _, result = ask(SEASONS, "What are the two highest total ast values in one season?")
    assert [r["ast"] for r in result.rows] == [12, 10]



def test_a_lowercase_stopword_is_not_an_uppercase_code_value():
    _, result = ask("team,pts\nWAS,3\nBOS,4\n", "What was the total pts?")
    assert result.value == 7  # 'was' is the verb, not team WAS (which would give 3)
    _, result = ask("team,pts\nWAS,3\nBOS,4\n", "What is the total pts of WAS?")
    assert result.value == 3
