"""Question kinds the router reads beyond exact column and value names (the DataBench failure kinds),
each on a tiny table written here with the answer worked by hand: generic wording ignored, single-row
scope, yes/no tests, counts, top-N lists."""

from __future__ import annotations

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.router.filler import ignorable
from agent.router.lexicon import build_lexicon
from agent.router.router import Router
from agent.router.tokens import tokenize
from agent.table import table_from_text
from tests.helpers import router_agent, router_ask as ask

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
SALES = "store,revenue,qty\nA,10,1\nB,5,2\nA,7,3\nC,3,1\n"


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


# kind c: yes/no tests the check op expresses (sign words, one value, row counts, membership, a row's total)

EMP = "name,age,pay,hours\nAna,30,-5,40\nBo,40,10,40\nCy,50,20,40\n"


def yes(csv: str, question: str) -> bool:
    """The yes/no answer of `question` (a CheckResult), asserting the router answered it."""
    _, result = ask(csv, question)
    return result.answer


def test_comparison_naming_its_quantity_and_sign_words():
    assert yes(EMP, "Is our average employee older than 35?") is True  # mean age (30+40+50)/3 = 40
    assert yes(EMP, "Is our average employee older than 45?") is False
    assert yes(EMP, "Is the highest pay negative?") is False  # max 20
    assert yes(EMP, "Is the lowest pay negative?") is True  # min -5
    assert yes(EMP, "Is the lowest age positive?") is True  # min 30


def test_same_across_all_rows_is_one_distinct_value():
    assert yes(EMP, "Is hours the same across all rows?") is True  # 40, 40, 40
    assert yes(EMP, "Is pay the same across all rows?") is False
    assert "same" in refused(EMP, "Did anyone get 10 pay in the same row?")


def test_row_count_against_a_number():
    assert yes(EMP, "Does the table have fewer than 4 rows?") is True  # 3 rows
    assert yes(EMP, "Does the dataset have more than 1k rows?") is False


def test_a_number_before_a_column_is_a_value_of_it():
    assert yes(EMP, "Is 35 an existing age?") is False
    assert yes(EMP, "Is 40 an existing age?") is True


def test_exactly_a_rows_total_in_a_given_season():
    assert yes(SEASONS, "Is there a player with exactly 12 total ast in a given season?") is True  # Ann 2020
    assert yes(SEASONS, "Is there a player with exactly 4 total ast in a given season?") is False  # only Bob's sum


# kind d: 'the total number of X' counts rows (or distinct values), unless X is a numeric column to sum

APPS = "id,rating,score\n1,3,300\n2,3,310\n3,4,320\n4,5,330\n"


def test_total_number_of_rows_is_a_count():
    _, result = ask(APPS, "What is the total number of applicants with a rating of 3?")
    assert result.value == 2  # ids 1 and 2
    _, result = ask(APPS, "What is the total number of different ratings?")
    assert result.value == 3  # 3, 4, 5


def test_total_number_of_a_numeric_column_is_its_sum():
    _, result = ask("title,pages\nA,100\nB,250\n", "What is the total number of pages?")
    assert result.value == 350


# kind e: top-N and list questions

STAFF = "person,dept,rev,remote\nA,X,5,Yes\nB,Y,9,No\nC,X,9,No\nD,Z,1,Yes\nE,X,3,No\nF,Y,2,No\n"
"""dept counts: X 3, Y 2, Z 1; rev values 9, 9, 5, 3, 2, 1 (distinct 9, 5, 3, 2, 1)."""


def test_top_n_groups_by_row_count():
    _, result = ask(STAFF, "List the 2 depts that employ the most people.")
    assert [g.key[0] for g in result.groups] == ["X", "Y"]


def test_highest_n_different_values_rank_distinct_values():
    _, result = ask(STAFF, "List highest 2 different revs?")
    assert [r["rev"] for r in result.rows] == [9, 5]  # not 9, 9


def test_count_said_twice_with_last_rows_in_file_order():
    _, result = ask(STAFF, "List the 2 persons of the last two rows in the dataset.")
    assert [r["person"] for r in result.rows] == ["E", "F"]


def test_values_a_yes_no_column_can_take_are_listed():
    _, result = ask(STAFF, "List all the unique possible values remote can take.")
    assert sorted(v.value for v in result.values) == ["No", "Yes"]


# a title's own word names its row ('Sapiens'); a condition naming one row reads values off it

_WORDS = ["Amber", "Birch", "Cedar", "Delta", "Ember", "Frost", "Grove", "Hazel", "Ivory", "Jasper", "Kestrel",
          "Lunar", "Maple", "Nectar", "Onyx", "Pebble", "Quartz", "Raven", "Sable", "Thistle", "Umber", "Violet"]
SHELF = "title,category,pages,edition\n" + "".join(
    f"The {w} Road,{'Poetry' if w == 'Hazel' else 'Novel'},{100 + n // 2},1st Edition\n" for n, w in enumerate(_WORDS))
"""22 distinct titles (a text column); 'The Hazel Road' is row n=7: Poetry, 100 + 7 // 2 = 103 pages."""


def test_a_word_of_one_title_names_that_row():
    _, result = ask(SHELF, "How many pages does Hazel have?")
    assert result.value == 103
    outcome, _ = ask(SHELF, "Which category does The Hazel Road belong to?")
    assert "Poetry" in outcome.answer and "Novel" not in outcome.answer


def test_counting_a_text_column_of_one_row_abstains():
    assert "by construction" in refused(SHELF, "How many editions has Hazel gone through?")


# kind f: words naming a column or value by another form (full day/month names, a singular abbreviation)

def test_full_day_and_month_names_link_to_abbreviated_values():
    days = "day,sales\nSun,5\nMon,3\nSun,2\nTue,1\n"
    _, result = ask(days, "What is the total sales on Sunday?")
    assert result.value == 7  # 5 + 2
    months = "mon,sales\nJan,1\nFeb,2\nJun,4\nJun,5\n"
    _, result = ask(months, "What is the total sales in June?")
    assert result.value == 9  # 4 + 5


def test_a_singular_word_links_to_a_plural_abbreviation():
    _, result = ask("player,PTS\nA,10\nB,30\n", "What is the highest point scored?")
    assert result.value == 30


def test_best_single_row_is_the_rows_maximum():
    _, result = ask(SALES, "How much revenue did our best single row bring?")
    assert result.value == 10  # max of 10, 5, 7, 3 (the sum would be 25)


def test_which_generic_word_is_never_dropped():
    agent = router_agent("product_category,unit_price\nTea,3\nCake,1\nBun,2\n", engine=ENGINE)
    outcome = agent.ask("Which category has the smallest single product price?")
    assert outcome.status != "answered" or "Cake" in outcome.answer  # never the bare minimum price 1


def test_an_aside_about_the_answers_form_is_not_part_of_the_question():
    _, result = ask(SALES, "List the revenue (in numeric form) of the first two rows?")
    assert [r["revenue"] for r in result.rows] == [10, 5]


def test_most_commonly_ranks_values_by_row_count():
    outcome, result = ask(STAFF, "Which dept is most commonly seen?")
    assert result.values[0].value == "X"  # X 3 rows, Y 2, Z 1


def test_a_comparison_naming_its_quantity_beats_an_earlier_column():
    _, result = ask(EMP, "What is the average pay of employees older than 35?")
    assert result.value == 15  # Bo 10 and Cy 20 (age 40, 50); 'pay > 35' would match no row


def test_a_total_over_rows_said_of_one_row_abstains():
    assert "one row" in refused(SEASONS, "What is the total ast by Ann in a season?")  # 22 overall, 10 or 12 a row


def test_a_named_column_of_one_row_is_read_off_it():
    _, result = ask(SHELF, "What is the pages of The Hazel Road?")
    assert [r["pages"] for r in result.rows] == [103]


def test_a_column_after_a_passive_by_says_who_did_it():
    outcome, _ = ask("team,player,pts\nA,p1,10\nA,p2,15\nB,p3,20\n",
                     "Which team had the highest total pts scored by its players?")
    assert outcome.answer.startswith("A ") and "25" in outcome.answer  # A 10 + 15 = 25 > B 20


def test_names_of_a_numeric_code_come_from_its_one_text_companion():
    days = "weekday,weekday_1,sales\n1,Sun,3\n2,Mon,4\n1,Sun,5\n"
    _, result = ask(days, "List the unique weekday names.")
    assert sorted(v.value for v in result.values) == ["Mon", "Sun"]
    assert "names" in refused("weekday,sales\n1,3\n2,4\n", "List the unique weekday names.")


def test_the_amount_of_items_in_a_row_is_its_quantity_column():
    orders = "order_id,item_qty,price,total\n1,2,3.0,6\n2,5,1.0,5\n3,1,9.0,9\n"
    _, result = ask(orders, "What is the maximum amount of items in a single order?")
    assert result.value == 5  # item_qty; price and total would give 9


def test_a_sign_word_without_a_numeric_neighbour_abstains():
    assert "'positive'" in refused("age,result\n30,1\n40,0\n", "How many rows with an age over 20 are positive?")


def test_a_comparison_naming_a_quantity_no_column_holds_abstains():
    reason = refused("name,amt\nA,50\nB,30\n", "How many rows with amt older than 40?")
    assert "older than" in reason or "'how many' of amt" in reason, reason  # refused, never a count of amt > 40


def test_a_period_after_in_a_is_never_one_row():
    dated = "date,sales\n2024-01-01,5\n2024-01-02,7\n2024-02-01,9\n"
    assert refused(dated, "What were the highest sales in a month?")  # Jan totals 12 > Feb 9; MAX of a row is 9


def test_years_old_names_the_age_column():
    assert yes(EMP, "Is there any employee who is 50 years old?") is True  # Cy
    assert yes(EMP, "Is there any employee who is 45 years old?") is False
    _, result = ask(EMP, "What is the average pay of employees over 35 years old?")
    assert result.value == 15  # Bo 10, Cy 20; never 'pay > 35'
    assert "age" in refused("name,pay\nA,1\n", "How many are 30 years old?")


def test_by_frequency_and_most_often_rank_values_by_row_count():
    _, result = ask(STAFF, "List the top 2 depts by frequency.")
    assert [v.value for v in result.values] == ["X", "Y"]  # 3 and 2 rows


def test_all_rows_test_the_last_comparison():
    assert yes(EMP, "Are all ages above 25?") is True  # 30, 40, 50
    assert yes(EMP, "Are all pay values above 0?") is False  # Ana -5
    assert yes(STAFF, "Do all persons in dept X have a rev above 2?") is True  # X: 5, 9, 3
    assert refused(STAFF, "Are all rows with a rev above 2 in dept X?")  # the test is not a comparison, last


def test_a_word_derived_from_a_header_word_links_to_its_column():
    staff = "Gender,JobSatisfaction,EnvironmentSatisfaction\nF,3,4\nM,4,1\nF,1,4\n"
    outcome, _ = ask(staff, "Which gender is most satisfied with the job on average?")
    assert outcome.answer.startswith("M ")  # job: M 4 > F (3+1)/2 = 2; environment would pick F
    assert refused(staff, "Which gender is most satisfied on average?")  # two satisfaction columns


# ordinals: 'the second highest X' is a rank with an offset, answered only when rows and distinct values agree

def test_second_highest_value_and_the_row_holding_it():
    outcome, result = ask(EMP, "What is the second highest pay?")
    assert [r["pay"] for r in result.rows] == [10]  # 20, 10, -5
    assert outcome.answer == "The second highest pay is 10."
    _, result = ask(EMP, "What is the name of the employee with the third highest pay?")
    assert [r["name"] for r in result.rows] == ["Ana"]


def test_an_ordinal_over_tied_values_abstains_unless_different_is_said():
    reason = refused(STAFF, "What is the second highest rev?")  # rows 9, 9: the 2nd row is 9, the 2nd distinct 5
    assert "tie" in reason and "5" in reason
    _, result = ask(STAFF, "What is the second highest different rev?")
    assert [r["rev"] for r in result.rows] == [5]
    _, result = ask(STAFF, "What is the person with the third lowest rev?")
    assert [r["person"] for r in result.rows] == ["E"]  # 1 (D), 2 (F), 3 (E)
    assert "second" in refused(STAFF, "What is the second rev?")
    assert refused(EMP, "List the 2 highest ages of employees with the second lowest pay.")  # two rankings


def test_a_direction_verb_is_never_ignored_as_filler():
    # 'fall' says which way the change went: revenue 10 (2014) -> 8 (2015) did fall; never dropped
    outcome = router_agent("year,revenue\n2014,10\n2015,8\n").ask("Did revenue fall from 2014 to 2015?")
    assert outcome.status != "answered" or outcome.answer.startswith("Yes")
    assert not any("ignored 'fall'" in n for n in outcome.router.notes)
