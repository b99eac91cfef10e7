"""The router's reading of a record lookup ('Find transactions from Jennifer Banks'): names,
places, amounts and dates become typed predicates against the table's own columns and values
(first = 'Jennifer' AND last = 'Banks'; 'Texas' -> state = 'TX' by the profile's alias); the
whole question stays the search text, so words that map to nothing still rank records."""

from __future__ import annotations

from agent.config import SearchConfig
from agent.errors import near
from agent.policies import vocabulary as V
from agent.predicates import text_codes
from agent.plan import SearchArgs
from agent.policies.lexicon import Lexicon
from agent.policies.parse import Abstain, build_draft
from agent.policies.reading import Reading, read
from agent.table import ColumnRole, Table


def lookup_plan(question: str, lex: Lexicon, table: Table, config: SearchConfig) -> tuple[SearchArgs, list[str]]:
    """(search arguments, notes). Raises Abstain for a question the router cannot turn into a
    lookup: one ordered by a value ('the 5 largest transactions': a ranking, not a search) or an
    'or' across columns."""
    reading = read(question, lex)
    _check_names(question, reading, table)
    draft = build_draft(Reading(items=reading.items, unmatched=[]), lex, table)
    if draft.order or draft.op:
        raise Abstain("it asks for records ordered by a value (top, largest, lowest), which search does not "
                      "rank by; ask for the value itself (e.g. 'what is the largest amt?')")
    where = [p for _, p in sorted(draft.predicates, key=lambda item: item[0])]
    notes = list(draft.notes)
    if reading.unmatched:
        notes.append(f"searched by words: {', '.join(repr(u) for u in reading.unmatched)}")
    return SearchArgs(query=question, where=where, candidates=config.candidates, top_n=config.top_n), notes


def _check_names(question: str, reading: Reading, table: Table) -> None:
    """A capitalised word that is not a value of any column ('Jennifer Smithers' where no last name
    is Smithers) would otherwise only rank records, and the nearest Jennifers would come back as if
    they matched. Raises Abstain naming the word, with near values offered as such."""
    first = question.split()[0] if question.split() else ""
    for n, phrase in enumerate(reading.unmatched):
        words = phrase.split()[1:] if n == 0 and phrase.split()[0] == first else phrase.split()
        names = [w for w in words if w[:1].isupper() and w.lower() not in V.STOPWORDS]
        if not names:
            continue
        name = " ".join(names)
        hints = []
        for column, role in table.roles.items():
            if role in (ColumnRole.categorical, ColumnRole.text):
                close = near(name, [str(c) for c in text_codes(table, column).categories], n=3)
                if close:
                    hints.append(f"{column}: {', '.join(repr(c) for c in close)}")
        hint = f" Near values (not matches): {'; '.join(hints[:3])}." if hints else ""
        raise Abstain(f"no records match {name!r}: it is not a value of any column of {table.name}.{hint}")
