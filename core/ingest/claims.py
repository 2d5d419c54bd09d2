"""The queue markers one ingest holds: claimed a few at a time ahead of reading, given back on cancel,
and settled when their file fails (retried later, or recorded as failed)."""

from __future__ import annotations

from core.errors import IngestError, RefusedSource, UnsupportedKind
from core.ingest import queue
from core.ingest.sources import fail_source, unindexed
from core.ingest.summary import FileOutcome
from core.settings import Settings
from core.store.db import Store

# markers claimed per queue transaction (claimed ahead of reading; released again on cancel): each claim
# reads the queue, so small claims add up on many small files (docs/design.md §5)
CLAIM_AHEAD = 32


class Claims:
    """This ingest's claimed markers, under one claimant id."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.claimant = queue.new_claimant()
        self._claimed: list[queue.QueueItem] = []  # claimed ahead, not read yet
        self.new: set[str] = set()  # claimed paths with no records at claim time: no per-file lookups of old rows

    def next(self, exclude: set[str]) -> queue.QueueItem | None:
        """The next claimed marker, claiming a few more when none is left (None: no marker is ready)."""
        if not self._claimed:  # claim a few at a time: one queue scan and commit for several files
            self._claimed = queue.claim_many(self.store, self.claimant, self.settings.claim_ttl_s,
                                             CLAIM_AHEAD, exclude=exclude)
            self.new = unindexed(self.store, [c.path for c in self._claimed])
        if not self._claimed:
            return None
        return self._claimed.pop(0)

    def release(self, items: list[queue.QueueItem]) -> None:
        """Give back claims (cancel): these items and any claimed ahead, for the next run."""
        for it in items + self._claimed:
            queue.release(self.store, it.path)
        self._claimed = []

    def failed(self, item: queue.QueueItem, exc: Exception) -> FileOutcome:
        """Record why a file failed: an expected error now, an unexpected one after the last attempt."""
        collection = item.options.collection
        if isinstance(exc, IngestError):
            reason = str(exc) + (f" — {exc.hint}" if exc.hint else "")
            status = "unsupported" if isinstance(exc, UnsupportedKind) else "failed"  # a kind, not a fault
            fail_source(self.store, item.path, item.root, collection, reason, item.options,
                        keep_rows=not isinstance(exc, RefusedSource), status=status)
            return FileOutcome(item.path, status, reason)
        reason = f"unexpected error: {type(exc).__name__}: {exc}"
        if item.attempts >= self.settings.max_attempts:
            fail_source(self.store, item.path, item.root, collection, reason, item.options)
        else:
            queue.retry_later(self.store, item.path, reason, delay_s=2.0 ** item.attempts)
        return FileOutcome(item.path, "failed", reason)
