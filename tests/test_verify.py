"""The router's verifier (agent/router/verify): each rule on small hand-made tables. A plan is
handed to `verify` with the question's reading, and the rule must refuse (naming the words) or
accept; the router's own answers are checked against values worked out by hand."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.plan import AggregateArgs, Op, Predicate
from agent.queries import CheckArgs, CheckKind, RankArgs
from agent.router.lexicon import build_lexicon
from agent.router.link import read
from agent.router.router import Router
from agent.router.verify import Role, drop_layout, plan_parts
from agent.table import table_from_text
from tests.helpers import verifier_abstention, router_agent

CONFIG = load_config(env={})
TREES = "name,height,park\noak,20,North\npine,30,South\nelm,25,North\nash,10,South\n"
ITEMS = "item,price,tags\nA,10,x\nB,20,\nC,30,y\nD,50,\n"
RANKS = "name,rank,score\nAnn,2,10\nBob,1,20\nCid,3,5\n"
SALES = "year,sales,region\n2019,10,East\n2020,20,West\n2019,5,West\n"


checked = verifier_abstention


def route(csv: str, question: str):
    return Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)


# (a) every content word accounted for


def test_a_condition_word_the_plan_drops_is_named():
    reason = checked(ITEMS, "How many items have no tags?", AggregateArgs(op="count"))
    assert reason is not None and "'no'" in reason  # counting every row drops the negation
    decision = route(ITEMS, "How many items have no tags?")
    assert decision.plan is None  # refused, never 4 (every row) or 2 (distinct tags)


def test_a_column_the_plan_does_not_use_is_named():
    reason = checked(SALES, "What is the total sales in the East region?", AggregateArgs(op="sum", column="sales"))
    assert reason is not None and "'East'" in reason
    ok = AggregateArgs(op="sum", column="sales", where=[Predicate(column="region", op=Op.eq, value="East")])
    assert checked(SALES, "What is the total sales in the East region?", ok) is None


def test_who_asks_for_a_label_not_a_number():
    reason = checked(RANKS, "Who has the highest score?", AggregateArgs(op="max", column="score"))
    assert reason is not None and "'Who'" in reason
    shown = RankArgs(by="score", order="desc", limit=1, columns=["name"])
    assert checked(RANKS, "Who has the highest score?", shown) is None


def test_a_question_in_another_script_is_read_or_refused_never_a_count():
    table = "城市,人口\nBJ,2100\nSH,2400\n"
    reason = checked(table, "人口的平均值是多少?", AggregateArgs(op="count"))  # a row count in place of the mean asked
    # the Chinese words are read since the vocabulary work (平均 is an average word): the row count
    # rests on no word of the question, so it is refused either way
    assert reason is not None and "count" in reason
    # read since the vocabulary work: the mean of 人口 ((2100 + 2400) / 2), never a row count
    assert route(table, "人口的平均值是多少?").plan == AggregateArgs(op="mean", column="人口")
    assert route(SALES, "2019年 sales 总和?").plan is None


# (b) every part rests on words: no default aggregate, no default grouping


def test_a_default_aggregate_is_refused():
    plan = AggregateArgs(op="sum", column="height", group_by=["park"], order="desc", limit=1)
    reason = checked(TREES, "Which park has the highest height?", plan)
    assert reason is not None and "aggregate sum" in reason  # a total of heights nobody asked for
    said = AggregateArgs(op="sum", column="height", group_by=["park"], order="desc", limit=1)
    assert checked(TREES, "Which park has the highest total height?", said) is None


def test_an_adjective_linked_by_similarity_is_never_summed():
    decision = route(TREES, "Which park has the tallest?")
    assert decision.plan is None
    reason = checked(TREES, "Which park has the tallest?", AggregateArgs(
        op="sum", column="height", group_by=["park"], order="desc", limit=1))
    assert reason is not None


def test_a_grouping_needs_a_grouping_word():
    plan = AggregateArgs(op="sum", column="height", group_by=["park"])
    assert checked(TREES, "What is the total height of the park?", plan) is not None
    assert checked(TREES, "What is the total height by park?", plan) is None


# (c) decisive parts rest on strong evidence


def test_a_similarity_link_may_name_a_measure_only():
    table = TREES
    lex = build_lexicon(table_from_text(table, "t.csv"), CONFIG.router)
    reading = read("What is the average of the tallest?", lex, (CONFIG.router.embedding_min,
                                                                CONFIG.router.embedding_margin))
    linked = [i for i in reading.items if i.similar]
    assert linked and linked[0].column == "height"  # 'tallest' is only similar to height
    assert checked(table, "What is the average of the tallest?", AggregateArgs(op="mean", column="height")) is None
    grouped = AggregateArgs(op="count", group_by=["height"], order="desc", limit=1)
    reason = checked(table, "Which of the tallest is most frequent?", grouped)
    assert reason is not None


# (d) every number used, or layout


def test_a_list_marker_is_dropped_and_noted():
    assert drop_layout("2. What is the mean price?") == ("What is the mean price?",
                                                         "dropped the list marker '2.' (layout, not part of the question)")
    assert drop_layout("2.5 is the price?")[1] is None
    decision = route(ITEMS, "2. What is the mean price?")
    assert decision.plan == AggregateArgs(op="mean", column="price")
    assert any("'2.'" in n for n in decision.notes)
    outcome = router_agent(ITEMS).ask("2. What is the mean price?")
    assert outcome.results[-1].result.value == pytest.approx((10 + 20 + 30 + 50) / 4)


def test_an_unused_number_is_named():
    reason = checked(TREES, "How many trees are taller than 20?", AggregateArgs(op="count"))
    assert reason is not None and "20" in reason
    kept = AggregateArgs(op="count", where=[Predicate(column="height", op=Op.gt, value=20.0)])
    assert checked(TREES, "How many rows have a height above 20?", kept) is None


# the kinds, through the router


def test_the_x_column_names_the_column_not_a_value():
    parts = "part,price\nColumn,10\nBeam,20\nColumn,30\n"
    decision = route(parts, "What is the mean of the price column?")
    assert decision.plan == AggregateArgs(op="mean", column="price")  # over all three rows: 20
    assert any("naming the column" in n for n in decision.notes)


def test_ranked_first_is_refused_or_right():
    decision = route(RANKS, "who is ranked first?")
    if decision.plan is not None:  # right only as the row with rank 1 (Bob), never the file's first row (Ann)
        outcome = router_agent(RANKS).ask("who is ranked first?")
        assert "Bob" in outcome.answer and "Ann" not in outcome.answer


def test_follow_up_parts_rest_on_the_earlier_question():
    router = Router(table_from_text(SALES, "t.csv"), CONFIG.router)
    first = router.route("What is the total sales by region?").plan
    second = router.route("and for 2019?", previous=first)
    assert second.abstain is None
    assert second.plan.group_by == ["region"] and second.plan.where[0].value == 2019.0


# the table's shape


def test_a_summary_row_among_the_rows_is_refused():
    table = "nation,gold\nNorway,5\nItaly,3\nChile,1\nTotal,10\n"
    assert route(table, "What is the last nation on the list?").plan is None  # the last row is 'Total'
    assert checked(table, "How many nations are there?", AggregateArgs(op="count_distinct", column="nation")) is not None
    assert checked(table, "How many nations have more than 4 gold?", AggregateArgs(  # Norway and Total (10)
        op="count_distinct", column="nation", where=[Predicate(column="gold", op=Op.gt, value=4.0)])) is not None
    assert checked(table, "How many nations have less than 4 gold?", AggregateArgs(  # Italy, Chile: Total left out
        op="count_distinct", column="nation", where=[Predicate(column="gold", op=Op.lt, value=4.0)])) is None


def test_rows_and_distinct_values_that_disagree_are_refused():
    table = "games,flag bearer\n1990,Ann\n1994,Bob\n1998,Cid\n2002,Ann\n"
    assert route(table, "How many flag bearers are there?").plan is None  # 4 entries or 3 people
    categories = "id,state\n1,TX\n2,TX\n3,CA\n4,TX\n"  # a category: its distinct values are counted
    assert route(categories, "How many states are there?").plan == AggregateArgs(op="count_distinct", column="state")
    assert route(table, "How many different flag bearers are there?").plan == AggregateArgs(
        op="count_distinct", column="flag bearer")


def test_a_choice_between_two_values_is_not_a_yes_no():
    table = "name,kind\nKanaha Pond,Bird Sanctuary\nIao Valley,State Monument\n"
    plan = CheckArgs(check=CheckKind.any, condition=[
        Predicate(column="name", op=Op.eq, value="Kanaha Pond"),
        Predicate(column="kind", op=Op.in_, values=["State Monument", "Bird Sanctuary"])])
    assert checked(table, "Is Kanaha Pond a State Monument or a Bird Sanctuary?", plan) is not None


def test_plan_parts_cover_every_field():
    plan = AggregateArgs(op="sum", column="sales", where=[Predicate(column="year", op=Op.eq, value="2019")],
                         group_by=["region"], order="desc", limit=1)
    roles = [p.role for p in plan_parts(plan)]
    assert roles == [Role.aggregate, Role.measure, Role.filter, Role.group, Role.order, Role.limit]
    assert [p.decisive for p in plan_parts(plan)] == [True, False, True, True, True, True]


def test_words_read_but_left_out_of_the_plan_are_named():
    courts = "tournament,surface,type\nA,Clay,Open\nB,Hard,Open\nC,Grass,Masters\nD,Carpet,Open\n"
    plan = AggregateArgs(op="count_distinct", column="type",
                         where=[Predicate(column="surface", op=Op.not_in, values=["Clay", "Hard"])])
    reason = checked(courts, "How many of the surface types are not clay or hard?", plan)
    assert reason is not None and "'types'" in reason  # 'surface types': Surface's values, not the column Type
    shows = "title,director,story\nA,Ann Lee,Jim Ryan\nB,Jim Ryan,Bo Li\nC,Jim Ryan,Ann Lee\n"
    plan = AggregateArgs(op="count", where=[Predicate(column="story", op=Op.eq, value="Jim Ryan")])
    assert checked(shows, "How many titles were directed by Jim Ryan?", plan) is not None  # 'directed by' X
    players = "player,height\nOliver Venno,196\nRait Rikberg,188\n"
    plan = AggregateArgs(op="sum", column="height", where=[
        Predicate(column="player", op=Op.in_, values=["Oliver Venno", "Rait Rikberg"])])
    reason = checked(players, "How much taller is Oliver Venno than Rait Rikberg?", plan)
    assert reason is not None and "'than'" in reason  # a difference, never 196 + 188
    people = "name,survived,fare\nA,Yes,10\nB,No,20\n"
    plan = AggregateArgs(op="sum", column="fare", where=[Predicate(column="survived", op=Op.eq, value="No")])
    assert checked(people, "What is the total fare of those who didn't not survive?", plan) is not None
