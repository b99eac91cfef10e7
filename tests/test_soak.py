"""Memory that stays flat: one process opening table after table the way `tally serve` and
`tally mcp` do keeps only a bounded number of tables loaded (bench/soak.py runs 300 and reports
the peak RSS). Every answer is checked against the total computed from the rows written."""

from __future__ import annotations

from agent.table import Table
from tests.soak_tables import live, live_agents, soak_serve, soak_toolset


def test_serve_keeps_a_bounded_number_of_tables_loaded(tmp_path):
    loaded, live, count = 2, 3, 16
    agents: list[int] = []
    report = soak_serve(tmp_path, count, lambda i: agents.append(live_agents()) if i >= count - 4 else None,
                        loaded_tables=loaded, live_sessions=live)
    assert report.wrong == []
    assert max(agents) <= loaded + live  # without the bounds every table's agent stayed (16 here)
    assert report.rss[-1] - report.rss[count // 2] < 30  # MB over 8 tables; ~4.5 MB a table when kept


def test_toolset_tables_are_released_when_dropped(tmp_path):
    before = live(Table)
    report = soak_toolset(tmp_path, 8)
    assert report.wrong == [] and live(Table) <= before  # every table (and its DuckDB copy) let go
    assert report.rss[-1] - report.rss[2] < 20
