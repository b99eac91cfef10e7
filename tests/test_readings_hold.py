"""Issue 18, readings that hold: kinds of confidently wrong answers a fresh user's trial found, each
rebuilt on a small CSV of our own (written to tmp_path and loaded as a user's file is), with the
router alone. Every expected figure is worked out by hand in the comments; a reading the words do
not support must refuse, naming them."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.chat import Session
from agent.config import load_config
from agent.table import load_table
from tests.helpers import agent_over

CONFIG = load_config(env={})

# TX: rows 1 (100, fraud), 2 (50), 6 (5): total 155. Fraud rows: 1, 3, 5 -> 3 (TX fraud: row 1 -> 1).
TXNS = "txn_id,state,amount,is_fraud\n1,TX,100,1\n2,TX,50,0\n3,CA,30,1\n4,CA,20,0\n5,NY,10,1\n6,TX,5,0\n"
# Berlin: orders 1, 2 (sales 10 + 20 = 30); 5 orders in all.
SALES = "order_id,city,sales\n1,Berlin,10\n2,Berlin,20\n3,Paris,30\n4,Paris,40\n5,Rome,50\n"
# s1: 10, 20, 30 (mean 20, total 60); s2: 40, 50 (mean 45, total 90). Mean of totals 75 is wrong
# for 'average temperature per sensor'; the mean of the two sensor means is 32.5, of all rows 30.
SENSORS = ("sensor_id,timestamp,temperature,reading\n"
           "s1,2024-01-01 10:00,10,1\ns1,2024-01-01 11:00,20,3\ns1,2024-01-01 12:00,30,5\n"
           "s2,2024-01-01 10:00,40,7\ns2,2024-01-01 11:00,50,9\n")
# Order totals: 1 -> 15, 2 -> 7, 3 -> 18: the average order amount is 40 / 3.
LINES = "order_id,item,amount\n1,a,10\n1,b,5\n2,c,7\n3,a,10\n3,d,8\n"
# level WARN on rows 2 (api) and 4 (db), ERROR on row 3, INFO on 3 rows; service api on 3 rows.
LOGS = ("timestamp,service,level,message,latency_ms\n"
        "2024-01-01 10:00,api,INFO,start,10\n2024-01-01 10:01,api,WARN,disk low,20\n"
        "2024-01-01 10:02,db,ERROR,crash,30\n2024-01-01 10:03,db,WARN,cpu high,40\n"
        "2024-01-01 10:04,api,INFO,ok,50\n2024-01-01 10:05,web,INFO,ok,60\n")
# scores 1..18 plus 'EX' and 'TBD': the 18 numbers total 18 * 19 / 2 = 171, mean 9.5; 2 cells unread.
CODES = "name,score\n" + "".join(f"p{i},{i}\n" for i in range(1, 19)) + "p19,EX\np20,TBD\n"


def agent(csv: str, tmp_path: Path, name: str = "t.csv"):
    path = tmp_path / name
    path.write_text(csv)
    return agent_over(load_table(path))


def ask(csv: str, tmp_path: Path, question: str):
    return agent(csv, tmp_path).ask(question)


def answered(outcome) -> float:
    assert outcome.status == "answered", outcome.answer
    return outcome.results[-1].result.value


def refused(outcome, *words: str) -> None:
    assert outcome.status != "answered", outcome.answer
    for word in words:
        assert word in outcome.answer, outcome.answer


def chat(csv: str, tmp_path: Path) -> Session:
    return Session.start(agent(csv, tmp_path), tmp_path / "s.jsonl")


# Kind 1: a complete new question in a chat is read fresh, a real follow-up keeps the conditions.
@pytest.mark.parametrize("second, expected", [
    ("How many transactions are fraudulent?", 3),          # rows 1, 3, 5; not only TX's row 1
    ("How many fraudulent transactions?", 3),
    ("What is the number of fraudulent transactions?", 3),
    ("What is the average amount?", 215 / 6),              # (100+50+30+20+10+5) / 6, every row
    ("what is the highest amount?", 100),
    ("and for CA?", 50),                                   # a follow-up: 30 + 20
    ("only fraud ones", 100),                              # TX and fraud: row 1
])
def test_a_complete_question_is_read_fresh_and_a_follow_up_is_not(tmp_path, second, expected):
    session = chat(TXNS, tmp_path)
    assert answered(session.ask("total amount for TX?")) == 155
    assert answered(session.ask(second)) == pytest.approx(expected)


# Kind 5: 'there' of place refers back to the previous rows; the 'there' of 'are there' does not.
@pytest.mark.parametrize("second, expected", [
    ("how many orders there?", 2),                          # Berlin's orders 1 and 2
    ("what is the average sales there?", 15),               # 30 / 2
    ("how many orders in there?", 2),
    ("how many orders are there?", 5),                      # a complete question: every order
])
def test_there_keeps_the_previous_place(tmp_path, second, expected):
    session = chat(SALES, tmp_path)
    assert answered(session.ask("total sales in Berlin")) == 30
    assert answered(session.ask(second)) == expected


# Kind 2: the average of a reading per entity is no mean of the entity's sums.
@pytest.mark.parametrize("question", [
    "what is the average temperature per sensor?",
    "average temperature per sensor",
    "what is the mean reading per sensor?",
    "what is the average sensor temperature?",
])
def test_average_reading_per_entity_is_no_mean_of_sums(tmp_path, question):
    outcome = ask(SENSORS, tmp_path, question)
    if outcome.status == "answered":  # a grouped mean, or the mean of the sensor means
        assert answered(outcome) in (pytest.approx(20), pytest.approx(45), pytest.approx(32.5)), outcome.answer
    else:
        refused(outcome, "sensor")


def test_the_words_may_ask_a_total_per_entity(tmp_path):
    # 'average total temperature per sensor': the totals 60 and 90, then their mean
    assert answered(ask(SENSORS, tmp_path, "what is the average total temperature per sensor?")) == 75


@pytest.mark.parametrize("question", ["what is the average order amount?", "what is the average amount per order?"])
def test_an_amount_per_entity_is_still_each_ones_total(tmp_path, question):
    assert answered(ask(LINES, tmp_path, question)) == pytest.approx(40 / 3)


# Kind 3: a count noun that starts with a value ('warnings' and WARN) is never dropped.
@pytest.mark.parametrize("question", [
    "how many warnings does the api service have?",       # was: COUNT WHERE service = 'api' (3)
    "how many warnings are there?",
    "how many warnings in the log?",
])
def test_a_count_noun_near_a_value_refuses(tmp_path, question):
    refused(ask(LOGS, tmp_path, question), "warnings", "WARN")


def test_a_count_noun_that_is_a_value_still_counts_it(tmp_path):
    assert answered(ask(LOGS, tmp_path, "how many errors are there?")) == 1   # row 3


def test_a_plain_row_noun_still_counts_rows(tmp_path):
    # 'transactions' starts no value of the table: the TX rows 1, 2, 6
    assert answered(ask(TXNS, tmp_path, "how many transactions are in TX?")) == 3


# Kind 4: 'when' asks for a time, never the extreme value itself.
@pytest.mark.parametrize("question, time", [
    ("when was the highest temperature recorded?", "2024-01-01 11:00"),   # 50: s2 at 11:00 (was: MAX = 50)
    ("when was the lowest reading recorded?", "2024-01-01 10:00"),        # 1: s1 at 10:00 (was: MIN = 1)
    ("when did the highest temperature occur?", "2024-01-01 11:00"),
    ("When was the temperature highest?", "2024-01-01 11:00"),
])
def test_when_asks_for_a_time(tmp_path, question, time):
    outcome = ask(SENSORS, tmp_path, question)
    if outcome.status == "answered":
        assert time in outcome.answer, outcome.answer
    else:
        refused(outcome, "'when'")


def test_a_when_clause_sets_a_condition(tmp_path):
    # temperature > 20: rows 3, 4, 5 with readings 5, 7, 9 -> mean 7
    assert answered(ask(SENSORS, tmp_path, "When the temperature is above 20, what is the average reading?")) == 7


# Kind 6: a code in a number column is said, never silently missing.
def test_unread_codes_are_said_with_a_total(tmp_path):
    outcome = ask(CODES, tmp_path, "what is the total score?")
    assert answered(outcome) == 171
    text = outcome.model_dump_json()
    assert "'EX'" in text and "'TBD'" in text and "skipped" in text


def test_a_question_filtering_on_a_code_refuses_naming_it(tmp_path):
    refused(ask(CODES, tmp_path, "how many rows are EX?"), "'EX'", "score", "2 cell(s)")


@pytest.mark.parametrize("question, asks", [
    ("When was the highest temperature recorded?", True),
    ("and when did it happen?", True),
    ("When the temperature is above 20, what is the average reading?", False),   # a clause
    ("what was the highest temperature?", False),
])
def test_asks_when(question, asks):
    from agent.router.reading import Reading
    from agent.router.tokens import tokenize
    from agent.router.verify.when import asks_when
    assert asks_when(Reading(tokens=tokenize(question))) is asks


def test_a_time_answer_is_a_time_columns_extreme_or_groups(tmp_path):
    from agent.plan import AggregateArgs, Agg
    from agent.router.lexicon import build_lexicon
    from agent.router.verify.when import answers_a_time
    table = load_table((tmp_path / "s.csv").write_text(SENSORS) and tmp_path / "s.csv")
    lex = build_lexicon(table, CONFIG.router)
    assert answers_a_time(AggregateArgs(op=Agg.max, column="timestamp"), lex, table)
    assert answers_a_time(AggregateArgs(op=Agg.max, column="temperature", group_by=["timestamp"], order="desc",
                                        limit=1), lex, table)
    assert not answers_a_time(AggregateArgs(op=Agg.max, column="temperature"), lex, table)
    assert not answers_a_time(AggregateArgs(op=Agg.count, column=None, group_by=["sensor_id"]), lex, table)
