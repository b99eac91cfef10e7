"""A person noun of the config's list ('students', agent/config.yaml router.entity_nouns) or of
WordNet ('democrats') that the table's cells say is not read as every row's people
(agent/router/cell_items.py): 'how many of the contestants were students?' had counted all the
rows beside Occupation cells 'Student'. The noun reads as the value its singular names, or the
question is refused; a person noun no cell says still counts the rows. Tiny tables, counts by hand."""

from __future__ import annotations

from agent.router.cell_items import in_cells
from agent.config import load_config
from agent.router.lexicon import build_lexicon
from agent.table import table_from_text
from tests.helpers import router_agent

# 4 contestants: 2 say Student alone, 1 'Student / Lifeguard', 1 Teacher
JOINED = "Name,Occupation\nAnn,Student\nBob,Student / Lifeguard\nCy,Teacher\nDee,Student\n"
# 4 contestants: 2 students, 2 not
PLAIN = "Name,Occupation\nAnn,Student\nBob,Lifeguard\nCy,Teacher\nDee,Student\n"
# 5 senators: 3 Democratic, 2 Republican
SENATE = "District,Name,Party\n1,Al Roe,Republican\n2,Bo Dee,Democratic\n3,Cal Fee,Democratic\n" \
         "4,Di Gee,Republican\n5,Ed Hay,Democratic\n"


def test_a_noun_formed_from_a_cell_is_in_cells():
    lex = build_lexicon(table_from_text(SENATE, "t.csv"), load_config(env={}).router)
    assert in_cells("democrats", lex) and in_cells("republicans", lex) and not in_cells("senators", lex)


def test_students_beside_student_cells_are_those_rows():
    outcome = router_agent(PLAIN).ask("how many of the contestants were students?")
    assert outcome.status == "answered" and "2" in outcome.answer, outcome.answer  # main: 4 (every row)


def test_students_beside_a_joined_cell_is_refused():
    outcome = router_agent(JOINED).ask("how many of the contestants were students?")
    assert outcome.status == "abstained", outcome.answer  # 2 or 3; main answered 4
    assert "Student / Lifeguard" in outcome.answer


def test_democrats_beside_democratic_cells_are_not_every_row():
    outcome = router_agent(SENATE).ask("what is the total number of democrats on this list?")
    assert outcome.status != "answered" or "3" in outcome.answer and "5" not in outcome.answer, outcome.answer


def test_a_person_noun_no_cell_says_counts_the_rows():
    outcome = router_agent(SENATE).ask("how many senators are on this list?")
    assert outcome.status == "answered" and "5" in outcome.answer, outcome.answer
