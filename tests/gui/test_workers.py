"""The one worker abstraction: coalesced progress keeps each stage's last word."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator

from pytestqt.qtbot import QtBot

from app.workers import BACKGROUND_NICE, Worker
from core.progress import CancelToken, Progress


def test_throttled_progress_keeps_the_last_event_of_every_stage(qtbot: QtBot) -> None:
    def task(_cancel: CancelToken) -> Iterator[Progress]:
        for i in range(1, 6):
            yield Progress("read", i, 5)
        for i in range(1, 4):
            yield Progress("index", i, 3)

    worker = Worker(task, throttle_s=60.0)  # everything after the first event falls in one window
    seen: list[Progress] = []
    worker.signals.progress.connect(seen.append)
    worker.run()  # on this thread: signals are delivered directly
    assert [(p.stage, p.done) for p in seen] == [("read", 1), ("read", 5), ("index", 3)]


def test_a_worker_run_on_the_main_thread_leaves_its_priority_alone() -> None:
    """Only pool threads are made nicer: the GUI thread (and what it starts later) keeps its own."""
    tid = threading.get_native_id()
    before = os.getpriority(os.PRIO_PROCESS, tid)
    Worker(lambda _cancel: None).run()
    assert os.getpriority(os.PRIO_PROCESS, tid) == before
    seen: list[int] = []
    pool = threading.Thread(target=lambda: (Worker(lambda _c: None).run(),
                                            seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))))
    pool.start()
    pool.join()
    # Linux sets nice per thread; elsewhere the pool thread gets Qt's low priority instead
    assert seen == ([max(before, BACKGROUND_NICE)] if sys.platform.startswith("linux") else [before])
