"""A number's unit or comparison written after it, restated in the form the router reads: '95 per
cent' is '95%'; a comparison written after its number: '20% or more', '4 or higher', '$50 or less' is restated
as 'at least 20%', 'at least 4', 'at most $50' before the question is read, so the comparison
stands before its number as every later stage (and the verifier) reads it. '1 or 2' (a choice of
two values) and 'more or less' (an aside) are left as written."""

from __future__ import annotations

import re

from agent.router.redundant_bounds import single_bounds
from agent.router.restating import has_digit, restate

_POSTFIX = re.compile(r"(?<![\w.])(?P<number>-?[$€£]?\d[\d,]*(?:\.\d+)?%?)\s+or\s+"
                      r"(?P<side>more|higher|above|greater|over|less|fewer|lower|below|under)\b(?!\s+than\b)", re.I)
_PERCENT = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s+(?:per\s?cent|percent)\b(?!\s+of\b)", re.I)
"""'95 per cent', '95 percent': the number written with '%'; not '30 percent of total revenue' (a
share of another quantity, which the router refuses as such)."""
_UP = {"more", "higher", "above", "greater", "over"}


def _bound(match: re.Match) -> str:
    return f"{'at least' if match.group('side').lower() in _UP else 'at most'} {match.group('number')}"


def postfix_comparisons(question: str) -> tuple[str, str | None]:
    """(`question` with each '<number> or more|less ...' restated as 'at least|at most <number>', a
    note naming what was restated, or None when nothing was). A bound said twice ('at least 20
    points or more') is said once first (redundant_bounds.py)."""
    question, said = single_bounds(question)
    if not has_digit(question):
        return question, "; ".join(said) or None  # both patterns need a number
    question, note = restate(question, [(_PERCENT, lambda m: f"{m.group(1)}%"), (_POSTFIX, _bound)])
    return question, "; ".join([*said, *([note] if note else [])]) or None
