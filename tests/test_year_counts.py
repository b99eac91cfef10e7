"""'How many years ...' over a column of calendar years counts the different years among the rows
the conditions pick (agent/router/year_counts.py), never their total; answers worked by hand. A
year column of one row per value named by a key, or a non-year column, keeps the old refusals."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.plan import Agg
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
CHAMPIONS = ("Year,Champion,Runner-up\n1990,Stanford,UCLA\n1991,UCLA,Stanford\n1992,Stanford,USC\n"
             "1993,USC,UCLA\n1994,Stanford,UCLA\n")
REPEATS = "Season,Team,Wins\n2001,Ajax,10\n2001,PSV,12\n2002,Ajax,9\n2003,Ajax,11\n2003,PSV,8\n"
GAMES = "Games,Team\n3,Ajax\n5,PSV\n3,Feyenoord\n"


@pytest.mark.parametrize("csv, question, answer", [
    (CHAMPIONS, "how many years was stanford the champion?", 3),  # 1990, 1992, 1994
    (CHAMPIONS, "how many years has stanford been champion after 1990?", 2),  # 1992, 1994
    (CHAMPIONS, "how many years are listed?", 5),
    (REPEATS, "how many seasons are listed?", 3),  # 2001, 2002, 2003: 5 rows, 3 seasons
    (REPEATS, "how many seasons is psv listed?", 2),  # 2001, 2003
])
def test_years_counted_by_hand(csv, question, answer):
    outcome, result = router_ask(csv, question)
    assert outcome.plan.op is Agg.count_distinct and result.value == answer


@pytest.mark.parametrize("csv, question", [
    (GAMES, "how many games did ajax play?"),  # a count column: its total or distinct values? (unchanged)
    (CHAMPIONS, "how many champion years are listed?"),  # 'years' is not the word after 'how many'
])
def test_not_read_as_years(csv, question):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None or decision.plan.op is not Agg.count_distinct, decision.plan
