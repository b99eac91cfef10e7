"""The exact-term signal: BM25 (Robertson & Zaragoza 2009; Lucene variant, k1=1.5, b=0.75, as
implemented by the `bm25s` library) over every column of every row, so names, ids and exact words
count even where the embedding blurs them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pathlib import Path

if TYPE_CHECKING:
    import numpy as np


TOKENS = r"(?u)[^\W_]+(?:\.\d+)?"
"""Word pieces for BM25: letters or digits, split at underscores ('fraud_Kirlin' -> fraud, kirlin),
decimals kept whole ('107.23')."""


def tokenize(texts: list[str]) -> list[list[str]]:
    """Lowercase BM25 tokens of each text, English stopwords removed."""
    import bm25s

    return bm25s.tokenize(texts, token_pattern=TOKENS, stopwords="en", return_ids=False, show_progress=False)


class Lexical:
    """A BM25 index over the rows' labelled texts (row i = document i)."""

    def __init__(self, retriever, rows: int):
        self.retriever = retriever
        self.rows = rows

    @classmethod
    def build(cls, texts: list[str]) -> "Lexical":
        """Index `texts`; cost about 10 s per 100k rows of 22 columns here."""
        import bm25s

        retriever = bm25s.BM25()
        retriever.index(tokenize(texts), show_progress=False)
        return cls(retriever, len(texts))

    @classmethod
    def load_or_build(cls, folder: Path, texts_for: callable, rows: int) -> "Lexical":
        """The index saved in `folder`, else one built from `texts_for()` and saved there."""
        import bm25s

        try:
            retriever = bm25s.BM25.load(str(folder), show_progress=False, verbosity=0)
            if int(retriever.scores["num_docs"]) == rows:
                return cls(retriever, rows)
        except Exception:  # missing or unreadable: rebuilt below
            pass
        lexical = cls.build(texts_for())
        lexical.retriever.save(str(folder), show_progress=False)
        return lexical

    def top(self, query: str, mask: np.ndarray, k: int) -> list[tuple[int, float]]:
        """(row, BM25 score) of the `k` best rows among those where `mask` (shape (rows,)) is
        True, best first; rows with no query term score 0 and are left out."""
        terms = [t for t in tokenize([query])[0] if t in self.retriever.vocab_dict]
        if not terms:
            return []
        # Rounded, then ties broken by row: float32 sums differ in their last bits between processes
        # (bm25s numbers its vocabulary in set order), and equal-looking scores must rank the same.
        import numpy as np
        scores = np.round(np.where(mask, self.retriever.get_scores(terms), 0.0), 4)
        hits = np.flatnonzero(scores > 0)
        best = hits[np.lexsort((hits, -scores[hits]))][:k]
        return [(int(i), float(scores[i])) for i in best]
