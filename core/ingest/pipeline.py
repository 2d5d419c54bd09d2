"""Ingest: scan paths, mark what changed, index each marked source crash-safely.

The generator yields :class:`Progress` and returns an :class:`IngestSummary`.
Files are claimed and read a few at a time, their missing vectors embedded
together, and the batch committed in one transaction with the removal of its
queue markers; vectors are cached as soon as they are computed. Killing the
process at any point and running the same ingest again therefore ends with
exactly the rows a clean run produces.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from core.chunking import chunk_record
from core.errors import Cancelled, CorruptSource, IngestError, ModelError, RefusedSource
from core.ids import section_id_for, slug
from core.ingest import queue
from core.ingest.classify import Classifier
from core.ingest.content_class import content_floors, stored_classifications
from core.ingest.images import is_image, is_member
from core.ingest.objects import PreparedView, catalogued_images, embeds_images, prepare_views, source_signature
from core.ingest.options import FileOptions, IngestOptions
from core.ingest.language import detect_language
from core.ingest.prepared import PreparedRecord, PreparedSource
from core.ingest.ocr import ocr_scans
from core.ingest.readers import is_supported, page_images, reader_for
from core.ingest.readers.media import find_media
from core.ingest.walk import PSEUDO_FS, on_pseudo_fs, os_reason, read_regular, walk
from core.ingest.skipped import is_companion, record_unsupported, unsupported_reason
from core.ingest.sources import cache_vectors, cached_vectors, collect_pages, collect_thumbnails, commit_sources, \
    SourceState, existing_vectors, fail_source, remove_source, source_state, source_states, unindexed
from core.models.encoder import ImageEncoder, TextEncoder
from core.progress import CancelToken, EtaClock, Progress
from core.retrieval.lexical import update_lexical_index
from core.settings import Settings
from core.store.db import Store
from core.store.models_repo import pin_model
from core.store.writer import Changes

# a batch closes at this many files even when they hold little text (claims stay short-lived)
MAX_FILES_PER_BATCH = 64
# markers claimed per queue transaction (claimed ahead of reading; released again on cancel); each claim
# reads the queue (10–20 ms at 400 markers), so 8 at a time cost ~0.5 s on 400 one-passage files
CLAIM_AHEAD = 32
# a photograph weighs like this many text chunks when a batch is filled: a batch holds ~32 of them,
# so decoded pixels waiting for the encoder stay around a hundred MB at most
IMAGE_WEIGHT = 4
# Readers of timecoded transcripts: their records point at the recording beside them (readers/media.py).
TRANSCRIPT_READERS = frozenset({"tc-marks", "vtt", "srt", "ohms"})


@dataclass
class FileOutcome:
    """What happened to one file."""

    path: str
    status: str  # ok | skipped | failed | removed | unsupported (a folder's file no reader handles)
    reason: str = ""
    chunks: int = 0
    embedded: int = 0
    # (from, to) → records: loosened with --reclassify / kept stricter than asked without it
    reclassified: dict[tuple[str, str], int] = field(default_factory=dict)
    kept_stricter: dict[tuple[str, str], int] = field(default_factory=dict)


@dataclass
class IngestSummary:
    """The end-of-run report."""

    outcomes: list[FileOutcome] = field(default_factory=list)
    cancelled: bool = False  # stopped with files still queued (a later run resumes them)
    changes: Changes = field(default_factory=Changes)  # what the run wrote, for front ends to refresh

    def _by(self, status: str) -> list[FileOutcome]:
        return [o for o in self.outcomes if o.status == status]

    @property
    def ok(self) -> list[FileOutcome]:
        """Files indexed in this run."""
        return self._by("ok")

    @property
    def skipped(self) -> list[FileOutcome]:
        """Files unchanged since the last run."""
        return self._by("skipped")

    @property
    def failed(self) -> list[FileOutcome]:
        """Files that could not be indexed, with reasons."""
        return self._by("failed")

    @property
    def unsupported(self) -> list[FileOutcome]:
        """Files of a folder that no reader handles: not indexed, listed so nothing is left out silently."""
        return self._by("unsupported")

    @property
    def removed(self) -> list[FileOutcome]:
        """Files gone from disk whose records were removed."""
        return self._by("removed")

    def _tally(self, attr: str) -> dict[tuple[str, str], int]:
        total: dict[tuple[str, str], int] = {}
        for o in self.outcomes:
            for key, n in getattr(o, attr).items():
                total[key] = total.get(key, 0) + n
        return total

    @property
    def reclassified(self) -> dict[tuple[str, str], int]:
        """Records whose classification was loosened on request: (from, to) → count."""
        return self._tally("reclassified")

    @property
    def kept_stricter(self) -> dict[tuple[str, str], int]:
        """Records that kept a stricter classification than asked: (asked, kept) → count."""
        return self._tally("kept_stricter")

    @property
    def chunks_embedded(self) -> int:
        """Chunks that needed the encoder in this run."""
        return sum(o.embedded for o in self.outcomes)


@dataclass
class _Ready:
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
                           reclassified=p.reclassified, kept_stricter=p.kept_stricter)


class Ingestor:
    """Runs ingest against one store with one encoder."""

    def __init__(self, store: Store, encoder: TextEncoder, settings: Settings, *,
                 image_encoder: Callable[[], ImageEncoder] | None = None, thumbs: Path | None = None) -> None:
        self.store = store
        self.encoder = encoder
        self.settings = settings
        self.claimant = queue.new_claimant()
        self._claimed: list[queue.QueueItem] = []  # claimed ahead, not read yet
        self._states: dict[str, SourceState] = {}  # the scanned folder's rows, read in one go, each used once
        self._new: set[str] = set()  # claimed paths with no records at claim time: no per-file lookups of old rows
        # dirty markers the scan found, written together: one transaction per file cost as much as a photo's
        # embedding; a crash before they are written only means the next scan finds the files again
        self._marks: list[tuple[str, str | None, FileOptions]] = []
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

    # -- scan ----------------------------------------------------------------
    def scan(self, paths: Iterable[str | os.PathLike[str]], options: IngestOptions,
             summary: IngestSummary) -> Generator[Progress, None, None]:
        """Find files, record unreadable ones, mark changed ones dirty, remove vanished ones."""
        found = 0
        for given in paths:
            p = Path(given).expanduser().absolute()
            if p.is_symlink():  # named by the user: what they meant is the target
                p = Path(os.path.realpath(p))
            if p.exists() and on_pseudo_fs(p):
                self._fail_now(str(p), None, slug(options.collection or p.name or "local"), PSEUDO_FS,
                               options, summary)
            elif p.is_dir():
                root = str(p)
                collection = slug(options.collection or p.name)
                seen: set[str] = set()
                entries = list(walk(p, follow=options.follow_symlinks, roots=[os.path.realpath(p)]))
                claimed = catalogued_images([f for f, err in entries if not err and f.suffix.lower() == ".csv"])
                indexed = {r[0] for r in self.store.cursor().execute("SELECT path FROM sources WHERE root = ?",
                                                                     [root]).fetchall()}
                names = {str(f) for f, _ in entries}
                self._states = source_states(self.store, [str(f) for f, err in entries if not err])
                unsupported = [f for f, err in entries if not err and not is_supported(f)
                               and not is_companion(f, names)]
                record_unsupported(self.store, unsupported, root, collection, options.for_file(collection))
                summary.outcomes += [FileOutcome(str(f), "unsupported", unsupported_reason(f)) for f in unsupported]
                for f, err in entries:
                    if not err and not is_supported(f):
                        seen.add(str(f))
                        continue
                    if not err and is_image(f) and (is_member(f) or str(f) in claimed):
                        # a view of an object its lead file or its catalogue row indexes; indexed on its
                        # own before (a new file now sorts first, a catalogue now names it): that goes
                        if str(f) in indexed:
                            summary.changes.merge(remove_source(self.store, str(f)))
                            summary.outcomes.append(FileOutcome(str(f), "removed", "now a view of another object"))
                        continue
                    seen.add(str(f))
                    if err:  # refused: rows an older run made from it go too (a link may have leaked)
                        self._fail_now(str(f), root, collection, err, options, summary, keep_rows=False)
                        continue
                    self._consider(f, root, collection, options, summary)
                    found += 1
                    if found % 50 == 0:
                        self._write_marks()
                        yield Progress("scan", found, None, "files", item=str(f))
                self._states = {}  # only this folder's loop may use them: later writes would make them stale
                for gone in self._vanished(root, seen):
                    summary.changes.merge(remove_source(self.store, gone))
                    summary.outcomes.append(FileOutcome(gone, "removed", "file no longer on disk"))
            elif p.exists() or p.is_symlink():
                collection = slug(options.collection or p.parent.name)
                self._consider(p, None, collection, options, summary)
                found += 1
            else:
                self._fail_now(str(p), None, slug(options.collection or "local"),
                               "no such file or folder", options, summary)
        self._write_marks()
        yield Progress("scan", found, found, "files")

    def _consider(self, f: Path, root: str | None, collection: str, options: IngestOptions,
                  summary: IngestSummary) -> None:
        """Mark a file dirty unless it is unchanged since its last successful indexing."""
        opts = options.for_file(collection)
        path = str(f)
        try:
            st = f.stat()
        except OSError as exc:
            self._fail_now(path, root, collection, os_reason(exc), options, summary)
            return
        mtime, size = source_signature(f, st)
        row, queued = self._states.pop(path) if path in self._states else source_state(self.store, path)
        unchanged_options = not options.reclassify and opts.same_as_stored(FileOptions.from_json(row[4] if row else None))
        if row and not queued and row[0] == "ok" and unchanged_options and not self._media_changed(path, f, row[5]):
            if row[1] == mtime and row[2] == size:
                summary.outcomes.append(FileOutcome(path, "skipped", "unchanged"))
                return
            if row[2] == size and stat.S_ISREG(st.st_mode) and not embeds_images(f):
                digest = _hash_file(f)
                if digest == row[3]:
                    with self.store.transaction() as w:
                        w.execute("UPDATE sources SET mtime = ? WHERE path = ?", [st.st_mtime, path])
                    summary.outcomes.append(FileOutcome(path, "skipped", "unchanged (touched)"))
                    return
        self._marks.append((path, root, opts))

    def _write_marks(self) -> None:
        """Write the dirty markers found so far, in one transaction."""
        if self._marks:
            with self.store.transaction() as w:
                queue.enqueue_many(w, self._marks)
            self._marks = []

    def _media_changed(self, path: str, f: Path, reader: str | None) -> bool:
        """A transcript whose recording appeared, vanished or changed name beside it since it was indexed.

        The transcript itself is unchanged, but the records must carry the recording's path for playback.
        """
        if reader not in TRANSCRIPT_READERS:
            return False
        stored = {r[0] for r in self.store.cursor().execute(
            "SELECT json_extract_string(r.data, '$.media_path') FROM source_records s "
            "JOIN records r USING (section_tipo, section_id) WHERE s.path = ?", [path]).fetchall()}
        return stored != {find_media(f)}

    def _vanished(self, root: str, seen: set[str]) -> list[str]:
        rows = self.store.cursor().execute("SELECT path FROM sources WHERE root = ?", [root]).fetchall()
        return [r[0] for r in rows if r[0] not in seen and not Path(r[0]).exists()]

    def _fail_now(self, path: str, root: str | None, collection: str, reason: str,
                  options: IngestOptions, summary: IngestSummary, *, keep_rows: bool = True) -> None:
        summary.changes.merge(fail_source(self.store, path, root, collection, reason, options.for_file(collection),
                                          keep_rows=keep_rows))
        summary.outcomes.append(FileOutcome(path, "failed", reason))

    # -- index ---------------------------------------------------------------
    def run(self, paths: Iterable[str | os.PathLike[str]], options: IngestOptions | None = None,
            cancel: CancelToken | None = None) -> Generator[Progress, None, IngestSummary]:
        """Scan, then index every dirty source (including ones left by an interrupted run)."""
        options = options or IngestOptions()
        cancel = cancel or CancelToken()
        summary = IngestSummary()
        started = time.time()
        stopped = False
        try:
            yield from self.scan(paths, options, summary)
            yield from self.process_queue(summary, cancel)
        except Cancelled:
            stopped = True
            summary.cancelled = queue.pending(self.store) > 0  # a stop after the last commit stopped nothing
        if self._sweep and not stopped:  # thumbnails and scan pages no record shows any more
            collect_thumbnails(self.store, self.thumbs, self.claimant, since=started,
                               claim_ttl_s=self.settings.claim_ttl_s)
            collect_pages(self.store, self.thumbs.parent / "pages", self.claimant, since=started,
                          claim_ttl_s=self.settings.claim_ttl_s)
        if any(o.status in ("ok", "removed", "failed") for o in summary.outcomes) or self._lexical_stale():
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
        total = queue.pending(self.store)
        clock = EtaClock()
        done = 0
        while True:
            if cancel.cancelled:  # give back the claims taken ahead: held by this live process, the
                self._release([])  # window's next import would skip them until they expired
                cancel.check()
            batch = yield from self._claim_and_prepare(summary, cancel)
            if batch is None:
                break
            outcomes = yield from self._embed_and_commit(batch, summary, cancel)
            for o in outcomes:
                summary.outcomes.append(o)
                done += 1
                yield Progress("index", done, max(total, done), "files", item=o.path,
                               eta_s=clock.eta(done, max(total, done)))

    def _claim_and_prepare(self, summary: IngestSummary,
                           cancel: CancelToken) -> Generator[Progress, None, list[_Ready] | None]:
        """Claim and read files until the batch holds enough text to embed (None: queue empty)."""
        ready: list[_Ready] = []
        texts = 0
        target = max(self.settings.embed_batch, 1) * 4
        claimed_any = False
        held: set[str] = set()
        while texts < target and len(ready) < MAX_FILES_PER_BATCH:
            if not self._claimed:  # claim a few at a time: one queue scan and commit for several files
                self._claimed = queue.claim_many(self.store, self.claimant, self.settings.claim_ttl_s,
                                                 CLAIM_AHEAD, exclude=held)
                self._new = unindexed(self.store, [c.path for c in self._claimed])
            if not self._claimed:
                break
            item = self._claimed.pop(0)
            claimed_any = True
            held.add(item.path)
            yield Progress("index", len(summary.outcomes), None, "files", item=item.path)
            try:
                cancel.check()
                prepared = yield from self._prepare(item, cancel)
                hashes = {c.source_hash for r in prepared.records for c in r.chunks}
                known = False if item.path in self._new else None  # a new file's cache hits: per batch
                vectors = {} if known is False else existing_vectors(self.store, item.path, self.encoder.name, hashes)
                views = [v for r in prepared.records for v in r.views]
                if views:
                    vectors.update(existing_vectors(self.store, item.path, self.image_model,
                                                    {v.source_hash for v in views}, indexed=known))
                image_todo: dict[str, PreparedView] = {}
                for v in views:
                    if v.source_hash in vectors:
                        v.pixels = None  # only what is still to embed stays in memory
                    else:
                        image_todo.setdefault(v.source_hash, v)
            except Cancelled:
                self._release([item] + [r.item for r in ready])
                raise
            except Exception as exc:
                summary.outcomes.append(self._failed(item, exc))
                continue
            todo = {ch.source_hash: ch.embedded_text for r in prepared.records for ch in r.chunks
                    if ch.source_hash not in vectors}
            ready.append(_Ready(item, prepared, vectors, todo, image_todo))
            texts += len(todo) + IMAGE_WEIGHT * len(image_todo)
        return ready if claimed_any else None

    def _embed_and_commit(self, ready: list[_Ready], summary: IngestSummary,
                          cancel: CancelToken) -> Generator[Progress, None, list[FileOutcome]]:
        """Embed every missing text of the batch (across files), then commit the files together."""
        todo: dict[str, str] = {}
        for r in ready:
            todo.update(r.todo)
        cached = cached_vectors(self.store, self.encoder.name, list(todo))  # one query, not one per new file
        for r in ready:
            r.vectors.update({h: cached[h] for h in r.todo if h in cached})
            r.todo = {h: t for h, t in r.todo.items() if h not in cached}
        keys = [h for h in todo if h not in cached]
        step = max(self.settings.embed_batch, 1) * 4
        item = ready[0].item.path if ready else ""
        try:
            fresh: dict[str, np.ndarray] = {}
            for start in range(0, len(keys), step):
                cancel.check()
                part = keys[start:start + step]
                vecs = self.encoder.embed_batch([todo[k] for k in part], kind="passage")
                done = dict(zip(part, vecs))
                cache_vectors(self.store, self.encoder.name, done)  # a cancel or crash keeps this work
                fresh.update(done)
                yield Progress("embed", min(start + step, len(keys)), len(keys), "chunks", item=item)
            cancel.check()
        except Cancelled:
            self._release([r.item for r in ready])
            raise
        except Exception as exc:  # the encoder failed: every file of the batch retries later
            return [self._failed(r.item, exc) for r in ready]
        try:
            images, unreadable = yield from self._embed_images(ready, cancel)
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
            r.vectors.update({h: fresh[h] for h in r.todo})
            r.vectors.update({h: fresh[h] for h in r.image_todo})
        image_model = self.image_model if any(r.prepared.records and any(x.views for x in r.prepared.records)
                                              for r in ready) else None
        try:
            summary.changes.merge(commit_sources(self.store, [(r.prepared, r.vectors) for r in ready],
                                                 self.encoder.name, image_model))
        except Exception:  # isolate the file that cannot be written; the others commit alone
            outcomes = []
            for r in ready:
                try:
                    summary.changes.merge(commit_sources(self.store, [(r.prepared, r.vectors)], self.encoder.name,
                                                         image_model))
                except Exception as exc:
                    outcomes.append(self._failed(r.item, exc))
                else:
                    outcomes.append(r.outcome())
            return failed + outcomes
        return failed + [r.outcome() for r in ready]

    def _embed_images(self, ready: list[_Ready], cancel: CancelToken
                      ) -> Generator[Progress, None, tuple[dict[str, np.ndarray], dict[str, IngestError]]]:
        """Embed the batch's new photographs, caching each part at once (a crash keeps the work);
        also returns the photographs that could not be read again, with why."""
        todo: dict[str, PreparedView] = {}
        for r in ready:
            for h, v in r.image_todo.items():
                todo.setdefault(h, v)
        if not todo:
            return {}, {}
        try:
            enc = self.image_encoder()
        except ModelError as exc:  # expected until the models are assembled: a per-file reason, not a crash
            raise IngestError(f"photographs need the image model: {exc}", hint=exc.hint) from exc
        if enc.name != self.image_model:
            raise IngestError(f"the image encoder is {enc.name}, the settings say {self.image_model}")
        pin_model(self.store, enc.name, enc.dimension, modality="image")  # a store holds one image model
        keys = list(todo)
        step = 16
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
            cache_vectors(self.store, enc.name, done)
            fresh.update(done)
            yield Progress("embed", min(start + step, len(keys)), len(keys), "images", item=ready[0].item.path)
        return fresh, unreadable

    def _release(self, items: list[queue.QueueItem]) -> None:
        """Give back claims (cancel): these items and any claimed ahead, for the next run."""
        for it in items + self._claimed:
            queue.release(self.store, it.path)
        self._claimed = []

    def _failed(self, item: queue.QueueItem, exc: Exception) -> FileOutcome:
        """Record why a file failed: an expected error now, an unexpected one after the last attempt."""
        collection = item.options.collection
        if isinstance(exc, IngestError):
            reason = str(exc) + (f" — {exc.hint}" if exc.hint else "")
            fail_source(self.store, item.path, item.root, collection, reason, item.options,
                        keep_rows=not isinstance(exc, RefusedSource))
            return FileOutcome(item.path, "failed", reason)
        reason = f"unexpected error: {type(exc).__name__}: {exc}"
        if item.attempts >= self.settings.max_attempts:
            fail_source(self.store, item.path, item.root, collection, reason, item.options)
        else:
            queue.retry_later(self.store, item.path, reason, delay_s=2.0 ** item.attempts)
        return FileOutcome(item.path, "failed", reason)

    def _prepare(self, item: queue.QueueItem, cancel: CancelToken) -> Generator[Progress, None, PreparedSource]:
        """Read (scanned pages by OCR, page by page, resumable), identify and chunk one source (no store writes)."""
        path = Path(item.path)
        opts = item.options
        reader = page_images.read if page_images.wanted(path, opts) else reader_for(path)
        raw, st = read_regular(path, follow=opts.follow_symlinks,
                               roots=[os.path.realpath(item.root)] if item.root else [],
                               limit=self.settings.max_file_mb * 1024 * 1024)
        result = yield from ocr_scans(reader(path, raw), path, raw, self.thumbs.parent, cancel)
        collection = opts.collection
        signature = source_signature(path, st)  # before its photographs are read: one replaced meanwhile shows
        records: list[PreparedRecord] = []
        view_errors: list[str] = []
        rules = Classifier({} if item.path in self._new else stored_classifications(self.store.cursor(), item.path),
                           opts.classification, opts.reclassify, self.settings.default_classification)
        content_hash = hashlib.sha256(raw).hexdigest()
        floors = content_floors(self.store.cursor(), content_hash)
        for rec in result.records:
            full_text = " ".join(b.text for b in rec.blocks)
            lang = opts.lang or rec.lang or detect_language(f"{rec.title}. {full_text}")
            # an object of named views is its folder's, whichever of its files leads: its id survives
            # a new view sorting first
            owner = str(path.parent) if result.reader == "image" and rec.key.startswith("object:") else str(path)
            section_id = section_id_for(owner, rec.key)
            classification = rules.decide(section_id, rec.classification, floors.get(rec.key))
            chunks = chunk_record(rec, self.encoder.count_tokens, target=self.settings.chunk_target_tokens,
                                  floor=self.settings.chunk_min_tokens) if rec.blocks else []
            views, errors = prepare_views(
                rec.images, base=path.parent, roots=[os.path.realpath(item.root)] if item.root else [],
                follow=opts.follow_symlinks, model=self.image_model, thumbs=self.thumbs,
                max_side=self.settings.image_max_px, limit=self.settings.max_file_mb * 1024 * 1024)
            view_errors += errors
            if not chunks and not views:
                continue  # an object with no text needs at least one photograph
            data: dict[str, Any] = {"source_path": str(path), "collection": collection, "reader": result.reader,
                                    "fields": rec.data}
            if rec.media_path:
                data["media_path"] = rec.media_path
            if rec.roles:
                data["roles"] = rec.roles
            if views:
                data["views"] = {v.view: {"path": v.path, "thumb": v.thumb} for v in views}
            records.append(PreparedRecord(
                section_tipo=collection, section_id=section_id, title=rec.title,
                lang=lang, classification=classification,
                project_ids=list(opts.project_ids), data=data,
                date_start=rec.date_start, date_end=rec.date_end, chunks=chunks, views=views,
                record_key=rec.key))
        if not records:
            if len(view_errors) == 1 and result.reader == "image":
                raise CorruptSource(view_errors[0].split(": ", 1)[-1])
            raise CorruptSource("; ".join(view_errors) if view_errors else "no text to index in this file")
        notes = list(result.notes) + rules.notes() + view_errors
        mtime, size = signature
        return PreparedSource(path=str(path), root=item.root, collection=collection, reader=result.reader,
                              content_hash=content_hash, mtime=mtime, size=size,
                              options=opts, records=records, notes=notes, reclassified=rules.loosened,
                              kept_stricter=rules.kept)


def _hash_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
    return h.hexdigest()
