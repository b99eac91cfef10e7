"""Values told apart only by number: 'What share of loans were made by children?' on a table
whose Genre holds 'Children' and whose Borrower Type holds 'Child'. The word spells one column's
value exactly and the other's in the plural, so it may be either; the exact spelling had been
taken unasked (trial 15, K2: Genre = 'Children', 14.17%, where the borrowers were meant, 15.00%).

Linking stage, after every value is read: a one-word value item spelling a cell of one column is
given the other column's value too when its noun lemma (WordNet's morphy) is the lemma of a
one-word cell of another column, and the cells differ (candidates are found first by cheap forms,
suffix rules and WordNet's list of irregular plurals, so WordNet loads only for a candidate); the
condition stage then takes the column the question names ('children borrower type') or refuses,
naming both readings. Both are noted.

The one spelling strong enough to keep one reading: the word written exactly as its cell,
capitalised, and not the question's first word ('not Children books': the user copied the Genre
cell; 'Child' would need a change of number). Lowercase or sentence-initial words refuse."""

from __future__ import annotations

from functools import lru_cache

from agent.router import wordnet as W
from agent.router.lexicon import Lexicon, Meaning, singular
from agent.router.reading import Evidence, Reading
from agent.router.word_senses import lemma


@lru_cache(maxsize=1)
def _irregular() -> dict[str, str]:
    """WordNet's irregular noun plurals ({'children': 'child'}), read from its noun.exc file alone
    (a 2,000-line file: no WordNet load, which a question naming only cells never needs)."""
    path = W.SOURCE / "noun.exc"
    if not path.exists():
        return {}
    pairs = (line.split() for line in path.read_text(encoding="utf-8", errors="replace").splitlines())
    return {p[0]: p[1] for p in pairs if len(p) == 2}


def _bases(word: str) -> set[str]:
    """Cheap singular forms of `word` (lowercase): itself, the rules' singular, an irregular one."""
    return {word, singular(word), _irregular().get(word, word)}


def _by_base(lex: Lexicon) -> dict[str, list[Meaning]]:
    """{cheap singular form: the value meanings of one-word cells with that form}, built once per
    lexicon (memoised on it) with no WordNet call."""
    memo = lex.__dict__.get("_number_rivals")
    if memo is None:
        memo = {}
        for key, meanings in lex.phrases.items():
            if len(key) == 1 and key[0].isalpha() and meanings and all(m.kind == "value" for m in meanings):
                for base in _bases(key[0]):
                    memo.setdefault(base, []).extend(meanings)
        lex.__dict__["_number_rivals"] = memo
    return memo


def _rivals(word: str, columns: set[str], lex: Lexicon) -> list[Meaning]:
    """The one-word cells of columns other than `columns` that differ from `word` only in number:
    a cheap form in common (`_bases`), then the same noun lemma by WordNet's morphy (loaded only
    now, for such a candidate): 'news' and 'new' share a rule's form but not a lemma."""
    found = {id(m): m for base in _bases(word) for m in _by_base(lex).get(base, ())
             if m.column not in columns and str(m.value).lower() != word}
    return [m for m in found.values() if lemma(str(m.value).lower()) == lemma(word)]


def number_rivals(reading: Reading, lex: Lexicon) -> None:
    """Give each exactly spelled one-word value item of one column the values of other columns
    that differ from it only in number (see the module docstring), noting both readings; keep one
    reading, noted, when the word is its cell's capitalised spelling after the first word."""
    for item in reading.items:
        if item.kind != "value" or " " in item.text or not item.text.isalpha() or item.evidence is not Evidence.exact:
            continue
        columns = {m.column for m in item.meanings}
        word = item.text.lower()
        if len(columns) != 1 or any(m.kind != "value" or str(m.value).lower() != word for m in item.meanings):
            continue
        rivals = _rivals(word, columns, lex)
        if not rivals:
            continue
        own = item.meanings[0]
        other = ", ".join(f"{m.column} = '{m.value}'" for m in rivals)
        if item.pos > 0 and item.text[0].isupper() and any(m.value == item.text for m in item.meanings):
            reading.notes.append(f"read '{item.text}' as {own.column} = '{own.value}' (spelled as that cell; "
                                 f"{other} differs in number)")
            continue
        item.meanings = [*item.meanings, *rivals]
        reading.notes.append(f"'{item.text}' may be {own.column} = '{own.value}' or, differing in number, {other}")
