"""Linking stage, WordNet pass: words no earlier pass linked are read through WordNet 3.0
(agent/router/wordnet.py) against the table's header words:

- synonyms: the word and a header word share a noun synset ('gender' and `sex`, 'salary' and
  `pay`), among the word's first two senses (so 'class' is not `Year`, a rare sense of both);
- abbreviations and expansions: the same test on lemmas of several words ('body mass index' and
  `BMI` share a synset), and the initials of a header of 2+ words ('bmi' for `Body Mass Index`);
- derived forms: the word and a header word derive from one lemma ('smoking' and `smoker`, both
  from the verb 'smoke'); word forms through morphy ('salaries' -> salary, 'children' -> child);
- people: a noun whose first sense is a kind of person ('individuals', 'patients') names who the
  rows are about (an entity noun, as config.router.entity_nouns), and a synonym of the file's
  noun ('films' in movies.csv) names the rows.

Precision first: a link is made only when it fits one column (a rival abstains: the words stay
unmatched and the note names both columns). Every link is noted ("read 'gender' as sex (WordNet:
...)") and marked Evidence.wordnet. The table's index is built once, on its first question with
unmatched words, and cached on its lexicon; WordNet itself loads once per process. What WordNet
says about one word (its senses, lemma, derivation roots, whether it names people) is
agent/router/word_senses.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.router import vocabulary as V
from agent.router.cell_items import in_cells
from agent.router.lexicon import Lexicon, Meaning, header_words
from agent.router.reading import Evidence, Item, Reading
from agent.router.tokens import Token
from agent.router import wordnet as W
from agent.router.people import some_people
from agent.router.word_senses import QUESTION_SENSES, is_people, is_person, lemma, roots, senses

__all__ = ["HEADER_SENSES", "HeaderIndex", "header_index", "value_form", "wordnet_links"]

HEADER_SENSES = 6
"""A header word's senses considered: a column named `sex` means its 4th noun sense."""
_MAX_SPAN = 4
_GENERIC = frozenset(V.GENERIC_HEADER_WORDS | {w + "s" for w in V.GENERIC_HEADER_WORDS})
"""Header words too generic to name a column alone ('year', 'type', 'score'): never indexed."""
_GLUE = {"of", "the", "and", "a", "an", "in", "for", "to", "per", "by"}


@dataclass
class HeaderIndex:
    """One table's header words as WordNet sees them: synset name -> {(column, header word)},
    derivation root -> {(column, header word)} of yes/no columns only ('smoking' and `smoker`,
    'survival' and `Survived`: for other columns a derived word often names another quantity, 'die'
    is not `Death date`), header initials -> {columns}."""

    synsets: dict[str, set[tuple[str, str]]] = field(default_factory=dict)
    roots: dict[str, set[tuple[str, str]]] = field(default_factory=dict)
    initials: dict[str, set[str]] = field(default_factory=dict)
    all_roots: set[str] = field(default_factory=set)
    """Derivation roots of every column's header words: a people noun deriving from one ('winners'
    beside `Won`) sets a condition, it does not name the rows."""
    table_noun: tuple[str, ...] = ()
    decisions: dict[tuple[str, bool], Decision] = field(default_factory=dict)
    """How each span of words read so far was decided (`_decide`), by its words."""
    """The first senses of the file's noun ('movies' of movies.csv): its synonyms name the rows."""


def header_index(lex: Lexicon) -> HeaderIndex:
    """The WordNet index of `lex`'s headers, built once and cached on the lexicon. Call only when
    WordNet is available (W.wordnet() is not None)."""
    cached = lex.__dict__.get("_header_index")
    if cached is None:
        cached = lex.__dict__["_header_index"] = _build(lex)
    return cached


def _build(lex: Lexicon) -> HeaderIndex:
    index = HeaderIndex()
    for column in lex.header_words:
        words = [w for w in header_words(column) if w.isalpha()]
        content = [w for w in words if w not in _GLUE]
        flag = column in lex.flag_values
        units = set(content) | {"_".join(words[i:j]) for i in range(len(words)) for j in range(i + 2, len(words) + 1)}
        for unit in units - _GENERIC:
            for name in senses(unit, HEADER_SENSES):
                index.synsets.setdefault(name, set()).add((column, unit.replace("_", " ")))
            for root in roots(unit):
                index.all_roots.add(root)
                if flag:
                    index.roots.setdefault(root, set()).add((column, unit.replace("_", " ")))
        if len(content) >= 2 and len(content) <= 6:
            index.initials.setdefault("".join(w[0] for w in content), set()).add(column)
    if lex.table_noun:
        index.table_noun = senses(lex.table_noun, 1)
    return index


def wordnet_links(tokens: list[Token], rest: list[int], lex: Lexicon,
                  reading: Reading) -> tuple[list[int], list[int]]:
    """Link the unmatched positions `rest` through WordNet (longest span first). Returns (positions
    still unmatched, those of them WordNet ties to several columns: no later, weaker link may pick
    one). Adds items and notes to `reading`. Without WordNet, notes why. A span's reading depends
    on its words and the table only, so it is decided once per table (HeaderIndex.decisions)."""
    if not any(tokens[p].kind == "word" for p in rest):
        return rest, []
    if (reason := W.missing()) is not None:
        reading.notes.append(reason)
        return rest, []
    index, free, contested = header_index(lex), set(rest), set()
    # a phrase WordNet knows as one lemma may take in one-word items ('index' of 'body mass index'
    # was read as the abbreviation of id)
    single = {i.pos for i in reading.items if " " not in i.text and i.kind not in ("number", "date")}
    readable = {p for p in free | single if _readable(tokens, p)}
    for start in sorted({p - k for p in free for k in range(_MAX_SPAN) if p - k >= 0}):
        for width in range(min(_MAX_SPAN, len(tokens) - start), 0, -1):
            span = range(start, start + width)
            if not all(p in readable and (p in free or (width > 1 and p in single)) for p in span) \
                    or not free.intersection(span) \
                    or not _eligible(tokens, span):
                continue
            linked = _link(tokens, span, lex, index, reading)
            if linked is None:
                contested |= free.intersection(span)
            elif linked:
                reading.items = [i for i in reading.items if not (i.pos in span and i.evidence is not Evidence.wordnet)]
                free -= set(span)
                break
    reading.items.sort(key=lambda it: it.pos)
    return [p for p in rest if p in free], sorted(contested & free)


def _readable(tokens: list[Token], p: int) -> bool:
    """A word WordNet may read: alphabetic, not a function word, not a capitalised name inside the
    sentence (names are values, never synonyms)."""
    token = tokens[p]
    return token.text.isalpha() and token.lower not in V.STOPWORDS and not (
        p > 0 and token.text[:1].isupper() and token.text != token.text.upper())


def _eligible(tokens: list[Token], span: range) -> bool:
    """A span WordNet may read (its words `_readable`): not starting or ending on glue, one word of
    3+ letters or several, not the noun of a prepositional idiom ('in terms of')."""
    if tokens[span[0]].lower in _GLUE or tokens[span[-1]].lower in _GLUE:
        return False
    if len(span) == 1 and 0 < span[0] < len(tokens) - 1 and tokens[span[0] - 1].lower == "in" \
            and tokens[span[0] + 1].lower == "of":
        return False  # 'in terms of', 'in front of': a preposition, whatever senses the noun has
    return len(span) > 1 or len(tokens[span[0]].text) >= 3


def _link(tokens: list[Token], span: range, lex: Lexicon, index: HeaderIndex, reading: Reading) -> bool | None:
    """Link one span as `_decide` reads it: True when linked, False when WordNet knows no link, None
    when it ties the span to several columns (noted, left unmatched)."""
    key = "_".join(tokens[p].lower for p in span)
    memo = (key, len(span) == 1 and tokens[span[0]].text.isupper())
    if memo not in index.decisions:
        index.decisions[memo] = _decide(key, memo[1], len(span), lex, index)
    decision = index.decisions[memo]
    if decision is None:
        return False
    text = " ".join(tokens[p].text for p in span)
    kind, meanings, why = decision
    if kind == "entity" and not is_people(key) and not _determined(tokens, span[0]):
        return False  # 'in butler county': a singular person noun only after a determiner
    if kind == "entity" and in_cells(key, lex):
        return False  # 'how many novelists' beside a cell 'Playwright, novelist': a condition, not every row
    if kind == "entity" and some_people(text, lex, reading, key):
        return False  # 'how many volunteers in HR' on one row per respondent: some respondents, not all
    if kind == "contested":
        reading.notes.append(f"WordNet ties '{text}' to several columns ({why}); linked none")
        return None
    notes = {"value": f"read '{text}' as {why}", "column": f"read '{text}' as {why}",
             "row": f"read '{text}' as the rows (WordNet: a synonym of the file's noun)",
             "entity": f"read '{text}' as the people the rows are about (WordNet: a kind of person)"}
    reading.notes.append(notes[kind])
    reading.items.append(Item(text, span[0], list(meanings), evidence=Evidence.wordnet))
    return True


_DETERMINERS = frozenset({"the", "a", "an", "each", "every", "any", "one", "no", "which", "what", "this", "that",
                          "our", "their", "its", "his", "her"})


def _determined(tokens: list[Token], pos: int) -> bool:
    """True when the word at `pos` follows a determiner ('the billionaire', 'every passenger'): a
    singular noun read as the rows' people; 'butler county' (no determiner) is a name."""
    return pos > 0 and tokens[pos - 1].lower in _DETERMINERS


Decision = tuple[str, tuple[Meaning, ...], str] | None
"""(kind: value/column/row/entity/contested, the item's meanings, the words of the note), or None."""


def _decide(key: str, upper: bool, width: int, lex: Lexicon, index: HeaderIndex) -> Decision:
    """How WordNet reads the words `key` (joined by '_') over this table: a value written in another
    form ('females' -> 'female'), a column when WordNet ties the words to one column only (several:
    contested), the rows (a synonym of the file's noun) or the people they are about."""
    if width == 1 and (values := value_form(key, lex)):
        base = values[0].value
        return "value", tuple(values), f"{values[0].column} = '{base}' (WordNet: a form of '{base.lower()}')"
    found, why = _columns(key, upper, width, index)
    if len(found) == 1:
        column = next(iter(found))
        return "column", (Meaning("column", column),), f"{column} (WordNet: {why[column]})"
    if len(found) > 1:
        return "contested", (), ", ".join(sorted(found))
    if width == 1 and index.table_noun and set(senses(key, QUESTION_SENSES)) & set(index.table_noun):
        return "row", (Meaning("row"),), ""
    if width == 1 and (is_people(key) or is_person(key)) and not roots(key) & index.all_roots:
        return "entity", (Meaning("entity"),), ""
    return None


def value_form(word: str, lex: Lexicon) -> list[Meaning]:
    """The value (or yes/no) meanings of the lemma morphy finds for `word` when it differs from the
    word ('females' -> 'female', 'women' -> 'woman'), else []."""
    wn = W.wordnet()
    base = wn.morphy(word, "n") if wn is not None else None
    if not base or base == word:
        return []
    return [m for m in lex.phrases.get((base,), []) if m.kind in ("value", "flag")]


def _columns(key: str, upper: bool, width: int, index: HeaderIndex) -> tuple[set[str], dict[str, str]]:
    """(columns the words are tied to, why per column): shared senses first, then the initials of a
    header, then a shared derivation root; the first relation that ties any column decides."""
    why: dict[str, str] = {}
    same = lemma(key)
    for name in senses(key, QUESTION_SENSES):
        for column, word in index.synsets.get(name, ()):
            if lemma(word.replace(" ", "_")) != same:  # the header's own word: the headers pass judged it
                why.setdefault(column, f"'{key.replace('_', ' ')}' and '{word}' share the sense {name}")
    if why:
        return set(why), why
    if width == 1 and (len(key) >= 3 or upper) and key in index.initials:
        return set(index.initials[key]), {c: "the initials of its header" for c in index.initials[key]}
    for root in roots(key):
        for column, word in index.roots.get(root, ()):
            why.setdefault(column, f"'{key}' and '{word}' both derive from '{root.split('.')[0]}'")
    return set(why), why
