"""While an import and an answer are both in flight, the window's event loop keeps running and takes input.

Functional facts only, with a **scripted** answer model and the real encoder, store and window.
How long the window stalls (the issue's 100 ms requirement) is a figure, not a pass/fail
threshold: ``scripts/bench/responsiveness.py`` measures it with the real llama.cpp model and
reports it in ``docs/benchmarks.md``. Here:

* a real import of 8 new documents (+ 1 broken PDF) and a scripted answer start together;
* each is held at a step until the test has looked (the import inside the embedding of one file, the
  answer inside the model's second verdict on the archive's spans), so "both in flight" is certain,
  not a race;
* while both are in flight: the 10 ms timer of :class:`app.stall.StallMeter` keeps firing, the spans
  found are on screen (the first with its verdict, the others being checked), and key presses posted
  to the search box are processed;
* the search typed meanwhile returns hits while the answer is still held (answers have their own thread);
* released, both complete (8 files indexed, the PDF reported; the answer grounded in the spans the
  scripted reader accepted, every span read, nothing written by the model).

The stall figures of this run are printed (``-s``) for information only, with every thread's
stack at each stall in ``<tmp>/stall_stacks.txt``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.stall import StallMeter
from core.models.encoder import Kind, TextEncoder
from core.models.generator import Message, ScriptedGenerator
from core.progress import CancelToken
from core.service import Ovillo
from tests.gui.conftest import HOLD_S, WAIT_MS, excerpt, reader
from tests.gui.test_import import make_folder

QUESTION = "¿Dónde aparecieron fragmentos de cerámica vidriada?"
TYPED = "vidriada"


class HeldEncoder(TextEncoder):
    """The real encoder; embedding the passages of the file mentioning ``word`` waits for ``release``."""

    def __init__(self, inner: TextEncoder, word: str) -> None:
        self.inner, self.word = inner, word
        self.name, self.dimension, self.max_tokens = inner.name, inner.dimension, inner.max_tokens
        self.held, self.release = threading.Event(), threading.Event()

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    def embed_batch(self, texts: Sequence[str], *, kind: Kind) -> np.ndarray:
        vectors = self.inner.embed_batch(texts, kind=kind)
        if kind == "passage" and any(self.word in t.lower() for t in texts):
            self.held.set()
            if not self.release.wait(HOLD_S):
                raise TimeoutError("the test never released the import")
        return vectors


class HeldModel(ScriptedGenerator):
    """A scripted reader (accepts the spans about glazed ware) that gives its first verdict, then waits
    for ``release`` inside the second: the answer is in flight, one span judged and the rest being checked."""

    def __init__(self) -> None:
        super().__init__([], judge=reader("vidriada"))
        self.held, self.release = threading.Event(), threading.Event()

    def yes_probability(self, messages: Sequence[Message], *, cancel: CancelToken | None = None) -> float | None:
        verdict = super().yes_probability(messages, cancel=cancel)
        if len(self.judged) == 2:
            self.held.set()
            if not self.release.wait(HOLD_S):
                raise TimeoutError("the test never released the answer")
        return verdict


@pytest.fixture
def held_window(qtbot: QtBot, gui_home: Path, models_dir: Path,
                encoder: TextEncoder) -> Iterator[tuple[MainWindow, HeldEncoder, HeldModel]]:
    """The main window on the demo copy, with the held encoder and the held scripted model."""
    enc, model = HeldEncoder(encoder, "nevera"), HeldModel()  # "nevera de piedra" is make_folder's 8th topic
    ov = Ovillo(gui_home, models_dir=models_dir, encoder=enc, generator=model)
    w = MainWindow(ov)
    qtbot.addWidget(w)
    w.show()
    try:
        yield w, enc, model
    finally:
        enc.release.set()
        model.release.set()
        w.shutdown()
        for box in list(w.error_dialogs):
            box.close()
        ov.close()


def post_keys(widget: QObject, text: str) -> None:
    """Queue key presses for ``widget`` (delivered by the event loop, like a user's typing)."""
    for ch in text:
        QApplication.postEvent(widget, QKeyEvent(QEvent.Type.KeyPress, 0, Qt.KeyboardModifier.NoModifier, ch))


def test_loop_ticks_and_input_is_handled_while_import_and_scripted_answer_are_in_flight(
        qtbot: QtBot, held_window: tuple[MainWindow, HeldEncoder, HeldModel], tmp_path: Path) -> None:
    w, enc, model = held_window
    imp, ask = w.importer, w.ask
    assert imp is not None and ask is not None
    folder = make_folder(tmp_path, 8)
    w.ops.ovillo.warm_up()  # as ovillo-gui does before its window shows (app/main.py)
    qtbot.wait(200)  # let the window's first facet/status reads settle
    w.go(w.stack.indexOf(ask))
    meter = StallMeter(tmp_path / "stall_stacks.txt").start()
    t_start = time.monotonic()
    imp.start_import([str(folder)], collection="inbox")
    ask.ask(QUESTION)

    # both jobs reach their last step; neither has finished
    qtbot.waitUntil(lambda: enc.held.is_set() and model.held.is_set(), timeout=WAIT_MS)
    t_held = time.monotonic()
    assert imp.state == "running" and imp.summary is None
    assert ask.worker is not None and ask.result is None and len(model.judged) == 2
    assert meter.gaps_between(t_start, t_held), "no timer tick while both jobs ran up to their last step"

    # while both are in flight: timers keep firing, the spans found and the first verdict are shown,
    # typing is processed
    n = len(meter.ticks)
    qtbot.waitUntil(lambda: len(meter.ticks) >= n + 20, timeout=WAIT_MS)
    first = excerpt(model.judged[0])
    qtbot.waitUntil(lambda: ask.state.text().startswith("Checked 1 of "), timeout=WAIT_MS)
    plain = " ".join(ask.transcript.toPlainText().split())
    assert f"“{' '.join(first.split())}”" in plain and "answers the question" in plain
    assert plain.count("checking…") == len(ask._found) - 1 >= 1 and "The archive says:" not in plain
    w.search.query.clear()
    shown_before = w.search.hits
    post_keys(w.search.query, TYPED)
    qtbot.waitUntil(lambda: w.search.query.text() == TYPED, timeout=WAIT_MS)
    # the search typed meanwhile returns while the model is still judging: answers run on
    # their own thread, so a search never queues behind one (issue #15)
    qtbot.waitUntil(lambda: w.search.hits is not shown_before and bool(w.search.hits), timeout=WAIT_MS)
    assert any(TYPED in (h.text or h.snippet).lower() for h in w.search.hits)
    assert imp.state == "running" and ask.worker is not None and ask.result is None  # still both in flight (held)
    assert model.held.is_set() and not model.release.is_set()

    # released, both complete
    t_release = time.monotonic()
    enc.release.set()
    model.release.set()
    qtbot.waitUntil(lambda: imp.state == "idle" and ask.worker is None and bool(w.search.hits), timeout=WAIT_MS)
    t_end = time.monotonic()
    stats = meter.stop()
    assert meter.gaps_between(t_release, t_end), "no timer tick while the jobs finished"
    print(f"\nevent-loop gaps (information only; measured in scripts/bench/responsiveness.py): {stats}")
    assert imp.summary is not None and not imp.summary.cancelled and len(imp.summary.ok) == 8
    assert [Path(o.path).name for o in imp.summary.failed] == ["roto.pdf"]
    res = ask.result
    assert res is not None and res.grounded and res.model == "scripted", res
    assert len(model.judged) == len(res.spans) and model.calls == []  # it read every span; it wrote nothing
    assert "The archive says:" in ask.transcript.toPlainText()
    assert w.search.hits
