"""Questions in Chinese over a Chinese header (agent/router/chinese.py): aggregate, order,
comparison and grouping words are read against the table's own header and value strings, split
out of the CJK run longest first; a word the router does not know is refused, naming it, and never
answered with a row count in place of the measure asked. Other scripts are refused too. Every
expected value is worked out by hand in the comments."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.router.tokens import tokenize
from tests.helpers import router_agent

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
# 销售额 (sales) 100, 250, 50, 80, 20: total 500; 北京 rows 1 and 3; 电子 rows 1, 4, 5.
SALES = ("城市,销售额,订单数,类别\n北京,100,3,电子\n上海,250,5,服装\n北京,50,2,服装\n广州,80,1,电子\n"
         "上海,20,4,电子\n")


def ask(question: str):
    return router_agent(SALES, "sales.csv", ENGINE).ask(question)


@pytest.mark.parametrize("question, expected", [
    ("销售额的总和是多少？", 500),           # 100 + 250 + 50 + 80 + 20
    ("总销售额是多少", 500),
    ("销售额合计", 500),
    ("平均销售额是多少？", 100),             # 500 / 5
    ("最大销售额是多少", 250),
    ("最小的销售额", 20),
    ("北京的总销售额是多少？", 150),         # 100 + 50
    ("电子类别的平均销售额", 200 / 3),       # (100 + 80 + 20) / 3
    ("订单数的平均值", 3),                   # (3 + 5 + 2 + 1 + 4) / 5
    ("有多少行？", 5),
    ("一共有多少条记录", 5),
    ("销售额大于60的有多少行", 3),           # 100, 250, 80
    ("有多少个不同的城市", 3),               # 北京, 上海, 广州
    ("What is the total 销售额?", 500),
])
def test_chinese_aggregate_words_over_a_chinese_header(question, expected):
    outcome = ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(expected)


def test_chinese_grouping_and_which_words():
    outcome = ask("每个城市的总销售额")
    by_city = {tuple(g.key): g.value for g in outcome.results[-1].result.groups}
    assert by_city == {("北京",): 150, ("上海",): 270, ("广州",): 80}   # 100+50, 250+20, 80
    # 'which city has the highest sales' with several rows a city: totals or single rows? No word
    # says total, so the verifier refuses naming the aggregate it would have assumed
    top = ask("哪个城市的销售额最高？")
    assert top.status == "abstained" and "sum of 销售额" in top.reason


@pytest.mark.parametrize("question, word", [
    ("总利润是多少", "利润"),                # profit: no such column, never a count of rows
    ("利润的平均值", "利润"),
    ("销售额的方差", "方差"),                # variance: no such operation word
])
def test_an_unknown_chinese_word_is_refused_naming_it(question, word):
    outcome = ask(question)
    assert outcome.status != "answered" and word in outcome.answer


def test_a_measure_without_an_aggregate_word_is_not_answered_with_a_count():
    outcome = ask("销售额是多少")   # 'what is the sales': over five rows, which total?
    assert outcome.status != "answered"


@pytest.mark.parametrize("question", ["Сколько строк в таблице?", "売上の合計は？", "매출 합계는?"])
def test_questions_in_other_scripts_are_refused(question):
    assert ask(question).status != "answered"


def test_a_cjk_run_is_one_token_apart_from_latin_words():
    assert [(t.text, t.kind) for t in tokenize("BMI的平均值")] == [("BMI", "word"), ("的平均值", "cjk")]
    assert [(t.text, t.kind) for t in tokenize("Сколько")] == [("Сколько", "word")]


def test_a_header_is_split_out_even_where_a_longer_vocabulary_word_starts_earlier():
    # '平均数量': 平均数 (average) would leave 量 unmatched; 平均 + the header 数量 reads every character.
    outcome = router_agent("城市,数量\n北京,3\n上海,1\n北京,2\n", "q.csv", ENGINE).ask("平均数量")  # (3 + 1 + 2) / 3 = 2
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 2

