"""WordNet links (agent/router/synonyms.py) end to end on tiny tables: synonyms ('gender' for sex,
'salary' for pay), expansions and abbreviations ('body mass index' and bmi, a header's initials),
derived forms ('smoking' for smoker), word forms ('females' -> female), people ('individuals'),
the file's noun ('films' in movies.csv); a rival column abstains; every link is noted and marked
Evidence.wordnet; without WordNet the router still answers what it can and says why it linked
nothing. Every expected value is worked out by hand in the comments."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.loop import Agent
from agent.router import wordnet as W
from agent.router.lexicon import build_lexicon
from agent.router.link import read
from agent.router.reading import Evidence
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_agent

pytestmark = pytest.mark.skipif(W.missing() is not None, reason=W.missing() or "")

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
# female rows 1, 4: charges 100, 400; male rows 2, 3: 200, 600. smoker yes rows 1, 2; no rows 3, 4.
INSURANCE = ("id,age,sex,bmi,children,smoker,charges\n1,20,female,30,0,yes,100\n2,30,male,20,1,yes,200\n"
             "3,40,male,25,2,no,600\n4,50,female,35,3,no,400\n")
STAFF = "employee,dept,pay,Average Daily Rate\nann,sales,10,5\nbob,ops,20,7\ncy,sales,30,9\n"
MOVIES = "title,year,rating\nAlien,1979,8.5\nHeat,1995,8.3\nUp,2009,8.2\n"


def answer(csv: str, name: str, question: str):
    outcome = router_agent(csv, name, ENGINE).ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome


def groups(outcome) -> dict:
    return {tuple(g.key): g.value for g in outcome.results[-1].result.groups}


def test_a_synonym_of_a_header_word_names_the_column():
    outcome = answer(INSURANCE, "insurance.csv", "What is the average charges by gender?")
    assert groups(outcome) == {("female",): 250, ("male",): 400}   # (100+400)/2, (200+600)/2
    assert any("WordNet" in n and "'gender'" in n and "sex" in n for n in outcome.router.notes)


@pytest.mark.parametrize("question, expected", [
    ("What is the total salary?", 60),                  # 10 + 20 + 30
    ("What is the total salary for sales?", 40),        # ann 10 + cy 30
    ("What is the average wage?", 20),                  # (10 + 20 + 30) / 3
])
def test_salary_and_wage_name_pay(question, expected):
    assert answer(STAFF, "staff.csv", question).results[-1].result.value == expected


@pytest.mark.parametrize("question, expected", [
    ("What is the average body mass index?", 27.5),     # (30 + 20 + 25 + 35) / 4
    ("What is the average body mass index of females?", 32.5),  # (30 + 35) / 2: 'females' -> female
])
def test_an_expansion_names_an_abbreviated_header(question, expected):
    assert answer(INSURANCE, "insurance.csv", question).results[-1].result.value == expected


def test_the_initials_of_a_header_name_it():
    outcome = answer(STAFF, "staff.csv", "What is the highest ADR?")
    assert outcome.results[-1].result.value == 9
    assert any("initials" in n for n in outcome.router.notes)


def test_a_derived_form_names_a_yes_no_column():
    outcome = answer(INSURANCE, "insurance.csv", "What is the average charges by smoking status?")
    assert groups(outcome) == {("yes",): 150, ("no",): 500}  # (100+200)/2, (600+400)/2


def test_a_kind_of_person_names_who_the_rows_are_about():
    # id is unique per row, so the rows are the people: 2 rows have age over 30 (40, 50)
    assert answer(INSURANCE, "insurance.csv", "How many individuals are older than 30?").results[-1].result.value == 2
    assert answer(INSURANCE, "insurance.csv", "How many patients are there?").results[-1].result.value == 4


def test_a_synonym_of_the_files_noun_names_the_rows():
    assert answer(MOVIES, "movies.csv", "How many films are there?").results[-1].result.value == 3


def test_a_link_to_two_columns_abstains_naming_both():
    table = table_from_text("employee,pay,wage\nann,1,2\nbob,3,4\n", "two.csv")
    decision = Router(table, CONFIG.router).route("What is the total salary?")
    assert decision.plan is None and "salary" in decision.abstain


def test_wordnet_items_are_marked_apart_from_exact_and_header_links():
    lex = build_lexicon(table_from_text(INSURANCE, "insurance.csv"), CONFIG.router)
    reading = read("average charges by gender and body mass index", lex)
    evidence = {i.text: i.evidence for i in reading.items if i.kind == "column"}
    assert evidence == {"charges": Evidence.exact, "gender": Evidence.wordnet, "body mass index": Evidence.wordnet}


def test_a_rare_sense_links_nothing():
    # 'class' shares a synset with 'year' only in its 6th sense (class of 2010): no link
    lex = build_lexicon(table_from_text(MOVIES, "movies.csv"), CONFIG.router)
    assert read("how many films per class", lex).unmatched == ["class"]


def test_without_wordnet_the_router_answers_what_it_can_and_says_why(monkeypatch, tmp_path):
    monkeypatch.setattr(W, "SOURCE", tmp_path)
    router = Router(table_from_text(STAFF, "staff.csv"), CONFIG.router)
    assert router.route("What is the total pay?").plan is not None
    lex = build_lexicon(table_from_text(STAFF, "staff_b.csv"), CONFIG.router)
    reading = read("What is the total salary?", lex)
    assert reading.unmatched == ["salary"] and any("WordNet is not installed" in n for n in reading.notes)


def test_the_lexnames_file_lists_the_45_lexicographer_files():
    lines = W.lexnames_text().splitlines()
    assert len(lines) == 45 and lines[3] == "03\tnoun.Tops\t1" and lines[44] == "44\tadj.ppl\t3"


# Survived is a 0/1 flag: rows 1, 2, 4 survived (class 1, 1, 3); row 3 (class 3) did not.
TITANIC = "PassengerId,Pclass,Sex,Survived\n1,1,female,1\n2,1,male,1\n3,3,male,0\n4,3,female,1\n"


def test_a_derived_form_of_a_yes_no_header_is_its_condition():
    # 'survivors' derives from survive, as 'Survived' does: the condition Survived = 1, not the rows
    assert answer(TITANIC, "titanic.csv", "How many survivors are there?").results[-1].result.value == 3


@pytest.mark.parametrize("word", ["women", "children", "adults"])
def test_people_by_sex_or_age_never_stand_for_the_rows(word):
    # 4 rows, 2 of them female: 'how many women' is a condition WordNet cannot map here, never 4
    outcome = Agent(table=table_from_text(TITANIC, "titanic.csv"), engine=ENGINE,
                    router=Router(table_from_text(TITANIC, "titanic.csv"), CONFIG.router), config=CONFIG)
    result = outcome.ask(f"How many {word} are there?")
    assert result.status != "answered" or result.results[-1].result.value != 4


def test_a_derived_form_never_names_a_column_that_is_not_yes_no():
    # 'die' and 'death' derive from one verb, but a date column is not what 'die' asks for
    lex = build_lexicon(table_from_text("name,death date\nann,2001-01-02\n", "people_b.csv"), CONFIG.router)
    assert not any(i.column == "death date" and i.evidence is Evidence.wordnet
                   for i in read("who was the first to die", lex).items)


# one row per player and season; Center rows: 400 (2020) and 500 (2021), Guard: 100 (2020)
SEASONS = "season,player,position,rebounds\n2020,Al,Center,400\n2021,Al,Center,500\n2020,Bo,Guard,100\n"


def test_a_plural_names_a_value_and_per_after_an_average_abstains():
    assert answer(SEASONS, "seasons.csv", "What is the average rebounds for centers?").results[-1].result.value == 450
    decision = Router(table_from_text(SEASONS, "seasons.csv"), CONFIG.router).route(
        "Average rebounds per season for centers")  # each row's season, or one average per season?
    assert decision.plan is None and "per season" in decision.abstain
    assert answer(SEASONS, "seasons.csv", "What is the average rebounds of guards?").results[-1].result.value == 100


def test_a_noun_inside_a_prepositional_idiom_links_nothing():
    # 'terms' shares a sense with 'price' (price.n.02), but 'in terms of' is a preposition
    lex = build_lexicon(table_from_text("store,unit_price\na,1\n", "stores_b.csv"), CONFIG.router)
    reading = read("the 2 stores in terms of sales", lex)  # 'in terms of' is filler (vocabulary.FILLER_PHRASES)
    assert not any(i.kind == "column" and "terms" in i.text.lower() for i in reading.items)
    assert "sales" in " ".join(reading.unmatched)


def test_a_header_word_itself_is_left_to_the_header_pass():
    # 'role' is a word of both headers: not a WordNet synonym of either, so WordNet neither links nor contests it
    lex = build_lexicon(table_from_text("JobRole,YearsInCurrentRole\nSales,1\nHR,2\n", "roles_b.csv"), CONFIG.router)
    assert not any("WordNet" in n for n in read("What is the most common role?", lex).notes)


# Silver: 3, 2, 0 -> two nations have at least two
MEDALS = "Nation,Gold,Silver\nNorway,1,3\nItaly,2,2\nChad,0,0\n"


def test_an_instruction_to_name_rows_is_never_answered_with_a_count():
    router = Router(table_from_text(MEDALS, "medals.csv"), CONFIG.router)
    plan = router.route("name one nation that earned at least two silver medals.").plan
    assert type(plan).__name__ == "DistinctArgs" and plan.column == "Nation", plan  # Norway (3), Italy (2): a list
    assert answer(MEDALS, "medals.csv", "How many nations earned at least two silver medals?").results[-1].result.value == 2


def test_top_of_a_rank_column_is_ambiguous_and_abstains():
    # rank 1 is the top: 'the top 2 ranks' could be 1, 2 or the two largest numbers
    table = table_from_text("name,rank,worth\nA,1,90\nB,2,80\nC,3,70\n", "rich.csv")
    decision = Router(table, CONFIG.router).route("List the top 2 ranks.")
    assert decision.plan is None and "rank" in decision.abstain
    shown = answer("name,rank,worth\nA,1,90\nB,2,80\nC,3,70\n", "rich.csv", "List the top 2 worth values.").answer
    assert "90" in shown and "80" in shown and "70" not in shown
