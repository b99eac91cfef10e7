"""Two more wordings of a difference between two rows (agent/router/compared.py) and a name
before a country code as a row's anchor (agent/router/anchors.py): answers worked by hand on small
tables; a side that is no one row, or a name spelled by two cells, refuses."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.queries import ChangeArgs
from agent.router.compared import compared_reading
from agent.router.router import Router
from agent.table import table_from_text
from tests.helpers import router_ask

CONFIG = load_config(env={})
CANALS = "Canal,Locks,Length\nAberdeen Canal,18,18\nCaledonian Canal,29,62\nForth Canal,39,35\n"
MEDALS = ("Rank,Nation,Gold,Silver,Bronze,Total\n1,China (CHN),95,71,65,231\n2,Russia (RUS),36,38,28,102\n"
          "3,Pakistan (PAK),1,0,1,2\n4,India (IND),1,1,1,3\n")
TWICE = "Nation,Gold\nChina (CHN),95\nChina,12\nRussia (RUS),36\n"


@pytest.mark.parametrize("csv, question, answer", [
    (CANALS, "how many more locks does caledonian canal have compared to aberdeen canal?", 11),  # 29 - 18
    (CANALS, "how many more locks does forth canal have compared with caledonian canal?", 10),  # 39 - 29
    (CANALS, "how much longer is caledonian canal compared to forth canal?", 27),  # length 62 - 35
    (MEDALS, "how many more medals did india earn compared to pakistan?", 1),  # Total 3 - 2
    (MEDALS, "how many more gold medals did china win than russia?", 59),  # 95 - 36
    (MEDALS, "what was the difference in gold medals between russia and china?", 59),  # 95 - 36
    (MEDALS, "what is the difference in silver for russia and china?", 33),  # 71 - 38
    (MEDALS, "what is the difference in the total bronze for china and india?", 64),  # 65 - 1
])
def test_difference_wordings_by_hand(csv, question, answer):
    outcome, result = router_ask(csv, question)
    assert isinstance(outcome.plan, ChangeArgs) and result.absolute == answer


@pytest.mark.parametrize("csv, question, words", [
    (CANALS, "how many more locks does caledonian canal have compared to suez canal?", "not a value"),
    (CANALS, "how many more locks does caledonian canal have compared to aberdeen canal in winter?", "not"),
    (TWICE, "what was the difference in gold between russia and china?", "not"),  # 'China' and 'China (CHN)'
    (MEDALS, "what is the difference in silver for russia and the moon?", "not a value"),
])
def test_difference_wordings_refused(csv, question, words):
    decision = Router(table_from_text(csv, "t.csv"), CONFIG.router).route(question)
    assert decision.plan is None and words in decision.abstain, decision.abstain


@pytest.mark.parametrize("question, restated", [
    ("how many more locks does A have compared to B?", "how many more locks does A have than B?"),
    ("how many fewer wins did A have compared with B", "how many fewer wins did A have than B"),
    ("what is the difference area for A and B", "what is the difference area between A and B"),
    ("which canal has more locks compared to B?", None),  # not 'how many more'
    ("how many more locks does A have than B compared to C?", None),  # 'than' already says it
    ("what is the difference for A and B for C", None),  # two 'for'
    ("what is the difference in locks for A", None),  # no 'and': one row
    ("what is the difference between A and B for C", None),  # 'between' already says it
])
def test_restated_only_in_these_shapes(question, restated):
    out, note = compared_reading(question)
    assert (out, note is not None) == ((restated, True) if restated else (question, False))
