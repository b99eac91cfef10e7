"""A user trial's confidently wrong counts, as kinds (router alone, tiny tables written here, each
expected value worked out by hand in the comments): an aggregate word that is also a column's name
inside 'how many', a row noun that is a cell value, a column noun that is also the file's row noun."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

# 4 orders; total = 10 + 20.5 + 5 + 30 = 65.5
SALES = "order_id,region,total\nA1,East,10\nA2,West,20.5\nA3,East,5\nA4,West,30\n"
# event: purchase on rows 2, 3, 5 (ms 340, 200, 100: mean 640 / 3 = 213.3333); 6 rows, 3 events
EVENTS = ("user,event,ms\nu1,login,120\nu2,purchase,340\nu1,purchase,200\nu3,logout,50\n"
          "u2,purchase,100\nu3,login,90\n")
# kind: call x2, email, chat, order x1 -> 5 rows, one 'order'
CONTACTS = "id,kind,minutes\n1,call,5\n2,email,0\n3,call,12\n4,chat,7\n5,order,3\n"


def _outcome(csv: str, name: str, question: str):
    return router_agent(csv, name).ask(question)


def _value(csv: str, name: str, question: str) -> float:
    outcome = _outcome(csv, name, question)
    assert outcome.status == "answered", outcome.answer
    return float(outcome.results[-1].result.value)


@pytest.mark.parametrize("question", ["How many orders in total?", "How many orders are there in total?"])
def test_how_many_with_a_column_named_total_is_not_its_sum(question):
    outcome = _outcome(SALES, "sales.csv", question)
    assert outcome.status != "answered", outcome.answer  # SUM(total) = 65.5 would answer a count
    assert "'total'" in outcome.answer


def test_the_sum_of_a_column_named_total_still_answers():
    assert _value(SALES, "sales.csv", "What is the sum of total?") == pytest.approx(65.5)


@pytest.mark.parametrize("csv, question, expected", [
    (EVENTS, "How many purchases are there?", 3),
    (EVENTS, "What is the average ms of purchases?", 640 / 3),
    (CONTACTS, "How many orders are there?", 1),
])
def test_a_row_noun_that_is_a_cell_value_is_that_values_condition(csv, question, expected):
    assert _value(csv, "log.csv", question) == pytest.approx(expected, abs=1e-3)


def test_a_row_noun_that_is_no_value_still_counts_rows():
    assert _value(CONTACTS, "log.csv", "How many records are there?") == 5


def test_a_column_noun_that_is_the_files_row_noun_abstains():
    outcome = _outcome(EVENTS, "events.csv", "How many events are there?")
    assert outcome.status != "answered", outcome.answer  # 6 rows or 3 distinct events
    assert _value(EVENTS, "events.csv", "How many different events are there?") == 3


# Gender blank on rows 3 and 5 (scores 5, 5): F 2, 4 -> mean 3; M 1, 3 -> mean 2; blank mean 5.
SURVEY = "id,gender,score,answer\n1,F,2,Satisfied\n2,M,1,Very satisfied\n3,,5,Satisfied\n" \
         "4,F,4,Dissatisfied\n5,,5,Satisfied\n6,M,3,Very satisfied\n"
# region: East x2, West x1, North x2, blank x1 -> fewest real region is West (1)
ORDERS = "order_id,region,total,salesperson\nS1,East,10,Ann Lee\nS2,East,20,Bob Ray\nS3,West,99,Ann Lee\n" \
         "S4,North,5,Cy Fox\nS5,North,7,Bob Ray\nS6,,3,Cy Fox\n"


def test_a_group_ranking_names_only_real_values_and_says_the_blank_rows_left_out():
    outcome = _outcome(SURVEY, "survey.csv", "Which gender has the highest average score?")
    assert outcome.status == "answered", outcome.answer
    result = outcome.results[-1].result
    assert [g.key for g in result.groups] == [["F"]] and float(result.groups[0].value) == 3.0
    assert "left out 2 rows with no gender" in " ".join(outcome.router.notes)
    assert result.provenance.rows_matched == 4


def test_fewest_and_bottom_n_groups_leave_the_blank_group_out():
    outcome = _outcome(ORDERS, "orders.csv", "Which region has the fewest orders?")
    assert outcome.status == "answered", outcome.answer
    assert [g.key for g in outcome.results[-1].result.groups] == [["West"]]
    outcome = _outcome(ORDERS, "orders.csv", "What are the bottom 2 regions by total?")
    # totals: East 30, West 99, North 12, blank 3 -> bottom 2 real: North 12, East 30
    assert [g.key for g in outcome.results[-1].result.groups] == [["North"], ["East"]]


def test_a_full_group_list_keeps_the_blank_group():
    outcome = _outcome(ORDERS, "orders.csv", "What is the total by region?")
    assert outcome.status == "answered", outcome.answer
    assert sorted(float(g.value) for g in outcome.results[-1].result.groups) == [3, 12, 30, 99]


def test_a_negated_value_other_values_hold_abstains_like_the_positive():
    for question in ("How many rows are Satisfied?", "How many rows are not Satisfied?"):
        outcome = _outcome(SURVEY, "survey.csv", question)
        assert outcome.status != "answered", outcome.answer  # 'Satisfied' vs 'Very satisfied'
        assert "Very satisfied" in outcome.answer
    assert _value(SURVEY, "survey.csv", "How many rows are not Dissatisfied?") == 5  # no other value holds it


def test_who_is_never_answered_with_an_identifier():
    outcome = _outcome(ORDERS, "orders.csv", "Who made the order with the highest total?")
    assert outcome.status != "answered", outcome.answer  # S3 is an id, not a person
    assert "order_id" in outcome.answer


def test_a_negated_condition_says_the_blank_rows_left_out():
    outcome = _outcome(ORDERS, "orders.csv", "How many orders are not in the East region?")
    assert outcome.status == "answered", outcome.answer
    assert float(outcome.results[-1].result.value) == 3  # West, North, North; the blank row left out
    assert "left out 1 row with no region" in " ".join(outcome.router.notes)


def test_a_whole_number_group_key_is_a_label_without_thousands_separators():
    # points by year: 1998: 40 + 59 = 99, 1999: 30; the key is the year 1998, never '1,998'
    outcome = router_agent("Year,Points\n1998,40\n1999,30\n1998,59\n", "points.csv").ask(
        "In which year were the most points scored in total?")
    assert outcome.status == "answered", outcome.answer
    result = outcome.results[-1].result
    assert result.groups[0].key == [1998] and result.groups[0].value == 99
    assert outcome.answer.startswith("1998 ") and "1,998" not in outcome.answer
