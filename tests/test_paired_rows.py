"""'how many <noun>' where each row names two of them (agent/router/verify/paired.py): a table of
ties with Team #1 and Team #2 holds 3 rows but 6 team entries, so a row count is refused naming
both columns; a table of one team per row still counts its rows. Tiny tables, counts by hand."""

from __future__ import annotations

from agent.router.verify.paired import columns_ending_in
from agent.table import table_from_text
from tests.helpers import router_agent

TIES = "Team #1,Agg,Team #2\nTopolniky,51-25,Union\nSvendborg,41-30,Goteborg\nTresnjevka,45-46,Sombor\n"
CLUBS = "Team,City,Founded\nReds,Oslo,1901\nBlues,Rome,1910\nGreens,Lima,1920\n"


def test_columns_ending_in_a_noun():
    assert columns_ending_in(table_from_text(TIES, "t.csv"), "team") == ["Team #1", "Team #2"]
    assert columns_ending_in(table_from_text(CLUBS, "t.csv"), "team") == ["Team"]


def test_a_row_count_of_paired_teams_is_refused():
    outcome = router_agent(TIES).ask("in total, how many teams are there?")
    assert outcome.status == "abstained", outcome.answer
    assert "Team #1, Team #2" in outcome.answer


def test_one_team_per_row_is_counted():
    outcome = router_agent(CLUBS).ask("how many teams are there?")
    assert outcome.status == "answered" and "3" in outcome.answer, outcome.answer
