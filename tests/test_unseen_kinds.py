"""Kinds of confidently wrong answers found on a slice of WikiTableQuestions nobody had tuned for
(every 7th question from the 5th, router alone); each now refused naming the words. Tables made
up, shaped as those were."""

from __future__ import annotations

from tests.helpers import router_agent

OPERETTAS = """Title,Genre,Premiere date
Das Orakel,Operette,21 September 1872
Cleopatra,burlesque,13 November 1875
Die verliebte Eskadron,Operette,1958
"""

RUNNERS = """Name,Time
Ann Lee,1:01.20
Shelley Cramer,1:02.30
Susan Sloan,1:03.52
"""

RIDES = """Model name,Riders,Capacity
Skater,24,600
Surf's Up,20,480
Mega Disk'O,24,600
Mega Disk'O,40,1000
Skater Coaster,Unknown,Unknown
"""


def test_a_generic_word_asking_its_own_column_is_not_absorbed():
    # 'year' named no column: it was dropped and the last row's Title answered
    outcome = router_agent(OPERETTAS).ask("what was the year of the last title?")
    assert outcome.status != "answered" and "year" in outcome.answer


def test_who_is_not_answered_with_a_column_of_times():
    # 'timed' linked Time: the answer was the next row's time, not who ran it
    router = router_agent(RUNNERS).router
    decision = router.route("who timed in after shelley cramer?")
    assert decision.plan is None and "'who' asks for a name" in decision.abstain and "Time" in decision.abstain
    plan = router.route("who came after shelley cramer?").plan
    assert plan is not None and plan.columns == ["Name"]


def test_how_many_of_a_column_of_numbers_written_as_text_is_not_a_distinct_count():
    # Riders holds '20' (text, as 'Unknown' is among them): the count of distinct Riders (1) was stated
    outcome = router_agent(RIDES).ask("how many riders on the surf's up?")
    assert outcome.status != "answered" and "Riders" in outcome.answer


GAMES = """Date,Opponent,Score
April 1,Braves,3-2
April 2,@ Braves,1-0
April 3,Mets,4-4
April 4,@ Braves,2-5
April 5,Braves,0-1
April 6,@ Mets,7-3
"""

EARNINGS = """Year,Earnings (US$),Money list rank
2004,120000,40
2005,90000,55
2006,310000,12
"""


def test_a_name_written_with_and_without_marks_is_both_cells():
    # 'braves' names 'Braves' (home) and '@ Braves' (away): the count took '@ Braves' alone (2, not 4)
    from tests.helpers import router_ask

    _, result = router_ask(GAMES, "how many times were the braves listed as the opponents?")
    assert result.value == 4  # April 1, 2, 4, 5


def test_a_measure_word_does_not_stand_on_a_column_of_years():
    # 'top paid year?' was MAX(Year) = 2006 by luck of the table; 'paid' measured nothing
    outcome = router_agent(EARNINGS).ask("top paid year?")
    assert outcome.status != "answered" and "paid" in outcome.answer


INVOICES = """Invoice,Region,Qty,Total
INV-1,North,2,$240.00
INV-2,South,17,"$1,212.50"
INV-3,North,30,"$3,000.00"
INV-4,,5,$500.00
"""


def test_a_summed_column_compared_too_is_still_the_sum():
    # trial 5: 'the sum of Total for invoices over $1,000' stated the count of such rows (7) as the answer;
    # the comparison took Total, so 'invoices' was summed as ids, i.e. counted
    from tests.helpers import router_ask

    outcome = router_agent(INVOICES).ask("What is the sum of Total for invoices over $1,000?")
    assert outcome.status != "answered" or outcome.results[-1].result.value == 1212.5 + 3000
    _, result = router_ask(INVOICES, "What is the sum of Total where Total is over 1000?")
    assert result.value == 1212.5 + 3000


FLIGHTS = """flight_no,airline,day
KL1,KLM,2024-01-01
KL1,KLM,2024-01-02
KL2,KLM,2024-01-01
FR1,Ryanair,2024-01-01
FR2,Ryanair,2024-01-01
FR3,Ryanair,2024-01-02
EI1,Aer Lingus,2024-01-03
"""


def test_a_distinct_count_per_group_of_a_label_that_repeats_in_a_group_is_refused():
    # trial 5: 'how many flights per airline' counted distinct flight numbers (KLM 2) though KL1 flew twice (3 rows)
    outcome = router_agent(FLIGHTS).ask("How many flights per airline?")
    assert outcome.status != "answered" and "flight_no" in outcome.answer
