"""Linking stage: a verb that only carries the number column beside it ('how many articles were
published in volume 6': Articles; 'who scored the most goals': Goals; 'which team received more
than 10 points': Points). The column decides what is computed; the verb adds no condition of its
own, so it is kept as a stop item and noted, never linked to anything.

Strong evidence only: the word must be an inflected verb form by WordNet 3.0 (morphy gives a verb
base other than the word itself, and the word is no plural noun: 'published', 'scored', 'won',
never 'wins' or 'goals'), resemble nothing in the table (no value word, no header word start:
agent.router.filler), and sit right next to a number column named on strong evidence (its header,
not similarity), with only auxiliaries between them on the left ('articles were published') or
only determiners, 'in', 'of', operation, order and comparison words and numbers between them on
the right ('scored the most goals', 'awarded at least $500,000 in prize money'), and its base be no
header word of another column when the column stands on its right ('won more than 1,500 games' in
a table with Wins: the wins are counted; 'earnings won' is Earnings). A
verb beside a text column, a value,
a date or nothing ('how many games were won in 1959': 'won' is the condition) stays unmatched and
the router refuses naming it."""

from __future__ import annotations

from functools import lru_cache

from agent.router import wordnet as W
from agent.router.filler import resembles_table
from agent.router.lexicon import Lexicon, Meaning
from agent.router.reading import Item, Reading
from agent.router.tokens import Token

AUXILIARIES = frozenset("is are was were be been being has have had do does did".split())
"""Words that may stand between the carried column and its verb on the left ('articles were published')."""
PASSED = frozenset("the a an in of".split())
"""Stop words the right-hand walk passes ('awarded at least $500,000 in prize money'); never 'by'
('won by 10 points': the margin, not what was won)."""
RIGHT_KINDS = frozenset({"op", "order", "comparison", "number", "stop"})
"""Item kinds that may stand between the verb and the carried column on the right ('scored the most
goals', 'received more than 10 points'); a stop item only when it is one of PASSED."""


@lru_cache(maxsize=4096)
def verb_form(word: str) -> bool:
    """True when `word` is an inflected verb form by WordNet ('published' -> publish, 'won' -> win)
    and no plural noun ('wins' -> win.n: False). False without WordNet."""
    wn = W.wordnet()
    if wn is None or not word.isalpha():
        return False
    base = wn.morphy(word, "v")
    return base is not None and base != word and wn.morphy(word, "n") in (None, word)


def carrier_verbs(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading) -> list[int]:
    """The unmatched positions `rest` without the verbs that carry a number column beside them
    (module docstring); each dropped verb becomes a stop item and a note. Returns the positions left."""
    dropped: list[tuple[int, str]] = []
    for p in rest:
        token = tokens[p]
        if token.kind != "word" or token.text != token.lower or not verb_form(token.lower) \
                or resembles_table(token.lower, lex):
            continue
        column, left = _carried(tokens, p, lex, reading)
        if column is not None and (left or not _names_another(token.lower, column, lex)):
            dropped.append((p, column))
    reading.items = sorted([*reading.items, *(Item(tokens[p].text, p, [Meaning("stop")]) for p, _ in dropped)],
                           key=lambda it: it.pos)
    for p, column in dropped:
        reading.notes.append(f"read '{tokens[p].text}' as the verb of {column} (it names no condition of its own)")
    gone = {p for p, _ in dropped}
    return [p for p in rest if p not in gone]


def _names_another(word: str, column: str, lex: Lexicon) -> bool:
    """True when the verb's base is a header word of a column other than `column` ('won' -> win,
    the header word of Wins, beside Games: 'teams that won more than 1,500 games' count Wins, so
    'won' is no mere carrier of Games). Asked of a column on the verb's right only: on its left the
    column is what the verb did ('the least amount of earnings won': Earnings, beside Total wins)."""
    base = W.wordnet().morphy(word, "v")
    return bool(lex.headers.get(base, set()) - {column})


def _carried(tokens: list[Token], p: int, lex: Lexicon, reading: Reading) -> tuple[str | None, bool]:
    """(the number column the verb at `p` carries, whether it stands on the verb's left): the one on
    its left past auxiliaries, else the one on its right past determiners, 'in'/'of',
    operation/order/comparison words and numbers; (None, False) when neither side is a strongly
    named number column."""
    q = p - 1
    while q >= 0 and tokens[q].lower in AUXILIARIES and _free(reading, q):
        q -= 1
    left = _number_column(reading, q, lex)
    if left is not None and _ends_at(reading, q, q + 1):
        return left, True
    q = p + 1
    while q < len(tokens):
        item = _covering(reading, q)
        if item is None or item.kind not in RIGHT_KINDS or (item.kind == "stop" and tokens[q].lower not in PASSED):
            break
        q = item.pos + max(1, len(item.text.split()))
    return _number_column(reading, q, lex), False


def _free(reading: Reading, q: int) -> bool:
    """True when position `q` holds no item or only a stop item (an auxiliary read as a stop word)."""
    item = _covering(reading, q)
    return item is None or item.kind == "stop"


def _covering(reading: Reading, q: int) -> Item | None:
    """The item whose words cover token position `q`, if any."""
    return next((i for i in reading.items if i.pos <= q < i.pos + max(1, len(i.text.split()))), None)


def _ends_at(reading: Reading, q: int, p: int) -> bool:
    """True when the item covering `q` ends right before position `p` (its last word is at p - 1)."""
    item = _covering(reading, q)
    return item is not None and item.pos + max(1, len(item.text.split())) == p


def _number_column(reading: Reading, q: int, lex: Lexicon) -> str | None:
    """The number column a strongly linked column item covering `q` names, else None."""
    item = _covering(reading, q) if q >= 0 else None
    if item is None or item.kind != "column" or item.similar or item.weak or item.column not in lex.numeric_columns:
        return None
    return item.column
