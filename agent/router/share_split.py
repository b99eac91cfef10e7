"""Which conditions of a percentage are its population (the base) and which one the share is of
(the numerator's condition): 'What percentage of HR respondents feel valued (agree)?' is the
share of HR respondents who agree, never the share of those who agree who are in HR."""

from __future__ import annotations

from agent.plan import Predicate
from agent.router.draft import Abstain, Draft
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading

BOUNDARY = {"are", "were", "is", "was", "has", "have", "had", "that", "who", "which"}
"""A verb or relative word after 'percentage of <rows>': the conditions after it are the share's."""
_LEADS = {"the", "all", "those", "our", "these"}
_JOINS = {"or", "and", "s"}
_PREPOSITIONS = {"in", "at", "from", "on", "for", "with", "by", "during", "within", "among", "of", "between",
                 "to", "and", "or", "but", "per", "than", "over", "under", "since", "before", "after"}


def split_share(draft: Draft, reading: Reading, lex: Lexicon) -> tuple[list[Predicate], list[Predicate]]:
    """(where, base) of a percentage. Date conditions and those inside 'of ...' (before the verb)
    define the population; the first condition after the verb, or a 0/1 flag ('fraud rate'), is
    what the share is of; other conditions ('in TX') narrow the population. With no verb word,
    the noun phrase right after 'of' ('of Customer Support respondents') is the population when
    words that are no preposition ('feel valued (agree)') follow it (subject_split). Raises
    Abstain when that noun phrase is followed by several conditions of the share."""
    ratio_pos = next(i.pos for i in reading.items if i.kind == "ratio")
    lead_of = next((i.pos for i in reading.items if i.pos < ratio_pos and i.text.lower() == "of"), None)
    of_pos = next((i.pos for i in reading.items if i.pos > ratio_pos and i.text.lower() == "of"), None)
    boundary = next((i.pos for i in reading.items if of_pos is not None and i.pos > of_pos
                     and i.text.lower() in BOUNDARY), None)
    if boundary is None and of_pos is not None and lead_of is None:
        subject = subject_split(draft, reading, lex, of_pos)
        if subject is not None:
            return subject
    if boundary is not None and reading.tokens[boundary].lower in ("who", "that", "which"):
        clause = _relative_clause(draft, reading, lex, boundary)
        if clause is not None:
            return clause
    where, base, loose = [], [], []
    for pos, p in draft.predicates:
        in_of = of_pos is not None and of_pos < pos < (boundary or 10**6)
        in_lead = lead_of is not None and lead_of < pos < ratio_pos  # "Of the fraudulent ones, what share ..."
        if p.column in lex.date_columns or in_lead or (in_of and boundary is not None):
            base.append(p)
        elif boundary is not None and pos > boundary:
            if where:  # 'percentage of trips that were cancelled in Lima': 'in Lima' narrows the population
                _narrows(pos, p, where[0], reading)
            (base if where else where).append(p)
        elif p.column in lex.flags.values():
            where.append(p)
        else:
            loose.append(p)
    if not where and loose:
        where.append(loose.pop(0))
    return where, base + loose


def subject_split(draft: Draft, reading: Reading, lex: Lexicon, of_pos: int) -> tuple[list, list] | None:
    """(where, base) of 'percentage of <conditions> [<rows noun>] <words> <condition>' with no verb
    word from BOUNDARY: the conditions of the noun phrase right after 'of' (up to and including
    the rows noun, 'Customer Support respondents') are the population, and the one condition after
    it is what the share is of, when the word after the noun phrase is no preposition ('feel
    valued (agree)'; 'of Lima trips in 2024' stays with split_share). Date conditions are always
    the population. None when the question is not of that shape. Raises Abstain when several
    conditions follow the noun phrase (which of them the share is of cannot be told)."""
    tokens = reading.tokens
    at = {pos: p for pos, p in draft.predicates if p.column not in lex.date_columns}
    i = of_pos + 1
    while i < len(tokens) and tokens[i].lower in _LEADS:
        i += 1
    inside: list[int] = []
    while i < len(tokens):
        item = reading.at(i)
        if item is not None and item.kind == "row":
            i += len(item.text.split())
            break
        if i in at:
            inside.append(i)
            i += len(item.text.split()) if item is not None else 1
        elif tokens[i].lower in _JOINS and inside:
            i += 1
        else:
            break
    after = [pos for pos in at if pos >= i]
    if not inside or not after or i >= len(tokens) or tokens[i].lower in _PREPOSITIONS:
        return None
    if len({at[pos].column for pos in after}) > 1:
        named = ", ".join(f"{at[pos].column} ({reading.at(pos).text if reading.at(pos) else pos})" for pos in after)
        raise Abstain(f"After '{' '.join(t.text for t in tokens[of_pos:i])}' (the rows the percentage is of) the "
                      f"question tests several columns: {named}; I cannot tell which one the share is of. "
                      "Ask for one at a time.")
    rest = [p for pos, p in draft.predicates if pos not in after and pos not in inside]  # dates, 'In 2024, ...'
    return [at[pos] for pos in after], [at[pos] for pos in inside] + rest


def _narrows(pos: int, p: Predicate, share: Predicate, reading: Reading) -> None:
    """Raises Abstain unless the condition `p` at `pos`, after the share's condition `share`, is led
    by a preposition ('that were cancelled in Lima'): 'who would recommend (yes) feel valued (agree)'
    may be the share of recommenders who agree, or of those who agree who recommend."""
    k = pos - 1
    while k >= 0:
        covering = next((i for i in reading.items if i.pos <= k < i.pos + len(i.text.split())), None)
        if covering is not None and covering.column == p.column and covering.pos < pos:
            k = covering.pos - 1
        elif reading.tokens[k].lower in ("the", "a", "an"):
            k -= 1
        else:
            break
    if k >= 0 and reading.tokens[k].lower in _PREPOSITIONS:
        return
    raise Abstain(f"The question tests {share.column} and then {p.column} after it; I cannot tell which of them "
                  "the share is of and which narrows the rows. Ask e.g. 'Of the rows where ..., what percentage ...'.")


def _relative_clause(draft: Draft, reading: Reading, lex: Lexicon, relative: int) -> tuple[list, list] | None:
    """(where, base) of 'percentage of respondents who would recommend (no) are in Sales': the
    conditions up to the verb after the relative clause (are/were/is/was/has/have/had) are the
    population, those after it the share. None when no such verb follows a condition of the clause.
    Raises Abstain when the share tests several columns."""
    verb = next((i.pos for i in reading.items if i.pos > relative and i.text.lower() in BOUNDARY - {"who", "that", "which"}
                 and any(relative < pos < i.pos for pos, _ in draft.predicates)), None)
    if verb is None:
        return None
    share = [p for pos, p in draft.predicates if pos > verb and p.column not in lex.date_columns]
    if not share:
        return None
    if len({p.column for p in share}) > 1:
        raise Abstain(f"After '{reading.tokens[verb].text}' the question tests several columns "
                      f"({', '.join(dict.fromkeys(p.column for p in share))}); I cannot tell which one the share is of.")
    return share, [p for _, p in draft.predicates if not any(p is q for q in share)]
