"""Desktop conventions: guidance on empty pages, failures in the status bar, Basic/Advanced preferences, Edit menu."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.settings_strings import BASIC_SETTINGS
from core.models.generator import ScriptedGenerator
from core.settings import Settings
from tests.gui.conftest import WAIT_MS, WindowFactory, reader


def shown(state: QWidget) -> bool:
    """The guidance is on (its page may be behind another one)."""
    return not state.isHidden()


def test_empty_pages_guide_and_the_guidance_goes_with_content(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(generator=ScriptedGenerator([], judge=reader()))  # a reader that accepts every span
    states = w.empty_states
    assert set(states) == {"search", "ask", "objects", "import", "record"}
    assert all(shown(s) and s.message.text() for s in states.values())
    assert states["search"].isVisible()  # the first page, really on screen
    # a clickable example query searches
    search = states["search"]
    assert len(search.examples) >= 2
    search.examples[0].click()
    assert w.search.query.text() == search.examples[0].text()
    qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
    assert not shown(search)
    # an example question is asked
    assert w.ask is not None
    w.go(1)
    states["ask"].examples[0].click()
    assert not shown(states["ask"]) and w.ask.answering
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    assert not shown(states["ask"]) and w.ask.transcript.toPlainText().strip()
    w.ask.reset()
    assert shown(states["ask"])
    # a record open hides the record page's guidance; clearing it brings it back
    w.search.results.itemActivated.emit(w.search.results.item(0))
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert not shown(states["record"])
    w.record.clear()
    assert shown(states["record"])
    # files to import
    assert w.importer is not None
    w.importer.paths.addItem("/tmp/somewhere")
    assert not shown(states["import"])
    w.importer.paths.clear()
    assert shown(states["import"])


def test_kiosk_pages_guide_too(make_window: WindowFactory) -> None:
    w = make_window(kiosk=True)
    assert set(w.empty_states) == {"search", "ask", "objects", "record"}
    assert "Drop" not in w.empty_states["objects"].message.text()


def test_failures_to_open_or_play_reach_the_status_bar(qtbot: QtBot, make_window: WindowFactory,
                                                      tmp_path: Path) -> None:
    w = make_window()
    w.search.query.setText("glazed sherds in trench 3")
    qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
    w.open_hit(w.search.hits[0])
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    gone = tmp_path / "moved-away.pdf"
    w.record.record.data["source_path"] = str(gone)
    w.record.open_button.click()
    assert "not there any more" in w.statusBar().currentMessage() and str(gone) in w.statusBar().currentMessage()
    w.statusBar().clearMessage()
    w.record.record.data["source_path"] = None
    w.record.open_button.click()
    assert "no original file" in w.statusBar().currentMessage()
    w.statusBar().clearMessage()
    w.record.media.load(str(tmp_path / "interview.wav"))
    assert "cannot be played" in w.statusBar().currentMessage() and w.record.media.isHidden()


def test_preferences_are_split_into_basic_and_advanced(make_window: WindowFactory) -> None:
    w = make_window()
    prefs = w.preferences
    assert prefs is not None
    assert [prefs.tabs.tabText(i) for i in range(prefs.tabs.count())] == ["Basic", "Advanced"]
    assert set(BASIC_SETTINGS) <= set(Settings.model_fields)
    basic, advanced = prefs.findChild(QWidget, "basicPreferences"), prefs.findChild(QWidget, "advancedPreferences")
    assert basic is not None and advanced is not None
    for name, editor in prefs.editors.items():
        assert basic.isAncestorOf(editor) == (name in BASIC_SETTINGS), name
        assert advanced.isAncestorOf(editor) == (name not in BASIC_SETTINGS), name
    assert advanced.isAncestorOf(prefs.editors["chunk_target_tokens"])
    assert basic.isAncestorOf(prefs.editors["ui_language"])
    # the page's keyboard start is on the Basic tab
    assert basic.isAncestorOf(w.page_focus(prefs))


def test_edit_menu_copies_selects_finds_and_opens_preferences(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    acts = w.menu_actions
    assert {"copy", "select_all", "find", "preferences"} <= set(acts)
    assert acts["find"].text().endswith("\tCtrl+F")
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    assert w.ask is not None
    w.go(1)
    w.ask.question.setText("una pregunta sobre el horno")
    w.ask.question.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.ask.question)
    acts["select_all"].trigger()
    assert w.ask.question.selectedText() == "una pregunta sobre el horno"
    QApplication.clipboard().clear()
    acts["copy"].trigger()
    assert QApplication.clipboard().text() == "una pregunta sobre el horno"
    acts["preferences"].trigger()
    assert w.stack.currentWidget() is w.preferences
    acts["find"].trigger()
    assert w.stack.currentWidget() is w.search
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.search.query)
