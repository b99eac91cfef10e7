"""Trial 8: a footnote cell '[a]' is no
value a question's article names (router/values._marked_word)."""

from __future__ import annotations

import pytest

from agent.router.values import _marked_word
from tests.helpers import router_agent

PEAKS = ("Mountain,Height (m),Notes\nEverest,8849,Highest\nK2,8611,\nLhotse,8516,[a]\nMakalu,8485,\n")


@pytest.mark.parametrize("text, marked", [("[a]", True), ("(b)", True), ("*the*", True), ("a", False),
                                          ("[note 1]", False), ("A1", False), ("The Who", False)])
def test_what_is_a_marked_word(text, marked):
    assert _marked_word(text) is marked


@pytest.mark.parametrize("question, value", [
    ("How many mountains have a Height (m) above 8500?", 3),  # Everest, K2, Lhotse (8516); not Notes = '[a]'
    ("Is there a mountain taller than 8800?", True),           # Everest
])
def test_an_article_is_never_a_footnote_cell(question, value):
    outcome = router_agent(PEAKS).ask(question)
    assert outcome.status == "answered", outcome.answer
    assert "[a]" not in outcome.answer
    result = outcome.results[-1].result
    assert (result.answer if value is True else result.value) == value
