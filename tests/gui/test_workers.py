"""The one worker abstraction: coalesced progress keeps each stage's last word."""

from __future__ import annotations

from collections.abc import Iterator

from pytestqt.qtbot import QtBot

from app.workers import Worker
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
