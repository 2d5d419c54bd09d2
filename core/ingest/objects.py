"""An object's photographs made ready to embed: read safely, decoded, thumbnailed, hashed.

Every view is read like any source (no links out, no special files, size limit) and must lie
inside the folder of the file that names it (a catalogue in a public deposit may not pull in a
photograph from elsewhere on the disk). A bad view is a note naming it and the reason; the
object keeps its other views and its text.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.errors import CorruptSource, IngestError, RefusedSource
from core.ingest.images import group_signature, is_image, view_hash, write_thumbnail
from core.ingest.walk import LINK_OUTSIDE, inside, read_regular
from core.models.image_io import decode
from core.settings import Settings


#: decoded photographs one file keeps in memory until they are embedded; the rest are read again then
KEEP_DECODED = 16
#: catalogues over this size are not parsed while scanning; indexing refuses them too unless
#: max_file_mb was raised (then their photographs are not claimed as views in the scan)
SCAN_LIMIT = int(Settings.model_fields["max_file_mb"].default) * 1024 * 1024


@dataclass
class PreparedView:
    """One photograph of an object; ``pixels`` (when kept) is dropped once its vector is known."""

    view: str
    path: str
    image_sha: str
    source_hash: str
    thumb: str
    pixels: np.ndarray | None
    reload: Callable[[], np.ndarray] | None = None  # decode it again (same bytes, or an error)

    def take_pixels(self) -> np.ndarray:
        """The decoded photograph to embed, then forgotten (a catalogue of thousands stays small in memory)."""
        pixels = self.pixels if self.pixels is not None else self.reload() if self.reload else None
        if pixels is None:
            raise CorruptSource(f"{Path(self.path).name}: nothing to embed")
        self.pixels = None
        return pixels

    def meta(self) -> dict[str, str]:
        """The embedding row's ``chunk_meta``."""
        return {"view": self.view, "thumb": self.thumb, "path": self.path}


def prepare_views(images: dict[str, str], *, base: Path, roots: list[str], follow: bool, model: str,
                  thumbs: Path, max_side: int, limit: int) -> tuple[list[PreparedView], list[str]]:
    """(views that decoded, one reason per view that did not)."""
    views: list[PreparedView] = []
    errors: list[str] = []
    allowed = [os.path.realpath(base)] + roots
    for view, name in images.items():
        path = Path(name)
        try:
            if not inside(os.path.realpath(path), allowed):
                raise RefusedSource(LINK_OUTSIDE if path.is_symlink() else "outside the catalogue's folder: not read")
            raw, _ = read_regular(path, follow=follow, roots=allowed, limit=limit)
            pixels = decode(raw, path.name, max_side=max_side)
            sha = hashlib.sha256(raw).hexdigest()
            thumb = write_thumbnail(pixels, sha, thumbs)
        except IngestError as exc:
            errors.append(f"{view} {path.name}: {str(exc).removeprefix(path.name + ': ')}")
            continue

        def reload(path: Path = path, sha: str = sha) -> np.ndarray:
            raw, _ = read_regular(path, follow=follow, roots=allowed, limit=limit)
            if hashlib.sha256(raw).hexdigest() != sha:
                raise CorruptSource(f"{path.name} changed while it was being indexed", hint="Run the ingest again.")
            return decode(raw, path.name, max_side=max_side)

        keep = pixels if len(views) < KEEP_DECODED else None
        views.append(PreparedView(view, str(path), sha, view_hash(sha, model), str(thumb), keep, reload))
    return views, errors


#: files whose rows may name photographs (catalogues)
CATALOGUE_SUFFIXES = (".csv", ".xlsx", ".ods")
_NAMED_BY: dict[tuple[str, int, int], list[str]] = {}  # (catalogue, its mtime, its size) → photographs it names


def catalogue_images(path: Path) -> list[str]:
    """The photographs a catalogue (CSV or spreadsheet) names (parsed once per version of the file; none for
    other files)."""
    from core.ingest.readers import csv_reader, sheet_reader

    readers = {".csv": csv_reader.read, ".xlsx": sheet_reader.read_xlsx, ".ods": sheet_reader.read_ods}
    if path.suffix.lower() not in readers:
        return []
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode) or st.st_size > SCAN_LIMIT:
            return []  # stat first: a pipe is never opened, a huge file never read
        key = (str(path), st.st_mtime_ns, st.st_size)
        if key not in _NAMED_BY:
            raw, _ = read_regular(path, follow=True, roots=[], limit=SCAN_LIMIT)
            result = readers[path.suffix.lower()](path, raw)
            if len(_NAMED_BY) > 256:
                _NAMED_BY.clear()
            _NAMED_BY[key] = sorted({p for rec in result.records for p in rec.images.values()})
    except Exception:  # the CSV's own indexing reports why; the scan of its folder goes on
        return []
    return _NAMED_BY[key]


def catalogued_images(catalogues: list[Path]) -> set[str]:
    """Photographs named by these catalogue CSVs: they enter as their row's views, not as objects of their own."""
    return {p for path in catalogues for p in catalogue_images(path)}


def source_signature(path: Path, st: os.stat_result) -> tuple[float, int]:
    """(latest mtime, total size) of a source and the photographs it embeds: an image with its sibling views,
    a catalogue with the photographs its rows name — a photograph replaced under an unchanged catalogue
    re-indexes the catalogue (a photograph that vanishes or appears changes the total size)."""
    if is_image(path):
        return group_signature(path)
    mtime, size = st.st_mtime, st.st_size
    for name in catalogue_images(path):
        try:
            pst = os.stat(name)
        except OSError:
            continue
        mtime, size = max(mtime, pst.st_mtime), size + pst.st_size
    return mtime, size


def embeds_images(path: Path) -> bool:
    """True for a photograph or a catalogue naming photographs (their own bytes alone do not say unchanged)."""
    return is_image(path) or bool(catalogue_images(path))
