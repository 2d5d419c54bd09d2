"""Switching an index to another model without mixing vector spaces.

The new model's rows are built beside the old ones (the ``model`` column is
part of every row id), one record per transaction, resumably; search keeps
using the old model until every record is done; then one transaction makes
the new model active and drops the old rows.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Generator

import numpy as np
import pyarrow as pa

from core.chunking import CHUNKER_VERSION, compose_embedded
from core.ids import chunk_id
from core.ingest.queue import now
from core.ingest.writer import cache_vectors
from core.models.encoder import TextEncoder
from core.progress import CancelToken, EtaClock, Progress
from core.retrieval.lexical import rebuild_lexical_index
from core.store.db import Store
from core.store.models_repo import active_model, begin_building, pin_model, switch_to


def reindex(store: Store, encoder: TextEncoder, cancel: CancelToken | None = None,
            batch: int = 64) -> Generator[Progress, None, int]:
    """Build ``encoder``'s rows for every record, then switch; returns chunks embedded."""
    cancel = cancel or CancelToken()
    current = active_model(store)
    if current is None:
        pin_model(store, encoder.name, encoder.dimension)
        return 0
    if current.name == encoder.name:
        return 0
    begin_building(store, encoder.name, encoder.dimension)
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
    for n, (st, sid) in enumerate(todo):
        cancel.check()
        rows = cur.execute("""
            SELECT e.component_tipo, e.lang, e.chunk_index, e.modality, e.source_text, e.chunk_meta, r.title
            FROM rag_embeddings e JOIN records r USING (section_tipo, section_id)
            WHERE e.model = ? AND e.section_tipo = ? AND e.section_id = ? ORDER BY e.chunk_index
        """, [current.name, st, sid]).fetchall()
        texts = [compose_embedded(r[6] or "", (json.loads(r[5]) if r[5] else {}).get("heading_path", []), r[4])
                 for r in rows]
        hashes = [hashlib.sha256(f"{CHUNKER_VERSION}|{t}".encode()).hexdigest() for t in texts]
        vecs = encoder.embed_batch(texts, kind="passage") if texts else np.zeros((0, encoder.dimension))
        embedded += len(texts)
        cache_vectors(store, encoder.name, dict(zip(hashes, vecs)))
        table = pa.table({
            "id": [chunk_id(st, sid, r[0], r[1], r[2], encoder.name) for r in rows],
            "component_tipo": [r[0] for r in rows], "lang": pa.array([r[1] for r in rows], pa.string()),
            "chunk_index": pa.array([r[2] for r in rows], pa.int32()), "modality": [r[3] for r in rows],
            "source_text": [r[4] for r in rows], "source_hash": hashes,
            "chunk_meta": pa.array([r[5] for r in rows], pa.string()),
            "embedding": pa.array([v.astype(np.float32) for v in vecs], type=pa.list_(pa.float32())),
        })
        with store.transaction() as w:
            w.register("new_rows", table)
            w.execute("""
                INSERT INTO rag_embeddings SELECT id, ?, ?, component_tipo, lang, chunk_index, modality, ?, ?,
                    source_text, source_hash, chunk_meta::JSON, embedding, ? FROM new_rows
            """, [st, sid, encoder.name, encoder.dimension, now()])
            w.execute("DELETE FROM embedding_cache WHERE model = ? AND content_hash IN "
                      "(SELECT source_hash FROM new_rows)", [encoder.name])
            w.unregister("new_rows")
        yield Progress("reindex", n + 1, len(todo), "records", item=f"{st}-{sid}",
                       eta_s=clock.eta(n + 1, len(todo)))
    cancel.check()
    switch_to(store, encoder.name)
    rebuild_lexical_index(store)
    return embedded
