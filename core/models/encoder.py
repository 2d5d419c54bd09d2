"""Encoder interfaces: one :class:`Encoder` protocol, a text and an image implementation.

Every encoder has a ``name``, a ``dimension``, a ``modality`` and one abstract method,
``embed_batch``, returning L2-normalised float32 vectors of shape [n, dimension]. What a batch
holds depends on the modality: texts (with a ``kind``) or decoded RGB images.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np

Kind = Literal["query", "passage"]
Modality = Literal["text", "image"]
MODALITIES: tuple[Modality, ...] = ("text", "image")


@runtime_checkable
class Encoder(Protocol):
    """What every encoder offers, whatever it embeds."""

    @property
    def name(self) -> str:
        """Name of its model manifest."""

    @property
    def dimension(self) -> int:
        """Length of each vector."""

    @property
    def modality(self) -> Modality:
        """``text`` or ``image``."""

    def embed_batch(self, items: Sequence[Any], /, *args: Any, **kwargs: Any) -> np.ndarray:
        """Embed ``items``; shape [len(items), dimension], rows L2-normalised, float32."""


class TextEncoder(ABC):
    """Turns texts into L2-normalised float32 vectors of a fixed dimension."""

    name: str
    dimension: int
    modality: Modality = "text"
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


class ImageEncoder(ABC):
    """Turns decoded RGB images (uint8 arrays [height, width, 3]) into L2-normalised float32 vectors."""

    name: str
    dimension: int
    modality: Modality = "image"

    @abstractmethod
    def embed_batch(self, images: Sequence[np.ndarray]) -> np.ndarray:
        """Embed images of any size; shape [n, dimension]."""

    def embed_files(self, paths: Sequence[Path], *, chunk: int = 16) -> np.ndarray:
        """Decode image files (see :func:`core.models.image_io.read_rgb`) and embed them, ``chunk`` at a time."""
        from core.models.image_io import read_rgb

        out = np.empty((len(paths), self.dimension), dtype=np.float32)
        for start in range(0, len(paths), chunk):
            part = paths[start:start + chunk]
            out[start:start + len(part)] = self.embed_batch([read_rgb(Path(p)) for p in part])
        return out


#: The concrete encoder kinds :func:`core.models.registry.load_encoder` returns.
AnyEncoder = TextEncoder | ImageEncoder
