"""The one worker abstraction: run core work off the GUI thread and report through signals.

A :class:`Worker` runs a callable that receives a :class:`CancelToken`. If the callable
returns a generator (core's long operations do), the worker drives it, emitting each
yielded event as ``progress`` and the generator's return value as ``result``. A
:class:`~core.errors.Cancelled` ending is quiet: ``cancelled`` then ``finished``, never
``error``. Signals are emitted from the pool thread and delivered queued on the GUI thread.

Three pools (Anki's taskman, docs/design.md §9): one long-lived thread for writes (ingest, sync,
saves and maintenance share DuckDB's single writer), one for reads (search, record, similar,
lookups) and one for the answer model's work (ask, translate), so reads keep working while an
import runs or an answer waits on its model.
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
from collections.abc import Callable, Generator
from types import GeneratorType
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThread, QThreadPool, Signal

from core.api import CancelToken, Cancelled, Progress, drive, lower_thread_priority

Task = Callable[[CancelToken], Any]
# Background threads run this much "nicer" than the GUI thread (Linux per-thread nice, 0–19).
BACKGROUND_NICE = 10


def background_priority() -> None:
    """Let the calling pool thread yield the CPU to the GUI thread under contention.

    On a loaded 2-core machine the event loop waited up to 150 ms for a core while an import
    embedded and an answer was being written; at nice 10 the same run stalled at most ~60 ms.
    Linux applies nice per thread (by native id); elsewhere Qt's low priority does the same.
    A worker run inline on the main (GUI) thread is left alone: a thread's nice is never raised
    back, and every process started from that thread later inherits it.
    """
    if threading.current_thread() is threading.main_thread():
        return
    if lower_thread_priority(at_least=BACKGROUND_NICE) or sys.platform.startswith("linux"):
        return  # on Linux a refusal (a sandbox) leaves the work at normal priority
    thread = QThread.currentThread()
    if thread is not None:
        thread.setPriority(QThread.Priority.LowPriority)


class WorkerSignals(QObject):
    """The signals of one worker (a QRunnable cannot carry signals itself)."""

    started = Signal()
    progress = Signal(object)
    result = Signal(object)
    error = Signal(object)  # the exception; its formatted traceback is on ``worker.traceback``
    cancelled = Signal()
    finished = Signal()


class Worker(QRunnable):
    """Runs ``task(cancel_token)``; drives it when it is a generator."""

    def __init__(self, task: Task, *, throttle_s: float = 0.0, name: str = "") -> None:
        super().__init__()
        self.setAutoDelete(False)  # the pool must not delete it while Python still holds the signals
        self.task = task
        self.name = name or getattr(task, "__name__", "task")
        self.signals = WorkerSignals()
        self.token = CancelToken()
        self.traceback = ""
        self.exception: BaseException | None = None  # how the task ended when it did not return (cancel included)
        self.done = False
        # Progress events closer than this are coalesced (the latest wins) so a chatty core loop
        # cannot flood the GUI's event queue; other events (answer tokens) always pass.
        self._throttle_s = throttle_s
        self._last_emit = 0.0

    def cancel(self) -> None:
        """Ask the task to stop at its next check."""
        self.token.cancel()

    def run(self) -> None:  # noqa: D401 - Qt's entry point
        """Executed on a pool thread."""
        background_priority()
        self.signals.started.emit()
        try:
            out = self.task(self.token)
            if isinstance(out, GeneratorType):
                out = self._drive(out)
            self.signals.result.emit(out)
        except Cancelled as exc:
            self.exception = exc
            self.signals.cancelled.emit()
        except Exception as exc:  # noqa: BLE001 - every failure is reported, never lost on a thread
            self.exception = exc
            self.traceback = traceback.format_exc()
            self.signals.error.emit(exc)
        finally:
            self.done = True
            self.signals.finished.emit()

    def _drive(self, gen: Generator[object, None, Any]) -> Any:
        pending: Progress | None = None

        def emit(event: object) -> None:
            nonlocal pending
            if isinstance(event, Progress) and self._throttle_s > 0:
                now = time.monotonic()
                if pending is not None and pending.stage != event.stage:
                    self.signals.progress.emit(pending)  # a stage's last word is never coalesced away
                    pending = None
                if now - self._last_emit < self._throttle_s:
                    pending = event
                    return
                self._last_emit, pending = now, None
            self.signals.progress.emit(event)

        result = drive(gen, emit)
        if pending is not None:
            self.signals.progress.emit(pending)
        return result


class Pools:
    """The read and write thread pools, and every live worker (so shutdown can wait for them)."""

    def __init__(self) -> None:
        # Python hands the GIL between threads every 5 ms by default; workers running pure-Python
        # stretches (chunking, result building) then delay the event loop in 5 ms steps that add up
        # on a loaded machine. A shorter interval gives the GUI thread the GIL back sooner.
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
        self.reads = QThreadPool()
        self.reads.setMaxThreadCount(1)
        # answers wait on the answer model's process: on their own thread, so a search, a record or a
        # lookup never queues behind one
        self.answers = QThreadPool()
        self.answers.setMaxThreadCount(1)
        self.writes = QThreadPool()
        self.writes.setMaxThreadCount(1)
        self.writes.setExpiryTimeout(-1)  # one long-lived writer thread
        self.live: set[Worker] = set()

    def start(self, worker: Worker, *, write: bool = False, answer: bool = False) -> Worker:
        """Queue a worker (reads, the writer, or the answer thread); it is forgotten once finished."""
        self.live.add(worker)
        worker.signals.finished.connect(lambda w=worker: self.live.discard(w))
        (self.writes if write else self.answers if answer else self.reads).start(worker)
        return worker

    def shutdown(self, timeout_ms: int = 30000) -> bool:
        """Cancel everything and wait for the threads to go idle."""
        for w in list(self.live):
            w.cancel()
        ok = (self.reads.waitForDone(timeout_ms) and self.answers.waitForDone(timeout_ms)
              and self.writes.waitForDone(timeout_ms))
        self.writes.setExpiryTimeout(0)
        self.writes.clear()
        return ok
