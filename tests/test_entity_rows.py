"""Whose rows a table holds: 'how many billionaires' counts rows when each row is one named
person (a name column distinct on every row, namesakes aside) or one survey respondent (headers
address 'you'); a column named after the counted people with no value is refused; a top-N of
groups whose N are all tied with groups left out is refused. Tiny tables, values by hand."""

from __future__ import annotations

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.queries import RankArgs
from agent.router.router import Router
from agent.router.rows import rows_are_entities
from agent.table import table_from_text
from tests.helpers import router_agent

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
# 6 billionaires, one a row; Technology: Ann, Cy, Eve (3); Retail: Bob, Dan; Food: Fay.
RICH = ("personName,age,finalWorth,category,country\n"
        "Ann,50,100,Technology,US\nBob,70,80,Retail,US\nCy,30,60,Technology,France\n"
        "Dan,65,40,Retail,Chile\nEve,45,30,Technology,Peru\nFay,80,20,Food,Oman\n")
# the same people, but a customer name repeats (an order per row): 'how many customers' is not rows.
ORDERS = "customerName,amount,city\nAnn,10,Oslo\nAnn,20,Oslo\nBob,5,Rome\nBob,7,Rome\nCy,3,Oslo\n"
# a survey: every header asks 'you'; 4 respondents, 2 wear glasses Rarely.
SURVEY = ("What is your age?,How often do you wear glasses?,What is your hair color?\n"
          "30,Rarely,Black\n40,Rarely,Brown\n50,Often,Black\n60,Never,Blond\n")


def ask(csv: str, question: str):
    return router_agent(csv, engine=ENGINE).ask(question)


def test_rows_are_entities_by_names_ids_or_a_survey():
    assert rows_are_entities(table_from_text(RICH, "t.csv"))
    assert rows_are_entities(table_from_text(SURVEY, "t.csv"))
    assert not rows_are_entities(table_from_text(ORDERS, "t.csv"))


def test_people_counted_as_rows_on_a_table_of_named_people():
    outcome = ask(RICH, "How many billionaires are there from the 'Technology' category?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 3
    outcome = ask(RICH, "How many billionaires have an age above 60?")  # Bob 70, Dan 65, Fay 80
    assert outcome.results[-1].result.value == 3


def test_people_counted_as_rows_on_a_survey():
    outcome = ask(SURVEY, "How many respondents have Black hair color?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 2


def test_people_of_a_repeating_name_stay_ambiguous():
    outcome = ask(ORDERS, "How many customers are there from Oslo?")
    assert outcome.status != "answered" and "could mean the rows" in outcome.answer


def test_a_column_named_after_the_counted_people_with_no_value_is_refused():
    # not the 3 distinct glasses answers: which of them counts is not said
    outcome = ask(SURVEY, "How many respondents wear glasses?")
    assert outcome.status != "answered" and "no value to test" in outcome.answer


def test_a_top_n_of_groups_all_tied_at_the_cut_is_refused():
    # countries by number of billionaires: US 2, France 1, Chile 1, Peru 1, Oman 1: any 2 of 4
    outcome = ask(RICH, "List the bottom 2 countries with the least number of billionaires.")
    assert outcome.status != "answered" and "not decided by the data" in outcome.answer
    # top 1 is decided (US, 2); the top 2 names US and one of four tied: answered as before
    outcome = ask(RICH, "Which country has the most billionaires?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.groups[0].key == ["US"]


def test_a_superlative_adjective_over_people_ranks_by_its_quantity():
    # youngest: Cy (30); oldest: Fay (80); richest: Ann (finalWorth 100)
    outcome = ask(RICH, "What is the age of the youngest billionaire?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.rows[0]["age"] == 30
    outcome = ask(RICH, "What's the country of the oldest billionaire?")
    assert outcome.results[-1].result.rows[0]["country"] == "Oman"
    outcome = ask(RICH, "Which category does the richest billionaire belong to?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.rows[0]["category"] == "Technology"


def test_a_superlative_adjective_not_over_people_is_not_read():
    # 'the youngest 3 ages': the adjective on the quantity itself; left as it was (refused)
    assert ask(RICH, "What are the youngest 3 ages?").status != "answered"
    # no column holds a height: 'tallest' reads nothing
    assert ask(RICH, "What is the age of the tallest billionaire?").status != "answered"


def test_which_column_of_one_named_person_needs_one_row_per_person():
    # customers repeat: 'which city does the customer with the highest amount ...' is not one row
    table = table_from_text(ORDERS, "t.csv")
    plan = Router(table, CONFIG.router).route("Which city does the customer with the highest amount belong to?").plan
    assert not isinstance(plan, RankArgs)
    table = table_from_text(RICH, "t.csv")
    plan = Router(table, CONFIG.router).route("Which country does the billionaire with the highest age belong to?").plan
    assert isinstance(plan, RankArgs) and plan.by == "age" and plan.columns == ["country"]


# 4 posts, one a row (text of 5+ words each); favorites: 3, 0, 5, 1
POSTS = ("author,text,favorites,retweets\n"
         "ann,the first of my notes here today,3,1\nbob,nothing much to say about it,0,0\n"
         "ann,what a day it was for us,5,2\ncy,another post with a few words,1,4\n")
# short titles, not messages: 'posts' names nothing
TITLES = "author,title,favorites\nann,Red Sky,3\nbob,Blue Sea,0\ncy,Old Town,5\n"


def test_messages_name_the_rows_of_a_table_of_messages():
    outcome = ask(POSTS, "What are the retweets of the 2 most favorited posts?")
    assert outcome.status == "answered", outcome.answer
    assert [r["retweets"] for r in outcome.results[-1].result.rows] == [2, 1]
    outcome = ask(POSTS, "How many posts have favorites above 0?")
    assert outcome.results[-1].result.value == 3


def test_messages_name_nothing_on_a_table_of_titles():
    outcome = ask(TITLES, "How many posts have favorites above 0?")
    assert outcome.status != "answered" and "'posts'" in outcome.answer


# Pclass: one letter and a word; 3 classes over 6 passengers (names distinct), survivors by class: 1: 2, 3: 1
SHIP = ("Name,Pclass,Survived,Fare\nAnn,1,1,80\nBob,1,1,70\nCy,2,0,20\nDan,3,1,8\nEve,3,0,7\nFay,3,0,9\n")


def test_a_header_of_one_letter_and_a_word():
    assert ask(SHIP, "How many unique passenger classes are there?").results[-1].result.value == 3
    outcome = ask(SHIP, "Which passenger class has the highest total Fare?")  # 1: 150
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.groups[0].key == [1]
    # the first word must start with the header's letter: 'cabin class' is not Pclass
    assert ask(SHIP, "How many unique cabin classes are there?").status != "answered"


def test_every_person_of_a_table_of_people_is_every_row():
    outcome = ask(SHIP, "Is every passenger's name unique?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.answer is True
    # customers repeat: 'every customer' may group, refused as before
    assert ask(ORDERS, "Is every customer's city unique?").status != "answered"


def test_a_singular_person_noun_needs_a_determiner():
    # 'butler' is a kind of person in WordNet, but 'in butler county' names a place: not the rows
    csv = "county,candidate,votes\nbutler,Ann,10\nbutler,Bob,7\nadams,Ann,3\n"
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route("How many votes in butler county?")
    assert not any("kind of person" in n for n in decision.notes)
    decision = Router(table_from_text(RICH, "t.csv"), CONFIG.router).route(
        "What is the country of the billionaire with the highest age?")
    assert any("kind of person" in n for n in decision.notes) and decision.plan is not None


# 5 people, one a row; Nationality French on Ann, Cy, Eve (3); Notes L (lesbian) on Bea only, who is
# Swedish, so the French lesbians are 0, never the 3 French rows.
PEOPLE = ("Name,Nationality,Notable as,Notes\nAnn,French,Writer,G\nBea,Swedish,Singer,L\n"
          "Cy,French,Actor,G\nDan,English,Poet,B\nEve,French,Painter,G\n")


def test_a_class_of_people_by_an_attribute_is_not_every_row():
    from agent.router.word_senses import is_people

    assert is_people("passengers") and not is_people("lesbians") and not is_people("americans") \
        and not is_people("catholics")
    outcome = ask(PEOPLE, "what is the total number of french lesbians?")
    assert outcome.status == "abstained", outcome.answer


def test_people_with_no_attribute_are_still_the_rows():
    outcome = ask(PEOPLE, "how many individuals are french?")
    assert outcome.status == "answered" and "3" in outcome.answer, outcome.answer
