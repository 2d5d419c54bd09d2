"""A photograph as an object record: the file and the other views of its object (``<id>_<view>.<ext>``).

The reader only names the images; the pipeline reads, decodes and embeds them (core/ingest/objects.py).
"""

from __future__ import annotations

from pathlib import Path

from core.chunking.model import ParsedRecord, ReadResult
from core.ingest.images import group_of, split_view
from core.ingest.readers.common import title_from_path


def read(path: Path, raw: bytes) -> ReadResult:
    """One object: a named view with its siblings, or a single-view object."""
    named = split_view(path)
    if named is None:
        rec = ParsedRecord(key="", title=title_from_path(path), blocks=[], images={"image": str(path)},
                           data={"images": {"image": path.name}})
        return ReadResult([rec], reader="image")
    object_id, _ = named
    images: dict[str, str] = {}
    notes: list[str] = []
    for member in group_of(path):
        sv = split_view(member)
        if sv is None:
            continue
        if sv[1] in images:  # c1_a.jpg and c1_anverso.png: the first by name is kept
            notes.append(f"{member.name}: a second {sv[1]} of {object_id}, ignored")
            continue
        images[sv[1]] = str(member)
    rec = ParsedRecord(key=f"object:{object_id}", title=object_id, blocks=[], images=images,
                       data={"object_id": object_id, "images": {v: Path(p).name for v, p in images.items()}})
    return ReadResult([rec], reader="image", notes=notes)
