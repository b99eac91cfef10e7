"""First pass of the router's parser: a question's tokens read against a table's lexicon into
items (columns, values, numbers, dates, operator words), and the words nothing matched."""

from __future__ import annotations

import re
from itertools import islice

from agent.numbers import AmbiguousNumber, lenient_number
from agent.router import vocabulary as V
from agent.router.abbreviations import short_header_link
from agent.router.blanks import read_blanks
from agent.router.carriers import carrier_verbs
from agent.router.chinese import has_cjk, segment
from agent.router.embed_link import embedding_links
from agent.router.lexicon import Lexicon, Meaning, lookup_word
from agent.router.column_names import settle_columns
from agent.router.date_verbs import date_verbs
from agent.router.draft import Abstain
from agent.router.filler import column_modifiers, column_nouns, drop_fillers, flag_nouns
from agent.router.headers import link_headers
from agent.router.id_rows import id_nouns_as_rows
from agent.router.month_numbers import read_month_numbers
from agent.router.number_words import compared_number_word
from agent.router.person_verbs import person_verbs
from agent.router.reading import Evidence, Item, Reading
from agent.router.row_nouns import count_table_words, read_row_nouns, scope_table_words
from agent.router.value_rows import read_value_rows
from agent.router.value_verbs import value_verbs
from agent.router.synonyms import wordnet_links
from agent.router.word_senses import generic_synonyms
from agent.router.people import predicate_people
from agent.router.percent_words import percent_columns, rate_as_verb
from agent.router.plurals import plural_values
from agent.router.number_rivals import number_rivals
from agent.router.generic_words import absorb_generic
from agent.router.this_scope import but_joins, pronoun_scope, this_scope
from agent.router.tokens import Token, tokenize
from agent.router.total_of import total_as_sum
from agent.router.year_words import year_words
from agent.router.units import read_units
from agent.router.wordnet import only_a_name

__all__ = ["Item", "Reading", "iso_date", "parse_number", "read"]


def parse_number(text: str) -> float:
    """'$1,000' -> 1000.0, '12%' -> 12.0, '1.5e3' -> 1500.0, '3rd' -> 3.0 (an ordinal's suffix), '2,5' ->
    2.5 (never 25): the reading before the compared column is known (agent.numbers.lenient_number); a
    comparison re-reads it by the column's decimal convention."""
    return lenient_number(re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", text))


def iso_date(text: str) -> str:
    """'01/05/2024' (month first) -> '2024-01-05'; ISO text is normalised to zero-padded parts."""
    if "/" in text:
        a, b, year = (int(p) for p in text.split("/"))
        month, day = (a, b) if a <= 12 else (b, a)
        year = year + 2000 if year < 100 else year
        return f"{year:04d}-{month:02d}-{day:02d}"
    return "-".join(p.zfill(2) for p in text.split("-"))


def read(question: str, lex: Lexicon, embed: tuple[float, float] | None = None) -> Reading:
    """Read `question` against `lex`, longest phrase first; words no phrase matched are then linked
    to columns by their header words and acronyms (see `headers`), and the rest kept as unmatched
    phrases. Cost: O(tokens * lex.max_len) lookups."""
    tokens, notes = tokenize(question), []
    if has_cjk(tokens):
        tokens = segment(tokens, lex, notes)
    reading = Reading(tokens=tokens, notes=notes)
    i, gap = 0, []
    while i < len(tokens):
        item, width = _read_at(tokens, i, lex)
        if item is None:
            gap.append(i)
        else:
            reading.items.append(item)
        i += width
    rate_as_verb(tokens, reading)
    gap = read_month_numbers(reading, lex, gap)
    settle_columns(reading, lex, question)
    gap = _row_scope(tokens, gap, reading, lex)
    linked, rest = link_headers(tokens, gap, lex, reading)
    reading.items = sorted([*reading.items, *linked], key=lambda it: it.pos)
    person_verbs(reading, lex)  # 'borrowed' beside Borrower: the verb of each row
    rest = read_blanks(tokens, rest, reading)  # 'a blank remote', 'no certified value': IS NULL
    id_nouns_as_rows(reading, lex)  # 'employees' for a unique id employee: the rows
    percent_columns(reading)
    _quantity_of_rows(tokens, reading, lex)
    rest = flag_nouns(tokens, column_nouns(tokens, rest, reading), lex, reading)
    rest = column_modifiers(tokens, rest, lex, reading)
    rest = read_units(tokens, rest, lex, reading)
    rest = drop_fillers(tokens, absorb_generic(tokens, rest, reading), lex, reading)
    rest = _value_words(tokens, rest, lex, reading)
    rest = plural_values(tokens, rest, lex, reading)
    number_rivals(reading, lex)  # 'children': Genre 'Children' or Borrower Type 'Child'
    contested: list[int] = []
    if rest:
        rest, contested = wordnet_links(tokens, rest, lex, reading)
        rest = absorb_generic(tokens, rest, reading, generic_synonyms())
    rest = sorted(carrier_verbs(tokens, [p for p in rest if p not in contested], lex, reading)
                  + [p for p in rest if p in contested])  # 'how many articles were published'
    rest = value_verbs(tokens, rest, lex, reading)  # 'lessons does Mr Khan teach': the teacher's verb
    rest = year_words(tokens, rest, lex, reading)  # 'which year' on a column of calendar years
    rest = date_verbs(tokens, rest, lex, reading)  # 'members joined in 2021': join_date
    rest = _rows_then_embeddings(tokens, rest, contested, lex, reading, embed)
    reading.unmatched = _phrases(tokens, rest)
    total_as_sum(reading, lex)  # 'total gold medals' where Total = Gold + Silver + Bronze
    predicate_people(reading, lex)  # 'how many respondents are managers': a condition no column holds
    return reading


def _rows_then_embeddings(tokens: list[Token], rest: list[int], contested: list[int], lex: Lexicon,
                          reading: Reading, embed: tuple[float, float] | None) -> list[int]:
    """The last links of the words still unmatched (`rest`, token positions): row nouns and the
    table's own words, then (with `embed`: minimum, margin) embedding similarity. Positions WordNet
    ties to several columns (`contested`) are no later link's to pick. Returns those left."""
    # 'how many games ...': the rows counted, of the words WordNet left (never one it ties to columns)
    rest = sorted(read_row_nouns(tokens, [p for p in rest if p not in contested], reading, lex)
                  + [p for p in rest if p in contested])
    rest = read_value_rows(tokens, count_table_words(tokens, rest, reading), reading)  # 'the june 22 game'
    rest = scope_table_words(tokens, rest, reading)  # 'how many draws are on the chart'
    rest = but_joins(tokens, this_scope(tokens, rest, reading), reading)  # 'in this competition'
    rest = pronoun_scope(tokens, rest, reading, lex)  # 'how many movies has he been in'
    if embed is not None and rest:  # a span WordNet ties to several columns is no embedding's to pick
        rest = sorted(embedding_links(tokens, [p for p in rest if p not in contested], lex, reading, *embed)
                      + [p for p in rest if p in contested])
    return rest


def _value_words(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading) -> list[int]:
    """A run of unmatched words that all belong to exactly one text value ('Sapiens', 'the
    Quran') is read as that value, noted; a word shared by several values links nothing."""
    kept, i = [], 0
    while i < len(rest):
        run = [rest[i]]
        while i + len(run) < len(rest) and rest[i + len(run)] == run[-1] + 1:
            run.append(rest[i + len(run)])
        hits = {lex.value_words.get(tokens[p].lower, ()) for p in run}
        unique = {h for h in hits if h}  # 'Hazel Road': 'road' is in many titles, 'hazel' in one
        text = " ".join(tokens[p].text for p in run)
        before = tokens[run[0] - 1].lower if run[0] > 0 else ""
        # 'by colour' names a grouping, never a value; a second value holding the words makes it ambiguous
        if len(unique) == 1 and () not in hits and before not in ("by", "per") and _held_once(text, lex) \
                and not _weak_lowercase_link(tokens, run, next(iter(unique))[1], lex):
            column, value = unique.pop()
            reading.notes.append(f"read '{text}' as {column} = '{value}' (the one value holding it)")
            reading.items.append(Item(text, run[0], [Meaning("value", column, value)], evidence=Evidence.value_words))
        else:
            kept.extend(run)
        i += len(run)
    reading.items.sort(key=lambda it: it.pos)
    return kept


def _held_once(text: str, lex: Lexicon) -> bool:
    """True when exactly one text value holds `text` (casefolded); the scan stops at a second."""
    folded = text.casefold()
    return len(list(islice((v for v in lex.folded_values if folded in v), 2))) == 1


def _unless_lowercase_name(token: Token, meanings: list[Meaning] | None, lex: Lexicon) -> list[Meaning] | None:
    """`meanings` without the name values (Lexicon.proper) a lowercase word would link: 'make' is a
    verb, not the job 'Make'; a word WordNet reads as a name only ('norway') keeps them."""
    if not meanings or token.text != token.lower or token.lower not in lex.proper or only_a_name(token.lower):
        return meanings
    return [m for m in meanings if not (m.kind == "value" and m.value and m.value.casefold() in lex.proper)]


def _weak_lowercase_link(tokens: list[Token], run: list[int], value: str, lex: Lexicon) -> bool:
    """True when one lowercase word would stand for a longer value ('staff' for 'Staff Engineer')
    or for a name (Lexicon.proper): a common word inside a value is no evidence the value is meant."""
    if len(run) != 1 or tokens[run[0]].text != tokens[run[0]].lower:
        return False
    return value.casefold() != tokens[run[0]].lower or tokens[run[0]].lower in lex.proper


def _row_scope(tokens: list[Token], gap: list[int], reading: Reading, lex: Lexicon) -> list[int]:
    """'in a single season', 'in one transaction', 'in a season': the noun after single/given/one/
    each (or 'in a') is the row itself (unless it names a value); it is read as a row noun and the
    reading marked."""
    kept = []
    for pos in gap:
        if tokens[pos].lower in V.PERIOD_WORDS:
            kept.append(pos)  # 'the most sales in a single month' buckets a date, it is not one row
            continue
        if (pos and tokens[pos - 1].lower in V.ROW_SCOPE and compared_number_word(tokens, pos - 1) is None
                or _in_a(tokens, pos)) and not _modifier(tokens, pos, gap, reading, lex):
            reading.items.append(Item(tokens[pos].text, pos, [Meaning("row")]))
            reading.row_scope = True
            continue
        kept.append(pos)
    for item in reading.items:
        if item.kind == "column" and item.pos and tokens[item.pos - 1].lower in V.ROW_SCOPE - {"each"} \
                and " " not in item.text and compared_number_word(tokens, item.pos - 1) is None:  # 'in each class' groups by class; 'in a single season' is one row
            item.meanings, item.kind = [Meaning("row")], "row"
            reading.row_scope = True
        elif item.kind == "row" and item.pos and tokens[item.pos - 1].lower in V.ROW_SCOPE:
            reading.row_scope = True  # 'our best single transaction
    return kept


def _quantity_of_rows(tokens: list[Token], reading: Reading, lex: Lexicon) -> None:
    """'the amount of products in one transaction': a measure word followed by 'of' and a row noun
    counts items, so it names the one numeric column whose header says quantity (transaction_qty);
    with none or several such columns the measure word stays as it was."""
    for item in reading.items:
        if item.kind != "measure" or item.pos + 1 >= len(tokens) or tokens[item.pos + 1].lower != "of":
            continue
        after = reading.at(item.pos + 2)
        holders = [c for c in lex.numeric_columns if lex.header_words.get(c, set()) & V.QUANTITY_WORDS]
        if len(holders) == 1 and after is not None and after.kind == "row":
            item.meanings, item.kind = [Meaning("column", holders[0])], "column"
            reading.notes.append(f"read '{item.text} of {after.text}' as {holders[0]} (items counted in a row)")


def _modifier(tokens: list[Token], pos: int, gap: list[int], reading: Reading, lex: Lexicon) -> bool:
    """True when the word at `pos`, a word of text values, qualifies the next: 'each bicentenary stamp set'."""
    return tokens[pos].lower in lex.value_words and (pos + 1 in gap or any(i.pos == pos + 1 for i in reading.items))


def _in_a(tokens: list[Token], pos: int) -> bool:
    """'in a season', 'in any season': a noun that names no column or value after 'in a'/'in an'/
    'in any' is one row ('the most blocks in a season'); after 'in a single' ROW_SCOPE decides."""
    return pos >= 2 and tokens[pos - 2].lower == "in" and tokens[pos - 1].lower in ("a", "an", "any")


def _phrases(tokens: list[Token], positions: list[int]) -> list[str]:
    """Unmatched token positions grouped into phrases of adjacent words."""
    phrases: list[list[str]] = []
    for n, pos in enumerate(positions):
        if n and positions[n - 1] == pos - 1:
            phrases[-1].append(tokens[pos].text)
        else:
            phrases.append([tokens[pos].text])
    return [" ".join(p) for p in phrases]


_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)
"""A number written as an ordinal ('2nd', '21st')."""


def _number_led_value(tokens: list[Token], i: int, lex: Lexicon) -> tuple[Item, int] | None:
    """(the value item, its width) when the tokens from `i`, a number, spell a value of two or more
    tokens in the lexicon ('18', '-24' for the cell '18-24'); None otherwise."""
    for n in lex.lengths.get(tokens[i].lower, ()):
        key = tuple(t.lower for t in tokens[i:i + n])
        values = [m for m in lex.phrases.get(key, ()) if m.kind == "value"] if n > 1 and len(key) == n else []
        if values:
            return Item(" ".join(t.text for t in tokens[i:i + n]), i, values), n
    return None


def _read_at(tokens: list[Token], i: int, lex: Lexicon) -> tuple[Item | None, int]:
    token = tokens[i]
    if token.kind == "date":
        values = [m for m in lex.phrases.get((token.lower,), ()) if m.kind == "value"]
        if values:  # '2012-13' written as a value of a season column is that value, not a date
            return Item(token.text, i, values), 1
        return Item(token.text, i, [], date=iso_date(token.text)), 1
    if token.kind == "number" and (value := _number_led_value(tokens, i, lex)) is not None:
        return value  # '18-24' written as a value of an age-group column is that value, not 18 and -24
    if token.kind == "number" and _ORDINAL.fullmatch(token.text):
        values = [m for m in lex.phrases.get((token.lower,), ()) if m.kind == "value"]
        if values:  # '2nd' written as a value of a position column is that value, not the number 2
            return Item(token.text, i, values), 1
    if token.kind == "number":
        try:
            number, width = parse_number(token.text), 1
        except AmbiguousNumber as exc:
            raise Abstain(f"{exc}.") from None
        nxt = tokens[i + 1].lower if i + 1 < len(tokens) else ""
        if nxt in V.SCALE_WORDS:
            number, width = number * V.SCALE_WORDS[nxt], 2
            nxt = tokens[i + 2].lower if i + 2 < len(tokens) else ""
        currency = token.text.lstrip("-")[:1] in "$€£" or nxt in V.CURRENCY_WORDS
        return Item(token.text, i, [], number=number, currency=currency), width + (nxt in V.CURRENCY_WORDS)
    if token.lower in V.NUMBER_WORDS and (token.lower not in V.ARTICLE_NUMBERS or i > 0 and tokens[i - 1].lower == "a"):
        return Item(token.text, i, [], number=float(V.NUMBER_WORDS[token.lower])), 1
    if (compared := compared_number_word(tokens, i)) is not None:  # 'more than one title'
        return Item(token.text, i, [], number=compared), 1
    if token.text in lex.short_values and token.text != token.lower:
        return Item(token.text, i, lex.short_values[token.text]), 1
    for n in lex.lengths.get(token.lower, ()):
        if n == 1:
            meanings = _unless_lowercase_name(token, lex.phrases.get((token.lower,)), lex)
            if meanings:
                return Item(token.text, i, meanings), 1
            continue
        key = tuple(t.lower for t in tokens[i : i + n])
        if len(key) == n and key in lex.phrases:
            return Item(" ".join(t.text for t in tokens[i : i + n]), i, lex.phrases[key]), n
    meanings = lookup_word(lex, token)
    if meanings:
        return Item(token.text, i, meanings), 1
    if (short := short_header_link(lex, token.lower)) is not None:  # 'points' -> PTS
        return Item(token.text, i, [Meaning("column", short.column)], evidence=Evidence.header, weak=short.weak), 1
    if token.lower in V.MONTHS:
        return Item(token.text, i, [Meaning("month", value=str(V.MONTHS[token.lower]))]), 1
    return None, 1
