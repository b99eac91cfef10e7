"""Stage 1 of the router: a question's text as a list of typed tokens (dates, numbers, words,
symbols, runs of CJK characters), like a SQL tokenizer's output: nothing about any table is known
here. Words of any script are tokens ('Сколько'), never dropped, so a question the router cannot
read is refused naming them; a CJK run (no spaces between words) is split later, against the
table's lexicon (agent/router/chinese.py)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
"""Kana, CJK ideographs (and compatibility forms) and Hangul: scripts written without spaces."""
_CJK_RUN = re.compile(f"[{CJK}]+")
TOKEN = re.compile(
    f"(?P<cjk>[{CJK}]+)|"
    r"(?P<date>\d{4}-\d{1,2}(?:-\d{1,2})?|\d{1,2}/\d{1,2}/\d{2,4})"
    r"|(?P<number>[-]?[$€£]?(?:\d(?:[\d,.]*\d)?|(?<![\w.])\.\d+)(?:e[-+]?\d+)?%?(?:(?:(?<=1)st|(?<=2)nd|(?<=3)rd|th)(?![A-Za-z]))?)"
    r"|(?P<word>[A-Za-z_][\w'&]*\w|[A-Za-z])"
    r"|(?P<symbol>[<>]=?|%)"
    r"|(?P<other>[^\W\d_]+)")


class Token(NamedTuple):
    """One token of a question: its original text, lowercase form and kind (date/number/word/symbol/
    cjk). Immutable; a named tuple (a question makes dozens, on the router's hot path)."""

    text: str
    lower: str
    kind: str


def tokenize(text: str) -> list[Token]:
    """Split text into tokens; punctuation other than < > % is dropped; possessive 's removed; a
    number written from its decimal point ('.9') is read as written with its zero ('0.9').
    No token holds or looks past whitespace, so each whitespace-separated chunk is tokenized on
    its own, memoised (`_chunk_tokens`): a question's words are mostly words seen before."""
    if _CJK_RUN.search(text):
        text = _CJK_RUN.sub(lambda m: f" {m.group()} ", text)  # 'BMI的' is two tokens
    out: list[Token] = []
    for chunk in text.split():
        out.extend(_chunk_tokens(chunk))
    return out


@lru_cache(maxsize=1 << 14)
def _chunk_tokens(chunk: str) -> tuple[Token, ...]:
    """The tokens of one whitespace-free piece of text (TOKEN's matches), memoised."""
    out = []
    for m in TOKEN.finditer(chunk):
        raw = m.group()
        if m.lastgroup == "word" and raw.endswith("'s"):
            raw = raw[:-2]
        kind = "word" if m.lastgroup in (None, "other") else m.lastgroup
        if kind == "number" and raw.lstrip("-$€£").startswith("."):
            raw = raw.replace(".", "0.", 1)  # '.9' is 0.9 (its point had been dropped: 9)
        out.append(Token(raw, raw.lower(), kind))
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def value_tokens(text: str) -> tuple[Token, ...]:
    """tokenize(text) as a tuple, memoised: building a table's lexicon tokenizes each of its values
    several times (its phrase, its words, its length), one column's values after another. At most
    4,096 texts are kept (about 4 MB at most: `tally serve` opens table after table)."""
    return tuple(tokenize(text))
