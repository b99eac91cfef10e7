"""An ordinal the table writes as a cell ('2nd' of Pos.) is that cell (agent/router/link.py):
'how many were in the 2nd pos.?' had been read as Tier = 2 (the number 2 said alone, tested on the
column holding it), counting the seasons in tier 2. An ordinal no cell spells is still a number.
Tiny tables, counts by hand."""

from __future__ import annotations

from tests.helpers import router_agent

# Seasons: Tier 3, 2, 2, 2, 1; Pos. 9th, 2nd, 5th, 11th, 2nd. Two seasons were 2nd; three in tier 2.
SEASONS = "Season,Tier,Division,Pos.\n2002,3,Estatal,9th\n2003,2,Honor B,2nd\n2004,2,Honor B,5th\n" \
          "2005,2,Plata,11th\n2006,1,Asobal,2nd\n"
# The same seasons with the position as a number: '2nd' spells no cell, it is the number 2.
NUMBERED = "Season,Tier,Division,Pos\n2002,3,Estatal,9\n2003,2,Honor B,2\n2004,2,Honor B,5\n" \
           "2005,2,Plata,11\n2006,1,Asobal,2\n"


def test_an_ordinal_cell_is_read_as_that_cell():
    outcome = router_agent(SEASONS).ask("how many were in the 2nd pos.?")
    assert outcome.status == "answered" and "2 of 5" in outcome.answer, outcome.answer  # main: Tier = 2


def test_an_ordinal_no_cell_spells_is_a_number():
    outcome = router_agent(NUMBERED).ask("how many rows have pos 2nd?")
    assert outcome.status == "answered" and "2 of 5 rows have Pos = 2" in outcome.answer, outcome.answer
