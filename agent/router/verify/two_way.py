"""Verifier rule for a plan answering with one of two words ('did A win more or less medals than
B?', 'is X above or below 30?'), written apart from its reader (router/two_way.py), which restated
the question with the first word alone for the other readers and the verifier to read. Re-derived
here from the question as asked: it holds exactly one pair of opposite comparison words joined by
'or' (adjacent: 'more or less', 'above or below'), the plan's `answers` are that pair in the order
written, and the plan's test compares in the first word's direction (up words '>', down words
'<'). A plan with answers the question does not offer, or in the other direction, refuses."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import Abstain
from agent.router.tokens import tokenize
from agent.router.verify.choices import DOWN as _DOWN
from agent.router.verify.choices import UP as _UP

UP = _UP | {"above", "over"}
DOWN = _DOWN | {"below", "under"}


def check_two_way(plan: BaseModel | None, question: str) -> None:
    """Raises Abstain when `plan` carries two answer words that are not the question's one pair of
    opposite comparison words, in order, or when its test compares the other way."""
    answers = list(getattr(plan, "answers", None) or [])
    if not answers:
        return
    words = [t.lower for t in tokenize(question)]
    pairs = [words[i:i + 3:2] for i in range(len(words) - 2) if words[i + 1] == "or"
             and ((words[i] in UP and words[i + 2] in DOWN) or (words[i] in DOWN and words[i + 2] in UP))]
    if pairs != [answers]:
        raise Abstain(f"The reading answers with {' or '.join(map(repr, answers))}, which is not the one pair of "
                      "opposite words the question offers.")
    if _direction(plan) != (">" if answers[0] in UP else "<"):
        raise Abstain(f"The question offers '{answers[0]} or {answers[1]}', but the test I could build compares "
                      "the other way; say which way.")


def _direction(plan: BaseModel) -> str | None:
    """'>' or '<': the test's strict comparison (an against test's, a compare test's, or the one
    comparison of an any test); None when there is not exactly one."""
    if type(plan).__name__ == "AgainstArgs":
        return plan.cmp
    if getattr(plan, "check", None) == "compare":
        return str(plan.cmp.value) if plan.cmp is not None else None
    compared = [p.op.value for p in [*plan.where, *plan.condition] if p.op.value != "="]
    return compared[0] if len(compared) == 1 and compared[0] in (">", "<") else None
