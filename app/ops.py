"""The operation wrapper (Anki's CollectionOp): the GUI's only door to the core facade.

Every call runs a facade method on a worker (reads on the read thread, writes on the
writer thread) and calls back on the GUI thread. The profile is fixed per window, so a
kiosk window can only ever ask core for what ``public`` may see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

from PySide6.QtCore import QObject, Signal, Slot

from app.workers import Pools, Task, Worker
from core.api import BrowseFilters, Changes, Conversation, IngestOptions, ObjectFields, Ovillo, PermissionDenied, \
    RecordEdit, SearchFilters, Settings, SyncRequest, save_settings

Callback = Callable[[Any], None]
ErrorSink = Callable[[BaseException, str], None]


class _Relay(QObject):
    """Lives on the GUI thread so queued signals call the Python callbacks there."""

    def __init__(self, worker: Worker, on_result: Callback | None, on_progress: Callback | None,
                 on_error: Callable[[BaseException], None], on_done: Callable[[], None] | None) -> None:
        super().__init__()
        self.worker, self._result, self._progress, self._error, self._done = (worker, on_result, on_progress,
                                                                              on_error, on_done)
        s = worker.signals
        s.result.connect(self.result)
        s.progress.connect(self.progress)
        s.error.connect(self.error)
        s.finished.connect(self.finished)

    @Slot(object)
    def result(self, value: object) -> None:
        if self._result is not None:
            self._result(value)

    @Slot(object)
    def progress(self, event: object) -> None:
        if self._progress is not None:
            self._progress(event)

    @Slot(object)
    def error(self, exc: BaseException) -> None:
        self._error(exc)

    @Slot()
    def finished(self) -> None:
        if self._done is not None:
            self._done()


class Ops(QObject):
    """Runs facade operations off the GUI thread for one window and one profile."""

    busy = Signal(int)  # number of running operations
    # the one "the library changed" signal: every write operation emits what it changed
    # (core.store.writer.Changes, possibly empty); views refresh from it, not from each other
    changed = Signal(object)
    write_ended = Signal(str)  # a write's name once it ended, however (app/idle.py counts from an import's end)

    def __init__(self, ovillo: Ovillo, *, profile: str = "owner", kiosk: bool = False) -> None:
        super().__init__()
        self.ovillo = ovillo
        self.kiosk = kiosk
        self.profile = "public" if kiosk else profile
        self.pools = Pools()
        self._relays: set[_Relay] = set()
        self.error_sink: ErrorSink = lambda exc, tb: None

    # -- the generic wrapper ----------------------------------------------------------
    def run(self, task: Task, *, write: bool = False, answer: bool = False, on_result: Callback | None = None,
            on_progress: Callback | None = None, on_error: Callable[[BaseException], None] | None = None,
            on_done: Callable[[], None] | None = None, throttle_s: float = 0.0, name: str = "") -> Worker:
        """Start ``task(cancel_token)``; callbacks run on the GUI thread; errors go to ``error_sink``."""
        worker = Worker(task, throttle_s=throttle_s, name=name)

        def failed(exc: BaseException) -> None:
            (on_error or (lambda e: self.error_sink(e, worker.traceback)))(exc)

        def done() -> None:
            self._relays.discard(relay)
            if on_done is not None:
                on_done()
            self.busy.emit(len(self._relays))

        relay = _Relay(worker, on_result, on_progress, failed, done)
        self._relays.add(relay)
        self.pools.start(worker, write=write, answer=answer)
        self.busy.emit(len(self._relays))
        return worker

    def shutdown(self) -> None:
        """Cancel and wait for every operation (window close, tests)."""
        self.pools.shutdown()

    # -- reads ------------------------------------------------------------------------
    def search_page(self, query: str, filters: SearchFilters | None, on_result: Callback, *, limit: int,
                    on_done: Callable[[], None] | None = None, sort: str = "relevance") -> Worker:
        """A page of records for this window's profile and how many match in all (a ``ResultPage``), in
        ``sort`` order (relevance, title or date)."""
        return self.run(lambda _t: self.ovillo.search.page(query, profile=self.profile, limit=limit, filters=filters,
                                                           sort=sort),
                        on_result=on_result, on_done=on_done, name="search")

    def browse(self, filters: BrowseFilters, on_result: Callback, *, sort: str, limit: int) -> Worker:
        """Without a query: a page of the records ``filters`` pass, visible to this profile, and how many in all."""
        return self.run(lambda _t: self.ovillo.search.browse(filters, profile=self.profile, sort=sort, limit=limit),
                        on_result=on_result, name="browse")

    def browse_counts(self, filters: BrowseFilters, on_result: Callback) -> Worker:
        """Visible records per collection, kind, language and period (a ``BrowseCounts``)."""
        return self.run(lambda _t: self.ovillo.search.browse_counts(filters, profile=self.profile),
                        on_result=on_result, name="browse counts")

    def record(self, section_tipo: str, section_id: int, on_result: Callback, **kw: Any) -> Worker:
        """A record's full text (NotFound when the profile may not see it)."""
        return self.run(lambda _t: self.ovillo.library.record(section_tipo, section_id, self.profile),
                        on_result=on_result, name="record", **kw)

    def similar(self, section_tipo: str, section_id: int, on_result: Callback, *, limit: int = 8) -> Worker:
        """Records near this one (visible ones only)."""
        return self.run(lambda _t: self.ovillo.search.similar(section_tipo, section_id, profile=self.profile,
                                                              limit=limit), on_result=on_result, name="similar")

    def facets(self, on_result: Callback) -> Worker:
        """Filter values among visible records."""
        return self.run(lambda _t: self.ovillo.library.facets(self.profile), on_result=on_result, name="facets")

    def status(self, on_result: Callback) -> Worker:
        """Library status as this profile sees it."""
        return self.run(lambda _t: self.ovillo.library.status(self.profile), on_result=on_result, name="status")

    def ask(self, question: str, conversation: Conversation, *, on_event: Callback, on_result: Callback,
            on_done: Callable[[], None] | None = None) -> Worker:
        """An answer from the archive's own spans (the spans found and each verdict arrive as ``on_event``)."""
        if not hasattr(self.ovillo, "answers"):
            raise PermissionDenied("this version of Ovillo cannot answer questions")
        return self.run(lambda t: self.ovillo.answers.ask(question, profile=self.profile, conversation=conversation,
                                                          cancel=t),
                        on_progress=on_event, on_result=on_result, on_done=on_done, name="ask", answer=True)

    def translate(self, text: str, lang: str, *, on_result: Callback,
                  on_done: Callable[[], None] | None = None) -> Worker:
        """A shown span in ``lang``, by the answer model (the caller labels it as machine translation)."""
        return self.run(lambda t: self.ovillo.answers.translate(text, lang, cancel=t), on_result=on_result,
                        on_done=on_done, name="translate", answer=True)

    def examine_object(self, photos: dict[str, str], text: str | None, mode: Literal["hybrid", "visual"],
                       on_result: Callback, **kw: Any) -> Worker:
        """New photographs looked up (neighbours visible to this profile) and the proposals per role."""
        files = {v: Path(p) for v, p in photos.items()}
        return self.run(lambda _t: self.ovillo.catalogue.examine(files, profile=self.profile, text=text, mode=mode),
                        on_result=on_result, name="examine", **kw)

    def thumbnails(self, keys: Sequence[tuple[str, int]], on_result: Callback) -> Worker:
        """(view, thumbnail) of the visible records among ``keys`` that have photographs."""
        return self.run(lambda _t: self.ovillo.catalogue.thumbnails(keys, profile=self.profile),
                        on_result=on_result, name="thumbnails")

    # -- the person's own work: saved and recent searches, working lists (never in a kiosk) --------
    def work(self, call: Callable[[Any, str], Any], on_result: Callback | None = None, **kw: Any) -> Worker:
        """``call(ovillo.work, profile)`` on the read thread (a list's records are read through the gate)."""
        self._staff_only("Saved work")
        return self.run(lambda _t: call(self.ovillo.work, self.profile), on_result=on_result, name="work", **kw)

    def work_now(self, call: Callable[[Any, str], Any]) -> Any:
        """``call(ovillo.work, profile)`` at once, for what needs no store (the searches and the lists' names:
        read once, then held in memory); a failure goes to the error sink and gives None."""
        self._staff_only("Saved work")
        try:
            return call(self.ovillo.work, self.profile)
        except Exception as exc:  # noqa: BLE001 - a damaged work file is said in a dialog, never a crash
            self.error_sink(exc, "")
            return None

    # -- writes (the one writer thread) ----------------------------------------------------
    def write(self, task: Task, *, on_result: Callback | None = None, committed: Changes | None = None,
              on_done: Callable[[], None] | None = None, **kw: Any) -> Worker:
        """Run a write on the writer thread; what it changed reaches :attr:`changed` once, whatever the ending.

        A finished write's result carries its ``changes``; a write that stopped early (cancelled, failed)
        reports ``committed``, the changes it had committed by then, when its caller keeps them.
        """
        finished = False

        def result(value: Any) -> None:
            nonlocal finished
            finished = True
            if on_result is not None:
                on_result(value)
            changes = getattr(value, "changes", None)
            if changes is not None:
                self.changed.emit(changes)

        def done() -> None:
            if not finished and committed:
                self.changed.emit(committed)
            if on_done is not None:
                on_done()
            self.write_ended.emit(str(kw.get("name", "")))

        return self.run(task, write=True, on_result=result, on_done=done, **kw)

    def save_object(self, examination: Any, fields: ObjectFields, on_result: Callback, **kw: Any) -> Worker:
        """Save a new object to the local catalogue (photographs copied, the lookup's vectors reused)."""
        self._staff_only("Saving objects")
        return self.write(lambda t: self.ovillo.catalogue.save(examination, fields, cancel=t), on_result=on_result,
                          name="save_object", **kw)

    def edit_record(self, section_tipo: str, section_id: int, edit: RecordEdit, *, reclassify: bool,
                    on_result: Callback, **kw: Any) -> Worker:
        """Save the owner's title, dates, classification and notes over a local record (an ``EditResult``)."""
        self._staff_only("Editing records")
        return self.write(lambda _t: self.ovillo.library.edit(section_tipo, section_id, edit, reclassify=reclassify,
                                                              profile=self.profile),
                          on_result=on_result, name="edit_record", **kw)

    def _staff_only(self, what: str) -> None:
        if self.kiosk:
            raise PermissionDenied(f"{what} is not available in kiosk mode")

    def ingest(self, paths: Sequence[str], options: IngestOptions, *, on_progress: Callback, on_result: Callback,
               on_done: Callable[[], None] | None = None, remember: bool = False) -> Worker:
        """Index files and folders, kept as library sources when ``remember``; cancel leaves the queue exact for a
        later resume."""
        self._staff_only("Importing")
        committed = Changes()  # fills as batches commit: an import that fails part way still refreshes the window
        return self.write(lambda t: self.ovillo.library.ingest(list(paths), options, cancel=t, changes=committed,
                                                               remember=remember),
                          on_progress=on_progress, on_result=on_result, on_done=on_done, committed=committed,
                          throttle_s=0.05, name="ingest")

    # -- the library's sources and their watching (a write each: the one writer thread) -----------------
    def library_sources(self, on_result: Callback) -> Worker:
        """Every library source with its status (a list of ``SourceStatus``)."""
        self._staff_only("The library's sources")
        return self.run(lambda _t: self.ovillo.library.sources(), on_result=on_result, name="sources")

    def source_write(self, name: str, call: Callable[[Any, Any, Changes], Any], *, on_result: Callback | None = None,
                     on_progress: Callback | None = None, on_done: Callable[[], None] | None = None) -> Worker:
        """``call(ovillo.library, cancel_token, committed)`` on the writer thread: add, remove, pause, rescan, rules,
        watching. What it changed reaches :attr:`changed`, as far as it committed if it stops early."""
        self._staff_only("The library's sources")
        committed = Changes()  # the calls that import pass it on: their batches fill it as they commit

        def task(t: Any) -> Any:
            out = call(self.ovillo.library, t, committed)
            if hasattr(out, "send"):
                return (yield from out)
            return out

        return self.write(task, on_result=on_result, on_progress=on_progress, on_done=on_done, committed=committed,
                          throttle_s=0.05, name=name)

    def watched_settled(self) -> bool:
        """True when a watched change has settled and waits to be indexed (memory only, no store read)."""
        return not self.kiosk and self.ovillo.library.watched_settled()

    def sync(self, request: SyncRequest, *, on_progress: Callback, on_result: Callback,
             on_error: Callable[[BaseException], None] | None = None,
             on_done: Callable[[], None] | None = None) -> Worker:
        """Pull from the central archive (``request.password`` None: the keyring's); cancel keeps whole pages."""
        self._staff_only("Sync")
        committed = Changes()  # fills as pages commit: a cancelled or failed sync refreshes the window from it too
        return self.write(lambda t: self.ovillo.sync.run(request, cancel=t, changes=committed), on_progress=on_progress,
                          on_result=on_result, on_error=on_error, on_done=on_done, committed=committed,
                          throttle_s=0.05, name="sync")

    def sync_info(self, server: str | None, user: str | None, on_result: Callback) -> Worker:
        """``(keyring available, a password saved for server+user, last sync status)``."""
        self._staff_only("Sync")
        return self.run(lambda _t: (self.ovillo.sync.keyring(), bool(server and user and self.ovillo.sync.keyring(
            server, user)), self.ovillo.sync.status()), on_result=on_result, name="sync-info")

    def forget_sync_password(self, server: str, user: str, on_result: Callback) -> Worker:
        """Delete the password saved in the OS keyring (result: whether there was one)."""
        self._staff_only("Sync")
        return self.run(lambda _t: self.ovillo.sync.keyring(server, user, forget=True), on_result=on_result,
                        name="sync-forget")

    def rebuild_keyword_index(self, on_result: Callback, on_done: Callable[[], None] | None = None) -> Worker:
        """Rebuild the BM25 index."""
        self._staff_only("Maintenance")
        return self.write(lambda _t: self.ovillo.library.rebuild_keyword_index(), on_result=on_result, on_done=on_done,
                          name="rebuild")

    def failed_sources(self, on_result: Callback) -> Worker:
        """Sources whose last indexing failed, with reasons."""
        self._staff_only("The import log")
        return self.run(lambda _t: self.ovillo.library.failed_sources(), on_result=on_result, name="failed")

    def save_settings(self, settings: Settings) -> None:
        """Persist settings (small file write; done here so the GUI never touches core.settings directly)."""
        self._staff_only("Preferences")
        save_settings(settings, self.ovillo.paths.settings)
        self.ovillo.settings = settings
