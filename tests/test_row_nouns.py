"""Row nouns of a count (agent/router/row_nouns.py): 'how many games attendance was under 1000'
counts the rows where the conditions hold, the noun naming the table's own rows; answers counted by
hand. Quantity nouns ('medals', 'points'), a count of the one row a name picks, and unread words
refuse or are left to the other readings."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.plan import AggregateArgs, Agg
from agent.router.link import read
from agent.router.router import Router
from agent.router.row_nouns import plural
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
GAMES = ("Home Team,Score,Away Team,Attendance\nAylesbury,2-2,Windsor,847\nBurscough,5-0,Wakefield,437\n"
         "Dover,0-3,Forest Green,932\nGloucester,1-1,Southport,1237\nYeovil,2-1,Northwich,4469\n")
SHOWS = ("Year,Serial Name,Channel\n2005,Saat Phere,Zee TV\n2010,Sarvggun,Imagine TV\n2007,Sa Re Ga Ma,Zee TV\n"
         "2006,Nach Baliye,Star One\n2011,Uttaran,Zee TV\n")
TERMS = "No.,Name,Left Office\n1,Wiley,1912\n2,Campbell,1924\n2,Campbell,1944\n"
BYES = ("Round,Game,Date,Visitor,Home,Score,Season\nPreliminary,Bye,,,,,1975\nFinal,Game 1,13-Apr,Chicago,Buffalo,4,1975\n"
        "Final,Game 2,15-Apr,Buffalo,Chicago,3,1975\n")
MEDALS = "Nation,Gold,Silver,Bronze,Total\nNorway,5,4,2,11\nSweden,3,1,1,5\nFinland,0,2,2,4\n"


@pytest.mark.parametrize("csv, question, count", [
    (GAMES, "how many games attendance was under 1000?", 3),  # 847, 437, 932
    (GAMES, "how many matches had an attendance of at least 1000?", 2),  # 1237, 4469
    (SHOWS, "how many shows were on zee tv?", 3),  # Saat Phere, Sa Re Ga Ma, Uttaran
    (SHOWS, "how many of the programmes were on zee tv?", 3),
    (SHOWS, "how many shows on this chart were on zee tv?", 3),  # 'on this chart' is the table
    (SHOWS, "how many times was the channel zee tv?", 3),  # occasions: rows
])
def test_counts_of_rows_named_by_their_noun(csv, question, count):
    outcome, result = router_ask(csv, question)
    assert isinstance(outcome.plan, AggregateArgs) and outcome.plan.op is Agg.count
    assert result.value == count


@pytest.mark.parametrize("csv, question", [
    (MEDALS, "how many votes does norway have?"),  # a quantity noun: never the rows (medals: tests/test_units.py)
    (MEDALS, "how many teams does norway have?"),  # Nation = 'Norway' is one row: a value is asked
    (GAMES, "how many games did aylesbury win?"),  # 'win' is read by nothing
    (SHOWS, "how many shows were on zee tv before lunch?"),  # 'lunch' is read by nothing
    (GAMES, "how many winning games are listed?"),  # 'winning' is a condition nothing reads
    (SHOWS, "how many promotional shows were there?"),
    (MEDALS, "how many times did norway win gold?"),  # 'win' is read by nothing
    (TERMS, "how many commissioners left office after 1900?"),  # Campbell served twice: 3 rows, 2 people
    (BYES, "how many matches had a season of 1975?"),  # the 'Bye' row holds no match
    (SHOWS, "how many shows are listed?"),  # no condition: the noun alone would decide
    (SHOWS, "how many categories were on zee tv?"),  # a class noun, not the rows
    (GAMES, "how many goals were scored in games with attendance under 1000?"),  # 'goals': a quantity
])
def test_row_noun_counts_refused(csv, question):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None, decision.plan


def test_row_noun_needs_the_count_words_and_a_plural():
    lex = Router(table_from_text(GAMES, "t.csv"), CONFIG.router).lexicon
    counted = [i for i in read("how many games attendance was under 1000?", lex).items if i.kind == "row"]
    assert [i.text for i in counted] == ["games"]
    assert not [i for i in read("which game attendance was under 1000?", lex).items if i.text == "game"
                and i.kind == "row"]
    assert [plural(w) for w in ("games", "cities", "class", "bus", "analysis", "gas")] == [True, True] + [False] * 4


KINGDOMS = "Name of Kingdom,Capital\nAnga,Champa\nMagadha,Rajagriha\nKashi,Varanasi\nKosala,Ayodhya\n"
TITLES = "Championship,Year\nWimbledon,1990\nWimbledon,1991\nUS Open,1992\nParis,1993\nSydney,1994\nRome,1995\n"


@pytest.mark.parametrize("question", ["how many kingdoms are listed?", "how many kingdoms are on this chart?",
                                      "what is the number of kingdoms listed here?",
                                      "how many kingdoms are listed in the table?"])
def test_table_words_of_a_count_of_a_column(question):
    outcome, result = router_ask(KINGDOMS, question)
    assert result.value == 4  # Anga, Magadha, Kashi, Kosala


@pytest.mark.parametrize("csv, question", [
    (KINGDOMS, "which capital is listed?"),  # no count: 'listed' is read by nothing
    (KINGDOMS, "how many kingdoms are listed twice?"),  # 'twice' is read by nothing
    (TITLES, "how many championships are listed?"),  # 6 rows, 5 different values: which is asked?
    (TITLES.replace("Wimbledon,1991", "Paris,1991"), "how many championships are on this chart?"),  # 6 rows, 5 values
])
def test_table_words_refused(csv, question):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None, decision.plan
