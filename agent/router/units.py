"""Unit nouns of a family of count columns: 'how many gold medals did Italy receive' on a table
with the columns Gold, Silver, Bronze, Total. The columns' header words each make a WordNet 3.0
compound noun with the question's noun ('gold medal', 'silver medal', 'bronze medal'), so the
noun is the unit those columns count; it is read as part of the column named before it ('gold
medals' is Gold), or, said alone ('how many medals did Norway win'), as the column whose cells
equal the family's sum on every row (Total = Gold + Silver + Bronze, checked on the table's own
values when the lexicon is built: agent/router/sums.py). With a unit read, a verb of getting ('won',
'earned', 'received', 'awarded', 'given': a verb whose first two WordNet senses are get.v.01,
give.v.03 or below them) says only that the count was obtained, and is read as part of it.

Precision guards (each leaves the word unread, so the verifier refuses naming it):
- a family needs two or more numeric columns whose header words compound with the noun: one
  header ('Home' and 'home run') is no family;
- a bare unit noun names the total column only when exactly one set of the table's numeric
  columns sums to it on every row and that set is the family;
- a verb of getting is read only when a unit was read in the same question, and never a verb of
  losing ('lost'), which WordNet does not place under get.
Without WordNet nothing is read here."""

from __future__ import annotations


from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.draft import Draft
from agent.router.reading import Evidence, Item, Reading
from agent.router.tokens import Token
from agent.router.wordnet import wordnet

UNIT = "unit"
"""The `Meaning.value` of the stop items read here: a unit noun or a verb of getting, part of a count."""
_GETTING = ("get.v.01", "give.v.03", "give.v.01")
"""WordNet verb synsets of obtaining or handing over, at or above a verb of getting."""


def read_units(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading) -> list[int]:
    """`rest` (unmatched token positions) without the unit nouns of a column family and, once one
    is read, the verbs of getting; each read word becomes an item of `reading` and is noted."""
    if len(lex.numeric_columns) < 2 or not rest or wordnet() is None:
        return rest
    unread, read_any = set(rest), False
    for p in rest:
        noun = _noun(tokens[p])
        family = _family(lex, noun) if noun else ()
        if len(family) < 2:
            continue
        named = _column_before(reading, p)
        if named is not None and (named in family or lex.row_sums.get(named) == frozenset(family)):
            reading.items.append(Item(tokens[p].text, p, [Meaning("stop", value=UNIT)]))
            why = (f"WordNet: '{_header_word(lex, named, noun)} {noun}' and its kin" if named in family
                   else f"on every row it is the sum of {', '.join(sorted(family))}")
            reading.notes.append(f"read '{tokens[p].text}' as the unit {named} counts ({why})")
        elif (total := _total_of(lex, family)) is not None:
            reading.items.append(Item(tokens[p].text, p, [Meaning("column", total)], evidence=Evidence.header))
            reading.notes.append(f"read '{tokens[p].text}' as {total} (on every row it is the sum of "
                                 f"{', '.join(sorted(family))}, which count {noun}s)")
        else:
            continue
        unread.discard(p)
        read_any = True
    if read_any:
        unread -= _getting_verbs(tokens, unread, reading)
    reading.items.sort(key=lambda it: it.pos)
    return [p for p in rest if p in unread]


def _noun(token: Token) -> str | None:
    """The token's noun lemma by morphy ('medals' -> medal), or None for a non-word."""
    if token.kind != "word" or len(token.lower) < 3:
        return None
    wn = wordnet()
    return (wn.morphy(token.lower, "n") if wn is not None else None) or None


def _family(lex: Lexicon, noun: str) -> tuple[str, ...]:
    """The numeric columns one of whose header words makes a WordNet compound noun with `noun`
    ('gold' + 'medal' -> gold_medal), in table order; cached on the lexicon per noun."""
    cache = lex.__dict__.setdefault("_unit_families", {})
    if noun not in cache:
        cache[noun] = tuple(c for c in lex.numeric_columns if _header_word(lex, c, noun) is not None)
    return cache[noun]


def _header_word(lex: Lexicon, column: str, noun: str) -> str | None:
    wn = wordnet()
    for word in sorted(lex.header_words.get(column, set())):
        if word.isalpha() and word != noun and wn is not None and wn.synsets(f"{word}_{noun}", "n"):
            return word
    return None


def _column_before(reading: Reading, pos: int) -> str | None:
    """The column of a strongly linked column item ending right before `pos`, or None."""
    for item in reading.items:
        if item.kind == "column" and not item.similar and not item.weak \
                and item.pos + len(item.text.split()) == pos:
            return item.column
    return None


def _total_of(lex: Lexicon, family: tuple[str, ...]) -> str | None:
    totals = [t for t, addends in lex.row_sums.items() if addends == frozenset(family)]
    return totals[0] if len(totals) == 1 else None


def _getting_verbs(tokens: list[Token], unread: set[int], reading: Reading) -> set[int]:
    """The positions among `unread` of verbs of getting ('won', 'earned', 'awarded'), added as stop
    items and noted."""
    found = {p for p in unread if tokens[p].kind == "word" and tokens[p].text == tokens[p].lower
             and _gets(tokens[p].lower)}
    for p in sorted(found):
        reading.items.append(Item(tokens[p].text, p, [Meaning("stop", value=UNIT)]))
    if found:
        words = ", ".join(f"'{tokens[p].text}'" for p in sorted(found))
        reading.notes.append(f"read {words} as obtaining the count asked (a verb of getting)")
    return found


def _gets(word: str) -> bool:
    """True when one of the first two WordNet verb senses of `word` is, or lies under, a verb of
    getting or giving (_GETTING)."""
    wn = wordnet()
    base = wn.morphy(word, "v") if wn is not None else None
    if wn is None or base is None:
        return False
    for sense in wn.synsets(base, "v")[:2]:
        if sense.name() in _GETTING or any(h.name() in _GETTING for h in sense.closure(lambda s: s.hypernyms())):
            return True
    return False


def unit_word(reading: Reading, pos: int) -> bool:
    """True for a unit noun or verb of getting read here ('more total medals', 'the difference in
    silver medals'): readers with their own word accounting (which_of, between) take it as part of
    the column named."""
    item = reading.at(pos)
    return item is not None and item.kind == "stop" and bool(item.meanings) and item.meanings[0].value == UNIT



def header_unit(after: Item | None, column: str, draft: Draft) -> None:
    """Mark read the word right after a compared number when it is one header word of the compared
    `column` itself ('a weight over 20 kg' on Weight (kg)): the unit the column's header states, not
    a second column to aggregate; noted."""
    if after is not None and after.kind == "column" and after.column == column and not after.used \
            and " " not in after.text and after.evidence == "header" and not after.similar and not after.weak:
        after.used = True
        draft.notes.append(f"read '{after.text}' as the unit of {column} (a word of its header)")
