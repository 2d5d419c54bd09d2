"""Bring stored passages to this chunker's embedded text without reading their files again.

A new ``CHUNKER_VERSION`` changes what a passage's embedded text holds, hence its ``source_hash``;
but a file whose size and mtime are unchanged is skipped at scan, so nothing else would re-embed
it. This pass recomposes each local text passage of the encoder's model from what the store holds
(passage and heading path), re-embeds those whose hash differs (vectors left in
``embedding_cache`` are reused) and writes vector and hash in place, a page per transaction. Row
ids never change, so a kill -9 leaves whole pages done and the next run skips them by their hash.
When a whole pass is done the version is noted in ``store_meta`` (per model), so later runs cost
one lookup. Records from a central archive keep the vectors the archive sent.
"""

from __future__ import annotations

import json
from collections.abc import Generator

import numpy as np
import pyarrow as pa

from core.chunking import CHUNKER_VERSION, compose_embedded, embedded_hash
from core.errors import Cancelled
from core.ingest.sources import cache_vectors, cached_vectors
from core.models.encoder import TextEncoder
from core.progress import CancelToken, EtaClock, Progress
from core.store.changes import log_changes
from core.store.db import Store, now

PAGE = 128  # passages read, re-embedded and committed together (four default encoder batches)
STAGE = "embed"  # the window's import view draws this stage on its bar

_LOCAL_TEXT = """FROM rag_embeddings e JOIN records r USING (section_tipo, section_id)
                 WHERE e.model = ? AND e.modality = 'text' AND r.origin = 'local'"""


def _key(model: str) -> str:
    return f"chunker_version:{model}"


def reembed_pending(store: Store, model: str) -> bool:
    """True until a pass has brought ``model``'s passages to this chunker's version."""
    row = store.cursor().execute("SELECT value FROM store_meta WHERE key = ?", [_key(model)]).fetchone()
    return row is None or row[0] != CHUNKER_VERSION


def note_if_empty(store: Store, model: str) -> None:
    """Before an import: a store with no passages of ``model`` yet has nothing older to re-embed, so
    its first import is not followed by a pass that would only confirm that."""
    if reembed_pending(store, model) and not store.cursor().execute(
            f"SELECT 1 {_LOCAL_TEXT} LIMIT 1", [model]).fetchone():
        _note(store, model)


def _note(store: Store, model: str) -> None:
    with store.transaction() as w:
        w.execute("INSERT OR REPLACE INTO store_meta VALUES (?, ?)", [_key(model), CHUNKER_VERSION])


def reembed(store: Store, encoder: TextEncoder, cancel: CancelToken | None = None,
            page: int = PAGE) -> Generator[Progress, None, int]:
    """Re-embed the local passages of ``encoder``'s model whose embedded text changed; returns how many
    were rewritten."""
    cancel = cancel or CancelToken()
    model = encoder.name
    if not reembed_pending(store, model):
        return 0
    read = store.cursor()
    try:
        total = int(read.execute(f"SELECT count(*) {_LOCAL_TEXT}", [model]).fetchone()[0])  # type: ignore[index]
        # one streamed read (its own snapshot); the pages commit through other cursors meanwhile
        batches = read.execute(f"SELECT e.id, e.source_text, e.chunk_meta, e.source_hash {_LOCAL_TEXT} ORDER BY e.id",
                               [model]).to_arrow_reader(page)
        clock, seen, rewritten = EtaClock(), 0, 0
        for batch in batches:
            cancel.check()
            stale: dict[str, tuple[str, str, str]] = {}  # id → (hash read, new hash, embedded text)
            for cid, text, meta, old in zip(*(batch.column(i).to_pylist() for i in range(4))):
                composed = compose_embedded((json.loads(meta) if meta else {}).get("heading_path") or (), text)
                new = embedded_hash(composed)
                if new != old:
                    stale[cid] = (old, new, composed)
            if stale:
                rewritten += _rewrite(store, encoder, stale)
            seen += batch.num_rows
            yield Progress(STAGE, seen, max(total, seen), "passages", message="re-embedding stored passages",
                           eta_s=clock.eta(seen, total))
    finally:
        read.close()
    _note(store, model)
    return rewritten


def reembed_after_import(store: Store, encoder: TextEncoder, cancel: CancelToken | None = None,
                         page: int = PAGE) -> Generator[Progress, None, int]:
    """:func:`reembed` at the end of an import: a cancel stops it where it is (the import's own work
    is committed) and the next import goes on from there."""
    try:
        return (yield from reembed(store, encoder, cancel, page))
    except Cancelled:
        return 0


def _rewrite(store: Store, encoder: TextEncoder, stale: dict[str, tuple[str, str, str]]) -> int:
    """Embed what the cache lacks, then write one page's vectors and hashes in one transaction."""
    hashes = {h: text for _, h, text in stale.values()}
    vectors = cached_vectors(store, encoder.name, list(hashes))
    todo = [h for h in hashes if h not in vectors]
    if todo:
        fresh = dict(zip(todo, encoder.embed_batch([hashes[h] for h in todo], kind="passage")))
        cache_vectors(store, encoder.name, fresh)  # a kill before the commit keeps the work
        vectors.update(fresh)
    ids = list(stale)
    table = pa.table({
        "id": pa.array(ids),
        "old_hash": pa.array([stale[i][0] for i in ids]),
        "source_hash": pa.array([stale[i][1] for i in ids]),
        "embedding": pa.array([np.asarray(vectors[stale[i][1]], np.float32) for i in ids],
                              type=pa.list_(pa.float32())),
    })
    with store.transaction() as w:
        w.register("ovillo_reembed", table)
        w.execute("UPDATE rag_embeddings SET embedding = n.embedding, source_hash = n.source_hash, updated_at = ? "
                  "FROM ovillo_reembed n WHERE rag_embeddings.id = n.id "
                  "AND rag_embeddings.source_hash = n.old_hash", [now()])  # a row rewritten meanwhile stays
        w.execute("DELETE FROM embedding_cache USING ovillo_reembed n "
                  "WHERE embedding_cache.model = ? AND embedding_cache.content_hash = n.source_hash", [encoder.name])
        log_changes(w, "SELECT DISTINCT e.section_tipo, e.section_id FROM rag_embeddings e "
                       "JOIN ovillo_reembed n ON n.id = e.id")
        w.unregister("ovillo_reembed")
        Store.bump_generation(w, logged=True)
    return len(ids)
