"""A verb whose agent noun is the header of a value's column ('How many lessons does Mr Khan
teach?': Mr Khan is a teacher, teacher derives from teach) adds no condition: the rows of that
value are counted (router/value_verbs.py). Trial 9: 'teach' was refused as a misspelling of 'each'.
Counts by hand."""

from __future__ import annotations

from tests.helpers import router_agent

TIMETABLE = ("day,subject,teacher,minutes\nMon,Maths,Mr Khan,50\nMon,English,Ms Lee,50\nTue,Maths,Mr Khan,60\n"
             "Wed,Art,Ms Lee,40\nThu,Physics,Mr Khan,60\n")


def test_the_verb_of_a_values_column_counts_that_values_rows():
    outcome = router_agent(TIMETABLE, "lessons.csv").ask("How many lessons does Mr Khan teach?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 3


def test_the_verb_with_no_value_of_its_column_stays_unread():
    outcome = router_agent(TIMETABLE, "lessons.csv").ask("How many lessons on Mon teach?")
    assert outcome.status == "abstained", outcome.answer
