"""The read stage: one claimed file's bytes, read safely, and what its reader finds in them."""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Generator
from pathlib import Path

from core.chunking.model import ReadResult
from core.ingest import queue
from core.ingest.ocr import ocr_scans
from core.ingest.readers import page_images, reader_for
from core.ingest.walk import read_regular
from core.progress import CancelToken, Progress


def read_source(item: queue.QueueItem, limit: int, data_dir: Path,
                cancel: CancelToken) -> Generator[Progress, None, tuple[ReadResult, bytes, os.stat_result]]:
    """(what the reader found, the bytes, their stat) of one file of at most ``limit`` bytes; scanned pages
    are read by OCR page by page (cached under ``data_dir``, so a stopped file resumes)."""
    path = Path(item.path)
    opts = item.options
    as_pages = page_images.wanted(path, opts)
    raw, st = read_regular(path, follow=opts.follow_symlinks, roots=[os.path.realpath(item.root)] if item.root else [],
                           limit=limit)
    note = ""
    if as_pages is None:  # a picture nothing said anything about: a page if it shows lines of text
        lines = page_images.text_lines(raw, path.name)
        as_pages = lines >= page_images.TEXT_LINES
        if as_pages:
            note = (f"read as a scanned page: {lines} lines of text found on the picture "
                    '(a sidecar {"kind": "object"} keeps it a photograph)')
    found = (page_images.read if as_pages else reader_for(path))(path, raw)
    if note:
        found.notes.insert(0, note)
    if found.embedded:
        keep_embedded(found, raw, data_dir)
    result = yield from ocr_scans(found, path, raw, data_dir, cancel)
    return result, raw, st


def keep_embedded(found: ReadResult, raw: bytes, data_dir: Path) -> None:
    """Write the files a reader found inside this one (a message's pictures) to ``pages/<file sha256>/`` in the
    data folder, where the page sweep keeps them while a live record names them, and point the records at them."""
    folder = data_dir / "pages" / hashlib.sha256(raw).hexdigest()
    folder.mkdir(parents=True, exist_ok=True)
    for rec in found.records:
        for view, name in list(rec.images.items()):
            data = found.embedded.get(name)
            if data is None:
                continue
            target = folder / name
            if not (target.is_file() and target.stat().st_size == len(data)):  # named by the file's hash: same bytes
                fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                os.replace(tmp, target)
            rec.images[view] = str(target)
    found.embedded.clear()
