"""Pictures of pages (scans, photocopies, faxes) read by OCR, one record per file, one page per frame.

A picture is a photograph of an object by default (image_reader.py). It is read as pages when
the user says so — ``as_pages`` in the ingest options, or ``{"kind": "pages"}`` in the file's
``<file>.options.json`` — and a multi-page TIFF always is: objects are not photographed as one.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from PIL import Image

from core.chunking.model import ParsedRecord
from core.errors import CorruptSource
from core.ingest.images import is_image, split_view
from core.ingest.ocr import ScanResult
from core.ingest.readers.common import title_from_path
from core.ingest.sidecar import read_sidecar
from core.models.image_io import open_image, upright_rgb

MAX_PAGES = 2000  # a TIFF claiming more frames is refused rather than walked


def wanted(path: Path, options: Any) -> bool:
    """True when this picture is to be read as pages rather than as a photograph of an object."""
    if not is_image(path):
        return False
    if getattr(options, "as_pages", False) or read_sidecar(path).get("kind") == "pages":
        return True
    return path.suffix.lower() in (".tif", ".tiff") and split_view(path) is None and _frames(path) > 1


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
