"""Ranked counts per group that the question's words do not ask for
(agent/router/verify/ranked_groups.py): 'the least notes' over cells holding heights with a unit
('1.75 m') or several numbers in one cell is the lowest value, not the fewest distinct values, and
'which team scored the least?' names no measure, so a row count per team is refused. Tiny tables,
values by hand."""

from __future__ import annotations

from agent.router.verify.cells import holds_measures
from agent.table import table_from_text
from tests.helpers import router_agent

# Heights with a unit: World Cup holds 2 rows with 2 different heights, the others 1 each; the old
# reading counted distinct Notes per Competition and named the 1-value ties.
JUMPS = ("Year,Competition,Notes\n2003,Youth Games,1.75 m\n2004,Junior Cup,1.80 m\n"
         "2010,World Cup,1.89 m\n2012,World Cup,1.92 m\n")
# One row per match: a count of rows per team is 1, 1, 2; 'scored' names no column.
MATCHES = "Team,Opponent,Result\nReds,Blues,W 2-1\nGreens,Reds,L 0-3\nGreens,Blues,W 1-0\n"
# Venues per competition: World Cup 2 different venues, the others 1; text, not measures.
VENUES = "Year,Competition,Venue\n2003,Youth Games,Rome\n2004,Junior Cup,Oslo\n2010,World Cup,Doha\n2012,World Cup,Lima\n"


def test_measures_are_cells_that_begin_with_a_number():
    assert holds_measures(table_from_text(JUMPS, "t.csv"), "Notes")
    assert not holds_measures(table_from_text(VENUES, "t.csv"), "Venue")


def test_the_least_of_a_measure_column_is_not_a_distinct_count():
    outcome = router_agent(JUMPS).ask("which competition has the least notes?")
    assert outcome.status == "abstained", outcome.answer
    assert "Notes" in outcome.answer


def test_a_distinct_count_of_text_values_per_group_still_ranks():
    outcome = router_agent(VENUES).ask("which competition has the most venues?")
    assert outcome.status == "answered" and "World Cup" in outcome.answer, outcome.answer


def test_scored_the_least_with_no_measure_is_refused():
    outcome = router_agent(MATCHES).ask("which team scored the least?")
    assert outcome.status == "abstained", outcome.answer
    assert "scored the least" in outcome.answer


# Draws per team, one row each: Plaza 7, Chorrillo 7, Tauro 2. 'the most' asks for the two at 7.
DRAWS = "Team,Won,Draws\nTauro,7,2\nPlaza,4,7\nChorrillo,3,7\n"


def test_each_group_with_the_most_is_not_a_ranking_of_every_group():
    outcome = router_agent(DRAWS).ask("list each team with the most draws.")
    assert outcome.status != "answered" or "Tauro" not in outcome.answer, outcome.answer


# Vehicles in service: counts with placeholders ('-') and a bound ('>50'); KM-45 holds two rows
# (2 distinct counts), every other model one. The fewest in service is Aquatrack (2), not the
# models tied at one distinct value.
FLEET = "Model,Origin,In Service\nLARC-V,US,5\nAquatrack,UK,2\nHMMWV,US,-\nKM-45,Korea,>50\nKM-45,Korea,12\n" \
        "KM-50,Korea,>100\nM151,US,-\n"


def test_counts_with_placeholders_and_bounds_are_measures():
    assert holds_measures(table_from_text(FLEET, "t.csv"), "In Service")


def test_the_column_right_before_the_least_is_not_a_distinct_count():
    outcome = router_agent(FLEET).ask("what model was in service the least?")
    assert outcome.status == "abstained", outcome.answer  # main: HMMWV and M151 tie at 0 distinct values
    assert "In Service" in outcome.answer
