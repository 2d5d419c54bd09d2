"""The write stage: a batch of embedded files committed in one transaction with their queue markers.

A kill at any point leaves each file either committed or still marked, so the next run ends with
the rows of a clean one.
"""

from __future__ import annotations

from collections.abc import Callable

from core.ingest import queue
from core.ingest.embed import Ready
from core.ingest.sources import commit_sources
from core.ingest.summary import FileOutcome
from core.store.db import Store
from core.store.writer import Changes


def commit_batch(store: Store, ready: list[Ready], *, model: str, image_model: str, changes: Changes,
                 failed: Callable[[queue.QueueItem, Exception], FileOutcome]) -> list[FileOutcome]:
    """Commit the files together, adding what they wrote to ``changes``; when that fails, each file alone,
    so only one that cannot be written waits (``failed`` records why)."""
    used = image_model if any(r.prepared.records and any(x.views for x in r.prepared.records)
                              for r in ready) else None  # named only when the batch holds photographs
    try:
        changes.merge(commit_sources(store, [(r.prepared, r.vectors) for r in ready], model, used))
    except Exception:  # isolate the file that cannot be written; the others commit alone
        outcomes = []
        for r in ready:
            try:
                changes.merge(commit_sources(store, [(r.prepared, r.vectors)], model, used))
            except Exception as exc:
                outcomes.append(failed(r.item, exc))
            else:
                outcomes.append(r.outcome())
        return outcomes
    return [r.outcome() for r in ready]
