"""The kiosk keypad's lock-out messages, in every interface language: after wrong PINs, and after tampering."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.fake_clock import FakeClock
from app.i18n import install_translators
from app.kiosk import PinDialog, PinGuard, set_pin
from app.kiosk_lock import LockState, save_lock
from app.kiosk_pin import LOCK_FILE

STAFF = "604817"


@pytest.mark.parametrize(("lang", "minutes", "seconds"), [
    ("es", "Bloqueado durante 4 min tras 8 PIN incorrectos.", "Bloqueado durante 90 s tras 8 PIN incorrectos."),
    ("ca", "Bloquejat durant 4 min després de 8 PIN incorrectes.",
     "Bloquejat durant 90 s després de 8 PIN incorrectes.")])
def test_the_lock_out_message_is_translated(qtbot: QtBot, tmp_path: Path, lang: str, minutes: str,
                                            seconds: str) -> None:
    clock = FakeClock()
    set_pin(tmp_path, STAFF)
    save_lock(tmp_path, LockState(8, clock.now, clock.now + 240))
    app = QApplication.instance()
    assert app is not None
    translators = install_translators(app, lang)
    try:
        dialog = PinDialog(PinGuard(tmp_path, clock))
        qtbot.addWidget(dialog)
        assert dialog.locked and dialog.message.text() == minutes  # minutes from two minutes on
        clock.advance(150)
        dialog.refresh()
        assert dialog.locked and dialog.message.text() == seconds
    finally:
        for t in translators:
            app.removeTranslator(t)


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "Locked for 60 min: the lock-out record in the data folder was missing or changed."),
    ("es", "Bloqueado durante 60 min: el registro de bloqueo de la carpeta de datos faltaba o se había modificado."),
    ("ca", "Bloquejat durant 60 min: el registre de bloqueig de la carpeta de dades faltava o s'havia modificat.")])
def test_a_deleted_lock_file_opens_the_keypad_locked_and_says_why(qtbot: QtBot, tmp_path: Path, lang: str,
                                                                  says: str) -> None:
    set_pin(tmp_path, STAFF)
    (tmp_path / LOCK_FILE).unlink()
    app = QApplication.instance()
    assert app is not None
    translators = install_translators(app, lang)
    try:
        dialog = PinDialog(PinGuard(tmp_path, FakeClock()))
        qtbot.addWidget(dialog)
        assert dialog.locked and dialog.message.text() == says
    finally:
        for t in translators:
            app.removeTranslator(t)
