"""GUI fixtures: offscreen Qt, a private copy of the indexed demo archive, a main window on it."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before anything imports Qt

import re  # noqa: E402
from collections.abc import Callable, Iterator, Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from pytestqt.qtbot import QtBot  # noqa: E402

from app.i18n import install_translators  # noqa: E402
from app.main_window import MainWindow  # noqa: E402
from core.models.encoder import TextEncoder  # noqa: E402
from core.models.generator import Generator, Message  # noqa: E402
from core.service import Ovillo  # noqa: E402
from tests.demo_fixtures import copy_home  # noqa: E402

WAIT_MS = 120_000  # the shared machine is loaded; generous, the tests still fail if work never ends
# an evidence block's header line: "[<label>] <title>"; the label is whatever the prompt uses to
# name a passage (a canonical id like demo-123#2, or a short per-turn label like S1)
EVIDENCE_HEADER = re.compile(r"^\[([^\]\s]+)\] (.*)$", re.M)


def evidence_labels(messages: Sequence[Message]) -> list[str]:
    """The labels of the evidence passages a scripted model was shown, in order."""
    return [m.group(1) for msg in messages for m in EVIDENCE_HEADER.finditer(msg.content)]


def quote_first(messages: Sequence[Message]) -> str:
    """A scripted answer the validator accepts: the first passage's first sentence, citing it."""
    for msg in messages:
        m = EVIDENCE_HEADER.search(msg.content)
        if m:
            body = msg.content[m.end():].strip().split("\n")[0]
            sentence = re.split(r"(?<=[.!?])\s", body)[0].rstrip(".!? ")
            return f"{sentence} [{m.group(1)}]."
    return "NO_ANSWER"


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
