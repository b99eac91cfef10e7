"""Wording the router's plans cannot express, caught while the parser reads a question: a
multiple of another quantity ('three times total cost', '30 percent of total revenue') and an
aggregate of aggregates ('average total amount per employee'). Each check returns the reason to
abstain, naming the words (the parser raises it), so no word drops silently; None when the wording is fine."""

from __future__ import annotations

from agent.router import vocabulary as V
from agent.router.lexicon import Lexicon
from agent.router.link import Item, Reading

_OUTER = {"average", "avg", "mean", "median", "standard deviation", "std"}
_INNER = {"total", "sum", "number of", "count"}
_NOUN = {"how many": "count", "average": "average", "avg": "average", "mean": "average", "median": "median",
         "standard deviation": "standard deviation", "std": "standard deviation", "total": "total", "sum": "total",
         "number of": "count", "count": "count"}


def nested_reason(item: Item, reading: Reading, lex: Lexicon) -> str | None:
    """An aggregate word after another ('average total amount per employee', 'mean number of trips
    per city', 'total average score') asks for an aggregate of per-group aggregates (a nested
    aggregate), which no plan computes: the reason to abstain rather than drop either word. 'average number
    of pages' (a count word naming a numeric column) is that column's average, not nested."""
    word = item.text.lower()
    earlier = [i.text.lower() for i in reading.of("op") if i.pos < item.pos]
    nested = (word in _INNER and any(e in _OUTER for e in earlier)) or \
             (word in _OUTER and any(e in (*_INNER, "how many") for e in earlier))
    if not nested:
        return None
    nxt = reading.after(item)
    if word in ("number of", "count") and nxt is not None and nxt.kind == "column" and nxt.column in lex.numeric_columns:
        return None
    first = next(i.text for i in reading.of("op") if i.pos < item.pos and i.text.lower() in _NOUN)
    outer, inner = (word, first.lower()) if word in _OUTER else (first.lower(), word)
    return (f"'{first} ... {item.text}' asks for an aggregate of aggregates (the {_NOUN[outer]} of each "
            f"group's {_NOUN[inner]}), which I cannot compute in one step; ask for the per-group values first.")


def framed(item: Item, reading: Reading) -> bool:
    """True when the only aggregate word before `item` is the question frame 'how much'."""
    return all(i.text.lower() == "how much" for i in reading.of("op") if i.pos < item.pos)


def multiple_reason(said: Item, number: Item, reading: Reading) -> str | None:
    """A number followed by 'times' / 'x' / 'fold', or by 'percent of' / '% of', is a multiple of
    another quantity ('more than three times total cost', 'at least 30 percent of total revenue'),
    never a bare threshold; no predicate or check compares with a multiple of an aggregate or a
    column, so this is the reason to abstain (`said`: the comparison word or the number itself)."""
    following = [t.lower for t in reading.tokens[number.pos + 1:number.pos + 3]] + ["", ""]
    if number.text.endswith("%"):
        of_word = following[0]  # '30% of'
    else:
        of_word = following[1] if following[0] in V.PERCENT_WORDS else ""  # '30 percent of'
    times = following[0] in V.MULTIPLE_WORDS and _quantity_after(number.pos + 2, reading)
    if not (times or of_word == "of"):
        return None
    end = number.pos + (2 if times or number.text.endswith("%") else 3)
    words = " ".join(t.text for t in reading.tokens[said.pos:end])
    return (f"'{words} ...' compares with a multiple of another quantity; I can compare with a number "
            "or with another aggregate, not with a multiple of one. Ask for each value.")


def _quantity_after(pos: int, reading: Reading) -> bool:
    """True when a quantity (a column, aggregate or measure word, a value: 'total cost', 'the average
    cost', 'that of Beta') follows token `pos`, so 'N times' is a multiple; 'reviewed more than 10
    times' (nothing after) counts occurrences."""
    while pos < len(reading.tokens) and reading.tokens[pos].lower in ("the", "that", "of", "as", "its", "their"):
        pos += 1
    item = reading.at(pos)
    return item is not None and item.kind in ("column", "op", "measure", "value", "flag", "entity", "row", "ratio")
