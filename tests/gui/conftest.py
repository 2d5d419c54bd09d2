"""GUI fixtures: offscreen Qt, a private copy of the indexed demo archive, a main window on it."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before anything imports Qt

import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Iterator, Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from pytestqt.qtbot import QtBot  # noqa: E402

from app.i18n import install_translators  # noqa: E402
from app.main_window import MainWindow  # noqa: E402
from core.models.encoder import TextEncoder  # noqa: E402
from core.answer.judge import excerpt_of  # noqa: E402
from core.models.generator import Generator, Message  # noqa: E402
from core.service import Ovillo  # noqa: E402
from tests.demo_fixtures import copy_home  # noqa: E402

WAIT_MS = 120_000  # the shared machine is loaded; generous, the tests still fail if work never ends
HOLD_S = WAIT_MS / 1000  # a held verdict gives up (and fails the test) if never released

Judge = Callable[[Sequence[Message]], float]


def excerpt(messages: Sequence[Message]) -> str:
    """The span of the archive a verdict prompt shows the answer model (its record's title left out)."""
    return excerpt_of(messages)


def reader(*words: str, yes: float = 0.9, no: float = 0.1) -> Judge:
    """A scripted answer model as a reader: P(yes) is ``yes`` for an excerpt holding any of ``words``
    (case-insensitive; no words: every excerpt), ``no`` otherwise."""
    wanted = [w.lower() for w in words]

    def judge(messages: Sequence[Message]) -> float:
        text = excerpt(messages).lower()
        return yes if not wanted or any(w in text for w in wanted) else no

    return judge


def flat(text: str) -> str:
    """``text`` with its whitespace collapsed, as the transcript shows a span."""
    return " ".join(text.split())


def slow(judge: Judge, delay_s: float) -> Judge:
    """``judge``, taking ``delay_s`` over each verdict (a real model takes a while per span)."""
    def judged(messages: Sequence[Message]) -> float:
        time.sleep(delay_s)
        return judge(messages)

    return judged


class HeldReader:
    """A judge that gives each verdict only when the test allows it, so the window can be read in between.

    ``asked`` counts the verdicts asked for; ``allow(n)`` lets ``n`` more through; ``release()`` all of them
    (call it in a ``finally``: a held answer otherwise keeps the answer thread until ``HOLD_S``).
    """

    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self.asked = 0
        self._go = threading.Semaphore(0)

    def __call__(self, messages: Sequence[Message]) -> float:
        self.asked += 1
        if not self._go.acquire(timeout=HOLD_S):
            raise TimeoutError("the test never released the verdict")
        return self.judge(messages)

    def allow(self, n: int = 1) -> None:
        self._go.release(n)

    def release(self) -> None:
        self._go.release(1000)


@pytest.fixture(scope="session", autouse=True)
def english_plurals(qapp: QApplication) -> Iterator[None]:
    """The English catalogue the app installs (plural forms only), so "%n record(s)" reads as users see it."""
    keep = install_translators(qapp, "en")
    yield
    for t in keep:
        qapp.removeTranslator(t)


@pytest.fixture
def gui_home(demo_home: Path, tmp_path: Path) -> Path:
    """A private, writable copy of the indexed demo data folder."""
    return copy_home(demo_home, tmp_path / "home")


OvilloFactory = Callable[..., Ovillo]


@pytest.fixture
def make_ovillo(gui_home: Path, models_dir: Path, encoder: TextEncoder) -> Iterator[OvilloFactory]:
    """Open the demo copy (optionally with a scripted answer model); closed at teardown."""
    opened: list[Ovillo] = []

    def make(generator: Generator | None = None) -> Ovillo:
        ov = Ovillo(gui_home, models_dir=models_dir, encoder=encoder, generator=generator)
        opened.append(ov)
        return ov

    yield make
    for ov in opened:
        ov.close()


WindowFactory = Callable[..., MainWindow]


@pytest.fixture
def make_window(qtbot: QtBot, make_ovillo: OvilloFactory) -> Iterator[WindowFactory]:
    """Build a main window (normal or kiosk) on the demo copy; its workers are stopped at teardown."""
    windows: list[MainWindow] = []

    def make(*, kiosk: bool = False, generator: Generator | None = None, **kw: object) -> MainWindow:
        w = MainWindow(make_ovillo(generator), kiosk=kiosk, **kw)  # type: ignore[arg-type]
        qtbot.addWidget(w)
        w.show()
        windows.append(w)
        return w

    yield make
    for w in windows:
        w.shutdown()
        for box in list(w.error_dialogs):
            box.close()
