"""Kinds from a fresh user's trial: refusals a user can follow (a status log, a first name inside
full-name cells, several columns named), percentiles (the q is the number before 'percentile',
the definition is said), and the file's name as the rows' noun. Tiny tables written here; every
expected value worked out by hand in the comments."""

from __future__ import annotations

import pytest

from agent.percentile_words import ordinal
from agent.router.file_noun import plural_of
from tests.helpers import router_agent, router_ask

# Fees sorted: 60 75 80 90 95 110 120 130 150 200 (10 values; positions 0..9).
# Minutes sorted: 15 20 20 25 30 30 30 40 45 60.
APPOINTMENTS = ("Name,Doctor,Status,Fee,Minutes,Date\n"
                "Aisha Khan,Dr Lee,Completed,120,30,2024-03-01\n"
                "Aisha Bello,Dr Patel,Cancelled,80,20,2024-03-02\n"
                "Tom Reed,Dr Lee,Completed,150,45,2024-03-02\n"
                "Maria Lopez,Dr Okafor,No-show,90,30,2024-03-04\n"
                "Tom Reed,Dr Patel,Cancelled,60,15,2024-03-05\n"
                "Omar Said,Dr Lee,Completed,200,60,2024-03-06\n"
                "Maria Lopez,Dr Okafor,Completed,110,30,2024-03-07\n"
                "Chen Wei,Dr Patel,Scheduled,75,20,2024-03-08\n"
                "Omar Said,Dr Lee,Cancelled,95,25,2024-03-09\n"
                "Chen Wei,Dr Okafor,Completed,130,40,2024-03-11\n")
# The same appointments with a patient id that repeats (P3, P4, P5, P6 twice each).
WITH_PATIENTS = "\n".join(
    ["PatientID," + APPOINTMENTS.splitlines()[0]]
    + [f"{p},{line}" for p, line in zip(["P1", "P2", "P3", "P4", "P3", "P5", "P4", "P6", "P5", "P6"],
                                        APPOINTMENTS.splitlines()[1:])]) + "\n"


def answer(csv: str, question: str, name: str = "appointments.csv"):
    outcome = router_agent(csv, name).ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome, outcome.results[-1].result


def refusal(csv: str, question: str, name: str = "t.csv") -> str:
    outcome = router_agent(csv, name).ask(question)
    assert outcome.status != "answered", outcome.answer
    return outcome.answer


# --- percentiles: q is the number before 'percentile'; linear interpolation, said ---

@pytest.mark.parametrize("question, expected", [
    ("What is the 90th percentile of Fee?", 155.0),     # pos 0.9*9 = 8.1: 150 + 0.1*(200-150)
    ("What is the 25th percentile of Minutes?", 21.25),  # pos 2.25: 20 + 0.25*(25-20)
    ("What is the 21st percentile of fee?", 79.45),      # pos 1.89: 75 + 0.89*5 (21 is in no column)
    ("What is the 1st percentile of fee?", 61.35),       # pos 0.09: 60 + 0.09*15
    ("What is the 50th percentile of fee?", 102.5),      # pos 4.5: (95 + 110) / 2
    ("What is the 99.5th percentile of fee?", 197.75),   # pos 8.955: 150 + 0.955*50
    ("What is the 100th percentile of fee?", 200.0),
    ("What is the first quartile of fee?", 82.5),        # the 25th: pos 2.25: 80 + 0.25*10
    ("What is the upper quartile of fee?", 127.5),       # the 75th: pos 6.75: 120 + 0.75*10
    ("What is the 3rd quartile of fee?", 127.5),
    ("What is the 90th percentile of fee for Dr Lee?", 185.0),  # 95 120 150 200: pos 2.7: 150 + 0.7*50
    ("What is the 20th percentile of fee where minutes is more than 20?", 98.0),
    # Minutes > 20: fees 90 95 110 120 130 150 200: pos 1.2: 95 + 0.2*15
])
def test_percentiles_take_q_from_the_number_before_percentile(question, expected):
    outcome, result = router_ask(APPOINTMENTS, question)
    assert result.value == pytest.approx(expected)
    assert "linear interpolation" in outcome.answer and "PERCENTILE.INC" in outcome.answer


def test_percentile_answer_says_its_ordinal():
    outcome, _ = router_ask(APPOINTMENTS, "What is the 21st percentile of fee?")
    assert outcome.answer.startswith("The 21st percentile of Fee is 79.45")
    assert [ordinal(q) for q in (1, 2, 3, 11, 12, 13, 21, 90, 99.5)] == \
        ["1st", "2nd", "3rd", "11th", "12th", "13th", "21st", "90th", "99.5th"]


def test_median_is_the_middle_of_the_sorted_values():
    _, result = router_ask(APPOINTMENTS, "What is the median fee for Dr Lee?")
    assert result.value == pytest.approx(135.0)  # 95 120 150 200: (120 + 150) / 2


@pytest.mark.parametrize("question, words", [
    ("What is the 90th and 10th percentile of fee?", "several percentiles"),  # was: the 10th where Fee = 90
    ("What is the percentile of fee?", "needs its number"),
    ("What is the 150th percentile of fee?", "from 0 to 100"),
    ("What is the 5th quartile of fee?", "1st, 2nd and 3rd"),
    ("What is the interquartile range of fee?", "25th percentile of Fee"),
])
def test_percentiles_refuse_naming_the_words(question, words):
    assert words in refusal(APPOINTMENTS, question)


# --- the file's name names its rows ---

@pytest.mark.parametrize("csv, name", [(APPOINTMENTS, "appointments.csv"), (APPOINTMENTS, "appointment.csv"),
                                       (WITH_PATIENTS, "appointments.csv"), (WITH_PATIENTS, "appointment.csv")])
@pytest.mark.parametrize("question, expected", [
    ("How many appointments are there?", 10),
    ("How many appointments were cancelled?", 3),   # Aisha Bello, Tom Reed (03-05), Omar Said (03-09)
    ("How many appointments are completed?", 5),
])
def test_file_noun_counts_rows(csv, name, question, expected):
    _, result = answer(csv, question, name)
    assert result.value == expected


def test_file_noun_with_a_measure():
    _, result = answer(WITH_PATIENTS, "What is the total fee of cancelled appointments?")
    assert result.value == 235  # 80 + 60 + 95


def test_plural_of_singular_file_names():
    assert [plural_of(w) for w in ("appointment", "category", "box", "match", "day")] == \
        ["appointments", "categories", "boxes", "matches", "days"]


def test_generic_singular_file_name_is_no_row_noun():
    assert "samples" in refusal(APPOINTMENTS.replace("Name,", "Who,"), "How many samples are there?", "sample.csv")


# --- status logs: plain readings of a file of orders, clear refusals on a real log ---

# Customer repeats with Status changing (Aisha Khan: Delivered then Returned) but each row is an order.
ORDERS = ("Customer,Region,Status,Amount,Date\n"
          "Aisha Khan,North,Delivered,120.50,2024-01-03\nAisha Bello,South,Pending,80.00,2024-01-04\n"
          "Tom Reed,North,Delivered,45.25,2024-01-05\nAisha Khan,North,Returned,60.00,2024-01-09\n"
          "Tom Reed,East,Pending,99.99,2024-01-10\nMaria Lopez,South,Delivered,150.00,2024-01-11\n"
          "Maria Lopez,East,Delivered,30.00,2024-01-12\nOmar Said,West,Returned,75.00,2024-01-15\n")
# T1 open -> closed; T2 open; T3 open -> closed -> open. A generic 'id' repeats: a log of tickets.
TICKETS = ("id,status,updated,owner,hours\nT1,open,2024-01-01,Ann,2\nT1,closed,2024-01-03,Ann,3\n"
           "T2,open,2024-01-02,Bob,1\nT3,open,2024-01-02,Cy,4\nT3,closed,2024-01-05,Cy,2\nT3,open,2024-01-07,Cy,1\n")


@pytest.mark.parametrize("question, expected", [
    ("What is the total amount for delivered?", 345.75),             # 120.50 + 45.25 + 150 + 30
    ("What is the average amount where status is returned?", 67.5),  # (60 + 75) / 2
    ("How many orders were returned?", 2),
])
def test_file_of_orders_reads_every_row(question, expected):
    _, result = answer(ORDERS, question, "orders.csv")
    assert float(result.value) == pytest.approx(expected)


@pytest.mark.parametrize("question", ["How many tickets are closed?", "How many tickets are open?"])
def test_log_count_refusal_says_both_readings_and_what_to_ask(question):
    said = refusal(TICKETS, question, "tickets.csv")  # was: 2 of 6 rows closed (T1's and T3's updates)
    assert "looks like a log" in said and "within the same id" in said
    assert "how many rows have status" in said and "how many id values are" in said


def test_log_sum_refusal_says_how_to_use_every_row():
    said = refusal(TICKETS, "What is the total hours where status is closed?", "log.csv")
    assert "the total hours of the rows where status is closed" in said


@pytest.mark.parametrize("question, expected", [
    ("How many id values are closed?", 1),     # latest: T1 closed, T2 open, T3 open
    ("How many rows have status closed?", 2),  # T1 and T3 each closed once
    ("What is the total hours of the rows where status is closed?", 5),  # 3 + 2
])
def test_the_questions_a_log_refusal_offers_are_answered(question, expected):
    _, result = answer(TICKETS, question, "log.csv")
    assert result.value == expected


# --- a word inside cells, not a whole cell ---

def test_first_name_in_two_full_names_is_refused_naming_them():
    said = refusal(ORDERS, "What is the total amount for Aisha?", "orders.csv")
    assert "'Aisha' is not a whole value" in said and "2 values of Customer" in said
    assert "'Aisha Bello', 'Aisha Khan'" in said and "If you meant one of them, ask with the whole value" in said


def test_short_first_name_in_one_full_name_is_refused_with_the_value():
    said = refusal(ORDERS, "What is the total amount for Tom?", "orders.csv")  # 3 letters: weak alone
    assert "one value of Customer: 'Tom Reed'" in said


def test_name_in_one_value_is_read_and_said():
    outcome, result = answer(ORDERS, "What is the total amount for Omar?", "orders.csv")
    assert float(result.value) == 75.0 and "Customer = 'Omar Said'" in outcome.restatement


def test_words_of_a_run_are_said_apart():
    said = refusal(ORDERS, "How many orders did Aisha place?", "orders.csv")
    assert "could not match 'place'" in said and "2 values of Customer" in said


def test_several_columns_to_aggregate_names_the_words():
    said = refusal(TICKETS.replace("id,", "ticket_id,"), "What is the total hours of open tickets?", "log.csv")
    assert "'tickets' names ticket_id" in said


def test_file_noun_reads_every_row_beside_an_id_of_another_thing():
    # PatientID repeats and Status changes within it, but appointments.csv names its rows: every row
    _, result = answer(WITH_PATIENTS, "What is the total fee for cancelled?")
    assert result.value == 235  # 80 + 60 + 95


def test_listed_percentiles_refuse_before_any_number_is_read_as_a_condition():
    assert "several percentiles" in refusal(APPOINTMENTS, "What is the 10th, 50th and 90th percentile of minutes?")
