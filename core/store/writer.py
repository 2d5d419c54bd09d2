"""The one record writer: records and their embeddings, any modality, local or central.

File ingest, object cataloguing and sync all write through :meth:`RecordWriter.write`:
records keyed by ``(section_tipo, section_id)`` are upserted with *all* their embeddings
(text and image, any model), removed or tombstoned, in one transaction that bumps the
store generation — together with whatever bookkeeping the caller adds in the same
transaction (a source row and its queue marker, a sync watermark). Each write returns
the :class:`Changes` it made, by collection and modality, so front ends refresh from
that one value instead of guessing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime

import duckdb
import numpy as np
import pyarrow as pa

from core.ids import chunk_id
from core.errors import StoreError
from core.store.bulk import CHUNK_COLUMNS, RECORD_COLUMNS, bulk_counts, bulk_insert, bulk_replace, chunk_ids
from core.store.changes import log_changes
from core.store.compact import mark_erased
from core.store.db import Store, now
from core.store.edits import apply_edits, forget_edits
from core.store.rows import Changes, EmbeddingRow, RecordKey, RecordRow

Bookkeeping = Callable[[duckdb.DuckDBPyConnection], None]

__all__ = ["Bookkeeping", "CHUNK_COLUMNS", "Changes", "EmbeddingRow", "RECORD_COLUMNS", "RecordKey", "RecordRow",
           "RecordWriter", "chunk_ids"]


def _modalities(rec: RecordRow) -> set[str]:
    return {e.modality for e in rec.embeddings} or {"none"}


class RecordWriter:
    """Writes records and embeddings into one store (callers hold no transaction of their own)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def write(self, upserts: Sequence[RecordRow] = (), *, remove: Iterable[RecordKey] = (),
              tombstone: Iterable[RecordKey] = (), also: Sequence[Bookkeeping] = ()) -> Changes:
        """Upsert ``upserts`` (replacing all their embeddings), delete ``remove``, tombstone
        ``tombstone``, run ``also`` — one transaction, one generation bump when records were
        written (``also`` alone is bookkeeping: a sync that found nothing new must not make every
        search rebuild its keyword index and reload its vectors)."""
        upserts = list(upserts)
        remove = [k for k in dict.fromkeys(remove) if k not in {r.key for r in upserts}]
        tombstone = list(dict.fromkeys(tombstone))
        changes = Changes()
        t = now()
        with self.store.transaction() as cur:
            existing = _existing(cur, [r.key for r in upserts] + remove + tombstone)
            for rec in upserts:
                if rec.key in existing and existing[rec.key][2] != rec.origin:
                    raise StoreError(f"record {rec.section_tipo}-{rec.section_id} is {existing[rec.key][2]}; "
                                     f"a {rec.origin} write may not replace it")
                target = changes.updated if rec.key in existing else changes.added
                for m in _modalities(rec):
                    target[(rec.section_tipo, m)] += 1
            for key in remove + tombstone:
                if key in existing and existing[key][0]:
                    for m in existing[key][1] or {"none"}:
                        changes.removed[(key[0], m)] += 1
            keys = [r.key for r in upserts] + remove
            if keys:
                _delete(cur, keys)
            if upserts:
                _insert(cur, upserts, t)
            if tombstone:
                _tombstone(cur, tombstone, t)
            for step in also:
                step(cur)
            # after the caller's steps (content floors among them): the user's edits have the last word
            apply_edits(cur, [r.key for r in upserts if r.origin == "local"])
            forget_edits(cur, remove + tombstone)
            if upserts or keys or tombstone:
                log_changes(cur, [r.key for r in upserts] + remove + tombstone)
                Store.bump_generation(cur, logged=True)
            if changes.removed:
                mark_erased(cur)
        return changes

    def write_tables(self, records: pa.Table, chunks: pa.Table, *, also: Sequence[Bookkeeping] = ()) -> Changes:
        """:meth:`write`'s upsert for rows already in columns (sync's pages): one transaction, one bump.

        ``records`` has :data:`RECORD_COLUMNS` (``data`` as JSON text, ``updated_at`` naive UTC),
        ``chunks`` has :data:`CHUNK_COLUMNS` (``chunk_meta`` as JSON text) and optionally
        ``updated_at``, the source's own stamp of each row (moved by every change there), stored as
        given; keys are unique. The result equals :meth:`write` of the same rows; an embedding
        stored identically (the same stamp, or without stamps the same content) is kept as it is
        rather than deleted and inserted again, and a stored record is updated in place: both
        spare the store's next checkpoint.
        """
        changes = Changes()
        t = now()
        chunks = chunks.append_column("id", chunk_ids(chunks))
        with self.store.transaction() as cur:
            cur.register("ovillo_bulk_records", records)
            cur.register("ovillo_bulk_chunks", chunks)
            try:
                counts = bulk_counts(cur)
                for (st, mod, existed, origin), n in counts.items():
                    if existed and origin is not None:
                        raise StoreError(f"a record of {st} is {origin}; a write of another origin may not replace it")
                    (changes.updated if existed else changes.added)[(st, mod)] += n
                stamped = "updated_at" in chunks.column_names
                kept = bulk_replace(cur, stamped) if any(existed for _, _, existed, _ in counts) else None
                bulk_insert(cur, t, kept, stamped, new_records=not all(existed for _, _, existed, _ in counts),
                             staged_chunks=chunks.num_rows)
                for step in also:
                    step(cur)
                log_changes(cur, "SELECT section_tipo, section_id FROM ovillo_bulk_records")
                Store.bump_generation(cur, logged=True)
            finally:
                cur.unregister("ovillo_bulk_records")
                cur.unregister("ovillo_bulk_chunks")
        return changes

    def add_embeddings(self, key: RecordKey, rows: Sequence[EmbeddingRow]) -> None:
        """Add embeddings beside a record's existing ones (a model being built beside the active one)."""
        if not rows:
            return
        with self.store.transaction() as cur:
            _insert_embeddings(cur, [(key, e) for e in rows], now())


def _existing(cur: duckdb.DuckDBPyConnection,
              keys: Sequence[RecordKey]) -> dict[RecordKey, tuple[bool, set[str], str]]:
    """Stored keys among ``keys``: (not tombstoned, their embedding modalities, origin)."""
    if not keys:
        return {}
    table = pa.table({"st": pa.array([k[0] for k in keys], pa.string()),
                      "sid": pa.array([k[1] for k in keys], pa.int64())})
    cur.register("ovillo_keys", table)
    try:
        rows = cur.execute("""
            SELECT r.section_tipo, r.section_id, r.deleted_at IS NULL,
                   list(DISTINCT e.modality) FILTER (WHERE e.modality IS NOT NULL), r.origin
            FROM records r JOIN (SELECT DISTINCT st, sid FROM ovillo_keys) k
              ON r.section_tipo = k.st AND r.section_id = k.sid
            LEFT JOIN rag_embeddings e ON e.section_tipo = r.section_tipo AND e.section_id = r.section_id
            GROUP BY ALL
        """).fetchall()
    finally:
        cur.unregister("ovillo_keys")
    return {(str(st), int(sid)): (bool(alive), set(mods or []), str(origin))
            for st, sid, alive, mods, origin in rows}


@contextmanager
def _keys_table(cur: duckdb.DuckDBPyConnection, keys: Sequence[RecordKey]) -> Iterator[str]:
    """``keys`` as a registered table ``ovillo_keyset (st, sid)`` for set-based statements."""
    table = pa.table({"st": pa.array([k[0] for k in keys], pa.string()),
                      "sid": pa.array([k[1] for k in keys], pa.int64())})
    cur.register("ovillo_keyset", table)
    try:
        yield "ovillo_keyset"
    finally:
        cur.unregister("ovillo_keyset")


def _delete(cur: duckdb.DuckDBPyConnection, keys: Sequence[RecordKey]) -> None:
    with _keys_table(cur, keys) as g:
        cur.execute(f"DELETE FROM rag_embeddings USING {g} g "
                    "WHERE rag_embeddings.section_tipo = g.st AND rag_embeddings.section_id = g.sid")
        cur.execute(f"DELETE FROM records USING {g} g WHERE records.section_tipo = g.st AND records.section_id = g.sid")


def _tombstone(cur: duckdb.DuckDBPyConnection, keys: Sequence[RecordKey], t: datetime) -> None:
    """Keep the record's identity, mark it deleted, drop its vectors and its text (nothing may find or read it)."""
    with _keys_table(cur, keys) as g:
        cur.execute(f"DELETE FROM rag_embeddings USING {g} g "
                    "WHERE rag_embeddings.section_tipo = g.st AND rag_embeddings.section_id = g.sid")
        cur.execute(f"UPDATE records SET deleted_at = ?, updated_at = ?, title = NULL, data = NULL FROM {g} g "
                    "WHERE records.section_tipo = g.st AND records.section_id = g.sid AND records.deleted_at IS NULL",
                    [t, t])


def _insert(cur: duckdb.DuckDBPyConnection, recs: Sequence[RecordRow], t: datetime) -> None:
    table = pa.table({
        "section_tipo": pa.array([r.section_tipo for r in recs], pa.string()),
        "section_id": pa.array([r.section_id for r in recs], pa.int64()),
        "title": pa.array([r.title for r in recs], pa.string()),
        "lang": pa.array([r.lang for r in recs], pa.string()),
        "classification": pa.array([r.classification for r in recs], pa.string()),
        "project_ids": pa.array([r.project_ids for r in recs], pa.list_(pa.int32())),
        "data": pa.array([json.dumps(r.data, ensure_ascii=False, default=str) for r in recs], pa.string()),
        "date_start": pa.array([r.date_start for r in recs], pa.date32()),
        "date_end": pa.array([r.date_end for r in recs], pa.date32()),
        "updated_at": pa.array([r.updated_at or t for r in recs], pa.timestamp("us")),
        "origin": pa.array([r.origin for r in recs], pa.string()),
    })
    cur.register("ovillo_new_records", table)
    try:
        cur.execute("""
            INSERT INTO records (section_tipo, section_id, title, lang, classification, project_ids, data,
                                 date_start, date_end, updated_at, deleted_at, origin)
            SELECT section_tipo, section_id, title, lang, classification, project_ids, data::JSON,
                   date_start, date_end, updated_at, NULL, origin FROM ovillo_new_records
        """)
    finally:
        cur.unregister("ovillo_new_records")
    _insert_embeddings(cur, [(r.key, e) for r in recs for e in r.embeddings], t)


def _insert_embeddings(cur: duckdb.DuckDBPyConnection, rows: Sequence[tuple[RecordKey, EmbeddingRow]],
                       t: datetime) -> None:
    if not rows:
        return
    table = pa.table({
        "id": pa.array([chunk_id(k[0], k[1], e.component_tipo, e.lang, e.chunk_index, e.model) for k, e in rows],
                       pa.string()),
        "section_tipo": pa.array([k[0] for k, _ in rows], pa.string()),
        "section_id": pa.array([k[1] for k, _ in rows], pa.int64()),
        "component_tipo": pa.array([e.component_tipo for _, e in rows], pa.string()),
        "lang": pa.array([e.lang for _, e in rows], pa.string()),
        "chunk_index": pa.array([e.chunk_index for _, e in rows], pa.int32()),
        "modality": pa.array([e.modality for _, e in rows], pa.string()),
        "model": pa.array([e.model for _, e in rows], pa.string()),
        "dimension": pa.array([int(len(e.embedding)) for _, e in rows], pa.int32()),
        "source_text": pa.array([e.source_text for _, e in rows], pa.string()),
        "source_hash": pa.array([e.source_hash for _, e in rows], pa.string()),
        "chunk_meta": pa.array([json.dumps(e.chunk_meta, ensure_ascii=False) for _, e in rows], pa.string()),
        "embedding": pa.array([np.asarray(e.embedding, np.float32) for _, e in rows], type=pa.list_(pa.float32())),
    })
    cur.register("ovillo_new_chunks", table)
    try:
        cur.execute("""
            INSERT INTO rag_embeddings (id, section_tipo, section_id, component_tipo, lang, chunk_index, modality,
                                        model, dimension, source_text, source_hash, chunk_meta, embedding, updated_at)
            SELECT id, section_tipo, section_id, component_tipo, lang, chunk_index, modality, model, dimension,
                   source_text, source_hash, chunk_meta::JSON, embedding, ? FROM ovillo_new_chunks
        """, [t])
        # vectors now stored with their record need no cache copy
        cur.execute("DELETE FROM embedding_cache USING ovillo_new_chunks n "
                    "WHERE embedding_cache.model = n.model AND embedding_cache.content_hash = n.source_hash")
    finally:
        cur.unregister("ovillo_new_chunks")
