"""Kinds of wrong-but-stated numbers from a fresh user's trial (identifiers summed, two-column
ratios, multiples in yes/no tests, nested aggregates), end to end on tiny tables written here;
every expected value is worked out by hand in the comments."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.engine import duckdb_engine
from agent.loop import Agent
from agent.table import table_from_text
from tests.helpers import router_agent

CONFIG = load_config(env={})
ENGINE = duckdb_engine()
# respondent_id 1..15 (SUM = 120); gender F at ids 1,3,4,6,8,10,11,14 (8 F, 7 M);
# would_recommend Yes at ids 1,3,4,6,7,9,11,12,14 (9 Yes).
_GENDER = "F M F F M F M F M F F M M F M".split()
_RECOMMEND = "Yes No Yes Yes No Yes Yes No Yes No Yes Yes No Yes No".split()
SURVEY = "respondent_id,gender,would_recommend\n" + "".join(
    f"{i + 1},{g},{r}\n" for i, (g, r) in enumerate(zip(_GENDER, _RECOMMEND)))
# trip_id 3,8,21,22,40,41,77 (SUM = 212); cancelled: 8, 22 (2 of 7); Lima: 3, 21, 22, 41 (4 of 7).
TRIPS = ("trip_id,city,status,fare\n3,Lima,completed,12.5\n8,Cusco,cancelled,0\n21,Lima,completed,20\n"
         "22,Lima,cancelled,0\n40,Cusco,completed,15\n41,Lima,completed,9\n77,Arequipa,completed,30\n")
# store_id 101 (Dallas), 102 (Austin), 103 (Houston), each over three months: 9 rows, 3 stores.
STORES = "store_id,city,month,sales\n" + "".join(
    f"{s},{c},2024-0{m},{100 + 10 * (3 * (m - 1) + k)}\n"
    for m in (1, 2, 3) for k, (s, c) in enumerate(((101, "Dallas"), (102, "Austin"), (103, "Houston"))))


def agent_for(csv: str) -> Agent:
    return router_agent(csv, engine=ENGINE)


def ask(csv: str, question: str):
    outcome = agent_for(csv).ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome, outcome.results[-1].result


def abstains(csv: str, question: str) -> str:
    outcome = agent_for(csv).ask(question)
    assert outcome.status != "answered", outcome.answer
    return outcome.answer


# --- A. an entity noun linked to an identifier counts entities; the id is never summed ---

@pytest.mark.parametrize("csv, question, num, den", [
    (SURVEY, "what share of respondents are female", 8, 15),       # not 57 of 120 (sums of ids)
    (SURVEY, "What percentage of respondents are female?", 8, 15),
    (SURVEY, "what fraction of respondents are male?", 7, 15),
    (SURVEY, "What percentage of respondents would recommend?", 9, 15),
    (SURVEY, "female respondents as a share of all respondents", 8, 15),   # the noun twice is one column
    (SURVEY, "proportion of respondents who are female", 8, 15),
    (TRIPS, "cancelled trips as a share of all trips", 2, 7),
    (TRIPS, "What percentage of trips were cancelled?", 2, 7),      # not 30 of 212
    (TRIPS, "what share of trips are in Lima", 4, 7),
    (TRIPS, "percentage of trips in Cusco", 2, 7),
])
def test_a_share_of_entities_counts_rows_when_the_id_is_unique(csv, question, num, den):
    _, result = ask(csv, question)
    assert (result.numerator, result.denominator) == (num, den)


@pytest.mark.parametrize("csv, question, expected", [
    (SURVEY, "total respondents", 15),                 # not 120 = 1 + ... + 15
    (SURVEY, "What is the total number of respondents?", 15),
    (TRIPS, "total trips", 7),                         # not 212
    (STORES, "total stores", 3),                       # 3 distinct store_id over 9 rows
    (STORES, "how many stores are in Dallas", 1),
])
def test_a_total_of_entities_counts_them(csv, question, expected):
    _, result = ask(csv, question)
    assert result.value == expected


def test_a_total_of_entities_per_group_counts_rows():
    _, result = ask(SURVEY, "total respondents by gender")
    assert {tuple(g.key): g.value for g in result.groups} == {("F",): 8, ("M",): 7}


@pytest.mark.parametrize("csv, question, named", [
    (STORES, "what percentage of stores are in Dallas", "repeats"),   # 1 of 3 stores; rows give 3 of 9
    (STORES, "what share of stores are in Austin?", "repeats"),
    (SURVEY, "average respondents", "identifier"),
    (TRIPS, "mean trips", "identifier"),
    (SURVEY, "What is the sum of respondent_id?", "identifier"),   # named by its header: never 120
    (TRIPS, "sum of trip_id", "identifier"),
])
def test_a_an_identifier_is_never_averaged_nor_a_weight_of_a_repeating_share(csv, question, named):
    assert named in abstains(csv, question)


# --- B. two-column ratios: 'ratio of A to B' is A / B; a condition holds for both columns ---

# Budgets after the Total row is set aside: Q1 Sales 22,500, Marketing 12,000; Q2 Sales 21,000, Marketing 15,500.
BUDGET = ('Department,Q1 Budget,Q2 Budget,Headcount,Over Budget?\nMarketing,"$12,000","$15,500",5,Yes\n'
          'Engineering,"$40,000","$42,000",20,Yes\nSales,"$22,500","$21,000",8,No\nHR,"$8,000","$8,250",3,Yes\n'
          'Support,"$10,000","$11,500",6,Yes\nTotal,"$92,500","$98,250",42,\n')
FIN = ("company,revenue,cost,profit,employees\nAlpha,1000,700,300,10\nBeta,2500,2000,500,40\n"
       "Gamma,400,450,-50,5\nDelta,1800,1200,600,25\n")


@pytest.mark.parametrize("question, num, den", [
    ("What is the ratio of cost to revenue for Gamma?", 450, 400),      # 1.125; was Gamma's revenue / all cost
    ("cost to revenue ratio for Beta", 2000, 2500),
    ("What is the revenue to cost ratio for Alpha?", 1000, 700),
    ("What is the ratio of profit to revenue?", 1350, 5700),            # 300 + 500 - 50 + 600; 1000 + 2500 + 400 + 1800
    ("For Delta, what percent of revenue is cost?", 1200, 1800),         # 66.67%; was 1,200 of 5,700
    ("What percentage of Alpha's revenue is profit?", 300, 1000),
    ("profit as a percentage of revenue for Delta", 600, 1800),
    ("What share of revenue is profit for Beta?", 500, 2500),
    ("What percent of cost is revenue for Gamma?", 400, 450),
    ("What is the share of cost in revenue for Gamma?", 450, 400),       # the column after 'in' is the whole
    ("For Gamma, what is cost as a fraction of revenue?", 450, 400),
    ("What is the ratio of profit to total revenue?", 1350, 5700),       # no condition: 'total' changes nothing
])
def test_b_a_two_column_ratio_filters_both_columns_in_the_said_order(question, num, den):
    _, result = ask(FIN, question)
    assert (result.numerator, result.denominator) == (num, den)


def test_b_a_ratio_of_two_budget_columns_for_one_department():
    _, result = ask(BUDGET, "What is the ratio of Q2 Budget to Q1 Budget for Sales?")
    assert (result.numerator, result.denominator) == (21000, 22500)


@pytest.mark.parametrize("question", [
    "percent change in budget from Q1 to Q2 for Sales",                 # -6.67%; was 22.90% (22,500 of 98,250)
    "What is the percentage change from Q1 Budget to Q2 Budget for Marketing?",   # +29.17%; was 12.21%
    "percentage increase from Q1 Budget to Q2 Budget",
    "What is the percent change in Q2 Budget for Sales?",
    "percent decrease from Q1 Budget to Q2 Budget for Sales",
    "growth rate from Q1 Budget to Q2 Budget for Support",
])
def test_b_a_percent_change_between_columns_is_never_a_share(question):
    said = abstains(BUDGET, question)
    assert ("change" in said and "not a share" in said) or "never a total or a share" in said


@pytest.mark.parametrize("csv, question", [
    (BUDGET, "What was the change in Q2 Budget for Sales?"),
])
def test_b_a_change_word_never_answers_a_total_or_a_share(csv, question):
    assert "never a total or a share" in abstains(csv, question)


@pytest.mark.parametrize("question, absolute, percent", [
    ("How much did revenue increase from Alpha to Beta?", 1500, 150.0),   # was 'The total revenue is 3,500'
    ("What is the percentage change in revenue from Alpha to Beta?", 1500, 150.0),
])
def test_b_a_change_word_between_two_values_is_their_change(question, absolute, percent):
    _, result = ask(FIN, question)  # two values of company: the two rows compared (router/limits.two_values)
    assert (result.absolute, result.percent) == (absolute, pytest.approx(percent))


@pytest.mark.parametrize("question, expected", [
    ("What is the change from Q1 Budget to Q2 Budget for Sales?", -1500),   # 21,000 - 22,500
    ("change in budget from Q1 to Q2 for Marketing", 3500),                 # 15,500 - 12,000
    ("change from Q1 Budget to Q2 Budget", 5750),                           # 98,250 - 92,500 (Total row set aside)
])
def test_b_a_change_between_two_columns_is_their_difference(question, expected):
    _, result = ask(BUDGET, question)
    assert result.value == expected


# --- C. a number followed by 'times' or 'percent of' is a multiple of another quantity, never a threshold ---

@pytest.mark.parametrize("question, words", [
    ("Is total revenue more than three times total cost?", "more than three times"),   # No: 5,700 < 3 x 4,350
    ("Is total revenue over 2 times total cost?", "over 2 times"),                   # No: 5,700 < 8,700
    ("Is the total profit at least 30 percent of total revenue?", "at least 30 percent of"),  # No: 23.68%
    ("Is total profit above 20% of total revenue?", "above 20% of"),                 # Yes, but not 'above 20'
    ("Is the average revenue over 3 times the average cost?", "over 3 times"),
    ("How many companies have revenue more than 2 times cost?", "more than 2 times"),
    ("Is total revenue 3 times total cost?", "3 times"),
])
def test_c_a_multiple_of_another_quantity_abstains(question, words):
    assert words in abstains(FIN, question)


@pytest.mark.parametrize("question, yes, value", [
    ("Is total revenue more than 5000?", True, 5700),      # 1000 + 2500 + 400 + 1800
    ("Is the total profit above 1000?", True, 1350),       # 300 + 500 - 50 + 600
    ("Is the average cost under 1500?", True, 1087.5),     # (700 + 2000 + 450 + 1200) / 4
    ("Is the total cost at least 5000?", False, 4350),
])
def test_c_a_bare_threshold_still_compares(question, yes, value):
    outcome, result = ask(FIN, question)
    assert result.answer is yes and value in result.deciding.values()


def test_c_times_with_no_quantity_after_it_counts_occurrences():
    # Reviews 5, 12, 30, 11: three rows above 10 ('more than 10 times' is how often, not a multiple)
    csv = "Title,Author,Reviews,Rating\nA,X,5,4.1\nB,Y,12,3.9\nC,X,30,4.5\nD,Z,11,4.0\n"
    _, result = ask(csv, "How many rows have Reviews more than 10 times?")
    assert result.value == 3


# --- F. an aggregate of per-group aggregates is never read as one aggregate with a word dropped ---

# Ann 100 + 50 = 150; Bob 200 + 40 + 60 = 300; Cy 30. Average of the totals = 480 / 3 = 160; the
# plain average per row is 480 / 6 = 80; Bob's median is 60.
EXPENSES = ("employee,category,amount\nAnn,travel,100\nAnn,meals,50\nBob,travel,200\nBob,meals,40\n"
            "Bob,office,60\nCy,meals,30\n")


@pytest.mark.parametrize("question", [
    "average total amount per employee",              # 160; was the per-employee means 100, 75, 30
    "What is the average total amount per employee?",
    "mean total amount by employee",
    "median total amount per employee",               # 150
    "total average amount by employee",
    "average number of rows per employee",            # 6 / 3 = 2
    "average total amount",
    "How many rows on average per employee?",         # 6 / 3 = 2; was the per-employee counts
    "number of rows per employee on average",
])
def test_f_a_nested_aggregate_abstains(question):
    assert "aggregate of aggregates" in abstains(EXPENSES, question)


@pytest.mark.parametrize("question, expected", [
    ("How much is the average amount?", 80),          # was 'The total amount is 480'
    ("How much is the median amount for Bob?", 60),   # 40, 60, 200
    ("How much is the total amount?", 480),
    ("How much did Ann spend in total?", 150),
    ("What is the total amount for Bob?", 300),
])
def test_f_one_aggregate_word_after_how_much_is_the_aggregate(question, expected):
    _, result = ask(EXPENSES, question)
    assert result.value == expected


def test_f_average_number_of_a_numeric_column_is_its_average():
    # Reviews 5, 12, 30, 11: (5 + 12 + 30 + 11) / 4 = 14.5
    csv = "Title,Author,Reviews,Rating\nA,X,5,4.1\nB,Y,12,3.9\nC,X,30,4.5\nD,Z,11,4.0\n"
    _, result = ask(csv, "What is the average number of Reviews?")
    assert result.value == 14.5


# date 2024-01-01 (100 + 50), 2024-01-02 (200), 2024-01-03 (40 + 60 + 30): a day's total averages
# 480 / 3 = 160 and a day has 6 / 3 = 2 rows; the plain answers (480, 80, 6) dropped 'per day'.
DAILY = ("date,employee,amount\n2024-01-01,Ann,100\n2024-01-01,Bob,50\n2024-01-02,Ann,200\n"
         "2024-01-03,Cy,40\n2024-01-03,Bob,60\n2024-01-03,Ann,30\n")


@pytest.mark.parametrize("question", [
    "total amount per day",
    "average amount per day",
    "How many rows per day on average?",
    "count per day",
    "average total amount per day",
])
def test_f_per_period_is_never_dropped(question):
    said = abstains(DAILY, question)
    assert "per day" in said or "aggregate of aggregates" in said


def test_f_grouping_by_the_named_date_column_still_answers():
    _, result = ask(DAILY, "total amount by date")
    assert sorted(g.value for g in result.groups) == [130, 150, 200]


def test_a_the_identifier_stage_covers_every_plan_kind():
    from agent.plan import Agg
    from agent.queries import ArithOp, CheckArgs, CheckKind, Cmp, ExpressionArgs, Measure, Operand, SubsetArgs
    from agent.router.identifiers import count_entities
    from agent.router.link import Reading
    from agent.router.parse import Abstain

    survey, stores = table_from_text(SURVEY, "s.csv"), table_from_text(STORES, "st.csv")
    check = CheckArgs(check=CheckKind.compare, left=Measure(op=Agg.sum, column="respondent_id"), cmp=Cmp.gt, value=10)
    notes: list[str] = []
    read = count_entities(check, survey, Reading(), notes)
    assert read.left == Measure(op=Agg.count) and notes            # 15 rows, not 120
    repeated = count_entities(check.model_copy(update={"left": Measure(op=Agg.sum, column="store_id")}),
                              stores, Reading(), [])
    assert repeated.left == Measure(op=Agg.count_distinct, column="store_id")   # 3 stores, not 918
    for plan in (SubsetArgs(op=Agg.mean, column="respondent_id", by="respondent_id", limit=3),
                 ExpressionArgs(left=Operand(column="respondent_id"), op=ArithOp.mul, right=Operand(value=2.0))):
        with pytest.raises(Abstain):
            count_entities(plan, survey, Reading(), [])


def test_b_an_average_change_between_columns_averages_the_rows():
    # per department: +3,500, +2,000, -1,500, +250, +1,500 (Total row set aside): 5,750 / 5 = 1,150
    _, result = ask(BUDGET, "What is the average change from Q1 Budget to Q2 Budget?")
    assert result.value == 1150


@pytest.mark.parametrize("question", [
    "Which department had the largest increase in budget from Q1 to Q2?",   # Marketing (+3,500); was the sum 5,750
    "Which department had the biggest change from Q1 Budget to Q2 Budget?",
    "change from Q1 Budget to Q2 Budget by department",
])
def test_b_a_ranked_or_grouped_change_abstains(question):
    assert "one change" in abstains(BUDGET, question)


@pytest.mark.parametrize("question", [
    "What percentage of total revenue is Beta's cost?",    # 2,000 of 5,700 or 2,000 of 2,500?
    "What share of total revenue is Alpha's profit?",
])
def test_b_a_condition_with_a_total_denominator_abstains(question):
    assert "total revenue" in abstains(FIN, question)


def test_a_an_id_by_values_alone_named_by_its_header_is_aggregated_as_asked():
    # v = 0..99, distinct and increasing (an identifier by its values only): 0 + 1 + ... + 99 = 4,950
    csv = "k,v\n" + "".join(f"g{i},{i}\n" for i in range(100))
    _, result = ask(csv, "What is the total v?")
    assert result.value == 4950
