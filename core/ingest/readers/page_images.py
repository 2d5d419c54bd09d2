"""Pictures of pages (scans, photocopies, faxes) read by OCR, one record per file, one page per frame.

A picture is read as pages when the user says so — ``as_pages`` in the ingest options, or
``{"kind": "pages"}`` in the file's ``<file>.options.json`` — and a multi-page TIFF always is:
objects are not photographed as one. It is a photograph of an object when named as an object's
view (``<id>_<view>.jpg``) or its sidecar says ``{"kind": "object"}``. Any other picture is looked
at: the OCR detector on a small copy (:func:`text_lines`) — a letter shows many lines of text, an
object at most a legend or a label — and it is read as pages when it shows :data:`TEXT_LINES` or more.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from core.chunking.model import ParsedRecord
from core.errors import CorruptSource
from core.ingest.images import is_image, split_view
from core.ingest.ocr import ScanResult
from core.ingest.readers.common import title_from_path
from core.ingest.sidecar import SUFFIX, read_sidecar
from core.models.image_io import open_image, upright_rgb

MAX_PAGES = 2000  # a TIFF claiming more frames is refused rather than walked


#: lines of text that make a picture a page: the demo coins and photographs show at most 1, the
#: scans and letters measured at least 5 (design §5)
TEXT_LINES = 4
KINDS = ("pages", "object")


def wanted(path: Path, options: Any) -> bool | None:
    """True when this picture is to be read as pages, False as a photograph of an object, None when
    nothing says which (:func:`text_lines` decides)."""
    if not is_image(path):
        return False
    if getattr(options, "as_pages", False):  # the run's word: every picture given is pages
        return True
    kind = read_sidecar(path).get("kind")
    if kind is not None and kind not in KINDS:
        raise CorruptSource(f"{path.name}{SUFFIX}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    if kind == "pages":
        return True
    if kind == "object" or split_view(path) is not None:
        return False
    if path.suffix.lower() in (".tif", ".tiff") and _frames(path) > 1:
        return True
    return None


def text_lines(raw: bytes, name: str, engine: Any = None) -> int:
    """How many lines of text the OCR detector finds on a small copy of the picture (0 when it
    cannot be decoded: the image reader then says why)."""
    try:
        with _open(raw, name) as im:
            pixels = np.asarray(upright_rgb(im))
    except (CorruptSource, OSError, ValueError, SyntaxError, EOFError):
        return 0
    if engine is None:
        from core.models.ocr_engine import shared_engine
        engine = shared_engine()
    boxes, scale = engine.detect(pixels)
    if not len(boxes):
        return 0
    along = np.linalg.norm(boxes[:, 1] - boxes[:, 0], axis=1)
    across = np.linalg.norm(boxes[:, 3] - boxes[:, 0], axis=1)
    thin, length = np.minimum(along, across), np.maximum(along, across)
    # a line is long and thin; the detector also boxes whole textured regions, which are not lines
    side = min(pixels.shape[:2]) * scale
    return int(((length >= 3 * thin) & (thin <= side / 8)).sum())


def read(path: Path, raw: bytes) -> ScanResult:
    """One record whose pages are the picture's frames, all to be read by OCR."""
    with _open(raw, path.name) as im:
        count = getattr(im, "n_frames", 1)
    if count > MAX_PAGES:
        raise CorruptSource(f"this image claims {count} pages; at most {MAX_PAGES} are read")
    rec = ParsedRecord(key="", title=title_from_path(path), blocks=[], data={"pages": count})
    return ScanResult([rec], reader="scan", scans=list(range(1, count + 1)),
                      render=lambda n: _frame(raw, path.name, n))


def _frame(raw: bytes, name: str, number: int) -> Image.Image:
    """Frame ``number`` (from 1), upright as its EXIF says, in grayscale or RGB."""
    with _open(raw, name) as im:
        try:
            im.seek(number - 1)
            frame = upright_rgb(im)
        except (OSError, ValueError, SyntaxError, EOFError) as exc:
            raise CorruptSource(f"page {number} of {name} is truncated or corrupt") from exc
    return frame


def _open(raw: bytes, name: str) -> Image.Image:
    opened: Image.Image = open_image(raw, name)  # the checks every picture gets, photograph or page
    return opened


def _frames(path: Path) -> int:
    """How many frames a TIFF holds (1 when it cannot be read: the image reader then says why)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                return int(getattr(im, "n_frames", 1))
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return 1
