"""The router's reading of a record lookup ('Find transactions from Jennifer Banks'): names,
places, amounts and dates become typed predicates against the table's own columns and values
(first = 'Jennifer' AND last = 'Banks'; 'Texas' -> state = 'TX' by the profile's alias); the
whole question stays the search text, so words that map to nothing still rank records."""

from __future__ import annotations

import re


from agent.config import SearchConfig
from agent.errors import near
from agent.router import vocabulary as V
from agent.predicates import text_codes
from agent.plan import Op, Predicate, SearchArgs
from agent.router.lexicon import Lexicon
from agent.router.draft import Abstain
from agent.router.parse import build_draft
from agent.router.link import read
from agent.router.reading import Reading
from agent.table import ColumnRole, Table


def lookup_plan(question: str, lex: Lexicon, table: Table, config: SearchConfig) -> tuple[SearchArgs, list[str]]:
    """(search arguments, notes). Raises Abstain for a question the router cannot turn into a
    lookup: one ordered by a value ('the 5 largest transactions': a ranking, not a search) or an
    'or' across columns."""
    reading = read(question, lex)
    _check_asks_for_rows(question, reading)
    ranked = _RANKED.search(question) or _superlative(question, reading)
    if ranked:
        raise Abstain(f"it asks for records ordered by a value ('{ranked.group()}'), which search does not rank "
                      "by; ask for the value itself ('what is the lowest <column>?') or the row holding it "
                      "('who has the lowest <column>?')")
    _check_one_person(question)
    _disambiguate(reading, table)
    notes: list[str] = []
    top_n = _count_asked(reading) or config.top_n
    approximate = _approximate(question, reading, lex, notes)
    identifiers = _identifiers(question, reading, table, notes)
    draft = build_draft(Reading(items=reading.items, unmatched=[]), lex, table)
    if draft.order or draft.op:
        raise Abstain("it asks for records ordered by a value (top, largest, lowest), which search does not "
                      "rank by; ask for the value itself (e.g. 'what is the largest amt?')")
    if sum(p.op is Op.in_ for _, p in draft.predicates) > 1:
        raise Abstain("'or' joins values of several columns (two people, or a person and a place): every "
                      "combination would match; ask for each one separately")
    notes = draft.notes + notes
    where = ([p for _, p in sorted(draft.predicates, key=lambda item: item[0])] + approximate + identifiers
             + _names(question, reading, table, notes))
    words = [u for u in reading.unmatched if not V.TIER3.fullmatch(u)]
    if words:
        notes.append(f"searched by words: {', '.join(repr(u) for u in words)}")
    return SearchArgs(query=question, where=where, candidates=config.candidates, top_n=top_n), notes


_RANKED = re.compile(r"\b(cheapest|priciest|dearest|most expensive|least expensive|most recent|newest|oldest|"
                     r"latest|earliest|biggest|largest|smallest|highest|lowest|top|bottom|best|worst|greatest|fewest|most|least)\b", re.I)


_EST = re.compile(r"\b[a-z]{3,}est\b", re.I)
_NOT_SUPERLATIVE = {"interest", "request", "contest", "forest", "guest", "harvest", "protest", "suggest", "digest",
                    "manifest", "arrest", "invest", "honest", "modest", "midwest", "northwest", "southwest",
                    "conquest", "inquest", "priest", "tempest", "behest", "unrest", "attest", "bequest"}


def _superlative(question: str, reading: Reading) -> re.Match[str] | None:
    """A superlative beyond _RANKED ('the youngest employee', 'the tallest player'): the record
    ranked first by some column, which similarity search cannot find. Words read as a value of
    the table ('Budapest') are not superlatives."""
    values = {i.text.lower() for i in reading.items if i.kind in ("value", "flag")}
    return next((m for m in _EST.finditer(question)
                 if m.group().lower() not in _NOT_SUPERLATIVE and m.group().lower() not in values), None)


def _count_asked(reading: Reading) -> int | None:
    """'Show me 10 transactions': a number right before a row noun is how many records to return
    (1-50); the item leaves the reading so it is not read as a column value."""
    for n, item in enumerate(reading.items[:-1]):
        after = reading.items[n + 1]
        if item.kind == "number" and after.kind in ("row", "entity") and after.pos == item.pos + 1 \
                and item.number is not None and float(item.number).is_integer() and 1 <= item.number <= 50:
            reading.items.remove(item)
            return int(item.number)
    return None


_ID = re.compile(r"\b(?=\w*\d)\w{8,}\b")


def _identifiers(question: str, reading: Reading, table: Table, notes: list[str]) -> list[Predicate]:
    """Long codes ('card 630423337322', a transaction id): the column holding exactly that value
    becomes `column = code`; the number items they produced leave the reading."""
    out = []
    import pandas as pd
    for match in _ID.finditer(question):
        code = match.group()
        for column in table.df.columns:
            series = table.df[column]
            numeric = pd.api.types.is_integer_dtype(series)
            if numeric and not code.isdigit():
                continue
            value = int(code) if numeric else code
            if table.roles[column] in (ColumnRole.identifier, ColumnRole.categorical, ColumnRole.text) \
                    and bool((series == value).any()):
                out.append(Predicate(column=column, op=Op.eq, value=code))
                notes.append(f"read {code!r} as {column} = {code!r}")
                break
        for item in [i for i in reading.items if i.kind == "number" and code.startswith(i.text.lstrip("$"))]:
            reading.items.remove(item)
        reading.unmatched[:] = [u for u in reading.unmatched if u not in code and code not in u]
    return out


_QUESTION_STARTS = ("is", "are", "was", "were", "do", "does", "did", "has", "have", "can", "could", "will",
                    "what", "which", "how", "when", "where", "why")
_ONE_WHO = ("is", "was", "has", "had", "did", "does")
"""After 'who', verbs asking for one person ('who is the only person from Jamaica?': a name, not the
records; 'who are the customers from Texas?' asks for rows)."""


_APPROX = re.compile(r"\b(?:about|around|approximately|roughly|nearly|almost|approx\.?)\s+([-$€£]?\d[\d,]*(?:\.\d+)?)", re.I)
APPROX_SPREAD = 0.10
"""'about $66' is read as the money column between 66 - 10% and 66 + 10% (shown in the filter)."""


def _approximate(question: str, reading: Reading, lex: Lexicon, notes: list[str]) -> list[Predicate]:
    """'about $66' is no exact amount: as `amt = 66` it would find nothing or the wrong rows. Each
    approximate number becomes a +-10% range on the money column and leaves the reading (or, with
    no money column, is only searched for as text)."""
    out = []
    for match in _APPROX.finditer(question):
        item = next((i for i in reading.items if i.kind == "number" and i.text == match.group(1)), None)
        if item is None:
            continue
        reading.items.remove(item)
        if lex.measure is not None:
            low, high = round(item.number * (1 - APPROX_SPREAD), 2), round(item.number * (1 + APPROX_SPREAD), 2)
            out.append(Predicate(column=lex.measure, op=Op.between, value=low, upper=high))
            notes.append(f"read {match.group(0)!r} as {lex.measure} between {low:g} and {high:g}")
    return out


def _check_asks_for_rows(question: str, reading: Reading) -> None:
    """A lookup asks for rows: it names them ('transactions', 'records', 'customers', 'a sample')
    and is not a yes/no or what/which question ('Is there any applicant who...', 'What is the rating
    of the applicant who...': those want a value, which records would only seem to answer).
    Raises Abstain otherwise."""
    words = question.lower().split()
    if words and words[0].strip("?,.") in _QUESTION_STARTS:
        raise Abstain("it asks for a value or a yes/no answer, not for records; a record search would only "
                      "seem to answer it")
    if any(w.strip("?,.") in ("different", "distinct", "unique") for w in words):
        raise Abstain("it asks for the distinct values of a column, not for records")
    names_rows = any(i.kind in ("row", "entity") for i in reading.items) or any(
        w.strip("?,.") in ("sample", "samples", "example", "examples") for w in words)
    if not names_rows:
        raise Abstain("it does not ask for rows (transactions, records, a sample...); to list a column's "
                      "distinct values ask 'what are the distinct values of <column>?'")


def _check_one_person(question: str) -> None:
    """Raises Abstain for 'who is/was/had ...' (_ONE_WHO) and for 'who' before a verb in the past
    ('who produced the track X?'): it asks for one person's value, which records would only seem to
    answer ('who is the only person to rank from jamaica?'); and for 'the only <noun>' anywhere
    ('tell me the only player from new zealand'): one value, not records."""
    words = [w.strip("?,.!'\"") for w in question.lower().split()]
    if len(words) > 1 and words[0] == "who" and (words[1] in _ONE_WHO or _past_verb(words[1])):
        raise Abstain("it asks for a value or a yes/no answer, not for records; a record search would only "
                      "seem to answer it")
    if any(a == "the" and b == "only" for a, b in zip(words, words[1:])):
        raise Abstain("'the only ...' asks for one value, not for records; a record search would only seem "
                      "to answer it; ask for the column's value")


def _past_verb(word: str) -> bool:
    """True for a regular past verb form ('produced', 'directed', 'won' is not caught): ends in 'ed'."""
    return len(word) > 4 and word.endswith("ed")


_PLACE = re.compile(r"city|state|country|region|location|place|town|address|street|zip|merchant|store|shop", re.I)


def _disambiguate(reading: Reading, table: Table) -> None:
    """Narrow values that belong to several columns, from their neighbours: right next to a value
    of an adjacent column ('Jessica Jordan': first then last, as the columns sit in the table), or
    right after 'in'/'at' (a place-like column: city, state, merchant...). Unresolved values are
    left alone (the parser then abstains and names them)."""
    order = {c: i for i, c in enumerate(table.df.columns)}
    items = reading.items

    def value_columns(item) -> list[str]:
        return list(dict.fromkeys(m.column for m in item.meanings if m.kind == "value")) if item.kind == "value" else []

    for n, item in enumerate(items):
        columns = value_columns(item)
        if len(columns) < 2:
            continue
        chosen: set[str] = set()
        for k in (n - 1, n + 1):
            other = value_columns(items[k]) if 0 <= k < len(items) else []
            chosen |= {c for c in columns for o in other if c != o and abs(order[c] - order[o]) == 1}
        if not chosen and n > 0 and items[n - 1].text.lower() in ("in", "at"):
            chosen = {c for c in columns if _PLACE.search(c)}
        if len(chosen) == 1:
            item.meanings = [m for m in item.meanings if m.column in chosen]


def value_words(table: Table) -> dict[str, list[str]]:
    """Lowercase word -> text columns with a value containing it as a word ('kirlin' -> ['merchant']
    from 'fraud_Kirlin and Sons'). Cached on the table; cost: one pass over distinct values."""
    cache = table.__dict__.get("_value_words")
    if cache is None:  # built whole, then published (tool calls run in several threads)
        cache = {}
        for column, role in table.roles.items():
            if role in (ColumnRole.categorical, ColumnRole.text):
                for value in text_codes(table, column).categories:
                    for word in re.findall(r"[^\W_]+", str(value).lower()):
                        columns = cache.setdefault(word, [])
                        if column not in columns:
                            columns.append(column)
        cache = table.__dict__.setdefault("_value_words", cache)
    return cache


def _names(question: str, reading: Reading, table: Table, notes: list[str]) -> list[Predicate]:
    """Capitalised words the lexicon did not match ('Kirlin', 'Smithers'). A word inside the values
    of exactly one column becomes `column contains word` (an exact filter); one inside several
    columns' values is left to the ranking (noted); one inside no value raises Abstain naming it, with
    near values offered as such, since search would otherwise return near misses as if they matched."""
    first = question.split()[0] if question.split() else ""
    words = value_words(table)
    out = []
    for n, phrase in enumerate(reading.unmatched):
        tokens = phrase.split()[1:] if n == 0 and phrase.split()[0] == first else phrase.split()
        for name in (w for w in tokens if w[:1].isupper() and w.lower() not in V.STOPWORDS):
            columns = words.get(name.lower(), [])
            partner = _next_column(question, name, reading, table)
            if partner and not columns:
                out.append(Predicate(column=partner, op=Op.eq, value=name))
                notes.append(f"read {name!r} as {partner} = {name!r} (it follows a value of the column before)")
            elif len(columns) == 1:
                out.append(Predicate(column=columns[0], op=Op.contains, value=name))
                notes.append(f"read {name!r} as {columns[0]} contains {name!r}")
            elif columns:
                notes.append(f"{name!r} occurs in {', '.join(columns)}: used for ranking, not as a filter")
            else:
                raise Abstain(f"no records match {name!r}: it is not a value of any column of {table.name}."
                              + _near(name, table))
    return out


def _next_column(question: str, name: str, reading: Reading, table: Table) -> str | None:
    """For 'Jennifer Banks' where Banks is no value: when `name` directly follows a value of column
    X, the text column right after X in the table (first -> last), else None. An exact predicate,
    so a name that is absent gives 'no rows matched' with near values, never other people's rows."""
    words = question.split()
    at = next((i for i, w in enumerate(words) if w.strip("?,.").removesuffix("'s") == name), None)
    if not at:
        return None
    before = words[at - 1].strip("?,.")
    columns = list(table.df.columns)
    for item in reading.items:
        if item.kind == "value" and item.text.split()[-1] == before and len({m.column for m in item.meanings}) == 1:
            index = columns.index(item.column) + 1
            if index < len(columns) and table.roles[columns[index]] in (ColumnRole.categorical, ColumnRole.text):
                return columns[index]
    return None


def _near(name: str, table: Table) -> str:
    hints = []
    for column, role in table.roles.items():
        if role in (ColumnRole.categorical, ColumnRole.text):
            close = near(name, [str(c) for c in text_codes(table, column).categories], n=3)
            if close:
                hints.append(f"{column}: {', '.join(repr(c) for c in close)}")
    return f" Near values (not matches): {'; '.join(hints[:3])}." if hints else ""
