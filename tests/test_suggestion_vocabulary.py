"""The 'Did you mean' suggestions (agent.router.unknown_values): Vocabulary.closest, which prunes by
difflib's two cheap bounds before difflib runs, returns exactly what difflib.get_close_matches
returns over the whole vocabulary, and the lexicon's Vocabulary is built once."""

from __future__ import annotations

import difflib
import random

from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.unknown_values import Vocabulary, _letters, known_words, suggestions


def test_closest_is_difflibs_best_match_over_the_whole_vocabulary():
    rng = random.Random(7)
    words = ["".join(rng.choice("aeiourstlnmkg") for _ in range(rng.randint(1, 12))) for _ in range(800)]
    words += ["groceries", "average", "region", "religion", "all", "Total", "x2"]
    vocabulary = Vocabulary(words)
    allowed = sorted({w for w in words if w.isalpha() and len(w) >= 3})
    asked = ["grocries", "avrage", "regoin", "religon"]
    asked += ["".join(rng.choice("aeiourstlnmkgb") for _ in range(rng.randint(4, 12))) for _ in range(400)]
    for word in asked:
        for cutoff in (0.6, 0.75, 0.8, 0.9):
            expected = difflib.get_close_matches(word, allowed, n=1, cutoff=cutoff)
            assert vocabulary.closest(word, cutoff) == (expected[0] if expected else None), (word, cutoff)


def test_hand_checked_suggestions():
    # 'grocries' against 'groceries': 8 + 9 letters, 8 in one matching run -> 2*8/17 = 0.94 >= 0.8
    assert suggestions(["grocries"], ["groceries", "region"]) == ["Did you mean 'groceries' for 'grocries'?"]
    # 'zzzz' shares no letter with either word; a word of three letters ('cat') is never asked
    assert suggestions(["zzzz", "cat"], ["groceries", "cats"]) == []


def test_letters_count_repeats():
    assert _letters("all") == {("a", 1), ("l", 1), ("l", 2)}
    assert len(_letters("letter") & _letters("settle")) == 5  # e, e, t, t, l: difflib's quick_ratio matches


def test_the_lexicons_vocabulary_is_built_once_from_its_one_word_phrases():
    lex = Lexicon()
    lex.phrases = {("groceries",): [Meaning("value", "category", "groceries")], ("unit", "price"): [Meaning("column", "unit price")],
                   ("age",): [Meaning("column", "age")]}
    first = known_words(lex)
    assert known_words(lex) is first
    assert sorted(w for words in first.by_length.values() for w, _ in words) == ["age", "groceries"]
