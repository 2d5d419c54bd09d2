"""ONNX Runtime text encoder (multilingual-e5-small by default) with the ``tokenizers`` library."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from core.errors import ModelError
from core.models.encoder import Kind, TextEncoder
from core.models.manifest import Manifest
from core.models.ort_session import open_session, shrink_arena


class OnnxTextEncoder(TextEncoder):
    """Runs a sentence-embedding ONNX graph (inputs ``input_ids``, ``attention_mask``)."""

    def __init__(self, folder: Path, manifest: Manifest, *, threads: int = 1, batch_size: int = 32) -> None:
        from tokenizers import Tokenizer

        self.name = manifest.name
        self.dimension = manifest.dimension
        self.max_tokens = manifest.max_tokens
        self._prefix = {"query": manifest.query_prefix, "passage": manifest.passage_prefix}
        self.batch_size = batch_size
        # one tokenizer, untruncated, truncated by hand below: a loaded copy of this 250k-piece vocabulary
        # is large, and a second one only to count tokens untruncated doubled it (docs/benchmarks.md, memory)
        try:
            self._tok = Tokenizer.from_file(str(manifest.file(folder, "tokenizer")))
        except Exception as exc:
            raise ModelError(f"cannot load tokenizer of {self.name}: {exc}") from exc
        self._tok.no_padding()
        self._tok.no_truncation()
        self._session = open_session(manifest.file(folder, "onnx"), self.name, threads)
        self._pad_id = self._tok.token_to_id("<pad>") or 1

    def count_tokens(self, text: str) -> int:
        """Tokens without specials or prefix, untruncated."""
        return len(self._tok.encode(text, add_special_tokens=False).ids)

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        """Each text's ids with the special tokens, cut to ``max_tokens`` as the tokenizer's own truncation
        cuts them: the first ``max_tokens - 1`` ids and the closing special token."""
        out = []
        for e in self._tok.encode_batch(list(texts)):
            ids = e.ids
            out.append(ids if len(ids) <= self.max_tokens else ids[:self.max_tokens - 1] + ids[-1:])
        return out

    def release_memory(self) -> None:
        """Give back the inference arena's free blocks (kept, as large as the longest batch, until then)."""
        ids = np.array([[self._tok.token_to_id("<s>") or 0, self._pad_id]], dtype=np.int64)
        self._session.run(["sentence_embedding"], {"input_ids": ids, "attention_mask": np.ones_like(ids)},
                          shrink_arena())

    def embed_batch(self, texts: Sequence[str], *, kind: Kind) -> np.ndarray:
        """Embed, sorting by length so each sub-batch pads little."""
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        prefix = self._prefix[kind]
        encodings = self.token_ids([prefix + t for t in texts])
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i]))
        for start in range(0, len(order), self.batch_size):
            idx = order[start:start + self.batch_size]
            width = max(len(encodings[i]) for i in idx)
            ids = np.full((len(idx), width), self._pad_id, dtype=np.int64)
            mask = np.zeros((len(idx), width), dtype=np.int64)
            for row, i in enumerate(idx):
                e = encodings[i]
                ids[row, :len(e)] = e
                mask[row, :len(e)] = 1
            (vecs,) = self._session.run(["sentence_embedding"], {"input_ids": ids, "attention_mask": mask})
            out[idx] = vecs
        return out
