"""Photographs as views of objects: file naming, grouping, thumbnails.

An image enters as one *view* (obverse, reverse, …) of an object record. Files named
``<id>_<view>.<ext>`` in one folder are one object; the first of them by name (the *lead*)
is the source the queue indexes, and reads its siblings. Decoding is :func:`core.models.image_io.decode`,
the one decoder the encoders use too.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import numpy as np

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp"})
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
