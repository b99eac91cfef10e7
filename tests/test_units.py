"""Unit nouns of a family of count columns (agent/router/units.py, agent/router/sums.py) and names
written with a code or a footnote mark (agent/router/values.py `bare_name`): 'how many gold medals
did Italy receive' reads Gold where Nation = 'Italy (ITA)'. Every expected value is read off the
hand-made tables below by hand; the refusals are the guards of the two modules."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.plan import AggregateArgs, Agg
from agent.router.router import Router
from agent.router.sums import row_sums
from agent.router.values import bare_name
from agent.router.wordnet import wordnet
from agent.table import table_from_text
from tests.helpers import router_ask

pytestmark = pytest.mark.skipif(wordnet() is None, reason="WordNet (Debian wordnet-base) is not installed")

CONFIG = load_config(env={})
# Total = Gold + Silver + Bronze on every row: 11, 5, 5, 1
MEDALS = ("Rank,Nation,Gold,Silver,Bronze,Total\n1,Norway,5,4,2,11\n2,Sweden,3,1,1,5\n3,Finland,0,2,3,5\n"
          "4,Denmark,0,0,1,1\n")
# the same with codes and footnote marks after the names
CODED = ("Rank,Nation,Gold,Silver,Bronze,Total\n1,Italy (ITA),4,1,0,5\n2,Great Britain (GBR)*,2,2,2,6\n"
         "3,Kenya*,0,3,1,4\n")
# Total is not Gold + Silver + Bronze on Sweden's row (3 + 1 + 1 = 5, written 6)
OFF = "Nation,Gold,Silver,Bronze,Total\nNorway,5,4,2,11\nSweden,3,1,1,6\nFinland,0,2,3,5\n"
# one header compounds with 'medal': no family
LONE = "Team,Gold,Points,Total\nAlpha,2,10,12\nBeta,1,7,8\nGamma,0,4,4\n"


@pytest.mark.parametrize("csv, question, value", [
    (MEDALS, "how many gold medals did sweden win?", 3),
    (MEDALS, "how many silver medals were won by finland?", 2),
    (MEDALS, "how many bronze medals did denmark earn?", 1),
    (MEDALS, "how many medals did norway win?", 11),  # the Total column: 5 + 4 + 2
    (MEDALS, "how many medals does norway have?", 11),
    (MEDALS, "how many nations received more than 2 gold medals?", 2),  # Norway 5, Sweden 3
    (CODED, "how many gold medals did italy receive?", 4),  # Nation = 'Italy (ITA)'
    (CODED, "how many silver medals did great britain win?", 2),  # 'Great Britain (GBR)*'
    (CODED, "how many bronze medals did kenya win?", 1),  # 'Kenya*'
])
def test_unit_counts(csv, question, value):
    outcome, result = router_ask(csv, question)
    assert isinstance(outcome.plan, AggregateArgs) and outcome.plan.op is not Agg.count  # a value, never a row count
    assert result.value == value


def test_rank_by_a_unit_column():
    outcome, result = router_ask(MEDALS, "which nation won the most bronze medals?")
    assert "Finland" in outcome.answer  # bronze 2, 1, 3, 1


@pytest.mark.parametrize("csv, question", [
    (OFF, "how many medals did norway win?"),  # Total is not the sum on every row: 'medals' names nothing
    (LONE, "how many gold medals did alpha win?"),  # one header compounds with 'medal': no family
    (MEDALS, "how many medals did norway lose?"),  # 'lose' is no verb of getting
    (MEDALS, "how many gold medals did norway win in the final?"),  # 'final' is read by nothing
    (MEDALS, "how many gold coins did norway win?"),  # 'gold coin' is no WordNet compound
])
def test_unit_readings_refused(csv, question):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None, decision.plan


def test_row_sums_found_on_the_cells():
    table = table_from_text(MEDALS, "t.csv")
    words = {c: {c.lower()} for c in table.df.columns}
    assert row_sums(table, ["Rank", "Gold", "Silver", "Bronze", "Total"], words) == {
        "Total": frozenset({"Gold", "Silver", "Bronze"})}
    off = table_from_text(OFF, "t.csv")
    assert row_sums(off, ["Gold", "Silver", "Bronze", "Total"], {c: {c.lower()} for c in off.df.columns}) == {}


@pytest.mark.parametrize("cell, name", [
    ("Italy (ITA)", "Italy"), ("Great Britain (GBR)*", "Great Britain"), ("Kenya*", "Kenya"),
    ("Total (75 NPCs)", None), ("3 (2)", None), ("Smith", None), ("US*", None),
])
def test_bare_names(cell, name):
    assert bare_name(cell) == name


def test_a_bare_name_two_cells_share_names_neither():
    csv = "Nation,Gold,Silver,Bronze,Total\nKorea (KOR),2,1,0,3\nKorea (PRK),1,1,1,3\nJapan (JPN),0,1,1,2\n"
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route("how many gold medals did korea win?")
    assert decision.plan is None, decision.plan


@pytest.mark.parametrize("word, name", [("norway", True), ("qormi", True), ("smith", True), ("make", False),
                                        ("japan", False), ("nice", False), ("gold", False)])
def test_words_wordnet_reads_as_names_only(word, name):
    from agent.router.wordnet import only_a_name
    assert only_a_name(word) is name


def test_a_lowercase_country_among_many_names():
    syllables = ["Ka", "Lo", "Mi", "Ra", "Tu", "Ze", "Vo", "Ni"]
    rows = [("North " if i % 4 == 0 else "") + f"{a}{b.lower()}land"  # 58 other names (some two words), 0 gold each
            for i, (a, b) in enumerate((a, b) for a in syllables for b in syllables) if i < 58]
    csv = "Nation,Gold,Silver,Bronze,Total\nNorway,4,5,2,11\n" + "".join(f"{n},0,1,0,1\n" for n in rows)
    outcome, result = router_ask(csv, "how many gold medals did norway win?")
    assert result.value == 4  # Norway's row


@pytest.mark.parametrize("question", ["which nation won the most gold medals?",  # 'Italy (ITA)': Italy or the cell?
                                      "which nation won the fewest silver medals?"])
def test_names_with_codes_are_not_shown_as_the_answer(question):
    decision = Router(table_from_text(CODED, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None and "code or mark" in decision.abstain, decision.plan


STADIUMS = "Stadium,Capacity\nBig Park,5000\nSt George's Lane*,3000\nSmall Ground,800\nHill Road,1200\n"


@pytest.mark.parametrize("question, name", [("which stadium has the smallest capacity?", "Small Ground"),
                                            ("which stadium has the largest capacity?", "Big Park")])
def test_a_marked_cell_off_the_top_does_not_spoil_a_ranking(question, name):
    outcome, _ = router_ask(STADIUMS, question)
    assert name in outcome.answer  # 800 and 5000; the marked row (3000) is neither end


def test_a_marked_cell_at_the_top_refuses():
    csv = STADIUMS.replace("Big Park,5000", "Big Park*,5000")
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route("which stadium has the largest capacity?")
    assert decision.plan is None and "code or mark" in decision.abstain


def test_a_frequency_shows_only_its_top_values():
    csv = "Level\n" + "Master\n" * 4 + "College\n" * 2 + "Technical Education (FP)\n"
    outcome, _ = router_ask(csv, "what is the most common level?")
    assert "Master" in outcome.answer  # 4 of 7; the marked value (1) is not shown


def test_a_difference_of_a_unit_column_between_two_rows():
    outcome, result = router_ask(MEDALS, "what is the difference in silver medals between norway and sweden?")
    assert "3" in outcome.answer  # Silver: Norway 4, Sweden 1
