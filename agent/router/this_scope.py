"""Two wordings whose words pick no rows and compute nothing, read so that the verifier does not
refuse over them:

- 'in this competition', 'for this group', 'during this time period': 'this' after a preposition,
  followed by one or two words that name no column or value, points at what the whole table is
  about (the page the table came from); like 'on this chart' (row_nouns.scope_table_words) it
  adds no condition. Only when the run is unread, and it closes the question or a clause (the end,
  a question word after it: 'during this time period, which ...', or a verb of being or having:
  'from this album were ...'); a word of the run that names a column or value leaves the phrase
  to the other readings;
- 'more than 10,000,000 but less than 20,000,000': 'but' between a comparison's number and a second
  comparison joins the two conditions as 'and' does (both must hold);
- 'how many movies has he been in?', 'what was the only year she competed in kenya?': 'he', 'she',
  'his', 'her', 'him' with no person in the table to point at are the person the whole table is
  about (a career table: Year, Competition, Venue, Position). Only when no column's header names
  people or teams (router/who_row.names_people: 'Player', 'Winner', 'Team', 'Name'), apart from
  the other side of a contest ('Opponent', 'Partner'); with such a column the pronoun may be one
  of its rows, and it stays unread (the router refuses naming it).

Each is kept as a stop item and noted."""

from __future__ import annotations

from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.reading import Item, Reading
from agent.router.row_nouns import TABLE
from agent.router.tokens import Token
from agent.router.who_row import names_people

_PREPOSITIONS = frozenset({"in", "on", "for", "during", "from", "at", "throughout", "of"})
_CLOSERS = frozenset({"were", "was", "is", "are", "did", "does", "do", "has", "have", "had",
                      "which", "what", "who", "how", "when", "where"})


def this_scope(tokens: list[Token], rest: list[int], reading: Reading) -> list[int]:
    """`rest` (unread token positions) without '<preposition> this <one or two unread words>'
    closing the question or a clause; those words become stop items (TABLE), noted."""
    unread, found = set(rest), []
    words = [t.lower for t in tokens]
    for p in range(1, len(tokens) - 1):
        if words[p] != "this" or words[p - 1] not in _PREPOSITIONS:
            continue
        for width in (2, 1):
            run = list(range(p + 1, p + 1 + width))
            if run[-1] < len(tokens) and all(q in unread and tokens[q].kind == "word" for q in run) \
                    and _closes(tokens, run[-1] + 1):
                found.append((p - 1, run))
                break
    taken: set[int] = set()
    for start, run in found:
        span = [start, start + 1, *run]
        for q in span:
            if q in taken or any(it.pos == q for it in reading.items):
                continue
            reading.items.append(Item(tokens[q].text, q, [Meaning("stop", value=TABLE)]))
        taken |= set(span)
        reading.notes.append(f"read '{' '.join(tokens[q].text for q in span)}' as the table itself (every row)")
    if found:
        reading.items.sort(key=lambda it: it.pos)
    return [p for p in rest if p not in taken]


def _closes(tokens: list[Token], at: int) -> bool:
    """True when position `at` ends the question or a clause: nothing but marks follows, or a
    question word, or a verb of being or having (the tokens hold no commas)."""
    rest = [t for t in tokens[at:] if t.kind in ("word", "number")]
    return not rest or rest[0].lower in _CLOSERS


def but_joins(tokens: list[Token], rest: list[int], reading: Reading) -> list[int]:
    """`rest` without a 'but' that stands between a comparison's number (or date) and a second
    comparison ('more than 10 but less than 20'); that 'but' becomes a stop item, as 'and' is."""
    items = {it.pos: it for it in reading.items}
    joined = []
    for p in rest:
        if tokens[p].lower != "but":
            continue
        before = max((q for q in items if q < p), default=None)
        after = min((q for q in items if q > p), default=None)
        if before is None or after is None or after != p + 1:
            continue
        earlier = [it for q, it in items.items() if q < before and it.kind == "comparison"]
        if items[before].kind in ("number", "date") and items[after].kind == "comparison" and earlier:
            joined.append(p)
    for p in joined:
        reading.items.append(Item(tokens[p].text, p, [Meaning("stop")]))
        reading.notes.append(f"read '{tokens[p].text}' between two comparisons as 'and' (both hold)")
    if joined:
        reading.items.sort(key=lambda it: it.pos)
    return [p for p in rest if p not in joined]


PRONOUNS = frozenset({"he", "she", "his", "her", "him"})
OTHER_SIDE = frozenset({"opponent", "opponents", "opposition", "partner", "partners", "rival", "rivals",
                        "against", "vs"})
"""Header words of the other side of a contest: a column of them never holds the table's own person."""


def pronoun_scope(tokens: list[Token], rest: list[int], reading: Reading, lex: Lexicon) -> list[int]:
    """`rest` without the unread pronouns of PRONOUNS when no column names people or teams (module
    docstring); each becomes a stop item (TABLE), noted."""
    found = [p for p in rest if tokens[p].lower in PRONOUNS]
    if not found:
        return rest
    people = [c for c, words in lex.header_words.items() if names_people(c) and not OTHER_SIDE & set(words)]
    if people:
        return rest
    for p in found:
        reading.items.append(Item(tokens[p].text, p, [Meaning("stop", value=TABLE)]))
    reading.notes.append("read " + ", ".join(f"'{tokens[p].text}'" for p in found)
                         + " as the one the whole table is about (no column names people)")
    reading.items.sort(key=lambda it: it.pos)
    return [p for p in rest if p not in found]

