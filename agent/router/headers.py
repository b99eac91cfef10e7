"""Linking stage, second pass: words no exact phrase matched are linked to columns by the words of
their headers (split from snake and camel case: 'promotion' -> YearsSinceLastPromotion, 'monthly
income' -> MonthlyIncome) and by acronyms ('graduate record examination' -> GRE Score, 'statement
of purpose' -> SOP). A span that fits two columns equally links neither (the router then abstains
naming the words), so a near guess never becomes a plan."""

from __future__ import annotations

import re

from agent.router import vocabulary as V
from agent.router.abbreviations import AUXILIARIES
from agent.router.lexicon import Lexicon, Meaning, header_words, singular
from agent.router.reading import Evidence, Item, Reading
from agent.router.tokens import Token

_GLUE = {"of", "the", "for", "and", "in", "to", "a"}
_WEAK = {"stop", "row", "entity", "measure", "op"}
"""Items an acronym may absorb ('grade point average': 'average' is then not the aggregate)."""

_GENERIC = {singular(w) for w in V.GENERIC_HEADER_WORDS}


def link_headers(tokens: list[Token], gap: list[int], lex: Lexicon, reading: Reading) -> tuple[list[Item], list[int]]:
    """(column items linked, positions still unmatched) for the unmatched token positions `gap`.
    Notes of each link are appended to `reading.notes`."""
    linked, rest = _acronyms(tokens, gap, lex, reading) if lex.acronyms and gap else ([], gap)
    compounds, rest = _initial_compounds(tokens, rest, lex, reading)
    items, rest = _header_spans(tokens, rest, lex, reading)
    return [*linked, *compounds, *items], rest


_COMPOUND = re.compile(r"([A-Za-z])_?([A-Za-z][a-z]{3,})")


def _initial_compounds(tokens: list[Token], gap: list[int], lex: Lexicon,
                       reading: Reading) -> tuple[list[Item], list[int]]:
    """'passenger class' for a header `Pclass` (one letter, then a word): two unmatched words, the
    second the header's word (or its plural), the first starting with its letter. Links only when
    one column fits."""
    heads = _compound_heads(lex)
    free, items = set(gap), []
    for pos in sorted(gap):
        if pos + 1 not in free or pos not in free or len(tokens[pos].lower) < 3:
            continue
        first, second = tokens[pos].lower, singular(tokens[pos + 1].lower)
        columns = heads.get((first[0], second), [])
        if len(columns) == 1 and first.isalpha():
            text = f"{tokens[pos].text} {tokens[pos + 1].text}"
            reading.notes.append(f"read '{text}' as {columns[0]} (its letter '{columns[0][0]}' and word '{second}')")
            items.append(_item(text, pos, columns[0]))
            free -= {pos, pos + 1}
    return items, [p for p in gap if p in free]


def _compound_heads(lex: Lexicon) -> dict[tuple[str, str], list[str]]:
    """{(letter, word): columns} of headers written as one letter then a word ('Pclass'), built
    once per lexicon and cached on it."""
    heads = lex.__dict__.get("_compound_heads")
    if heads is None:
        heads = {}
        for column in lex.header_words:
            if (m := _COMPOUND.fullmatch(column.strip())) is not None:
                heads.setdefault((m.group(1).lower(), m.group(2).lower()), []).append(column)
        lex.__dict__["_compound_heads"] = heads
    return heads


def _item(text: str, pos: int, column: str) -> Item:
    return Item(text, pos, [Meaning("column", column)], evidence=Evidence.header)


def _acronyms(tokens: list[Token], gap: list[int], lex: Lexicon, reading: Reading) -> tuple[list[Item], list[int]]:
    """Windows of 2-4 words (glue words like 'of' allowed inside) whose initials spell a header's
    acronym, or (2 words or more) its prefix or suffix when that fits one acronym only."""
    free, items = set(gap), []
    for pos in sorted(gap):  # 'gpa' for CGPA: an acronym missing only its first letter
        word = tokens[pos].lower
        hits = set(lex.acronym_tails.get(word, ())) if len(word) >= 3 else set()
        if len(hits) == 1 and word not in lex.acronyms:
            column = hits.pop()
            reading.notes.append(f"read '{tokens[pos].text}' as {column}")
            items.append(_item(tokens[pos].text, pos, column))
            free.discard(pos)
    weak = {i.pos for i in reading.items if i.kind in _WEAK and i.text.count(" ") == 0}
    for start in sorted(gap):
        if start not in free:
            continue
        for width in (5, 4, 3, 2):
            window = tokens[start: start + width]
            inner = [start + k for k, t in enumerate(window) if t.lower not in _GLUE]
            if len(window) < width or not all(p in free or p in weak for p in inner) or window[-1].lower in _GLUE \
                    or any(t.lower in AUXILIARIES for t in window):  # 'goals did' is no GD
                continue
            column = _acronym_of([t.lower for t in window], lex) or _acronym_of([tokens[p].lower for p in inner], lex)
            if column is None:
                continue
            reading.items = [i for i in reading.items if not start <= i.pos < start + width]
            text = " ".join(t.text for t in window)
            reading.notes.append(f"read '{text}' as {column} (the initials of {column.split()[0]})")
            items.append(_item(text, start, column))
            items[-1].weak = any(lex.headers.get(singular(tokens[p].lower)) for p in inner)  # 'uk single': US
            free -= {start + k for k in range(width)}
            break
    return items, sorted(free)


def _acronym_of(words: list[str], lex: Lexicon) -> str | None:
    if len(words) < 2:
        return None
    initials = "".join(w[0] for w in words if w[0].isalpha())
    if initials in lex.acronyms:
        return lex.acronyms[initials]
    near = set(lex.acronym_near.get(initials, ())) if len(initials) >= 2 else set()
    return near.pop() if len(near) == 1 else None


def _header_spans(tokens: list[Token], gap: list[int], lex: Lexicon, reading: Reading) -> tuple[list[Item], list[int]]:
    """Runs of unmatched words (glue words between allowed) that share header words of columns."""
    items, rest, span, columns = [], [], [], set()

    def close() -> None:
        nonlocal span, columns
        if span:
            dated = _dated_entity(span, columns, tokens, lex)
            column = None if dated else _choose(span, columns, tokens, lex) or _of_entity(span, columns, tokens, lex)
            if dated:
                reading.notes.append(f"read '{tokens[span[0]].text}' as the rows (each row is one "
                                     f"{header_words(next(iter(columns)))[0]}, on its {next(iter(columns))})")
            if dated or (column is None and _entity(span, columns, tokens, lex)):
                items.append(Item(tokens[span[0]].text, span[0], [Meaning("row")], evidence=Evidence.header))
            elif column is None:
                rest.extend(span)
            else:
                text = " ".join(tokens[p].text for p in span)
                reading.notes.append(f"read '{text}' as {column} (words of its header)")
                items.append(_item(text, span[0], column))
                items[-1].weak = not any(lex.headers.get(singular(tokens[p].lower)) for p in span)  # a shared word start
        span, columns = [], set()

    for pos in gap:
        candidates = lex.headers.get(header_key(tokens[pos]), set()) or derived_header(tokens[pos].lower, lex) \
            or _derived_generic(tokens, pos, lex)
        glued = span and all(tokens[p].lower in _GLUE or tokens[p].lower in V.STOPWORDS
                             for p in range(span[-1] + 1, pos))
        if candidates and glued and columns & candidates:
            span.append(pos)
            columns &= candidates
            continue
        close()
        if candidates:
            span, columns = [pos], set(candidates)
        else:
            rest.append(pos)
    close()
    return items, sorted(rest)


_ACRONYM_PLURAL = re.compile(r"[A-Z]{2,}s")


def header_key(token: Token) -> str:
    """The token as a header word: singular, lowercase; an acronym's plural loses its 's' ('IDs'
    -> 'id', 'SKUs' -> 'sku'), which `singular` leaves alone in words of three letters."""
    if _ACRONYM_PLURAL.fullmatch(token.text):
        return token.lower[:-1]
    return singular(token.lower)


def derived_header(word: str, lex: Lexicon) -> frozenset[str]:
    """Columns of a header word the word is derived from or to ('satisfied' and Satisfaction,
    'promoted' and Promotion, 'educated' and Education): the word 7+ letters and the header word
    6+, a shared start of 6+ letters, at most 4 letters of the shorter one left over. Generic
    header words ('category', 'score') never. Cached on the lexicon per word (up to _CACHED_WORDS)."""
    if len(word) < 7:
        return frozenset()
    cache = lex.__dict__.setdefault("_derived_headers", {})
    found = cache.get(word)
    if found is None:
        found = frozenset(_derived_header(word, lex))
        if len(cache) < _CACHED_WORDS:
            cache[word] = found
    return found


_CACHED_WORDS = 8192
"""Question words whose derived-header columns a lexicon keeps (its headers fix them)."""


def _derived_header(word: str, lex: Lexicon) -> set[str]:
    """derived_header, computed."""
    found: set[str] = set()
    for header, columns in lex.headers.items():
        if len(header) < 6 or header in _GENERIC:
            continue
        shared = len(_common_start(word, header))
        if shared >= 6 and min(len(word), len(header)) - shared <= 4:
            found |= columns
    return found


def _derived_generic(tokens: list[Token], pos: int, lex: Lexicon) -> set[str]:
    """The one column a word derived from a generic header word names when 'of' and another word
    of that column's header follow ('the categorization of the first product': product_category);
    empty otherwise (a generic word alone names no column)."""
    word = tokens[pos].lower
    if len(word) < 7:
        return set()
    found = {c for header, columns in lex.headers.items() if header in _GENERIC and len(header) >= 6
             and len(_common_start(word, header)) >= 6
             and min(len(word), len(header)) - len(_common_start(word, header)) <= 4 for c in columns}
    column = _of_entity([pos], found, tokens, lex) if found else None
    return {column} if column else set()


def _common_start(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


def _entity(span: list[int], columns: set[str], tokens: list[Token], lex: Lexicon) -> bool:
    """One word that begins the header of several columns ('books' of 'Book Title' and 'Book
    Length'; 'store' of store_id and store_location) names what the rows are about, when one of
    those columns holds text (a title, a name, an id): 'units' of 'Units Sold' and 'Unit Price',
    both numbers, is a quantity, not the rows."""
    if len(span) != 1 or len(columns) < 2 or columns <= set(lex.numeric_columns):
        return False
    word = singular(tokens[span[0]].lower)
    return all(singular(header_words(c)[0]) == word for c in columns)


def _dated_entity(span: list[int], columns: set[str], tokens: list[Token], lex: Lexicon) -> bool:
    """One plural word that is the first word, not the last, of one date column's header and of no
    other ('matches' of Match Date, 'orders' of Order Date): the date is the match's, and the matches
    are what the rows are about, never the distinct dates."""
    if len(span) != 1 or len(columns) != 1:
        return False
    column, token = next(iter(columns)), tokens[span[0]]
    words = header_words(column)
    key = header_key(token)
    return column in lex.date_columns and len(words) >= 2 and words[0] == key and words[-1] != key \
        and token.lower != key and sum(key in w for w in lex.header_words.values()) == 1


_OF_REACH = 6
"""Words after 'of' searched for the entity noun ('the IDs of our 2 most popular stores')."""


def _of_entity(span: list[int], columns: set[str], tokens: list[Token], lex: Lexicon) -> str | None:
    """'the IDs of our 2 most popular stores' (IDs of transaction_id, store_id, product_id): one
    word shared by several headers, then 'of' and, within a few words, a noun that is a header word
    of exactly one of them (store_id: 'store'), so both words are words of that column's header.
    None when no such noun or several columns fit."""
    end = span[-1] + 1
    if len(span) != 1 or not columns or end >= len(tokens) or tokens[end].lower != "of":
        return None
    for token in tokens[end + 1: end + 1 + _OF_REACH]:
        word = singular(token.lower)
        fits = [c for c in columns if word in lex.header_words.get(c, set())]
        if word not in _GENERIC and word != header_key(tokens[span[0]]) and fits:
            return fits[0] if len(fits) == 1 else None
    return None


def _choose(span: list[int], columns: set[str], tokens: list[Token], lex: Lexicon) -> str | None:
    """The one column the span names: the only candidate (unless the span is only generic words
    like 'score' that do not cover its whole header), else the only one whose header it covers."""
    words = {singular(tokens[p].lower) for p in span}
    covered = [c for c in columns if lex.header_words[c] <= words]
    if len(columns) == 1:
        column = next(iter(columns))
        return column if (words - _GENERIC) or covered else None
    return covered[0] if len(covered) == 1 else None
