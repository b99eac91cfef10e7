"""An average over several named things when one of them has several rows
(agent/router/verify/named_mean.py): refused when the named values hold unequal numbers of rows
of a column naming the rows; read when each is one row, or the column is a few repeated groups.
Tiny tables, averages by hand."""

from __future__ import annotations

from tests.helpers import router_agent

# Ann has two rows (18, 12), Bob one (16): the mean of the rows 15.33 weighs Ann twice.
# Cyril 14 and Dana 10 are one row each: their average is 12.
SCORERS = ("Rank,Player,County,Total\n1,Ann,Cork,18\n2,Bob,Kerry,16\n3,Cyril,Clare,14\n4,Ann,Cork,12\n"
           "5,Dana,Laois,10\n6,Eve,Down,9\n")
# Patients by state, a few repeated groups: NY ages 30, 40, 50 and CA 20, 60: mean of the 5 rows 40.
PATIENTS = "id,state,age\np1,NY,30\np2,NY,40\np3,CA,20\np4,NY,50\np5,CA,60\np6,TX,70\np7,TX,80\np8,TX,90\n"


def _ask(csv: str, question: str):
    return router_agent(csv).ask(question)


def test_an_average_of_named_rows_weighing_one_name_twice_is_refused():
    outcome = _ask(SCORERS, "what was the average of the totals of ann and bob?")
    assert outcome.status == "abstained", outcome.answer
    assert "'Ann' is on 2 rows" in outcome.answer


def test_an_average_of_named_values_one_row_each_is_read():
    outcome = _ask(SCORERS, "what was the average of the totals of cyril and dana?")
    assert outcome.status == "answered" and "12" in outcome.answer, outcome.answer


def test_an_average_over_repeated_groups_weighs_every_row():
    outcome = _ask(PATIENTS, "what is the average age in NY and CA?")
    assert outcome.status == "answered" and "40" in outcome.answer, outcome.answer
