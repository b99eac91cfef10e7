"""Second pass: 'which X has the most Y per Z' (trial: 'Which Name has the most Floors per Height
(m)?' answered the (Name, Height) pair with the highest total Floors). 'per Z' right after a
measure Y is a rate: Y divided by Z, or the average Y over each Z (so much per visit), as much as a
second grouping of the pairs (X, Z); which one the question means its words do not say, so it is
refused naming the readings, as 'the average Y per Z' is (router/parse.py). 'The total Y per Z'
and 'Y by Z' with no 'which X' (one group per Z) are not touched."""

from __future__ import annotations

from agent.router.draft import Abstain, Draft
from agent.router.lexicon_data import Lexicon
from agent.router.reading import Evidence, Item, Reading


def check_rate_per(item: Item, per: Item, reading: Reading, draft: Draft, lex: Lexicon) -> None:
    """Raises Abstain when the column `item` follows 'per' (`per`) right after a measure (a numeric
    column or a measure word) in a question that already ranks a grouping ('which Doctor has the
    highest Amount Billed per visit'): a rate or a second grouping, which the words do not tell."""
    if per.text.lower() != "per" or not draft.group_by or not (draft.which or draft.order):
        return
    measure = reading.before(per)
    if measure is None or not (measure.kind == "measure" or (measure.kind == "column"
                                                             and measure.column in lex.numeric_columns)):
        return
    grouped, y, z = draft.group_by[0], measure.column or measure.text, item.column
    rate = f"a rate ({y} divided by {z}, or the average {y} of each {z})" if z in lex.numeric_columns \
        else f"the average {y} of each {z}"
    said = "" if item.evidence is Evidence.exact else f" ('{item.text}' read as {z}; it may mean each row)"
    raise Abstain(f"'{y} per {z}'{said} after a ranking of {grouped} could be {rate} or the {grouped} and {z} pair "
                  f"with the highest total; say which (e.g. 'the highest total {y} by {grouped} and {z}').")
