"""'What is the highest rated book?' asks for a book, not for the highest rating: when the noun
phrase a 'what/which is the ...' question asks about ends in a noun for the table's rows ('book',
'employees', the file's noun) or in a column of names other than the one computed ('the highest
scoring team'), a plan that returns one computed value (MAX(rating)) answers another question.
The router refuses, naming the phrase; 'the title of the highest rated book' or 'which title has
the highest rating' ask for the row's label and are read as a ranked row."""

from __future__ import annotations

from pydantic import BaseModel

from agent.plan import Agg, AggregateArgs
from agent.router.draft import Abstain
from agent.router.reading import Item, Reading
from agent.table import ColumnRole, Table

OPENERS = frozenset({"what", "which"})
COPULAS = frozenset({"is", "was", "are", "were", "'s"})
DETERMINERS = frozenset({"the", "a", "an"})
BOUNDARIES = frozenset({"of", "with", "in", "among", "amongst", "for", "that", "which", "who", "whose", "by", "from",
                        "on", "at", "to", "per", "across", "than", "and", "or", "over", "under", "between", "where",
                        "when", "whom", "has", "have", "had"})
"""Words that end the asked noun phrase ('the highest rating of a book': the head is 'rating')."""
_LABELS = (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier)


def asked_phrase(reading: Reading) -> tuple[int, int] | None:
    """(start, end) token span of the noun phrase after 'what/which is the' ('highest rated book'),
    up to a preposition or relative word (BOUNDARIES) or punctuation; None for another opening."""
    tokens = reading.tokens
    words = [t.lower for t in tokens]
    if len(words) < 3 or words[0] not in OPENERS:
        return None
    if words[1] in COPULAS:
        start = 3 if words[2] in DETERMINERS else 2
    elif words[1] in DETERMINERS:  # "What's the item ...": the tokenizer drops the contracted 's
        start = 2
    else:
        return None
    end = start
    while end < len(tokens) and tokens[end].kind == "word" and words[end] not in BOUNDARIES:
        end += 1
    return (start, end) if end > start else None


def _head(reading: Reading, span: tuple[int, int]) -> Item | None:
    last = span[1] - 1
    return next((i for i in reading.items if i.pos <= last < i.pos + max(1, len(i.text.split()))), None)


def check_row_asked(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when `plan` computes one value over the rows (an AggregateArgs other than a
    count, with no grouping) while the asked noun phrase ends in a row noun or in a column of names
    the plan neither computes nor groups by. Other plans and questions pass."""
    if not isinstance(plan, AggregateArgs) or plan.group_by or plan.op in (Agg.count, Agg.count_distinct):
        return
    span = asked_phrase(reading)
    head = _head(reading, span) if span is not None else None
    if head is None:
        return
    phrase = " ".join(t.text for t in reading.tokens[span[0]:span[1]])
    if head.kind in ("row", "entity"):
        raise Abstain(f"'the {phrase}' asks for a {head.text.lower()} (a row), not a computed value; name what to "
                      f"show, e.g. 'the <name column> of the {phrase}'.")
    if head.kind == "column" and head.column != plan.column and table.roles.get(head.column) in _LABELS:
        raise Abstain(f"'the {phrase}' asks for a {head.column} value, not the {plan.op.value} of {plan.column}; "
                      f"ask 'which {head.column} has the highest/lowest {plan.column}'.")
