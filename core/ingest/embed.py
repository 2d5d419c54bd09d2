"""The embed stage: the vectors a batch of prepared files still needs, computed a part at a time.

Each part is cached the moment it is computed, so a cancel or a crash keeps the work done.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field

import numpy as np

from core.errors import IngestError, ModelError
from core.ingest import queue
from core.ingest.objects import PreparedView
from core.ingest.prepared import PreparedSource
from core.ingest.sources import cache_vectors, cached_vectors, existing_vectors
from core.ingest.summary import FileOutcome
from core.models.encoder import ImageEncoder, TextEncoder
from core.progress import CancelToken, Progress
from core.store.db import Store
from core.store.models_repo import pin_model

IMAGES_PER_CALL = 16  # photographs per image-encoder call


@dataclass
class Ready:
    """A claimed file, read and chunked, with the vectors it already has and the texts it still needs."""

    item: queue.QueueItem
    prepared: PreparedSource
    vectors: dict[str, np.ndarray]
    todo: dict[str, str]
    image_todo: dict[str, PreparedView] = field(default_factory=dict)  # source_hash → photograph to embed

    def outcome(self) -> FileOutcome:
        """The file's line in the summary once committed."""
        p = self.prepared
        return FileOutcome(self.item.path, "ok", "; ".join(p.notes), p.chunk_count,
                           len(self.todo) + len(self.image_todo),
                           reclassified=p.reclassified, kept_stricter=p.kept_stricter,
                           ocr_pages=p.ocr_pages, low_confidence_pages=list(p.low_confidence_pages))

    def take(self, fresh: dict[str, np.ndarray]) -> None:
        """Add this file's vectors from those just computed for its batch."""
        self.vectors.update({h: fresh[h] for h in self.todo})
        self.vectors.update({h: fresh[h] for h in self.image_todo})


def ready_file(store: Store, item: queue.QueueItem, prepared: PreparedSource, *, text_model: str,
               image_model: str, new: bool) -> Ready:
    """``prepared`` with the vectors stored for its file or cached; ``new``: the file has no records yet."""
    hashes = {c.source_hash for r in prepared.records for c in r.chunks}
    known = False if new else None  # a new file's cache hits: per batch
    vectors = {} if known is False else existing_vectors(store, item.path, text_model, hashes)
    views = [v for r in prepared.records for v in r.views]
    if views:
        vectors.update(existing_vectors(store, item.path, image_model, {v.source_hash for v in views},
                                        indexed=known))
    image_todo: dict[str, PreparedView] = {}
    for v in views:
        if v.source_hash in vectors:
            v.pixels = None  # only what is still to embed stays in memory
        else:
            image_todo.setdefault(v.source_hash, v)
    todo = {ch.source_hash: ch.embedded_text for r in prepared.records for ch in r.chunks
            if ch.source_hash not in vectors}
    return Ready(item, prepared, vectors, todo, image_todo)


def use_cached(store: Store, model: str, ready: list[Ready]) -> dict[str, str]:
    """Give the batch's files their vectors left in the cache (one query, not one per new file);
    the texts still to embed, by source hash."""
    todo: dict[str, str] = {}
    for r in ready:
        todo.update(r.todo)
    cached = cached_vectors(store, model, list(todo))
    for r in ready:
        r.vectors.update({h: cached[h] for h in r.todo if h in cached})
        r.todo = {h: t for h, t in r.todo.items() if h not in cached}
    return {h: t for h, t in todo.items() if h not in cached}


def embed_texts(store: Store, encoder: TextEncoder, todo: dict[str, str], *, step: int, item: str,
                cancel: CancelToken) -> Generator[Progress, None, dict[str, np.ndarray]]:
    """Embed ``todo`` (source hash → text) ``step`` texts per encoder call; the vectors by source hash."""
    keys = list(todo)
    fresh: dict[str, np.ndarray] = {}
    for start in range(0, len(keys), step):
        cancel.check()
        part = keys[start:start + step]
        vecs = encoder.embed_batch([todo[k] for k in part], kind="passage")
        done = dict(zip(part, vecs))
        cache_vectors(store, encoder.name, done)  # a cancel or crash keeps this work
        fresh.update(done)
        yield Progress("embed", min(start + step, len(keys)), len(keys), "chunks", item=item)
    cancel.check()
    return fresh


def embed_images(store: Store, ready: list[Ready], image_encoder: Callable[[], ImageEncoder], image_model: str,
                 cancel: CancelToken) -> Generator[Progress, None, tuple[dict[str, np.ndarray],
                                                                          dict[str, IngestError]]]:
    """Embed the batch's new photographs, caching each part at once (a crash keeps the work);
    also returns the photographs that could not be read again, with why."""
    todo: dict[str, PreparedView] = {}
    for r in ready:
        for h, v in r.image_todo.items():
            todo.setdefault(h, v)
    if not todo:
        return {}, {}
    try:
        enc = image_encoder()
    except ModelError as exc:  # expected until the models are assembled: a per-file reason, not a crash
        raise IngestError(f"photographs need the image model: {exc}", hint=exc.hint) from exc
    if enc.name != image_model:
        raise IngestError(f"the image encoder is {enc.name}, the settings say {image_model}")
    pin_model(store, enc.name, enc.dimension, modality="image")  # a store holds one image model
    keys = list(todo)
    step = IMAGES_PER_CALL
    fresh: dict[str, np.ndarray] = {}
    unreadable: dict[str, IngestError] = {}
    for start in range(0, len(keys), step):
        cancel.check()
        part, pixels = [], []
        for k in keys[start:start + step]:
            try:
                pixels.append(todo[k].take_pixels())
            except IngestError as exc:
                unreadable[k] = exc
                continue
            part.append(k)
        done = dict(zip(part, enc.embed_batch(pixels))) if part else {}
        cache_vectors(store, enc.name, done)
        fresh.update(done)
        yield Progress("embed", min(start + step, len(keys)), len(keys), "images", item=ready[0].item.path)
    return fresh, unreadable
