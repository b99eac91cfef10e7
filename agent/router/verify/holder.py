"""Verifier rule: a question asking which row holds the largest or smallest value is not answered
by the value. 'what company has the top number of employees?' and 'who has the most golds?' ask
for the company or the person; a plan computing MAX(Employees) answers 'what is the top number of
employees?', another question."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import Abstain
from agent.router.reading import Reading

SUPERLATIVES = {"most", "top", "highest", "largest", "greatest", "biggest", "best", "least", "fewest", "lowest",
                "smallest", "worst", "maximum", "minimum", "max", "min"}
_HOLDING = {"has", "have", "had", "got", "gets", "get", "received", "receives", "won", "wins", "earned", "scored",
            "holds", "held", "took", "achieved", "recorded", "offers", "offered"}
"""Verbs whose subject is the row that holds the value ('X has the most Y')."""
_HOLDER_QUESTIONS = {"who", "whom", "whose", "which"}


def asks_for_holder(reading: Reading) -> str | None:
    """The words of `reading` that ask for the row holding an extreme value, or None: 'has the
    most' (a verb of having, 'the', a superlative), or 'who'/'which' opening a question with a
    superlative."""
    words = [t.lower for t in reading.tokens]
    for i, word in enumerate(words[:-2]):
        if word in _HOLDING and words[i + 1] == "the" and words[i + 2] in SUPERLATIVES:
            return " ".join(words[i:i + 3])
    if words and words[0] in _HOLDER_QUESTIONS and any(w in SUPERLATIVES for w in words):
        return words[0]
    return None


def check_holder(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when `plan` is one MAX/MIN value over the rows (an AggregateArgs without
    grouping) and the question asks which row holds it (asks_for_holder)."""
    if type(plan).__name__ != "AggregateArgs" or plan.group_by or plan.op.value not in ("max", "min"):
        return
    words = asks_for_holder(reading)
    if words is not None:
        raise Abstain(f"'{words}' asks which row holds the {'largest' if plan.op.value == 'max' else 'smallest'} "
                      f"{plan.column}, not the value itself; ask 'which <name column> has the "
                      f"{'highest' if plan.op.value == 'max' else 'lowest'} {plan.column}'.")
