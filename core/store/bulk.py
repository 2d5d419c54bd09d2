"""The record writer's columnar path (sync's pages): rows staged as Arrow tables, written set-wise.

:meth:`core.store.writer.RecordWriter.write_tables` registers the staged tables as
``ovillo_bulk_records`` and ``ovillo_bulk_chunks`` and calls these in one transaction.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

RECORD_COLUMNS = ("section_tipo", "section_id", "title", "lang", "classification", "project_ids", "data",
                  "date_start", "date_end", "updated_at", "origin")
CHUNK_COLUMNS = ("section_tipo", "section_id", "component_tipo", "lang", "chunk_index", "modality", "model",
                 "dimension", "source_text", "source_hash", "chunk_meta", "embedding")


def chunk_ids(chunks: pa.Table) -> pa.ChunkedArray:
    """:func:`core.ids.chunk_id` of every row of ``chunks``, computed in Arrow (not a Python call per row)."""
    text = pa.string()
    return pc.binary_join_element_wise(
        chunks["section_tipo"], pc.cast(chunks["section_id"], text), chunks["component_tipo"],
        pc.coalesce(chunks["lang"], pa.scalar("und")),
        pc.binary_join_element_wise(pc.cast(chunks["chunk_index"], text), chunks["model"], "@"), "/")


def bulk_counts(cur: duckdb.DuckDBPyConnection) -> Counter[tuple[str, str, bool, str | None]]:
    """Staged records by (collection, modality, already stored, the stored origin when it differs)."""
    rows = cur.execute("""
        SELECT n.section_tipo, coalesce(m.modality, 'none'), r.section_id IS NOT NULL,
               CASE WHEN r.origin <> n.origin THEN r.origin END, count(*)
        FROM ovillo_bulk_records n
        LEFT JOIN records r ON r.section_tipo = n.section_tipo AND r.section_id = n.section_id
        LEFT JOIN (SELECT DISTINCT section_tipo, section_id, modality FROM ovillo_bulk_chunks) m
          ON m.section_tipo = n.section_tipo AND m.section_id = n.section_id
        GROUP BY ALL
    """).fetchall()
    return Counter({(str(st), str(mod), bool(existed), origin): int(n) for st, mod, existed, origin, n in rows})


def bulk_replace(cur: duckdb.DuckDBPyConnection, stamped: bool) -> pa.Table:
    """Replace the stored versions of staged records, keeping embeddings staged again unchanged; their ids."""
    if stamped:
        # rows stamped by their source (the central server's clock, moved by every change there):
        # the same id and stamp is the same row, no vector read. One scan finds both the rows kept
        # and those to delete, and nothing is deleted when every stored row is staged again (an
        # incremental sync of changed titles: two scans and an empty delete were a tenth of it)
        stored = cur.execute("""
            SELECT e.id, c.id IS NOT NULL AS same FROM rag_embeddings e
            JOIN ovillo_bulk_records n ON e.section_tipo = n.section_tipo AND e.section_id = n.section_id
            LEFT JOIN ovillo_bulk_chunks c ON c.id = e.id AND c.updated_at = e.updated_at
        """).to_arrow_table()
        same = stored.filter(stored["same"]).select(["id"])
        gone = stored.filter(pc.invert(stored["same"])).select(["id"])
        if gone.num_rows:
            cur.register("ovillo_bulk_gone", gone)
            try:
                cur.execute("DELETE FROM rag_embeddings WHERE id IN (SELECT id FROM ovillo_bulk_gone)")
            finally:
                cur.unregister("ovillo_bulk_gone")
    else:
        # two steps: the stored rows of the staged ids first (a filtered scan fetches their vectors
        # alone), then the comparison between two small tables; one join of the whole table against
        # the staged rows read every stored vector
        same = _same_content(cur)
        cur.register("ovillo_bulk_same", same)
        try:
            cur.execute("""
                DELETE FROM rag_embeddings USING ovillo_bulk_records n
                WHERE rag_embeddings.section_tipo = n.section_tipo AND rag_embeddings.section_id = n.section_id
                  AND rag_embeddings.id NOT IN (SELECT id FROM ovillo_bulk_same)
            """)
        finally:
            cur.unregister("ovillo_bulk_same")
    # stored records are updated in place: a delete and insert of the same key made the store's next
    # checkpoint rewrite the key index, the largest part of an incremental sync; a list column is
    # updated only where it differs (DuckDB updates lists by delete and insert)
    cur.execute("""
        UPDATE records SET title = n.title, lang = n.lang, classification = n.classification, data = n.data::JSON,
               date_start = n.date_start, date_end = n.date_end, updated_at = n.updated_at, deleted_at = NULL
        FROM ovillo_bulk_records n WHERE records.section_tipo = n.section_tipo AND records.section_id = n.section_id
    """)
    # … and only when one differs: the UPDATE reads every column of every stored record (0.2 s at
    # 100k), the join that finds none reads three
    differ = cur.execute("""
        SELECT count(*) FROM ovillo_bulk_records n JOIN records r
          ON r.section_tipo = n.section_tipo AND r.section_id = n.section_id
        WHERE r.project_ids IS DISTINCT FROM n.project_ids
    """).fetchone()
    if differ and differ[0]:
        cur.execute("""
            UPDATE records SET project_ids = n.project_ids FROM ovillo_bulk_records n
            WHERE records.section_tipo = n.section_tipo AND records.section_id = n.section_id
              AND records.project_ids IS DISTINCT FROM n.project_ids
        """)
    return same


def _same_content(cur: duckdb.DuckDBPyConnection) -> pa.Table:
    """Ids of staged embeddings stored with the very same content."""
    stored = cur.execute("""
        SELECT id, section_tipo, section_id, component_tipo, lang, modality, dimension, source_text, source_hash,
               chunk_meta::VARCHAR AS chunk_meta, embedding
        FROM rag_embeddings WHERE id IN (SELECT id FROM ovillo_bulk_chunks)
    """).to_arrow_table()
    cur.register("ovillo_bulk_stored", stored)
    try:
        same = cur.execute("""
            SELECT e.id FROM ovillo_bulk_stored e JOIN ovillo_bulk_chunks c ON e.id = c.id
            WHERE e.section_tipo = c.section_tipo AND e.section_id = c.section_id AND e.modality = c.modality
              AND e.dimension = c.dimension AND e.source_hash = c.source_hash AND e.source_text = c.source_text
              AND e.component_tipo = c.component_tipo AND e.lang IS NOT DISTINCT FROM c.lang
              AND e.chunk_meta IS NOT DISTINCT FROM c.chunk_meta AND e.embedding = c.embedding
        """).to_arrow_table()
    finally:
        cur.unregister("ovillo_bulk_stored")
    return same


def bulk_insert(cur: duckdb.DuckDBPyConnection, t: datetime, kept: pa.Table | None, stamped: bool, *,
                 new_records: bool = True, staged_chunks: int | None = None) -> None:
    """Insert the staged records not stored yet and the staged embeddings not ``kept``. A statement that
    would insert nothing is not run: ``new_records`` False (every staged record is stored), or all
    ``staged_chunks`` embeddings (their count; None: unknown) kept — each scanned the tables it joined."""
    if new_records:
        cur.execute("""
            INSERT INTO records (section_tipo, section_id, title, lang, classification, project_ids, data,
                                 date_start, date_end, updated_at, deleted_at, origin)
            SELECT section_tipo, section_id, title, lang, classification, project_ids, data::JSON,
                   date_start, date_end, updated_at, NULL, origin FROM ovillo_bulk_records n
        """ + ("" if kept is None else "WHERE NOT EXISTS (SELECT 1 FROM records r "
                                        "WHERE r.section_tipo = n.section_tipo AND r.section_id = n.section_id)"))
    if kept is None or staged_chunks is None or kept.num_rows < staged_chunks:
        _insert_staged_embeddings(cur, t, kept, stamped)
    # vectors now stored with their record need no cache copy
    cur.execute("DELETE FROM embedding_cache USING ovillo_bulk_chunks n "
                "WHERE embedding_cache.model = n.model AND embedding_cache.content_hash = n.source_hash")


def _insert_staged_embeddings(cur: duckdb.DuckDBPyConnection, t: datetime, kept: pa.Table | None,
                              stamped: bool) -> None:
    if kept is not None:
        cur.register("ovillo_bulk_same", kept)
    try:
        cur.execute(f"""
            INSERT INTO rag_embeddings (id, section_tipo, section_id, component_tipo, lang, chunk_index, modality,
                                        model, dimension, source_text, source_hash, chunk_meta, embedding, updated_at)
            SELECT id, section_tipo, section_id, component_tipo, lang, chunk_index, modality, model, dimension,
                   source_text, source_hash, chunk_meta::JSON, embedding, {"coalesce(updated_at, ?)" if stamped else "?"}
            FROM ovillo_bulk_chunks
            {"WHERE id NOT IN (SELECT id FROM ovillo_bulk_same)" if kept is not None else ""}
        """, [t])
    finally:
        if kept is not None:
            cur.unregister("ovillo_bulk_same")

