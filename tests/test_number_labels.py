"""'name' asks for a text label: a column of numbers (Race 1..24) does not answer 'what was the
name of the last race?' while a column Race Name holds the names (agent/router/verify/accounted.py
with verify/cells.py). Values by hand."""

from __future__ import annotations

from agent.queries import RankArgs
from tests.helpers import router_ask, verifier_abstention

RACES = "Race,Race Name,Winner\n5,Suzuka,Ann\n6,Fuji,Bo\n7,Guia Race of Macau,Cy\n"


def test_a_number_column_never_answers_a_name():
    plan = RankArgs(by=None, order="desc", limit=1, columns=["Race"])
    reason = verifier_abstention(RACES, "what was the name of the last race?", plan)
    assert reason is not None and "'name'" in reason, reason


def test_a_text_column_still_answers_a_name():
    _, result = router_ask(RACES, "what was the winner of the last race?")
    assert "Cy" in str(result)  # the last row's Winner
