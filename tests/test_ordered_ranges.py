"""Ranges over a date column and verbs that name it (router/ranges.py, router/date_verbs.py):
'from 2021-01-01 to 2021-06-30', 'from 2020 to 2022', 'between 2021 and 2022' keep every day or
year between the two ends, both included (was: '=' on both ends, no rows; or a refusal); 'joined
in 2021' on join_date, 'hired after 2020' on Hire Date beside another date column. Counts by hand
over the ten members below."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

CLUB = """member,join_date,leave_date,fee
Alice,2021-03-14,2023-01-01,120
Ben,2022-07-01,,80
Chloe,2020-11-23,2021-05-05,120
Dev,2023-01-09,,40
Ella,2021-09-30,,80
Finn,2024-02-15,,40
Gita,2022-12-05,2024-06-30,120
Hugo,2023-06-18,,80
Ivy,2020-04-02,2022-02-02,40
Jack,2024-05-20,,80
"""


def _value(question: str):
    outcome = router_agent(CLUB).ask(question)
    assert outcome.status == "answered", outcome.answer
    return outcome.results[-1].result.value


@pytest.mark.parametrize("question, rows", [
    ("How many members have a join_date from 2021-01-01 to 2021-12-31?", 2),  # Alice, Ella
    ("How many members have a join_date from 2021-03-14 through 2022-07-01?", 3),  # both end days: Alice, Ella, Ben
    ("How many members have a join_date from 2020 to 2022?", 6),  # Chloe, Ivy, Alice, Ella, Ben, Gita
    ("How many members have a join date between 2022 and 2021?", 4),  # Alice, Ella, Ben, Gita
])
def test_a_range_of_dates_or_years_keeps_both_ends_and_all_between(question, rows):
    assert _value(question) == rows


@pytest.mark.parametrize("question, value", [
    ("How many members joined in 2021?", 2),
    ("What is the total fee of members who joined in 2022?", 80 + 120),  # Ben, Gita
    ("How many members joined between 2021 and 2022?", 4),
    ("How many members left in 2021?", 1),  # Chloe, by leave_date (morphy: left -> leave), not join_date
    ("How many members left before 2022-06-01?", 2),  # Chloe 2021-05-05, Ivy 2022-02-02
])
def test_a_verb_of_a_date_header_names_that_date(question, value):
    assert _value(question) == value


def test_a_date_verb_with_no_period_is_refused():
    outcome = router_agent(CLUB).ask("How many members joined?")
    assert outcome.status == "abstained" and "joined" in outcome.answer, outcome.answer


@pytest.mark.parametrize("question, rows", [
    ("How many members joined until 2021-03-14?", 3),  # Ivy, Chloe, Alice (that day included)
    ("How many members joined from 2020-01-01 until 2021-03-14?", 3),
    ("How many members joined from 2020 until 2021?", 4),  # Ivy, Chloe, Alice, Ella
])
def test_until_ends_a_period_there(question, rows):
    assert _value(question) == rows
