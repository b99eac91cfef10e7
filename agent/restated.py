"""The restatement an answer carries: agent.restate over the plan that ran, with the question's
own words for its columns where the router linked them exactly ('spend' -> amt)."""

from __future__ import annotations

from agent.outcome import AnyOutcome
from agent.restate import restate
from agent.router.lexicon_data import Lexicon
from agent.router.words import singular
from agent.router.link import read

_MEASURED = ("column", "by", "other")
"""Plan fields naming a column that is measured or ranked (what a generic measure word stands for)."""


def _norm(text: str) -> str:
    """'Categories' -> 'category', 'is_fraud' -> 'isfraud': the forms compared to tell a new word from the name."""
    return "".join(ch for ch in " ".join(singular(w) for w in text.lower().split()) if ch.isalnum())


def question_words(question: str, lexicon: Lexicon, measure: str | None) -> dict[str, str]:
    """Column -> the question's word for it, from the router's lexical reading only (no
    embedding links): a column named by another word ('gender' for sex), and the first generic
    measure word ('spend', 'amount') for `measure`, the column the router itself measured.
    Words equal to the column's name (ignoring case, plurals and punctuation) are left out."""
    reading = read(question, lexicon)
    words: dict[str, str] = {}
    for item in reading.items:
        if item.kind == "column" and item.column and not item.similar and _norm(item.text) != _norm(item.column):
            words.setdefault(item.column, item.text)
    named = {item.column for item in reading.items if item.kind == "column"}
    said = [item.text for item in reading.items if item.kind == "measure" and item.column is None]
    if measure and measure not in named and said:
        words.setdefault(measure, said[0])
    return words


def restated(outcome: AnyOutcome, lexicon: Lexicon | None) -> AnyOutcome:
    """`outcome` with its `restatement` set: the plan it answered from (its router plan or the
    model's last plan) restated with the question's words, else the last successful tool call's
    own restatement (a record search, a query tool the model called). Abstentions and failures
    state no reading. Returns the same object."""
    if outcome.status not in ("answered", "router_takeover"):
        return outcome
    if outcome.plan is not None:
        routed = outcome.router.plan if outcome.router is not None else None
        measure = next((getattr(routed, f) for f in _MEASURED if isinstance(getattr(routed, f, None), str)), None)
        words = question_words(outcome.question, lexicon, measure) if lexicon is not None else {}
        outcome.restatement = restate(outcome.plan, words)
    else:
        lines = [c.result.provenance.restatement for c in outcome.results if c.result.provenance.restatement]
        outcome.restatement = lines[-1] if lines else None
    return outcome
