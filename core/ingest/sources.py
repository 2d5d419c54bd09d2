"""A file's side of the store: its records (through the record writer), its ``sources`` row,
its queue marker, and the vectors cached for it — each file's change in one transaction."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Mapping, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import pyarrow as pa

from core.ingest import queue
from core.ingest.images import sweep_thumbnails
from core.ingest.content_class import remember_and_tighten
from core.ingest.options import FileOptions
from core.ingest.prepared import PreparedSource
from core.ingest.record_rows import record_row
from core.store.db import Store, now
from core.store.writer import Bookkeeping, Changes, RecordKey, RecordRow, RecordWriter


def existing_vectors(store: Store, path: str, model: str, hashes: set[str], *,
                     indexed: bool | None = None) -> dict[str, np.ndarray]:
    """Vectors already stored for this source (same model, same source_hash) or left in the cache;
    ``indexed`` False: the caller knows the file has no records (None: look)."""
    found: dict[str, np.ndarray] = {}
    if not hashes:
        return found
    cur = store.cursor()
    # a file never indexed has no rows to reuse: the join (a pass over every embedding) is skipped
    if indexed is None:
        indexed = cur.execute("SELECT 1 FROM source_records WHERE path = ? LIMIT 1", [path]).fetchone() is not None
    rows = cur.execute("""
        SELECT e.source_hash, e.embedding FROM rag_embeddings e
        JOIN source_records s ON s.section_tipo = e.section_tipo AND s.section_id = e.section_id
        WHERE s.path = ? AND e.model = ?
    """, [path, model]).fetchall() if indexed else []
    for h, vec in rows:
        if h in hashes:
            found[h] = np.asarray(vec, dtype=np.float32)
    found.update(cached_vectors(store, model, list(hashes - found.keys())))
    return found


def cached_vectors(store: Store, model: str, hashes: list[str]) -> dict[str, np.ndarray]:
    """Vectors of ``model`` left in the embedding cache for these content hashes."""
    if not hashes:
        return {}
    rows = store.cursor().execute("SELECT content_hash, embedding FROM embedding_cache WHERE model = ? "
                                  "AND content_hash IN (SELECT unnest(?::VARCHAR[]))", [model, hashes]).fetchall()
    return {h: np.asarray(vec, dtype=np.float32) for h, vec in rows}


SourceState = tuple[tuple[Any, ...] | None, bool]  # (status, mtime, size, content_hash, options, reader), queued


def source_state(store: Store, path: str) -> SourceState:
    """A file's ``sources`` row as the scan compares it, and whether it has a queue marker."""
    cur = store.cursor()
    row = cur.execute("SELECT status, mtime, size, content_hash, options, reader FROM sources WHERE path = ?",
                      [path]).fetchone()
    return row, cur.execute("SELECT 1 FROM index_queue WHERE path = ?", [path]).fetchone() is not None


def source_states(store: Store, paths: list[str]) -> dict[str, SourceState]:
    """:func:`source_state` of every path in two queries (two per file cost ~1 ms each at scan)."""
    cur = store.cursor()
    rows = cur.execute("SELECT path, status, mtime, size, content_hash, options, reader FROM sources "
                       "WHERE path IN (SELECT unnest(?::VARCHAR[]))", [paths]).fetchall()
    queued = {str(r[0]) for r in cur.execute("SELECT path FROM index_queue WHERE path IN "
                                             "(SELECT unnest(?::VARCHAR[]))", [paths]).fetchall()}
    by_path = {str(r[0]): tuple(r[1:]) for r in rows}
    return {p: (by_path.get(p), p in queued) for p in paths}


def source_states_under(store: Store, folder: str, paths: list[str]) -> dict[str, SourceState]:
    """:func:`source_states` of ``paths`` (all below ``folder``), read as every row below ``folder``: a prefix scan,
    where handing DuckDB a list of 100,000 paths to join cost more than the rows it returned."""
    cur = store.cursor()
    prefix = folder.rstrip(os.sep) + os.sep
    rows = cur.execute("SELECT path, status, mtime, size, content_hash, options, reader FROM sources "
                       "WHERE starts_with(path, ?)", [prefix]).fetchall()
    queued = {str(r[0]) for r in cur.execute("SELECT path FROM index_queue WHERE starts_with(path, ?)",
                                             [prefix]).fetchall()}
    by_path = {str(r[0]): tuple(r[1:]) for r in rows}
    return {p: (by_path.get(p), p in queued) for p in paths}


def unindexed(store: Store, paths: list[str]) -> set[str]:
    """Those of ``paths`` with no records yet, in one query (two lookups per new file showed on small files)."""
    if not paths:
        return set()
    rows = store.cursor().execute("SELECT DISTINCT path FROM source_records WHERE path IN "
                                  "(SELECT unnest(?::VARCHAR[]))", [paths]).fetchall()
    return set(paths) - {str(r[0]) for r in rows}


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


def _keys_of(store: Store, path: str) -> list[RecordKey]:
    rows = store.cursor().execute("SELECT section_tipo, section_id FROM source_records WHERE path = ?",
                                  [path]).fetchall()
    return [(str(st), int(sid)) for st, sid in rows]


def _keys_of_many(store: Store, paths: list[str]) -> dict[str, list[RecordKey]]:
    """:func:`_keys_of` for a batch in one query (a query per file showed in many-small-file ingests)."""
    rows = store.cursor().execute("SELECT path, section_tipo, section_id FROM source_records "
                                  "WHERE path IN (SELECT unnest(?::VARCHAR[]))", [paths]).fetchall()
    out: dict[str, list[RecordKey]] = {}
    for path, st, sid in rows:
        out.setdefault(str(path), []).append((str(st), int(sid)))
    return out


def commit_sources(store: Store, batch: Sequence[tuple[PreparedSource, Mapping[str, np.ndarray]]],
                   model: str, image_model: str | None = None) -> Changes:
    """Replace each file's records and chunks with the new ones — the whole batch in one transaction,
    together with each file's ``sources`` row and the removal of its queue marker."""
    upserts: list[RecordRow] = []
    remove: list[RecordKey] = []
    done: list[tuple[PreparedSource, list[RecordKey], int]] = []
    stored = _keys_of_many(store, [src.path for src, _ in batch])
    for src, vectors in batch:
        recs = [record_row(rec, vectors, model, image_model) for rec in src.records]
        new_keys = {r.key for r in recs}
        remove += [k for k in stored.get(src.path, []) if k not in new_keys]
        upserts += recs
        done.append((src, [r.key for r in recs], sum(len(r.embeddings) for r in recs)))
    return RecordWriter(store).write(upserts, remove=remove, also=[_bookkeeping(done)])


def _bookkeeping(batch: list[tuple[PreparedSource, list[RecordKey], int]]) -> Bookkeeping:
    """The batch's ``source_records``, ``sources`` rows and queue markers: statements for the whole batch, not
    four per file (a statement per file cost about as much as embedding a small photograph)."""
    def step(cur: duckdb.DuckDBPyConnection) -> None:
        paths = [src.path for src, _, _ in batch]
        cur.execute("DELETE FROM source_records WHERE path IN (SELECT unnest(?::VARCHAR[]))", [paths])
        rows = [(src.path, rec.section_tipo, rec.section_id, rec.record_key)
                for src, _, _ in batch for rec in src.records]
        if rows:
            cur.execute("INSERT INTO source_records (path, section_tipo, section_id, record_key) "
                        "SELECT unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::BIGINT[]), unnest(?::VARCHAR[])",
                        [[r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows], [r[3] for r in rows]])
        _record_ok_sources(cur, [(src, chunks) for src, _, chunks in batch])
        remember_and_tighten(cur, [(src.content_hash, rec.record_key, rec.classification)
                                   for src, _, _ in batch for rec in src.records],
                             [src.path for src, _, _ in batch if src.options.reclassify])
        cur.execute("DELETE FROM index_queue WHERE path IN (SELECT unnest(?::VARCHAR[]))", [paths])  # queue.done
    return step


def _forget(path: str, *, drop_source: bool) -> Bookkeeping:
    def step(cur: duckdb.DuckDBPyConnection) -> None:
        cur.execute("DELETE FROM source_records WHERE path = ?", [path])
        if drop_source:
            cur.execute("DELETE FROM sources WHERE path = ?", [path])
            queue.done(cur, path)
    return step


def remove_source(store: Store, path: str) -> Changes:
    """A source that disappeared from disk: its records and chunks go too."""
    return RecordWriter(store).write(remove=_keys_of(store, path), also=[_forget(path, drop_source=True)])


def remove_sources(store: Store, paths: Sequence[str]) -> Changes:
    """:func:`remove_source` for many files in one transaction (a watched burst or a removed library source:
    one transaction per file would cost as much as the files' reading)."""
    paths = list(dict.fromkeys(paths))
    if not paths:
        return Changes()
    keys = [k for ks in _keys_of_many(store, paths).values() for k in ks]

    def forget(cur: duckdb.DuckDBPyConnection) -> None:
        for table in ("source_records", "sources", "index_queue"):
            cur.execute(f"DELETE FROM {table} WHERE path IN (SELECT unnest(?::VARCHAR[]))", [paths])

    return RecordWriter(store).write(remove=keys, also=[forget])


def record_source(cur: duckdb.DuckDBPyConnection, path: str, root: str | None, collection: str, *,
                  status: str, reader: str | None = None, content_hash: str | None = None,
                  mtime: float | None = None, size: int | None = None, error: str | None = None,
                  options: FileOptions | None = None, chunks: int = 0) -> None:
    """Upsert the ``sources`` row of a file."""
    cur.execute("""
        INSERT INTO sources (path, root, collection, reader, content_hash, mtime, size, status, error,
                             options, chunks, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (path) DO UPDATE SET root = excluded.root, collection = excluded.collection,
            reader = excluded.reader, content_hash = excluded.content_hash, mtime = excluded.mtime,
            size = excluded.size, status = excluded.status, error = excluded.error,
            options = excluded.options, chunks = excluded.chunks, updated_at = excluded.updated_at
    """, [path, root, collection, reader, content_hash, mtime, size, status, error,
          json.dumps(options.to_json() if options is not None else {}), chunks, now()])


def _record_ok_sources(cur: duckdb.DuckDBPyConnection, done: list[tuple[PreparedSource, int]]) -> None:
    """:func:`record_source` (status ok) for a batch of files in one statement (one each cost ~3 ms)."""
    if len({src.path for src, _ in done}) != len(done):  # one INSERT may not touch a key twice
        for src, chunks in done:
            record_source(cur, src.path, src.root, src.collection, status="ok", reader=src.reader,
                          content_hash=src.content_hash, mtime=src.mtime, size=src.size,
                          error="; ".join(src.notes) or None, options=src.options, chunks=chunks)
        return
    t = now()
    cols = [[s.path for s, _ in done], [s.root for s, _ in done], [s.collection for s, _ in done],
            [s.reader for s, _ in done], [s.content_hash for s, _ in done], [s.mtime for s, _ in done],
            [s.size for s, _ in done], ["; ".join(s.notes) or None for s, _ in done],
            [json.dumps(s.options.to_json()) for s, _ in done],
            [n for _, n in done], [t] * len(done)]
    cur.execute("""
        INSERT INTO sources (path, root, collection, reader, content_hash, mtime, size, status, error,
                             options, chunks, updated_at)
        SELECT unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]),
               unnest(?::VARCHAR[]), unnest(?::DOUBLE[]), unnest(?::BIGINT[]), 'ok', unnest(?::VARCHAR[]),
               unnest(?::VARCHAR[])::JSON, unnest(?::INTEGER[]), unnest(?::TIMESTAMP[])
        ON CONFLICT (path) DO UPDATE SET root = excluded.root, collection = excluded.collection,
            reader = excluded.reader, content_hash = excluded.content_hash, mtime = excluded.mtime,
            size = excluded.size, status = excluded.status, error = excluded.error,
            options = excluded.options, chunks = excluded.chunks, updated_at = excluded.updated_at
    """, cols)


def fail_source(store: Store, path: str, root: str | None, collection: str, error: str,
                options: FileOptions | None = None, *, keep_rows: bool = True, status: str = "failed") -> Changes:
    """Record a per-file failure (``status`` unsupported: a kind of file no reader reads) and clear its marker;
    earlier good rows stay searchable unless ``keep_rows`` is False (a refused link: what it let in earlier
    must go)."""
    old = store.cursor().execute("SELECT content_hash, mtime, size FROM sources WHERE path = ?", [path]).fetchone()

    def step(cur: duckdb.DuckDBPyConnection) -> None:
        record_source(cur, path, root, collection, status=status, error=error, options=options,
                      content_hash=old[0] if old else None, mtime=None, size=old[2] if old else None)
        queue.done(cur, path)

    if keep_rows:
        with store.transaction() as cur:
            step(cur)
        return Changes()
    return RecordWriter(store).write(remove=_keys_of(store, path), also=[_forget(path, drop_source=False), step])


def collect_thumbnails(store: Store, folder: Path, claimant: str, *, since: float, claim_ttl_s: int) -> int:
    """Delete the thumbnails of ``folder`` that no record uses any more (its object deleted or tombstoned, its
    photograph replaced), older than ``since``; nothing while another ingest holds live claims (what it has
    read but not committed yet is unknown here). Returns the count removed."""
    cur = store.cursor()
    if _others_busy(cur, claimant, claim_ttl_s):
        return 0
    keep = {Path(str(r[0])).name for r in cur.execute(
        "SELECT DISTINCT json_extract_string(chunk_meta, '$.thumb') FROM rag_embeddings "
        "WHERE modality = 'image'").fetchall() if r[0]}
    for (views,) in cur.execute("SELECT json_extract(data, '$.views') FROM records WHERE deleted_at IS NULL "
                                "AND json_extract(data, '$.views') IS NOT NULL").fetchall():
        for view in (json.loads(views) if isinstance(views, str) else views or {}).values():
            if isinstance(view, dict) and view.get("thumb"):
                keep.add(Path(str(view["thumb"])).name)
    return sweep_thumbnails(folder, keep, before=since)


_DIGEST = re.compile(r"^[0-9a-f]{64}$")  # a page folder is named by its file's sha256; nothing else is touched
_PAGE_REF = re.compile(r"pages[/\\\\]+([0-9a-f]{64})[/\\\\]")


def live_page_folders(cur: duckdb.DuckDBPyConnection) -> set[str]:
    """The page folders any live record names, wherever in its data the name stands: a reader that
    moves its page list (``fields.scan_pages`` today) must never make the sweep blind to it."""
    rows = cur.execute("SELECT CAST(data AS VARCHAR) FROM records WHERE deleted_at IS NULL "
                       "AND CAST(data AS VARCHAR) LIKE '%pages%'").fetchall()
    return {m for (text,) in rows if text for m in _PAGE_REF.findall(text)}


def _others_busy(cur: duckdb.DuckDBPyConnection, claimant: str, claim_ttl_s: int) -> bool:
    busy = cur.execute("SELECT count(*) FROM index_queue WHERE claimed_by IS NOT NULL AND claimed_by <> ? "
                       "AND claimed_at > ?", [claimant, now() - timedelta(seconds=claim_ttl_s)]).fetchone()
    return bool(busy and busy[0])


def collect_pages(store: Store, folder: Path, claimant: str, *, since: float, claim_ttl_s: int) -> int:
    """Delete the rendered scan pages (``pages/<file sha256>/``) no live record shows any more (its file
    deleted, replaced or no longer a scan), untouched since before ``since``; nothing while another ingest
    holds live claims. The OCR text cached beside them goes too: a file that comes back is read again.
    Returns the count of page folders removed."""
    cur = store.cursor()
    if _others_busy(cur, claimant, claim_ttl_s):
        return 0
    keep = live_page_folders(cur)
    removed = 0
    try:
        entries = [e for e in os.scandir(folder) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return 0
    for e in entries:
        if not _DIGEST.match(e.name) or e.name in keep or e.stat(follow_symlinks=False).st_mtime >= since:
            continue
        shutil.rmtree(e.path, ignore_errors=True)
        removed += 1
    return removed
