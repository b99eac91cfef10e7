"""What WordNet 3.0 says about one word, whatever the table (agent/router/wordnet.py loads it): its
first noun senses, its noun lemma, the lemmas it derives from, whether it names a kind of person,
and the generic nouns of a row's value ('grade' for 'score'). Each answer is memoised by word (the
router asks the same words on every question); all are empty or False without WordNet. The
linking pass that reads these against a table's headers is agent/router/synonyms.py."""

from __future__ import annotations

from functools import lru_cache

from agent.router import wordnet as W

QUESTION_SENSES = 2
"""A question word's senses considered (WordNet orders senses by frequency)."""


@lru_cache(maxsize=65536)
def senses(word: str, n: int) -> tuple[str, ...]:
    """Names of the first `n` noun synsets of `word` (a lemma, words joined by '_'), after morphy
    ('salaries' -> salary). Empty when WordNet is missing or knows no noun."""
    wn = W.wordnet()
    if wn is None:
        return ()
    base = wn.morphy(word, "n") or word
    return tuple(s.name() for s in wn.synsets(base, "n")[:n])


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """`word`'s noun lemma by morphy ('roles' -> role), lowercase; the word itself when none."""
    wn = W.wordnet()
    return ((wn.morphy(word, "n") if wn is not None else None) or word).lower()


@lru_cache(maxsize=65536)
def roots(word: str) -> frozenset[str]:
    """The lemmas `word` derives from or to, as 'lemma.pos': those of its first noun senses
    ('smoker' -> smoke.v) and the verb it inflects ('survived' -> survive.v)."""
    wn = W.wordnet()
    if wn is None:
        return frozenset()
    base = wn.morphy(word, "n") or word
    found = set()
    for synset in wn.synsets(base, "n")[:QUESTION_SENSES]:
        for lemma in synset.lemmas():
            if lemma.name().lower() == base.lower():
                found |= {f"{d.name().lower()}.{d.synset().pos()}" for d in lemma.derivationally_related_forms()}
    if (verb := wn.morphy(word, "v")) is not None:
        found.add(f"{verb}.v")
    return frozenset(found)


VALUE_NOUNS = ("score", "rating")
"""Generic header words that name a value given to a row (V.GENERIC_HEADER_WORDS); the nouns of
their first WordNet sense are as generic ('grade', 'mark': mark.n.01 is score's first sense)."""


@lru_cache(maxsize=1)
def generic_synonyms() -> frozenset[str]:
    """The one-word nouns of the first noun sense of each of VALUE_NOUNS ('grade', 'mark',
    'evaluation', 'valuation'), lowercase; empty without WordNet. Like 'scores', such a word adds
    nothing once the question names a column ('the grades received for their performance')."""
    wn = W.wordnet()
    if wn is None:
        return frozenset()
    return frozenset(name.lower() for word in VALUE_NOUNS for synset in wn.synsets(word, "n")[:1]
                     for name in synset.lemma_names() if "_" not in name) - set(VALUE_NOUNS)


_MARKED = ("female.n.02", "male.n.02", "juvenile.n.01", "adult.n.01", "homosexual.n.01", "bisexual.n.01",
           "heterosexual.n.01", "inhabitant.n.01", "native.n.01", "religious_person.n.01")
"""Classes of people by an attribute - sex or age ('women', 'children', 'adults'), orientation
('lesbians', 'gays'), where they live or come from ('americans', 'frenchmen', 'natives'), faith
('catholics'): each sets a condition on the rows (a sex, age, nationality... column, or a code for
it), so they never stand for the rows themselves ('how many french lesbians' is not every French
row)."""


@lru_cache(maxsize=65536)
def is_people(word: str) -> bool:
    """True when `word` is a plural noun (morphy finds its singular), with no sense other than a
    noun, whose first sense is a kind of person that is not a class by an attribute (_MARKED): 'patients',
    'individuals', 'passengers'; not 'women', 'children' (conditions), 'more' (Thomas More is an
    instance, and 'more' an adjective), 'smith' (singular: a name as often as a trade)."""
    wn = W.wordnet()
    if wn is None:
        return False
    base = wn.morphy(word, "n")
    if not base or base == word:
        return False
    return _person_sense(base) and not any(s.pos() != "n" for s in wn.synsets(word))


@lru_cache(maxsize=65536)
def is_person(base: str) -> bool:
    """True when the singular noun `base` has no sense other than a noun and its first sense is a
    kind of person that is not a class by an attribute (_MARKED) ('billionaire', 'passenger'); the same test
    as `is_people` without the plural ('the youngest billionaire' names one of the rows' people)."""
    wn = W.wordnet()
    return wn is not None and not any(s.pos() != "n" for s in wn.synsets(base)) and _person_sense(base)


@lru_cache(maxsize=65536)
def person_sense(base: str) -> bool:
    """True when the first noun sense of `base` is a kind of person, a class by an attribute
    (_MARKED: 'women', 'interns' as adults) included; unlike `is_person` a word with other senses
    too ('respondent', also an adjective). False without WordNet."""
    wn = W.wordnet()
    first = wn.synsets(base, "n")[:1] if wn is not None else []
    if not first or first[0].instance_hypernyms():
        return False
    return wn.synset("person.n.01") in {first[0], *first[0].closure(lambda s: s.hypernyms())}


@lru_cache(maxsize=65536)
def _person_sense(base: str) -> bool:
    """True when the first noun sense of `base` is a kind of person, not a class by an attribute (_MARKED)."""
    wn = W.wordnet()
    first = wn.synsets(base, "n")[:1]
    if not first or first[0].instance_hypernyms():
        return False
    above = {first[0], *first[0].closure(lambda s: s.hypernyms())}
    person = wn.synset("person.n.01")
    return person in above and not any(wn.synset(m) in above for m in _MARKED)
