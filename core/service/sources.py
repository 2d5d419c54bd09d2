"""The library's sources on the facade: add, list, remove, rescan, include/exclude, pause — and watching.

Every import runs through :meth:`LibrarySources._index`, so a rescan, a watched change and ``ingest``
share the same steps: the model pinned, the queue processed, passages a newer chunker embeds
differently re-embedded, removed records erased from the file.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING

from core.errors import NotFound
from core.ingest.library import LibrarySource, SourceStatus, add_rule, add_source, all_sources, excluded_by, \
    excluded_files, finish_removals, get_source, mark_scanned, remove_library_source, set_paused, source_of, \
    source_path, source_statuses
from core.ingest.pipeline import IngestOptions, Ingestor, IngestSummary
from core.ingest.scan import EXCLUDED
from core.ingest.summary import FileOutcome
from core.ingest.reembed import note_if_empty, reembed_after_import
from core.ingest.sources import remove_sources
from core.progress import CancelToken, Progress
from core.service.folder import Folder
from core.store.models_repo import pin_model
from core.store.rows import Changes

if TYPE_CHECKING:
    from core.ingest.watcher import Watcher

Run = Callable[[Ingestor, CancelToken | None, Changes | None], Generator[Progress, None, IngestSummary]]
clock = time.monotonic  # when periodic rescans are due (a test moves it)


class LibrarySources:
    """The part of :class:`core.service.library.Library` that keeps sources current."""

    def __init__(self, folder: Folder) -> None:
        self._f = folder
        self._watcher: Watcher | None = None  # while watching (watchdog loads only then)
        self._watch_state: dict[str, str | None] = {}  # source -> None watched, or why not
        self._progress: dict[str, tuple[int, int]] = {}  # source -> (done, total) while scanned
        # source -> (minutes, last rescan by clock(), no events come from it): rescanned on a timer while watched
        self._periodic: dict[str, tuple[int, float, bool]] = {}
        self._lock = threading.Lock()

    # -- sources -------------------------------------------------------------------------
    def add_source(self, path: str | os.PathLike[str], options: IngestOptions | None = None, *,
                   rules: list[tuple[str, str]] | None = None, replace_rules: bool = False,
                   rescan_every: int | None = None) -> LibrarySource:
        """Keep ``path`` (a folder or a file) in the library with ``options`` and ``rules`` (added to its rules, or
        in their place); watched from the next :meth:`watch` (at once while watching), and rescanned every
        ``rescan_every`` minutes meanwhile (0: never; None: as set before — for a new source, only on a share
        no change events come from; -1: back to that). Files are indexed by :meth:`rescan`."""
        src = add_source(self._f.store, source_path(path), options or IngestOptions(), rules,
                         replace_rules=replace_rules, rescan_every=rescan_every)
        if self._watcher is not None and not src.paused:
            self._start(src)
        return src

    def sources(self) -> list[SourceStatus]:
        """Every source with its files, records, failures, last scan and whether it is watched."""
        finish_removals(self._f.store)
        with self._lock:
            progress = dict(self._progress)
        periodic = {path: (_periodic_note(minutes, no_events), no_events)
                    for path, (minutes, _, no_events) in list(self._periodic.items())}  # a copy: the writer adds
        return source_statuses(self._f.store, dict(self._watch_state), progress, periodic)

    def remove_source(self, path: str | os.PathLike[str], *,
                      keep_records: bool = False) -> Generator[Progress, None, IngestSummary]:
        """Stop keeping ``path``; its files' records leave the store (and the file) unless ``keep_records``."""
        src = get_source(self._f.store, source_path(path))
        self._unwatch(src.path)
        yield Progress("remove", 0, 1, "sources", item=src.path)
        changes = remove_library_source(self._f.store, src.path, keep_records=keep_records)
        yield Progress("remove", 1, 1, "sources", item=src.path)
        if changes:
            self._update_keywords()
        yield from self._f.erase_removed()
        return IngestSummary(changes=changes)

    def set_paused(self, path: str | os.PathLike[str], paused: bool) -> LibrarySource:
        """Pause or resume watching a source (a paused source is not watched and not rescanned)."""
        src = set_paused(self._f.store, source_path(path), paused)
        if paused:
            self._unwatch(src.path)
        elif self._watcher is not None:
            self._start(src)
        return src

    def set_rule(self, kind: str, glob: str, source: str | os.PathLike[str] | None = None,
                 cancel: CancelToken | None = None, *,
                 changes: Changes | None = None) -> Generator[Progress, None, IngestSummary]:
        """Exclude files from a source or force them in (``kind`` exclude | include). ``glob`` is relative to the
        source; an absolute path names its source itself. Without a source, every source gets the rule.
        Excluded files' records leave the store at once; included ones are indexed by a rescan of the source."""
        targets = self._rule_targets(glob, source)
        for src, rel in targets:
            add_rule(self._f.store, src.path, kind, rel)
        if kind == "include":
            return (yield from self.rescan([src.path for src, _ in targets], cancel, changes=changes))
        summary = IngestSummary() if changes is None else IngestSummary(changes=changes)
        sources = all_sources(self._f.store)
        gone = [p for src, _ in targets for p in excluded_files(self._f.store, get_source(self._f.store, src.path),
                                                                 sources)]
        summary.changes.merge(remove_sources(self._f.store, gone))
        summary.outcomes += [FileOutcome(p, "removed", EXCLUDED) for p in gone]
        if gone:
            self._update_keywords()
        yield from self._f.erase_removed()
        return summary

    def _rule_targets(self, glob: str, source: str | os.PathLike[str] | None) -> list[tuple[LibrarySource, str]]:
        sources = all_sources(self._f.store)
        if os.path.isabs(glob):
            src = source_of(sources, glob)
            if src is None or src.path == glob:
                raise NotFound(f"{glob} is not inside a library source",
                               hint="`ovillo library list` shows the sources.")
            return [(src, os.path.relpath(glob, src.path).replace(os.sep, "/"))]
        if source is not None:
            return [(get_source(self._f.store, source_path(source)), glob)]
        if not sources:
            raise NotFound("the library has no sources yet", hint="Add one with `ovillo library add PATH`.")
        return [(s, glob) for s in sources]

    # -- indexing ------------------------------------------------------------------------
    def rescan(self, paths: Iterable[str | os.PathLike[str]] | None = None, cancel: CancelToken | None = None, *,
               changes: Changes | None = None) -> Generator[Progress, None, IngestSummary]:
        """Scan sources again (all but paused and offline ones when ``paths`` is None): what changed while nothing
        watched — modification time and size, the content hash when those changed — is indexed."""
        store = self._f.store
        finish_removals(store)
        if paths is None:
            chosen = [s for s in all_sources(store) if not s.paused]
        else:
            chosen = [get_source(store, source_path(p)) for p in paths]
        chosen = [s for s in chosen if os.path.exists(s.path)]  # offline: records kept, nothing scanned

        def run(ing: Ingestor, c: CancelToken | None, ch: Changes | None) -> Generator[Progress, None, IngestSummary]:
            summary = IngestSummary() if ch is None else IngestSummary(changes=ch)
            for src in chosen:
                part = yield from self._tracked(src.path, ing.run([src.path], src.options, c, changes=summary.changes,
                                                                  excluded=self._excluded()))
                summary.outcomes += part.outcomes
                summary.cancelled = summary.cancelled or part.cancelled
                mark_scanned(store, src.path)
            return summary

        return (yield from self._index(run, cancel, changes))

    def ingest(self, paths: Iterable[str | os.PathLike[str]], options: IngestOptions | None = None,
               cancel: CancelToken | None = None, *, changes: Changes | None = None,
               remember: bool = False) -> Generator[Progress, None, IngestSummary]:
        """Ingest files and folders (see :class:`core.ingest.pipeline.Ingestor`), each kept as a library source when
        ``remember``; ``changes`` fills as batches commit, for a caller that must refresh from them even when the
        import fails part way."""
        paths = list(paths)
        kept = all_sources(self._f.store) if remember else []
        for p in paths if remember else []:
            outer = source_of(kept, source_path(p))
            if os.path.exists(p) and (outer is None or outer.path == source_path(p)):  # a part of a source: no new one
                self.add_source(p, options)

        def run(ing: Ingestor, c: CancelToken | None, ch: Changes | None) -> Generator[Progress, None, IngestSummary]:
            return (yield from ing.run(paths, options, c, changes=ch, excluded=self._excluded()))

        summary = yield from self._index(run, cancel, changes)
        for p in paths if remember else []:
            if os.path.exists(p):
                mark_scanned(self._f.store, source_path(p))  # only a source's own row: a part's path names none
        return summary

    def _index(self, run: Run, cancel: CancelToken | None, changes: Changes | None) -> \
            Generator[Progress, None, IngestSummary]:
        f = self._f
        enc = f.encoder
        pin_model(f.store, enc.name, enc.dimension)
        ingestor = Ingestor(f.store, enc, f.settings, image_encoder=lambda: f.encoder_for("image"),
                            thumbs=f.paths.home / "thumbs")
        note_if_empty(f.store, enc.name)
        with f.models_in_use():  # an idle release meanwhile would load the image encoder twice
            summary = yield from run(ingestor, cancel, changes)
            if not summary.cancelled:  # passages a newer chunker embeds differently, from the store
                yield from reembed_after_import(f.store, enc, cancel, page=4 * f.settings.embed_batch)
        yield from f.erase_removed()
        return summary

    def _tracked(self, source: str, gen: Generator[Progress, None, IngestSummary]) -> \
            Generator[Progress, None, IngestSummary]:
        """Pass ``gen``'s progress on, noting it as the source's (done, total) for :meth:`sources`."""
        try:
            while True:
                try:
                    event = next(gen)
                except StopIteration as stop:
                    return stop.value
                if event.stage == "index" and event.total:
                    with self._lock:
                        self._progress[source] = (event.done, event.total)
                yield event
        finally:
            with self._lock:
                self._progress.pop(source, None)

    def _excluded(self) -> Callable[[str], bool]:
        """The library's rules, and the data folder itself (a source holding it must not index its own store)."""
        sources = all_sources(self._f.store)
        home = os.path.realpath(self._f.paths.home).rstrip(os.sep) + os.sep
        return lambda p: (p + os.sep).startswith(home) or excluded_by(sources, p)

    def _update_keywords(self) -> None:
        from core.retrieval.lexical import update_lexical_index

        update_lexical_index(self._f.store)

    # -- watching ------------------------------------------------------------------------
    def watch(self) -> dict[str, str | None]:
        """Start watching every source that is not paused: source → None when watched, else why not. Run
        :meth:`rescan` next, so what changed while nothing watched is caught up."""
        from core.ingest.watcher import Watcher

        finish_removals(self._f.store)
        if self._watcher is None:
            self._watcher = Watcher(ignore=(str(self._f.paths.home),))
        for src in all_sources(self._f.store):
            if not src.paused:
                self._start(src)
        return dict(self._watch_state)

    def _start(self, src: LibrarySource) -> None:
        """Watch ``src``, and put it on the rescan timer when it asks to be or when no change events come from it
        (a network share, or a folder that cannot be watched)."""
        from core.ingest.watcher import AUTO_RESCAN_MIN, no_events_fs

        assert self._watcher is not None
        reason = self._watch_state[src.path] = self._watcher.watch(src.path)
        no_events = reason is not None or no_events_fs(src.path) is not None
        every = src.rescan_every if src.rescan_every is not None else (AUTO_RESCAN_MIN if no_events else 0)
        if every:
            self._periodic[src.path] = (every, clock(), no_events)
        else:
            self._periodic.pop(src.path, None)

    def _due(self) -> list[str]:
        """Sources whose periodic rescan is due (memory only)."""
        t = clock()
        # a copy (list() of a dict is atomic): the GUI thread asks while the writer thread may add a source
        return [p for p, (minutes, last, _) in list(self._periodic.items()) if t - last >= 60 * minutes]

    def stop_watching(self) -> None:
        """Stop watching (the window's close, the end of ``ovillo watch``)."""
        watcher, self._watcher = self._watcher, None
        if watcher is not None:
            watcher.stop()
        self._watch_state.clear()
        self._periodic.clear()

    def _unwatch(self, path: str) -> None:
        if self._watcher is not None:
            self._watcher.unwatch(path)
        self._watch_state.pop(path, None)
        self._periodic.pop(path, None)

    def watched_pending(self) -> int:
        """Changed paths noted by the watcher and not indexed yet (0 when not watching)."""
        return self._watcher.pending() if self._watcher is not None else 0

    def watched_settled(self) -> bool:
        """True when some noted change has settled or a periodic rescan is due: :meth:`index_watched` has work (no
        store read)."""
        return self._watcher is not None and (self._watcher.settled() or bool(self._due()))

    def start_watching(self, cancel: CancelToken | None = None, *,
                       changes: Changes | None = None) -> Generator[Progress, None, IngestSummary]:
        """:meth:`watch`, then the reconciling :meth:`rescan` of every watched source (a window's start)."""
        self.watch()
        return (yield from self.rescan(None, cancel, changes=changes))

    def index_watched(self, cancel: CancelToken | None = None, *,
                      changes: Changes | None = None) -> Generator[Progress, None, IngestSummary]:
        """Index the watched paths whose changes settled, all sources' in one run (a burst is batched: its
        markers are written together, files committed in batches); then rescan the sources whose periodic
        rescan is due (shares without change events)."""
        ready: dict[str, list[str]] = self._watcher.ready() if self._watcher is not None else {}
        sources = {s.path: s for s in all_sources(self._f.store)}
        groups = [(path, paths, sources[path].options) for path, paths in ready.items()
                  if path in sources and not sources[path].paused]
        due = [p for p in self._due() if p in sources and os.path.exists(p)]
        for p in self._due():
            minutes, _, no_events = self._periodic[p]
            self._periodic[p] = (minutes, clock(), no_events)  # an offline one is looked at again next period
        if not groups and not due:
            return IngestSummary() if changes is None else IngestSummary(changes=changes)

        def run(ing: Ingestor, c: CancelToken | None, ch: Changes | None) -> Generator[Progress, None, IngestSummary]:
            summary = yield from ing.run_changed(groups, c, changes=ch, excluded=self._excluded())
            for path in due:
                part = yield from ing.run([path], sources[path].options, c, changes=summary.changes,
                                          excluded=self._excluded())
                summary.outcomes += part.outcomes
                mark_scanned(self._f.store, path)
            return summary

        return (yield from self._index(run, cancel, changes))


def _periodic_note(minutes: int, no_events: bool) -> str:
    """How a source on the rescan timer is kept current, as its status says."""
    from core.ingest.watcher import ALSO_RESCANNING, RESCANNING

    return (RESCANNING if no_events else ALSO_RESCANNING).format(minutes=minutes)
