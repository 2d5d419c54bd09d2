"""Ingest: scan paths, mark what changed, index each marked source crash-safely.

The generator yields :class:`Progress` and returns an :class:`IngestSummary`. The stages live
in modules of their own — walk (:mod:`core.ingest.scan`), read (:mod:`core.ingest.read`),
prepare (:mod:`core.ingest.prepare`), embed (:mod:`core.ingest.embed`) and write
(:mod:`core.ingest.commit`); the :class:`Ingestor` runs them in batches. Files are claimed and
read a few at a time, their missing vectors embedded together, and the batch committed in one
transaction with the removal of its queue markers; vectors are cached as soon as they are
computed. Killing the process at any point and running the same ingest again therefore ends
with exactly the rows a clean run produces.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from pathlib import Path

from core.errors import Cancelled, IngestError
from core.ingest import queue
from core.ingest.claims import CLAIM_AHEAD, Claims
from core.ingest.commit import commit_batch
from core.ingest.embed import Ready, embed_images, embed_texts, ready_file, use_cached
from core.ingest.options import FileOptions, IngestOptions
from core.ingest.prepare import prepare_source
from core.ingest.prepared import PreparedSource
from core.ingest.read import read_source
from core.ingest.scan import TRANSCRIPT_READERS, Excluded, Scanner
from core.ingest.sources import collect_pages, collect_thumbnails
from core.ingest.summary import FileOutcome, IngestSummary
from core.models.encoder import ImageEncoder, TextEncoder
from core.progress import CancelToken, EtaClock, Progress
from core.retrieval.lexical import update_lexical_index
from core.settings import Settings
from core.store.db import Store
from core.store.rows import Changes

# names callers import from here, wherever they now live
__all__ = ["CLAIM_AHEAD", "FileOptions", "FileOutcome", "IMAGE_WEIGHT", "IngestOptions", "IngestSummary", "Ingestor",
           "MAX_FILES_PER_BATCH", "TRANSCRIPT_READERS"]

# a batch closes at this many files even when they hold little text (claims stay short-lived)
MAX_FILES_PER_BATCH = 64
# a photograph weighs like this many text chunks when a batch is filled: a batch holds ~32 of them,
# so decoded pixels waiting for the encoder stay around a hundred MB at most
IMAGE_WEIGHT = 4


@dataclass
class Tally:
    """The files of one queue run: how many it had when it started (more may be found), how many are done."""

    total: int
    done: int = 0

    def count(self) -> None:
        """One more file done (indexed, or failed for good)."""
        self.done += 1
        self.total = max(self.total, self.done)


class Ingestor:
    """Runs ingest against one store with one encoder."""

    def __init__(self, store: Store, encoder: TextEncoder, settings: Settings, *,
                 image_encoder: Callable[[], ImageEncoder] | None = None, thumbs: Path | None = None) -> None:
        self.store = store
        self.encoder = encoder
        self.settings = settings
        self._claims = Claims(store, settings)
        self.claimant = self._claims.claimant
        self._scanner = Scanner(store)
        self._image_encoder = image_encoder  # loaded on the first photograph that needs a vector
        # thumbnails live in the data folder; an in-memory store (tests) keeps them in the temp folder
        self.thumbs = thumbs or (store.path.parent / "thumbs" if store.path
                                 else Path(tempfile.gettempdir()) / "ovillo-thumbs")
        self._sweep = thumbs is not None or store.path is not None  # never the temp folder other stores share

    def image_encoder(self) -> ImageEncoder:
        """The image encoder (loading it on first use)."""
        if self._image_encoder is None:
            raise IngestError("photographs need the image encoder, and none was given")
        return self._image_encoder()

    @property
    def image_model(self) -> str:
        """Name of the image model the views are embedded with (the setting; the loaded encoder must agree)."""
        return self.settings.image_model

    def scan(self, paths: Iterable[str | os.PathLike[str]], options: IngestOptions,
             summary: IngestSummary, excluded: Excluded | None = None) -> Generator[Progress, None, None]:
        """Find files, record unreadable ones, mark changed ones dirty, remove vanished (and ``excluded``) ones."""
        yield from self._scanner.scan(paths, options, summary, excluded)

    def run(self, paths: Iterable[str | os.PathLike[str]], options: IngestOptions | None = None,
            cancel: CancelToken | None = None, *, changes: Changes | None = None,
            excluded: Excluded | None = None) -> Generator[Progress, None, IngestSummary]:
        """Scan, then index every dirty source (including ones left by an interrupted run). ``changes`` fills as
        each batch commits (it is the summary's), so a caller still holds them when the run fails part way."""
        opts = options or IngestOptions()
        return (yield from self._run(lambda summary: self.scan(paths, opts, summary, excluded), cancel, changes))

    def run_changed(self, changed: list[tuple[str, list[str], IngestOptions]], cancel: CancelToken | None = None, *,
                    changes: Changes | None = None,
                    excluded: Excluded | None = None) -> Generator[Progress, None, IngestSummary]:
        """:meth:`run` for the paths a watcher saw change, per source folder ``(root, paths, options)``: only those
        paths are looked at, unless they need the whole folder's scan (:meth:`Scanner.scan_changed`)."""
        def scan(summary: IngestSummary) -> Generator[Progress, None, None]:
            for root, paths, options in changed:
                if not Path(root).is_dir() or not self._scanner.scan_changed(root, paths, options, summary, excluded):
                    yield from self.scan([root], options, summary, excluded)
        return (yield from self._run(scan, cancel, changes))

    def _run(self, scan: Callable[[IngestSummary], Generator[Progress, None, None]], cancel: CancelToken | None,
             changes: Changes | None) -> Generator[Progress, None, IngestSummary]:
        cancel = cancel or CancelToken()
        summary = IngestSummary() if changes is None else IngestSummary(changes=changes)
        started = time.time()
        stopped = False
        try:
            yield from scan(summary)
            yield from self.process_queue(summary, cancel)
        except Cancelled:
            stopped = True
            summary.cancelled = queue.pending(self.store) > 0  # a stop after the last commit stopped nothing
        if self._sweep and not stopped:  # thumbnails and scan pages no record shows any more
            collect_thumbnails(self.store, self.thumbs, self.claimant, since=started,
                               claim_ttl_s=self.settings.claim_ttl_s)
            collect_pages(self.store, self.thumbs.parent / "pages", self.claimant, since=started,
                          claim_ttl_s=self.settings.claim_ttl_s)
        if any(o.status in ("ok", "removed", "moved", "failed") for o in summary.outcomes) or self._lexical_stale():
            yield Progress("lexical", 0, 1, "indexes", message="updating the keyword index")
            update_lexical_index(self.store)
            yield Progress("lexical", 1, 1, "indexes")
        return summary

    def _lexical_stale(self) -> bool:
        from core.retrieval.lexical import lexical_is_stale

        return lexical_is_stale(self.store)

    def process_queue(self, summary: IngestSummary, cancel: CancelToken) -> Generator[Progress, None, None]:
        """Index markers until none is ready, several files per batch.

        Short files are embedded together (one encoder call for many one-passage files, not
        one each) and a batch commits all its files with their markers in one transaction,
        so a kill at any point still leaves each file either done or still marked.
        """
        tally = Tally(queue.pending(self.store))
        clock = EtaClock()
        while True:
            if cancel.cancelled:  # give back the claims taken ahead: held by this live process, the
                self._release([])  # window's next import would skip them until they expired
                cancel.check()
            batch = yield from self._claim_and_prepare(summary, cancel, tally)
            if batch is None:
                break
            outcomes = yield from self._embed_and_commit(batch, summary, cancel)
            for o in outcomes:
                summary.outcomes.append(o)
                tally.count()
                yield Progress("index", tally.done, tally.total, "files", item=o.path,
                               eta_s=clock.eta(tally.done, tally.total))

    def _claim_and_prepare(self, summary: IngestSummary, cancel: CancelToken,
                           tally: Tally) -> Generator[Progress, None, list[Ready] | None]:
        """Claim and read files until the batch holds enough text to embed (None: queue empty)."""
        ready: list[Ready] = []
        texts = 0
        target = max(self.settings.embed_batch, 1) * 4
        claimed_any = False
        held: set[str] = set()
        while texts < target and len(ready) < MAX_FILES_PER_BATCH:
            item = self._claims.next(held)
            if item is None:
                break
            claimed_any = True
            held.add(item.path)
            yield Progress("index", tally.done, max(tally.total, tally.done + 1), "files", item=item.path)
            try:
                cancel.check()
                prepared = yield from self._prepare(item, cancel)
                got = ready_file(self.store, item, prepared, text_model=self.encoder.name,
                                 image_model=self.image_model, new=item.path in self._claims.new)
            except Cancelled:
                self._release([item] + [r.item for r in ready])
                raise
            except Exception as exc:
                summary.outcomes.append(self._failed(item, exc))
                tally.count()  # a file that could not be read is done too: the count still reaches its total
                yield Progress("index", tally.done, tally.total, "files", item=item.path)
                continue
            ready.append(got)
            texts += len(got.todo) + IMAGE_WEIGHT * len(got.image_todo)
        return ready if claimed_any else None

    def _embed_and_commit(self, ready: list[Ready], summary: IngestSummary,
                          cancel: CancelToken) -> Generator[Progress, None, list[FileOutcome]]:
        """Embed every missing text of the batch (across files), then commit the files together."""
        todo = use_cached(self.store, self.encoder.name, ready)
        item = ready[0].item.path if ready else ""
        try:
            fresh = yield from embed_texts(self.store, self.encoder, todo,
                                           step=max(self.settings.embed_batch, 1) * 4, item=item, cancel=cancel)
        except Cancelled:
            self._release([r.item for r in ready])
            raise
        except Exception as exc:  # the encoder failed: every file of the batch retries later
            return [self._failed(r.item, exc) for r in ready]
        try:
            images, unreadable = yield from embed_images(self.store, ready, self.image_encoder, self.image_model,
                                                         cancel)
            fresh.update(images)
        except Cancelled:
            self._release([r.item for r in ready])
            raise
        except Exception as exc:  # no image model (or it failed): only the files with photographs wait
            failed = [self._failed(r.item, exc) for r in ready if r.image_todo]
            ready = [r for r in ready if not r.image_todo]
        else:  # a photograph changed or vanished since it was read: its file waits, the others go on
            spoilt = {id(r): next(unreadable[h] for h in r.image_todo if h in unreadable) for r in ready
                      if any(h in unreadable for h in r.image_todo)}
            failed = [self._failed(r.item, spoilt[id(r)]) for r in ready if id(r) in spoilt]
            ready = [r for r in ready if id(r) not in spoilt]
        if not ready:
            return failed
        for r in ready:
            r.take(fresh)
        return failed + commit_batch(self.store, ready, model=self.encoder.name, image_model=self.image_model,
                                     changes=summary.changes, failed=self._failed)

    def _release(self, items: list[queue.QueueItem]) -> None:
        """Give back claims (cancel): these items and any claimed ahead, for the next run."""
        self._claims.release(items)

    def _failed(self, item: queue.QueueItem, exc: Exception) -> FileOutcome:
        """Record why a file failed: an expected error now, an unexpected one after the last attempt."""
        return self._claims.failed(item, exc)

    def _prepare(self, item: queue.QueueItem, cancel: CancelToken) -> Generator[Progress, None, PreparedSource]:
        """Read (scanned pages by OCR, page by page, resumable), identify and chunk one source (no store writes)."""
        result, raw, st = yield from read_source(item, self.settings.max_file_mb * 1024 * 1024, self.thumbs.parent,
                                                 cancel)
        return prepare_source(item, result, raw, st, store=self.store, settings=self.settings,
                              count_tokens=self.encoder.count_tokens, image_model=self.image_model,
                              thumbs=self.thumbs, new=item.path in self._claims.new)
