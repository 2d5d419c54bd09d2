"""The menu bar: File (Import, Quit Ctrl+Q), View (every page), Help; none in the kiosk."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from tests.gui.conftest import WindowFactory


def test_menus_reach_the_pages_and_quit(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    titles = [a.text() for a in w.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&View", "&Help"]
    acts = w.menu_actions
    assert acts["quit"].shortcut() == QKeySequence(QKeySequence.StandardKey.Quit)
    acts["import"].trigger()
    assert w.stack.currentWidget() is w.importer
    acts["page0"].trigger()
    assert w.stack.currentWidget() is w.search
    assert len([k for k in acts if k.startswith("page")]) == len(w.pages)
    assert acts["guide"].text() and acts["about"].text()
    acts["quit"].trigger()  # the window closes (its workers stopped first)
    qtbot.waitUntil(lambda: not w.isVisible(), timeout=10_000)


def test_kiosk_has_no_menu_bar(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(kiosk=True)
    assert not w.menuBar().actions() and w.menu_actions == {}
