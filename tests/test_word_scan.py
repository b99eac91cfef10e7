"""WordScan (agent/router/word_scan.py) gives exactly `finditer`'s matches: the classification
tiers' lead words, and matches over texts with and without them, checked against the regex itself."""

import random
import re

from agent.router import vocabulary as V
from agent.router.kind import _cues
from agent.router.word_scan import WordScan, text_words


def test_lead_words_of_a_word_list():
    scan = WordScan(re.compile(r"\b(?:how many|total|max(?:imum)?|look ?up)\b"))
    assert scan.leads == {"how", "total", "max", "maximum", "look", "lookup"}
    assert scan.symbols == set()


def test_symbols_and_unsupported_patterns():
    assert WordScan(re.compile(r"(?:\bover\b|[<>]=?)")).symbols == {"<", ">"}
    assert WordScan(re.compile(r"total")).leads is None  # no \b: it may match inside a word
    assert WordScan(re.compile(r"\b(?:tot\w+)\b")).leads is None  # not a finite list of words


def test_text_words():
    assert text_words("how-many items_2 'x' é") == {"how", "many", "items_2", "x", "é"}


def test_matches_are_finditers():
    words = ["total", "totals", "how", "many", "much", "more", "than", "at", "least", "show", "me", "record",
             "records", "of", "look", "up", "lookup", "who", "<", ">=", "the", "_total", "3", "-", "'", ","]
    rnd = random.Random(7)
    texts = ["", "How many rows?", "Show me records of who scored >= 3", "lookup totals at least"]
    texts += [" ".join(rnd.choice(words) for _ in range(rnd.randint(1, 8))) for _ in range(3000)]
    for tier in (V.TIER1, V.TIER2, V.TIER3):
        lower = re.compile(tier.pattern)
        scan = WordScan(lower)
        assert scan.leads is not None
        for text in texts:
            low = text.lower()
            assert [m.span() for m in scan.matches(low)] == [m.span() for m in lower.finditer(low)]
    assert _cues("How many rows are over 5, and show me who?") == [["How many"], ["over"], ["show me", "who"]]
