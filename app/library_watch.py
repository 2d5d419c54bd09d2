"""The window's side of watched sources: start watching, then index each settled burst on the writer thread.

Core watches (one mechanism, :mod:`core.ingest.watcher` behind the facade); this only looks, on a timer,
whether a change has settled — memory only, no store read — and then runs one write, never two at
once. What it indexed reaches the window through ``Ops.changed``, like every other write.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from app.ops import Ops
from app.workers import Worker

TICK_MS = 200  # how often the window looks for settled changes: memory only, and part of every save-to-searchable time


class LibraryWatch(QObject):
    """Starts watching with a reconciling scan, then indexes watched changes as they settle."""

    running = Signal(bool)  # background indexing started or ended (the status bar's quiet indicator)
    status_text = Signal(str)
    landed = Signal(object)  # the IngestSummary of a watched burst or of the reconciling scan

    def __init__(self, ops: Ops, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.worker: Worker | None = None
        self._said = False
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.tick)

    def start(self) -> None:
        """Watch every source that is not paused, catch up with what changed meanwhile, then keep watching."""
        if self.ops.kiosk or self.timer.isActive():
            return
        self._run("watch", lambda lib, t, ch: lib.start_watching(t, changes=ch),
                  self.tr("Catching up with changes in the library's folders…"))
        self.timer.start()

    def stop(self) -> None:
        """Stop looking (the window closes; the facade's close stops the watcher itself)."""
        self.timer.stop()

    def tick(self) -> None:
        """Index what settled, unless a watched run is still going."""
        if self.worker is None and self.ops.watched_settled():
            self._run("watched", lambda lib, t, ch: lib.index_watched(t, changes=ch),
                      self.tr("Indexing changes in watched folders…"))

    def _run(self, name: str, call: Any, text: str) -> None:
        self._said = False
        self.running.emit(True)
        self.status_text.emit(text)
        self.worker = self.ops.source_write(name, call, on_result=self._landed, on_done=self._done)

    def _landed(self, summary: Any) -> None:
        if summary.outcomes:
            self._said = True
            self.status_text.emit(self.tr("Watched folders: %1 indexed, %2 moved, %3 removed, %4 failed.")
                                  .replace("%1", str(len(summary.ok))).replace("%2", str(len(summary.moved)))
                                  .replace("%3", str(len(summary.removed))).replace("%4", str(len(summary.failed))))
        self.landed.emit(summary)

    def _done(self) -> None:
        self.worker = None
        if not self._said:
            self.status_text.emit("")  # nothing changed: the quiet indicator goes quiet again
        self.running.emit(False)
