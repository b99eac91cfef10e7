"""Trial 15's kinds K3-K5 on small tables, values by hand. K3: a column of one month-name date form
('17 Jan 2025', 'Jan 15, 2025') is read as dates (agent/mixed_dates.py), and a date condition whose
words name a column that stays text is refused, never put on the other date column
(router/dates._named_elsewhere). K4: a sum of a percentage column is refused, and 'wins' reaching
'Win %' beside a column W is refused naming both (router/verify/percent_totals.py). K5: 'the bottom 3
teams' on a table with a standing that picks other rows than the measure is refused
(router/standing.py)."""

from __future__ import annotations

import pytest

from agent import mixed_dates
from tests.helpers import router_agent

LOANS = ("Loan ID,Borrower,Loan Date,Due Date,Returned On,Fee\n"
         "L-01,Ann,2025-01-03,17 Jan 2025,\"Jan 15, 2025\",0\n"
         "L-02,Bob,2025-01-10,24 January 2025,,1.5\n"
         "L-03,Cy,2025-01-20,3 February 2025,\"February 10, 2025\",2\n"
         "L-04,Dee,2025-02-05,19 February 2025,\"Feb 18, 2025\",0\n"
         "L-05,Eve,2025-03-01,15 March 2025,,0.5\n"
         "L-06,Fay,2025-03-12,26 March 2025,\"April 2, 2025\",3\n")
"""Due dates before 1 February: L-01 (17 Jan), L-02 (24 Jan). Returned before 1 February: L-01."""

LOANS_TEXT = LOANS.replace("15 March 2025", "TBC").replace("\"Feb 18, 2025\"", "lost")
"""Due Date and Returned On hold a cell that is no date: both stay text; Loan Date is the one date column."""

LEAGUE = ("Pos,Team,W,D,L,Pts,Win %,Avg Attendance\n"
          "1,Alpha,8,1,1,25,80.0%,\"9,000\"\n2,Bravo,6,2,2,20,60.0%,\"4,000\"\n3,Charlie,5,1,4,16,50.0%,\"12,000\"\n"
          "4,Delta,3,3,4,12,30.0%,\"3,000\"\n5,Echo,2,1,7,7,20.0%,\"5,000\"\n6,Foxtrot,1,2,7,5,10.0%,\"2,500\"\n")


def test_one_month_name_form_reads_as_dates_only_when_every_cell_does():
    assert mixed_dates.reading(["31 May 2025", "3 Jun 2025", None, "12 July 2025"]) is not None
    assert mixed_dates.reading(["May 15, 2025", "Jun 3, 2025"]) is not None
    assert mixed_dates.reading(["31 May 2025", "3 Jun 2025", "TBC"]) is None
    assert mixed_dates.reading(["2025-05-31", "2025-06-03"]) is None  # ISO alone: agent.numbers reads it


@pytest.mark.parametrize("question, count", [
    ("How many loans have a due date before 2025-02-01?", 2),
    ("How many loans have a due date in 2025?", 6),
    ("How many loans were returned before February 1, 2025?", 1),
])
def test_a_month_name_date_column_takes_date_conditions(question, count):
    outcome = router_agent(LOANS).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == count


def test_the_earliest_month_name_date():
    outcome = router_agent(LOANS).ask("What is the earliest due date?")
    assert outcome.status == "answered", outcome.answer
    assert "2025-01-17" in outcome.answer


@pytest.mark.parametrize("question", [
    "How many loans have a due date before 2025-02-01?",
    "How many loans have a due date in 2025?",
    "What is the earliest due date?",
])
def test_a_date_condition_naming_a_text_column_is_not_moved_to_the_date_column(question):
    outcome = router_agent(LOANS_TEXT).ask(question)
    assert outcome.status == "abstained", outcome.answer
    assert "Due Date" in outcome.answer


def test_the_date_column_itself_still_takes_its_condition():
    outcome = router_agent(LOANS_TEXT).ask("How many loans have a loan date before 2025-02-01?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 3  # 3, 10 and 20 January


@pytest.mark.parametrize("question", [
    "What is the total number of wins?",
    "How many teams have more than 5 wins?",
    "How many wins did Bravo have?",
    "What is the average number of wins?",
])
def test_wins_beside_w_and_win_percent_names_both(question):
    outcome = router_agent(LEAGUE).ask(question)
    assert outcome.status == "abstained", outcome.answer
    assert "W or Win %" in outcome.answer


@pytest.mark.parametrize("question", ["What is the total Win %?", "What is the sum of Win %?"])
def test_a_sum_of_percentages_is_refused(question):
    outcome = router_agent(LEAGUE).ask(question)
    assert outcome.status == "abstained", outcome.answer
    assert "percentages" in outcome.answer


def test_an_average_of_percentages_stands():
    outcome = router_agent(LEAGUE).ask("What is the average Win %?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx((80 + 60 + 50 + 30 + 20 + 10) / 6)


@pytest.mark.parametrize("question", [
    "What is the total attendance of the bottom three teams?",
    "What is the total attendance of the top 2 teams?",
])
def test_top_or_bottom_teams_with_a_standing_that_disagrees_is_refused(question):
    outcome = router_agent(LEAGUE).ask(question)
    assert outcome.status == "abstained", outcome.answer
    assert "Pos" in outcome.answer and "Avg Attendance" in outcome.answer


@pytest.mark.parametrize("question, value", [
    ("What is the total attendance of the 2 teams with the lowest attendance?", 2_500 + 3_000),
    ("What is the total points of the top three teams?", 25 + 20 + 16),  # by Pts or by Pos: the same rows
])
def test_a_named_key_or_an_agreeing_standing_is_answered(question, value):
    outcome = router_agent(LEAGUE).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(value)
