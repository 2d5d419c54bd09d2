"""A core failure becomes a dialog (with the hint, or a logged report), never a crash or a traceback."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from app.errors import setup_logging
from core.errors import StoreError
from tests.gui.conftest import WAIT_MS, WindowFactory


def test_ovillo_error_shows_message_and_hint(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()

    def broken(*_a: object, **_k: object) -> list[object]:
        raise StoreError("the archive file cannot be read", hint="Check the disk and restart Ovillo.")

    w.ops.ovillo.search.page = broken  # type: ignore[method-assign]
    w.search.query.setText("molino")
    qtbot.waitUntil(lambda: bool(w.error_dialogs), timeout=WAIT_MS)
    box = w.error_dialogs[0]
    assert box.text() == "the archive file cannot be read"
    assert box.informativeText() == "Check the disk and restart Ovillo."
    assert box.property("expected") is True
    assert w.isVisible()  # the window survived


def test_unexpected_error_is_logged_and_offers_details(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    log = setup_logging(w.ops.ovillo.paths.logs)

    def bug(*_a: object, **_k: object) -> list[object]:
        raise ZeroDivisionError("a bug deep in core")

    w.ops.ovillo.search.page = bug  # type: ignore[method-assign]
    w.search.query.setText("molino")
    qtbot.waitUntil(lambda: bool(w.error_dialogs), timeout=WAIT_MS)
    box = w.error_dialogs[0]
    assert box.property("expected") is False
    assert "Traceback" not in box.text() + box.informativeText()
    copy = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.ActionRole)
    copy.click()
    assert "ZeroDivisionError" in QApplication.clipboard().text()
    for h in __import__("logging").getLogger("ovillo.gui").handlers:
        h.flush()
    text = log.read_text(encoding="utf-8")
    assert "ZeroDivisionError" in text and "Traceback" in text
    assert w.isVisible()


def test_hidden_record_is_a_not_found_dialog(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    w.record.open("demo", 1, 0)  # no such record
    qtbot.waitUntil(lambda: bool(w.error_dialogs), timeout=WAIT_MS)
    assert "no record" in w.error_dialogs[0].text()
    assert w.record.record is None
