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
