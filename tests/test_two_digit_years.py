"""Slash dates with a two-digit year ('05/03/24') are read in the 2000s, as the parse note says
('read as 2024-03-05'), in SQL too: DuckDB's %Y reads '24' as the year 24. Values by hand."""

from __future__ import annotations

import datetime as dt

from agent.sources import open_table
from tests.helpers import agent_over

ROWS = "d,v\n05/03/24,1\n14/03/24,2\n01/02/24,3\n10/04/2023,4\n"


def test_two_digit_years_are_this_century(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(ROWS)
    for table in (open_table(path), open_table(path, frame_rows=2)):
        if not table.lies_in_file:
            assert [d.date() for d in table.df["d"]] == [dt.date(2024, 3, 5), dt.date(2024, 3, 14), dt.date(2024, 2, 1),
                                                        dt.date(2023, 4, 10)]
        outcome = agent_over(table).ask("What is the total v in March 2024?")
        assert outcome.status == "answered", outcome.answer
        assert outcome.results[-1].result.value == 1 + 2  # 05/03/24 and 14/03/24, day-first
