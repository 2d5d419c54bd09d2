"""The one record-row builder: what a reader parsed, as the store keeps it.

File ingest and object cataloguing both build their records here, so a record saved from the
catalogue is the record an import of its CSV writes: the same language rule, chunks, ``data``
layout (source file, collection, reader, fields, then media, roles and views when present) and
embedding rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from core.chunking import chunk_record
from core.chunking.chunker import TokenCounter
from core.chunking.model import ParsedRecord
from core.ingest.language import detect_language
from core.ingest.objects import PreparedView
from core.ingest.prepared import PreparedRecord
from core.settings import Settings
from core.store.writer import EmbeddingRow, RecordRow


def prepare_record(rec: ParsedRecord, *, section_tipo: str, section_id: int, source_path: str, reader: str,
                   classification: str, count_tokens: TokenCounter, settings: Settings, lang: str | None = None,
                   project_ids: Sequence[int] = (), views: Sequence[PreparedView] = ()) -> PreparedRecord:
    """``rec`` chunked, with its language (``lang``, else the reader's, else detected) and stored ``data``."""
    full_text = " ".join(b.text for b in rec.blocks)
    lang = lang or rec.lang or detect_language(f"{rec.title}. {full_text}")
    chunks = chunk_record(rec, count_tokens, target=settings.chunk_target_tokens,
                          floor=settings.chunk_min_tokens) if rec.blocks else []
    data: dict[str, Any] = {"source_path": source_path, "collection": section_tipo, "reader": reader,
                            "fields": rec.data}
    if rec.media_path:
        data["media_path"] = rec.media_path
    if rec.roles:
        data["roles"] = rec.roles
    if views:
        data["views"] = {v.view: {"path": v.path, "thumb": v.thumb} for v in views}
    return PreparedRecord(section_tipo=section_tipo, section_id=section_id, title=rec.title, lang=lang,
                          classification=classification, project_ids=list(project_ids), data=data,
                          date_start=rec.date_start, date_end=rec.date_end, chunks=chunks, views=list(views),
                          record_key=rec.key)


def record_row(rec: PreparedRecord, vectors: Mapping[str, np.ndarray], model: str,
               image_model: str | None = None) -> RecordRow:
    """A prepared record with its text and image embeddings (``vectors`` by source hash), as the writer takes it."""
    row = RecordRow(
        section_tipo=rec.section_tipo, section_id=rec.section_id, title=rec.title, lang=rec.lang,
        classification=rec.classification, project_ids=rec.project_ids, data=rec.data,
        date_start=rec.date_start, date_end=rec.date_end, origin="local",
        embeddings=[EmbeddingRow(component_tipo=ch.component_tipo, chunk_index=ch.chunk_index, model=model,
                                 embedding=vectors[ch.source_hash], source_text=ch.source_text,
                                 source_hash=ch.source_hash, lang=rec.lang, modality="text", chunk_meta=ch.meta())
                    for ch in rec.chunks])
    if rec.views and image_model is None:
        raise ValueError("image views need the image model's name")
    # source_text is the photograph's path, so a reindex of the image modality can embed it again
    row.embeddings += [EmbeddingRow(component_tipo=f"img:{v.view}", chunk_index=0, model=str(image_model),
                                    embedding=vectors[v.source_hash], source_text=v.path,
                                    source_hash=v.source_hash, modality="image", chunk_meta=v.meta())
                       for v in rec.views]
    return row
