"""A deterministic, dependency-free encoder for fast unit tests (never the product path)."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Sequence

import numpy as np

from core.models.encoder import Kind, TextEncoder


class HashingEncoder(TextEncoder):
    """Bag of accent-folded words and character trigrams hashed into ``dimension`` buckets."""

    def __init__(self, name: str = "fake-hash-64", dimension: int = 64) -> None:
        self.name = name
        self.dimension = dimension
        self.calls = 0
        self.embedded = 0

    def count_tokens(self, text: str) -> int:
        """Roughly like a subword tokenizer: a word is about 1.3 tokens."""
        return max(1, int(len(text.split()) * 1.3))

    def embed_batch(self, texts: Sequence[str], *, kind: Kind) -> np.ndarray:
        """Hash features; identical text ⇒ identical vector."""
        self.calls += 1
        self.embedded += len(texts)
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
            for word in re.findall(r"\w+", folded):
                feats = [word] + [word[i:i + 3] for i in range(max(1, len(word) - 2))]
                for f in feats:
                    h = int.from_bytes(hashlib.blake2b(f.encode(), digest_size=4).digest(), "little")
                    out[row, h % self.dimension] += 1.0 if (h >> 31) else -1.0
            norm = np.linalg.norm(out[row])
            out[row] = out[row] / norm if norm else 1.0 / np.sqrt(self.dimension)
        return out
