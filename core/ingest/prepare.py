"""The prepare stage: what a reader found in one file, identified, classified, chunked and with its
photographs made ready — the :class:`PreparedSource` the embed and write stages take (no store writes)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from core.chunking.chunker import TokenCounter
from core.chunking.model import ReadResult
from core.errors import CorruptSource
from core.ids import section_id_for
from core.ingest import queue
from core.ingest.classify import Classifier
from core.ingest.moves import known_ids
from core.ingest.content_class import content_floors, stored_classifications
from core.ingest.objects import prepare_views, source_signature
from core.ingest.ocr import ScanResult
from core.ingest.prepared import PreparedRecord, PreparedSource
from core.ingest.record_rows import prepare_record
from core.settings import Settings
from core.store.db import Store
from core.store.edits import edited_classifications


def prepare_source(item: queue.QueueItem, result: ReadResult, raw: bytes, st: os.stat_result, *, store: Store,
                   settings: Settings, count_tokens: TokenCounter, image_model: str, thumbs: Path,
                   new: bool) -> PreparedSource:
    """The records of one read file with their final identities; ``new``: the file has no records yet."""
    path = Path(item.path)
    opts = item.options
    roots = [os.path.realpath(item.root)] if item.root else []
    if result.reader == "email":  # a message's pictures are kept in the data folder (read.keep_embedded)
        roots.append(os.path.realpath(thumbs.parent / "pages"))
    collection = opts.collection
    signature = source_signature(path, st)  # before its photographs are read: one replaced meanwhile shows
    records: list[PreparedRecord] = []
    view_errors: list[str] = []
    rules = Classifier({} if new else stored_classifications(store.cursor(), item.path),
                       opts.classification, opts.reclassify, settings.default_classification)
    content_hash = hashlib.sha256(raw).hexdigest()
    floors = content_floors(store.cursor(), content_hash)
    owner_set = {} if new else edited_classifications(store.cursor(), item.path, collection)  # the owner decides
    kept = {} if new else known_ids(store, item.path, collection)  # a moved file's records keep their ids
    ids: dict[str, int] = {}  # in-file key → record id, so a mail attachment names its message's record
    for rec in result.records:
        # an object of named views is its folder's, whichever of its files leads: its id survives
        # a new view sorting first
        owner = str(path.parent) if result.reader == "image" and rec.key.startswith("object:") else str(path)
        section_id = kept.get(rec.key) or section_id_for(owner, rec.key)
        ids[rec.key] = section_id
        if rec.data.get("attached_to_key") in ids:  # the message is read before its attachments
            rec.data["attached_to_id"] = ids[rec.data["attached_to_key"]]
        classification = owner_set.get(section_id) or rules.decide(section_id, rec.classification,
                                                                   floors.get(rec.key))
        views, errors = prepare_views(
            rec.images, base=path.parent, roots=roots, follow=opts.follow_symlinks, model=image_model,
            thumbs=thumbs, max_side=settings.image_max_px, limit=settings.max_file_mb * 1024 * 1024)
        view_errors += errors
        prepared = prepare_record(rec, section_tipo=collection, section_id=section_id, source_path=str(path),
                                  reader=result.reader, classification=classification, count_tokens=count_tokens,
                                  settings=settings, lang=opts.lang, project_ids=opts.project_ids, views=views)
        if prepared.chunks or prepared.views:  # an object with no text needs at least one photograph
            records.append(prepared)
    if not records:
        if len(view_errors) == 1 and result.reader == "image":
            raise CorruptSource(view_errors[0].split(": ", 1)[-1])
        raise CorruptSource("; ".join(view_errors) if view_errors else "no text to index in this file")
    notes = list(result.notes) + rules.notes() + view_errors
    scan = result if isinstance(result, ScanResult) else None
    mtime, size = signature
    return PreparedSource(path=str(path), root=item.root, collection=collection, reader=result.reader,
                          content_hash=content_hash, mtime=mtime, size=size,
                          options=opts, records=records, notes=notes, reclassified=rules.loosened,
                          kept_stricter=rules.kept, ocr_pages=scan.ocr_pages if scan else 0,
                          low_confidence_pages=list(scan.low_confidence_pages) if scan else [])
