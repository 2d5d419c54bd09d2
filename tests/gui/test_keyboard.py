"""Usable by keyboard alone, and sized by the system font (issue #4, "Languages and access").

Every key goes to whatever widget has the keyboard focus (``QApplication.focusWidget()``),
as on a real keyboard: the test never picks the target widget itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.views import record as record_view
from app.views.record import TITLE_SCALE
from core.models.generator import ScriptedGenerator
from tests.gui.conftest import WAIT_MS, WindowFactory, reader

APP = Path(__file__).resolve().parents[2] / "app"
Mod = Qt.KeyboardModifier


def focused() -> QWidget:
    w = QApplication.focusWidget()
    assert w is not None, "nothing has the keyboard focus"
    return w


def activate(qtbot: QtBot, w: QWidget) -> None:
    """Make ``w`` the active window, with the keyboard focus inside it (not in an older window)."""
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w and w.isAncestorOf(QApplication.focusWidget()))


def keyboard(qtbot: QtBot) -> tuple[Callable[..., None], Callable[[str], None]]:
    """``press(key, modifier)`` and ``type(text)``, both delivered to the focused widget."""

    def press(key: Qt.Key, modifier: Qt.KeyboardModifier = Mod.NoModifier) -> None:
        qtbot.keyClick(focused(), key, modifier)

    def type_(text: str) -> None:
        qtbot.keyClicks(focused(), text)

    return press, type_


def test_main_flows_by_keyboard_alone(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(generator=ScriptedGenerator([], judge=reader("glazed sherds")))
    activate(qtbot, w)
    press, type_ = keyboard(qtbot)

    # search: the window opens with the keyboard in the query box
    assert focused() is w.search.query
    type_("glazed sherds in trench 3")
    qtbot.waitUntil(lambda: len(w.search.hits) >= 2, timeout=WAIT_MS)
    press(Qt.Key.Key_Down)  # into the results
    assert focused() is w.search.results
    press(Qt.Key.Key_Down)
    assert w.search.results.currentRow() == 1
    second = w.search.hits[1]
    press(Qt.Key.Key_Return)  # opens the record
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert w.stack.currentWidget() is w.record and focused() is w.record.text
    assert (w.record.record.section_id, w.record.focus_chunk) == (second.section_id,
                                                                  (second.component_tipo, second.chunk_index))
    press(Qt.Key.Key_Escape)  # back where we were, on the same result
    assert w.stack.currentWidget() is w.search
    assert focused() is w.search.results and w.search.results.currentRow() == 1

    press(Qt.Key.Key_F, Mod.ControlModifier)  # Ctrl+F: back to the query, text selected for retyping
    assert focused() is w.search.query and w.search.query.selectedText() == w.search.query.text()

    # ask: Ctrl+2, type, Enter; then Shift+Tab into the answer, Tab to the first quote's link, Enter opens it
    press(Qt.Key.Key_2, Mod.ControlModifier)
    assert w.ask is not None and w.stack.currentWidget() is w.ask and focused() is w.ask.question
    type_("Where were glazed sherds found?")
    press(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    assert w.ask.result.grounded, w.ask.result
    cited = w.ask.result.citations[0]
    press(Qt.Key.Key_Backtab, Mod.ShiftModifier)
    assert focused() is w.ask.transcript
    for _ in range(5):  # Tab walks the links inside the answer
        if w.ask.transcript.textCursor().charFormat().isAnchor() or w.ask.transcript.textCursor().hasSelection():
            break
        press(Qt.Key.Key_Tab)
    assert focused() is w.ask.transcript and w.ask.transcript.textCursor().hasSelection()
    w.record.record = None
    press(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert (w.record.record.section_id, w.record.focus_chunk[1]) == (cited.section_id, cited.chunk_index)
    assert record_view.QUOTE_BG in w.record.text.toHtml()  # opened at the quoted span, marked
    press(Qt.Key.Key_Escape)
    assert w.stack.currentWidget() is w.ask and focused() is w.ask.transcript

    # every page has a shortcut that puts the keyboard in its first field
    for i, (_title, view) in enumerate(w.pages, 1):
        press(getattr(Qt.Key, f"Key_{i}"), Mod.ControlModifier)
        assert w.stack.currentWidget() is view
        assert focused() is w.page_focus(view) and view.isAncestorOf(focused())

    # the page list itself: Tab reaches it from a page, arrows browse, Enter goes into the page
    w.nav.setFocus()
    w.nav.setCurrentRow(0)
    press(Qt.Key.Key_Down)
    assert w.stack.currentWidget() is w.pages[1][1] and focused() is w.nav
    press(Qt.Key.Key_Return)
    assert focused() is w.page_focus(w.pages[1][1])


def test_record_view_tab_reaches_play_links_and_buttons(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    activate(qtbot, w)
    press, _ = keyboard(qtbot)
    hit = next(h for h in w.ops.ovillo.search.passages("maestro del pueblo escuela Anselmo Rius", limit=20)
               if h.media_path and h.tc_in)
    w.open_hit(hit)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    reached: set[str] = set()
    for _ in range(60):
        press(Qt.Key.Key_Tab)
        f = focused()
        reached.add(f.objectName())
        if f is w.record.text and w.record.text.textCursor().hasSelection():
            reached.add("link:" + w.record.text.textCursor().charFormat().anchorHref().split(":")[0])
    assert {"back", "openOriginal", "similar"} <= reached, reached
    if w.record.media.available:
        assert {"playPause", "mediaPosition", "playFromPassage", "link:play"} <= reached, reached


def test_fonts_follow_the_system_font(qtbot: QtBot, make_window: WindowFactory) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    original = QFont(app.font())
    try:
        big = QFont(original)
        big.setPointSizeF(19.0)
        app.setFont(big)
        w = make_window()
        assert w.search.query.font().pointSizeF() == 19.0
        assert w.record.title.font().pointSizeF() == 19.0 * TITLE_SCALE and w.record.title.font().bold()
        # a change while running (the user's desktop setting) reaches the title too
        small = QFont(original)
        small.setPointSizeF(8.0)
        app.setFont(small)
        qtbot.waitUntil(lambda: w.record.title.font().pointSizeF() == 8.0 * TITLE_SCALE)
        assert w.search.query.font().pointSizeF() == 8.0
    finally:
        app.setFont(original)


def test_no_fixed_font_sizes_in_the_app() -> None:
    fixed = re.compile(r"font-size\s*:\s*\d|setPointSize(F)?\(\s*\d|setPixelSize\(\s*\d|QFont\([^)]*,\s*\d")
    bad = [f"{p.relative_to(APP)}:{n}" for p in APP.rglob("*.py")
           for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if fixed.search(line)]
    assert not bad, bad
