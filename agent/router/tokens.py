"""Stage 1 of the router: a question's text as a list of typed tokens (dates, numbers, words,
symbols), like a SQL tokenizer's output: nothing about any table is known here."""

from __future__ import annotations

import re
from dataclasses import dataclass

TOKEN = re.compile(
    r"(?P<date>\d{4}-\d{1,2}(?:-\d{1,2})?|\d{1,2}/\d{1,2}/\d{2,4})"
    r"|(?P<number>[-]?[$€£]?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?%?)"
    r"|(?P<word>[A-Za-z_][\w'&]*\w|[A-Za-z])"
    r"|(?P<symbol>[<>]=?|%)")


@dataclass(frozen=True, slots=True)
class Token:
    """One token of a question: its original text, lowercase form and kind (date/number/word/symbol)."""

    text: str
    lower: str
    kind: str


def tokenize(text: str) -> list[Token]:
    """Split text into tokens; punctuation other than < > % is dropped; possessive 's removed."""
    out = []
    for m in TOKEN.finditer(text):
        raw = m.group()
        if m.lastgroup == "word" and raw.endswith("'s"):
            raw = raw[:-2]
        out.append(Token(raw, raw.lower(), m.lastgroup or "word"))
    return out
