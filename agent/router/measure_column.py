"""The column a question aggregates (measure_column): the one it names, else the table's measure
column when a measure word ('spend', 'cost') is used, checked against that word."""

from __future__ import annotations

from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Lexicon
from agent.router.measure_words import check_measure_word, check_money_of_named, spent_column


def measure_column(draft: Draft, lex: Lexicon) -> str | None:
    """The column the question aggregates: the one it names, else the measure column when a
    measure word ('spend') is used. Raises Abstain when that is ambiguous."""
    named = list(dict.fromkeys(c.column for c in draft.columns if not c.used))
    if len(named) > 1:
        said = {c.column: c.text for c in reversed(draft.columns) if not c.used}
        words = ", ".join(f"'{said[n]}' names {n}" if said[n].casefold() != n.casefold() else f"'{said[n]}'"
                          for n in named)
        raise Abstain(f"The question names several columns to aggregate ({words}): which one is meant? Keep only "
                      "the name of the column meant, or ask for each in turn.")
    if named:
        if draft.measure_used and not draft.measure_consumed:
            check_money_of_named(draft.measure_words, named[0], draft.op, lex)
        return named[0]
    if draft.measure_used and draft.measure_consumed and lex.measure is None and not draft.magnitude:
        return None  # 'how many appointments cost more than $100': the comparison took the measure word
    if draft.measure_used or draft.magnitude:
        spent = spent_column(draft.measure_words, lex) if lex.measure is None and draft.measure_used else None
        if spent is not None:
            draft.notes.append(f"read '{draft.measure_words[0]}' as {spent} (money going out; the other amount "
                               "column holds money coming in)")
            return spent
        if lex.measure is None:
            raise Abstain("I could not tell which column holds the amount "
                          f"(candidates: {', '.join(lex.measure_candidates) or 'none'}).")
        if draft.measure_used and not draft.measure_consumed:
            check_measure_word(draft.measure_words, lex.measure, lex)
        draft.notes.append(f"read the amount as column {lex.measure}")
        return lex.measure
    return None
