"""The text-encoder interface: one abstract method, ``embed_batch``."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Literal

import numpy as np

Kind = Literal["query", "passage"]


class TextEncoder(ABC):
    """Turns texts into L2-normalised float32 vectors of a fixed dimension."""

    name: str
    dimension: int
    max_tokens: int = 512

    @abstractmethod
    def embed_batch(self, texts: Sequence[str], *, kind: Kind) -> np.ndarray:
        """Embed texts as ``kind`` (the encoder applies its own prefixes); shape [n, dimension]."""

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` without special tokens or prefix (for chunk packing)."""
        return len(text.split())

    def embed_query(self, text: str) -> np.ndarray:
        """One query vector."""
        return self.embed_batch([text], kind="query")[0]
