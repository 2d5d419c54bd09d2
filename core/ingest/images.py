"""Photographs as views of objects: file naming, safe decoding, thumbnails.

An image enters as one *view* (obverse, reverse, …) of an object record. Files named
``<id>_<view>.<ext>`` in one folder are one object; the first of them by name (the *lead*)
is the source the queue indexes, and reads its siblings. Decoding refuses what would hurt
the machine (zero bytes, decompression bombs) or is not an image, with one clear reason.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from core.errors import CorruptSource, UnsupportedFormat

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp"})
# Pillow's names of the formats accepted (MPO is a JPEG with a second frame, as phones write)
FORMATS = frozenset({"JPEG", "MPO", "PNG", "TIFF", "WEBP"})
MAX_PIXELS = 120_000_000  # same guard as core.models.image_io: larger images are refused, not decoded
THUMB_SIDE = 256

#: view aliases in en/es/ca (and a/b) → the canonical view name
VIEWS: dict[str, str] = {
    "obverse": "obverse", "anverso": "obverse", "anvers": "obverse", "obv": "obverse", "front": "obverse",
    "a": "obverse", "reverse": "reverse", "reverso": "reverse", "revers": "reverse", "rev": "reverse",
    "back": "reverse", "b": "reverse", "profile": "profile", "perfil": "profile", "top": "top",
    "side": "side", "canto": "side", "edge": "edge",
}
_NAMED = re.compile(r"^(?P<id>.+?)[_\-. ](?P<view>[A-Za-z]+)$")


def is_image(path: Path) -> bool:
    """True for the image suffixes ingest reads."""
    return path.suffix.lower() in IMAGE_SUFFIXES


def split_view(path: Path) -> tuple[str, str] | None:
    """``c12_anverso.jpg`` → (``c12``, ``obverse``); None when the name carries no known view."""
    m = _NAMED.match(path.stem)
    if not m:
        return None
    view = VIEWS.get(m.group("view").lower())
    return (m.group("id"), view) if view else None


_GROUPS: dict[tuple[str, int], dict[str, list[str]]] = {}  # (folder, its mtime) → object id → file names


def _groups(folder: Path) -> dict[str, list[str]]:
    """Object id → its file names in ``folder``, read once per folder version (a scan asks for every file)."""
    try:
        key = (str(folder), os.stat(folder).st_mtime_ns)
    except OSError:
        return {}
    found = _GROUPS.get(key)
    if found is None:
        found = {}
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            names = []
        for n in names:
            if not n.startswith(".") and is_image(Path(n)) and (sv := split_view(Path(n))) is not None:
                found.setdefault(sv[0], []).append(n)
        if len(_GROUPS) > 256:
            _GROUPS.clear()
        _GROUPS[key] = found
    return found


def group_of(path: Path) -> list[Path]:
    """The files of ``path``'s object, sorted by name (the first is the lead); just ``[path]`` when unnamed."""
    named = split_view(path)
    if named is None:
        return [path]
    members = [path.parent / n for n in _groups(path.parent).get(named[0], [])]
    return members or [path]


def is_member(path: Path) -> bool:
    """True for a view file that is not its object's lead (the lead indexes it)."""
    group = group_of(path)
    return len(group) > 1 and group[0] != path


def group_signature(path: Path) -> tuple[float, int]:
    """(latest mtime, total size) over the object's files: any view changing re-indexes the object."""
    mtime, size = 0.0, 0
    for p in group_of(path):
        try:
            st = p.stat()
        except OSError:
            continue
        mtime, size = max(mtime, st.st_mtime), size + st.st_size
    return mtime, size


def open_image(raw: bytes, name: str, *, max_pixels: int = MAX_PIXELS) -> Any:
    """Open image bytes lazily (a PIL image the caller closes), refusing empty, unreadable, unsupported
    and oversized ones with a per-file error; nothing is decoded yet."""
    from PIL import Image, UnidentifiedImageError

    if not raw:
        raise CorruptSource(f"{name}: empty image file (0 bytes)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)  # judged below, by our own limit
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


def decode(raw: bytes, name: str, *, max_side: int, min_short: int = 288,
           max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Decode image bytes to uint8 RGB [H, W, 3]: first frame, EXIF orientation applied, and the
    long side reduced to ``max_side`` (never the short side below ``min_short``, what SSCD resizes to)."""
    from PIL import Image, ImageOps

    with open_image(raw, name, max_pixels=max_pixels) as im:
        width, height = im.size
        try:
            im.seek(0)  # a multi-page TIFF: its first page
            if im.format == "JPEG" and max(width, height) > 2 * max_side:
                im.draft("RGB", (max_side, max_side))  # decode at a reduced scale: far less memory
            rgb = ImageOps.exif_transpose(im.convert("RGB"))
            rgb.load()
        except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
            raise CorruptSource(f"{name}: truncated or corrupt image: {exc}") from None
    long_side, short_side = max(rgb.size), min(rgb.size)
    if long_side > max_side and short_side > min_short:
        scale = max(max_side / long_side, min_short / short_side)
        rgb = rgb.resize((max(1, round(rgb.width * scale)), max(1, round(rgb.height * scale))),
                         Image.Resampling.LANCZOS)
    return np.asarray(rgb, dtype=np.uint8)


def write_thumbnail(pixels: np.ndarray, digest: str, folder: Path) -> Path:
    """A ≤ 256-px JPEG of the view, named by the image's sha256 (idempotent, written atomically)."""
    from PIL import Image

    target = folder / digest[:2] / f"{digest}.jpg"
    try:
        os.utime(target)  # in use again: a collection of unused thumbnails running now leaves it (see below)
        return target
    except FileNotFoundError:
        pass
    target.parent.mkdir(parents=True, exist_ok=True)
    im = Image.fromarray(pixels)
    # box-reduce first, then a triangle filter: Lanczos took twice as long, the largest cost per photo besides SSCD
    im.thumbnail((THUMB_SIDE, THUMB_SIDE), Image.Resampling.BILINEAR, reducing_gap=2.0)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    im.save(tmp, "JPEG", quality=85)
    os.replace(tmp, target)  # a crash leaves no half thumbnail under the final name
    return target


_THUMB_NAME = re.compile(r"^\.?[0-9a-f]{64}\.jpg(\.\d+\.tmp)?$")  # a thumbnail, or one a crash left half-written


def sweep_thumbnails(folder: Path, keep: set[str], *, before: float) -> int:
    """Delete the thumbnails in ``folder`` whose file name is not in ``keep`` and that were last written or
    reused before ``before`` (the sweeping run's start: what a run writes may belong to a file it has not
    committed yet). Idempotent, so a crash halfway is finished by the next run. Returns the count removed."""
    removed = 0
    try:
        subs = [e for e in os.scandir(folder) if e.is_dir(follow_symlinks=False) and len(e.name) == 2]
    except OSError:
        return 0
    for sub in subs:
        with os.scandir(sub.path) as entries:
            gone = [e for e in entries if _THUMB_NAME.match(e.name) and e.name not in keep
                    and e.is_file(follow_symlinks=False)]
        for e in gone:
            try:
                if e.stat(follow_symlinks=False).st_mtime < before:
                    os.unlink(e.path)
                    removed += 1
            except FileNotFoundError:
                continue
    return removed


def view_hash(image_sha: str, model: str) -> str:
    """An image view's ``source_hash``: its bytes' sha256 with the encoder's name (a new model re-embeds)."""
    return hashlib.sha256(f"{image_sha}\x1f{model}".encode()).hexdigest()
