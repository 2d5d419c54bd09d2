"""Writing a prepared source into the store in one transaction (records, chunks, source, queue)."""

from __future__ import annotations

import json
from collections.abc import Mapping

import duckdb
import numpy as np
import pyarrow as pa

from core.ids import chunk_id
from core.ingest import queue
from core.ingest.prepared import PreparedSource
from core.store.db import Store


def existing_vectors(store: Store, path: str, model: str, hashes: set[str]) -> dict[str, np.ndarray]:
    """Vectors already stored for this source (same model, same source_hash) or left in the cache."""
    found: dict[str, np.ndarray] = {}
    if not hashes:
        return found
    cur = store.cursor()
    rows = cur.execute("""
        SELECT e.source_hash, e.embedding FROM rag_embeddings e
        JOIN source_records s ON s.section_tipo = e.section_tipo AND s.section_id = e.section_id
        WHERE s.path = ? AND e.model = ?
    """, [path, model]).fetchall()
    for h, vec in rows:
        if h in hashes:
            found[h] = np.asarray(vec, dtype=np.float32)
    missing = list(hashes - found.keys())
    if missing:
        rows = cur.execute("SELECT content_hash, embedding FROM embedding_cache WHERE model = ? "
                           "AND content_hash IN (SELECT unnest(?::VARCHAR[]))", [model, missing]).fetchall()
        for h, vec in rows:
            found[h] = np.asarray(vec, dtype=np.float32)
    return found


def cache_vectors(store: Store, model: str, vectors: Mapping[str, np.ndarray]) -> None:
    """Persist freshly computed vectors at once, so a crash or cancel does not lose the work."""
    if not vectors:
        return
    table = pa.table({
        "model": pa.array([model] * len(vectors)),
        "content_hash": pa.array(list(vectors.keys())),
        "embedding": pa.array([v.astype(np.float32) for v in vectors.values()], type=pa.list_(pa.float32())),
    })
    with store.transaction() as cur:
        cur.register("new_cache", table)
        cur.execute("INSERT OR IGNORE INTO embedding_cache SELECT model, content_hash, embedding FROM new_cache")
        cur.unregister("new_cache")


def commit_source(store: Store, src: PreparedSource, model: str, dimension: int,
                  vectors: Mapping[str, np.ndarray]) -> None:
    """Replace this source's records and chunks with the new ones, atomically."""
    from core.ingest.queue import now

    t = now()
    ids, sts, sids, comps, langs, idxs, texts, hashes, metas, embs = ([] for _ in range(10))
    for rec in src.records:
        for ch in rec.chunks:
            ids.append(chunk_id(rec.section_tipo, rec.section_id, ch.component_tipo, rec.lang, ch.chunk_index, model))
            sts.append(rec.section_tipo)
            sids.append(rec.section_id)
            comps.append(ch.component_tipo)
            langs.append(rec.lang)
            idxs.append(ch.chunk_index)
            texts.append(ch.source_text)
            hashes.append(ch.source_hash)
            metas.append(json.dumps(ch.meta(), ensure_ascii=False))
            embs.append(vectors[ch.source_hash])
    chunks = pa.table({
        "id": pa.array(ids, pa.string()), "section_tipo": pa.array(sts, pa.string()),
        "section_id": pa.array(sids, pa.int64()), "component_tipo": pa.array(comps, pa.string()),
        "lang": pa.array(langs, pa.string()), "chunk_index": pa.array(idxs, pa.int32()),
        "source_text": pa.array(texts, pa.string()), "source_hash": pa.array(hashes, pa.string()),
        "chunk_meta": pa.array(metas, pa.string()),
        "embedding": pa.array([np.asarray(e, np.float32) for e in embs], type=pa.list_(pa.float32())),
    })
    records = pa.table({
        "section_tipo": pa.array([r.section_tipo for r in src.records], pa.string()),
        "section_id": pa.array([r.section_id for r in src.records], pa.int64()),
        "title": pa.array([r.title for r in src.records], pa.string()),
        "lang": pa.array([r.lang for r in src.records], pa.string()),
        "classification": pa.array([r.classification for r in src.records], pa.string()),
        "project_ids": pa.array([r.project_ids for r in src.records], pa.list_(pa.int32())),
        "data": pa.array([json.dumps(r.data, ensure_ascii=False, default=str) for r in src.records], pa.string()),
        "date_start": pa.array([r.date_start for r in src.records], pa.date32()),
        "date_end": pa.array([r.date_end for r in src.records], pa.date32()),
    })
    with store.transaction() as cur:
        _delete_source_rows(cur, src.path)
        cur.register("new_records", records)
        cur.execute("""
            INSERT INTO records (section_tipo, section_id, title, lang, classification, project_ids, data,
                                 date_start, date_end, updated_at, deleted_at, origin)
            SELECT section_tipo, section_id, title, lang, classification, project_ids, data::JSON,
                   date_start, date_end, ?, NULL, 'local' FROM new_records
        """, [t])
        cur.execute("INSERT INTO source_records SELECT ?, section_tipo, section_id FROM new_records", [src.path])
        cur.unregister("new_records")
        cur.register("new_chunks", chunks)
        cur.execute("""
            INSERT INTO rag_embeddings (id, section_tipo, section_id, component_tipo, lang, chunk_index, modality,
                                        model, dimension, source_text, source_hash, chunk_meta, embedding, updated_at)
            SELECT id, section_tipo, section_id, component_tipo, lang, chunk_index, 'text', ?, ?,
                   source_text, source_hash, chunk_meta::JSON, embedding, ? FROM new_chunks
        """, [model, dimension, t])
        cur.execute("DELETE FROM embedding_cache WHERE model = ? AND content_hash IN "
                    "(SELECT source_hash FROM new_chunks)", [model])
        cur.unregister("new_chunks")
        record_source(cur, src.path, src.root, src.collection, status="ok", reader=src.reader,
                      content_hash=src.content_hash, mtime=src.mtime, size=src.size,
                      error="; ".join(src.notes) or None, options=src.options, chunks=len(ids))
        queue.done(cur, src.path)
        Store.bump_generation(cur)


def _delete_source_rows(cur: duckdb.DuckDBPyConnection, path: str) -> None:
    """Remove every record and chunk a source produced before (all models)."""
    cur.execute("""
        DELETE FROM rag_embeddings USING source_records s
        WHERE s.path = ? AND rag_embeddings.section_tipo = s.section_tipo
          AND rag_embeddings.section_id = s.section_id
    """, [path])
    cur.execute("""
        DELETE FROM records USING source_records s
        WHERE s.path = ? AND records.origin = 'local' AND records.section_tipo = s.section_tipo
          AND records.section_id = s.section_id
    """, [path])
    cur.execute("DELETE FROM source_records WHERE path = ?", [path])


def remove_source(store: Store, path: str) -> None:
    """A source that disappeared from disk: its records and chunks go too."""
    with store.transaction() as cur:
        _delete_source_rows(cur, path)
        cur.execute("DELETE FROM sources WHERE path = ?", [path])
        queue.done(cur, path)
        Store.bump_generation(cur)


def record_source(cur: duckdb.DuckDBPyConnection, path: str, root: str | None, collection: str, *,
                  status: str, reader: str | None = None, content_hash: str | None = None,
                  mtime: float | None = None, size: int | None = None, error: str | None = None,
                  options: Mapping[str, object] | None = None, chunks: int = 0) -> None:
    """Upsert the ``sources`` row of a file."""
    from core.ingest.queue import now

    cur.execute("""
        INSERT INTO sources (path, root, collection, reader, content_hash, mtime, size, status, error,
                             options, chunks, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (path) DO UPDATE SET root = excluded.root, collection = excluded.collection,
            reader = excluded.reader, content_hash = excluded.content_hash, mtime = excluded.mtime,
            size = excluded.size, status = excluded.status, error = excluded.error,
            options = excluded.options, chunks = excluded.chunks, updated_at = excluded.updated_at
    """, [path, root, collection, reader, content_hash, mtime, size, status, error,
          json.dumps(dict(options or {})), chunks, now()])


def fail_source(store: Store, path: str, root: str | None, collection: str, error: str,
                options: Mapping[str, object] | None = None, *, keep_rows: bool = True) -> None:
    """Record a per-file failure and clear its marker; earlier good rows stay searchable."""
    with store.transaction() as cur:
        old = cur.execute("SELECT content_hash, mtime, size FROM sources WHERE path = ?", [path]).fetchone()
        if not keep_rows:
            _delete_source_rows(cur, path)
            Store.bump_generation(cur)
        record_source(cur, path, root, collection, status="failed", error=error, options=options,
                      content_hash=old[0] if old else None, mtime=None, size=old[2] if old else None)
        queue.done(cur, path)
