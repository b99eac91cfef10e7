"""A summary row labelled with punctuation ('Total:') is left out like 'Total' (agent/summary_rows.py):
its numbers are the sums of the other rows, so counting or summing it doubles them."""

from __future__ import annotations

from agent.table import table_from_text
from tests.helpers import router_ask

GROUPS = "Group,Members,Seats\nSocialist,242,8\nRPR,136,6\nCommunist,34,2\nTotal:,412,16\n"


def test_a_total_row_with_a_colon_is_left_out():
    table = table_from_text(GROUPS, "groups.csv")
    assert table.rows == 3 and "Total:" not in set(table.df["Group"])


def test_counting_over_it_counts_the_groups_only():
    _, result = router_ask(GROUPS, "how many groups have more than 100 members?")
    assert result.value == 2  # Socialist 242, RPR 136; the 412 of 'Total:' is not a group


# Attendances closed by 'League total' (Total 30 + 20 + 10 = 60; High and Low the extremes, no
# sums, so the loader keeps the row): the top two teams by Total are Alpha and Bravo (50), never
# the total row (60 + 30 = 90).
LEAGUE = "Pos,Team,Total,High,Low\n1,Alpha,30,9,2\n2,Bravo,20,7,3\n3,Charlie,10,4,1\n,League total,60,9,1\n"


def test_a_total_row_labelled_league_total_is_not_ranked():
    from tests.helpers import router_agent
    outcome = router_agent(LEAGUE).ask("list the top 2 teams within highest total.")
    assert outcome.status != "answered" or "60" not in outcome.answer and "90" not in outcome.answer, outcome.answer
