"""Trial 12's two confidently wrong kinds, refused now: two values of one column with words between
them and nothing joining them relate two rows ('the max temp in Leeds on the day Oslo had its lowest
min temp' had been city IN (Leeds, Oslo), Oslo's own row; router/conditions._unjoined), and 'how many
times' beside a numeric column counts occurrences, never its total ('how many times did it rain'
had summed rainfall; router/planner.py). 'Leeds or Oslo' and 'Leeds, Oslo and Madrid' stay either
value. Totals by hand."""

from __future__ import annotations

import pytest

from tests.helpers import router_agent

WEATHER = ("date,city,max temp,min temp,rainfall mm\n2024-01-10,Oslo,0,-3,3.4\n2024-01-10,Leeds,12,7,1.2\n"
           "2024-01-10,Madrid,15,4,0\n2024-01-11,Oslo,-1,-6,0\n2024-01-11,Leeds,9,4,5.5\n2024-01-11,Madrid,13,2,0.4\n")


@pytest.mark.parametrize("question", [
    "What was the max temp in Leeds on the day Oslo had its lowest min temp?",
    "What was the rainfall in Madrid on the day Leeds had its highest rainfall?",
    "How many times did Oslo have rain?",
    "How many times did it rain?",
])
def test_an_unjoined_pair_of_values_or_how_many_times_of_a_measure_is_refused(question):
    outcome = router_agent(WEATHER).ask(question)
    assert outcome.status == "abstained", outcome.answer


@pytest.mark.parametrize("question, value", [
    ("What is the total rainfall in Leeds or Oslo?", 3.4 + 1.2 + 0 + 5.5),
    ("What is the total rainfall in Leeds, Oslo and Madrid?", 3.4 + 1.2 + 0 + 0 + 5.5 + 0.4),
])
def test_joined_values_stay_either_value(question, value):
    outcome = router_agent(WEATHER).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == pytest.approx(value)
