"""Switching an index to another model without mixing vector spaces.

The new model's rows are built beside the old ones (the ``model`` column is
part of every row id), one record per transaction, resumably; search keeps
using the old model until every record is done; then one transaction makes
the new model active and drops the old rows. Asked for the model already active, it re-embeds
only the passages whose embedded text a newer chunker composes differently (:mod:`core.ingest.reembed`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Generator
from pathlib import Path

import numpy as np

from core.chunking import compose_embedded, embedded_hash
from core.errors import IngestError
from core.ingest.reembed import reembed
from core.ingest.sources import cache_vectors
from core.models.encoder import ImageEncoder, TextEncoder
from core.progress import CancelToken, EtaClock, Progress
from core.retrieval.lexical import rebuild_lexical_index
from core.store.db import Store
from core.store.models_repo import active_model, begin_building, pin_model, switch_to
from core.store.writer import EmbeddingRow, RecordWriter


def reindex(store: Store, encoder: TextEncoder | ImageEncoder, cancel: CancelToken | None = None,
            batch: int = 64, *, max_side: int = 1024) -> Generator[Progress, None, int]:
    """Build ``encoder``'s rows for every record of its modality, then switch; returns units embedded.

    Text is re-embedded from the stored passages; photographs from their files (an image row's
    ``source_text`` is its path), decoded as ingest decodes them (``max_side``). A photograph that
    is gone stops the build with a clear error; running it again resumes where it stopped.
    """
    cancel = cancel or CancelToken()
    modality = encoder.modality
    current = active_model(store, modality)
    if current is None:
        pin_model(store, encoder.name, encoder.dimension, modality=modality)
        return 0
    if current.name == encoder.name:  # the same model: only passages whose embedded text changed
        return (yield from reembed(store, encoder, cancel)) if isinstance(encoder, TextEncoder) else 0
    begin_building(store, encoder.name, encoder.dimension, modality)
    cur = store.cursor()
    todo = cur.execute("""
        SELECT DISTINCT o.section_tipo, o.section_id FROM rag_embeddings o
        WHERE o.model = ? AND NOT EXISTS (
            SELECT 1 FROM rag_embeddings n WHERE n.model = ? AND n.section_tipo = o.section_tipo
              AND n.section_id = o.section_id)
        ORDER BY 1, 2
    """, [current.name, encoder.name]).fetchall()
    clock = EtaClock()
    embedded = 0
    writer = RecordWriter(store)
    for n, (st, sid) in enumerate(todo):
        cancel.check()
        rows = cur.execute("""
            SELECT e.component_tipo, e.lang, e.chunk_index, e.modality, e.source_text, e.chunk_meta
            FROM rag_embeddings e JOIN records r USING (section_tipo, section_id)
            WHERE e.model = ? AND e.section_tipo = ? AND e.section_id = ? ORDER BY e.component_tipo, e.chunk_index
        """, [current.name, st, sid]).fetchall()
        if isinstance(encoder, ImageEncoder):
            vecs, hashes = _embed_photographs(encoder, [Path(r[4]) for r in rows], f"{st}-{sid}", max_side)
        else:
            texts = [compose_embedded((json.loads(r[5]) if r[5] else {}).get("heading_path") or (), r[4])
                     for r in rows]
            hashes = [embedded_hash(t) for t in texts]
            vecs = encoder.embed_batch(texts, kind="passage") if texts else np.zeros((0, encoder.dimension))
            cache_vectors(store, encoder.name, dict(zip(hashes, vecs)))
        embedded += len(rows)
        writer.add_embeddings((st, sid), [
            EmbeddingRow(component_tipo=r[0], chunk_index=int(r[2]), model=encoder.name, embedding=v,
                         source_text=r[4], source_hash=h, lang=r[1], modality=r[3],
                         chunk_meta=json.loads(r[5]) if r[5] else {})
            for r, v, h in zip(rows, vecs, hashes)])
        yield Progress("reindex", n + 1, len(todo), "records", item=f"{st}-{sid}",
                       eta_s=clock.eta(n + 1, len(todo)))
    cancel.check()
    switch_to(store, encoder.name, modality)
    if modality == "text":
        rebuild_lexical_index(store)
    return embedded


def _embed_photographs(encoder: ImageEncoder, paths: list[Path], record: str,
                       max_side: int) -> tuple[np.ndarray, list[str]]:
    """Vectors and ``source_hash`` values of a record's photographs, read again from their files."""
    from core.ingest.images import view_hash
    from core.models.image_io import decode

    pixels, hashes = [], []
    for path in paths:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise IngestError(f"cannot re-embed {record}: its photograph {path} cannot be read ({exc.strerror})",
                              hint="Put the file back (or remove the record), then run the same reindex again: "
                                   "it resumes where it stopped.") from exc
        pixels.append(decode(raw, path.name, max_side=max_side))
        hashes.append(view_hash(hashlib.sha256(raw).hexdigest(), encoder.name))
    vecs = encoder.embed_batch(pixels) if pixels else np.zeros((0, encoder.dimension), np.float32)
    return vecs, hashes
