"""Second-stage rerankers: score (query, record text) pairs and reorder the candidates.
Pluggable by `search.reranker`; docs/search.md gives the measured recall and speed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Protocol


from agent.errors import TallyError
from agent.search.embed import MiniLM

if TYPE_CHECKING:
    import numpy as np


class Reranker(Protocol):
    """Scores pairs; higher is more relevant. `name` goes into the search provenance."""

    name: str

    def scores(self, query: str, texts: list[str]) -> list[float]:
        """One score per text, for `query`."""
        ...


@dataclass
class KeepOrder:
    """No rerank: the fused first-stage order stands (scores are 1/rank)."""

    name: str = "none"

    def scores(self, query: str, texts: list[str]) -> list[float]:
        return [1.0 / (i + 1) for i in range(len(texts))]


@dataclass
class MaxSim:
    """Late interaction (ColBERT: Khattab & Zaharia 2020) over the shipped MiniLM's token vectors:
    each query word piece takes its best cosine over the record's word pieces; the score is their
    mean. Runs offline. `scores` costs one MiniLM pass over the candidates' texts; `scores_tokens`
    takes word-piece vectors kept at build time (fields.py) and costs one pass over the query."""

    model: MiniLM
    name: str = "maxsim"

    def _tokens(self, texts: list[str]) -> list[np.ndarray]:
        states, mask = self.model.token_states(texts)
        out = []
        import numpy as np
        for vectors, keep in zip(states, mask.astype(bool)):
            v = vectors[keep][1:-1]  # drop [CLS] and [SEP]
            out.append(v / np.clip(np.linalg.norm(v, axis=1, keepdims=True), 1e-12, None))
        return out

    def scores(self, query: str, texts: list[str]) -> list[float]:
        if not texts:
            return []
        return self.scores_tokens(query, self._tokens(texts))

    def scores_tokens(self, query: str, docs: list[np.ndarray], query_tokens: np.ndarray | None = None) -> list[float]:
        """One score per document given as unit word-piece vectors ((pieces, dim) each);
        `query_tokens`: the query's, when already computed (else one model pass)."""
        if not docs:
            return []
        q = query_tokens if query_tokens is not None else self._tokens([query])[0]
        return [float((q @ d.T).max(axis=1).mean()) if len(d) and len(q) else 0.0 for d in docs]


@dataclass
class CrossEncoder:
    """A real cross-encoder (e.g. cross-encoder/ms-marco-MiniLM-L-6-v2 exported to ONNX) loaded from
    a local folder holding `model.onnx` and `tokenizer.json`; the first logit is the score.
    Raises TallyError naming the folder when a file is missing."""

    folder: str
    max_tokens: int = 512
    name: str = "cross-encoder"

    @cached_property
    def _parts(self):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        folder = Path(self.folder).expanduser()
        missing = [f for f in ("model.onnx", "tokenizer.json") if not (folder / f).is_file()]
        if missing:
            raise TallyError(f"search.cross_encoder_dir {folder}: missing {', '.join(missing)} "
                             "(a cross-encoder exported to ONNX, with its tokenizer.json)")
        tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        tokenizer.enable_truncation(self.max_tokens)
        tokenizer.enable_padding()
        session = ort.InferenceSession(str(folder / "model.onnx"), providers=["CPUExecutionProvider"])
        return tokenizer, session

    def scores(self, query: str, texts: list[str]) -> list[float]:
        if not texts:
            return []
        tokenizer, session = self._parts
        encodings = tokenizer.encode_batch([(query, t) for t in texts])
        import numpy as np
        feeds = {"input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
                 "attention_mask": np.array([e.attention_mask for e in encodings], dtype=np.int64),
                 "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64)}
        names = {i.name for i in session.get_inputs()}
        (logits,) = session.run(None, {k: v for k, v in feeds.items() if k in names})[:1]
        return [float(x) for x in np.asarray(logits).reshape(len(texts), -1)[:, 0]]


def make_reranker(kind: str, model: MiniLM, cross_encoder_dir: str | None) -> Reranker:
    """The reranker named by config `search.reranker`."""
    if kind == "maxsim":
        return MaxSim(model)
    if kind == "cross-encoder":
        if not cross_encoder_dir:
            raise TallyError("search.reranker is 'cross-encoder' but search.cross_encoder_dir is not set")
        return CrossEncoder(cross_encoder_dir)
    return KeepOrder()
