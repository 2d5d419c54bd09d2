"""A store as the chunker before "c2" left it: its passages embedded as ``title › heading path + passage``.

The re-embed tests start from such a store, made by rewriting a fresh one's hashes (and vectors,
when an encoder is given) the way the older chunker computed them.
"""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pyarrow as pa

from core.models.encoder import TextEncoder
from core.store.db import Store

OLD_VERSION = "c1"


def old_embedded_text(title: str, heading_path: list[str], passage: str) -> str:
    """What chunker c1 embedded."""
    context = " › ".join(p for p in (title, *heading_path) if p)
    return f"{context}\n\n{passage}" if context else passage


def age(store: Store, encoder: TextEncoder | None = None) -> int:
    """Rewrite every local text passage as c1 left it; without an encoder its vector is negated (a vector
    no chunker computes, so a passage not re-embedded shows). Returns the passages rewritten."""
    rows = store.cursor().execute("""
        SELECT e.id, r.title, e.chunk_meta, e.source_text, e.embedding FROM rag_embeddings e
        JOIN records r USING (section_tipo, section_id) WHERE e.modality = 'text' ORDER BY e.id""").fetchall()
    texts = [old_embedded_text(t or "", json.loads(m or "{}").get("heading_path") or [], s) for _, t, m, s, _ in rows]
    vectors = encoder.embed_batch(texts, kind="passage") if encoder else [-np.asarray(r[4], np.float32) for r in rows]
    table = pa.table({"id": [r[0] for r in rows],
                      "h": [hashlib.sha256(f"{OLD_VERSION}|{t}".encode()).hexdigest() for t in texts],
                      "v": pa.array([np.asarray(v, np.float32) for v in vectors], type=pa.list_(pa.float32()))})
    with store.transaction() as w:
        w.register("aged", table)
        w.execute("UPDATE rag_embeddings SET source_hash = aged.h, embedding = aged.v FROM aged "
                  "WHERE rag_embeddings.id = aged.id")
        w.unregister("aged")
        w.execute("DELETE FROM store_meta WHERE key LIKE 'chunker_version:%'")
        Store.bump_generation(w)
    return len(rows)
