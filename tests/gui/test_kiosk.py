"""Kiosk: public profile only, no staff screens, idle reset, PIN to leave; restricted stays unreachable."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from app.kiosk import KioskConfig, PinDialog, check_pin, load_config, set_pin
from app.views.importer import ImportView
from app.views.preferences import PreferencesView
from app.views.status import StatusView
from core.errors import PermissionDenied
from core.ingest.pipeline import IngestOptions
from core.models.generator import Message, ScriptedGenerator
from core.service import Ovillo
from tests.conftest import drain
from tests.gui.conftest import WAIT_MS, OvilloFactory, WindowFactory

SECRET = ("Acta reservada del hallazgo del tesorillo: las monedas de plata se guardan en la caja fuerte "
          "número 7 del museo, combinación conocida solo por la conservadora.")


@pytest.fixture
def restricted(make_ovillo: OvilloFactory, tmp_path: Path) -> tuple[str, int]:
    """Add a restricted record to the demo copy (as the owner) and return its id."""
    folder = tmp_path / "reservado"
    folder.mkdir()
    (folder / "acta_reservada.txt").write_text(SECRET, encoding="utf-8")
    ov = make_ovillo()
    _, summary = drain(ov.ingest([folder], IngestOptions(collection="demo", classification="restricted")))
    assert len(summary.ok) == 1
    hit = ov.search("caja fuerte monedas de plata tesorillo", limit=1)[0]
    assert hit.classification == "restricted"
    ov.close()
    return hit.section_tipo, hit.section_id


def test_pin_is_stored_hashed(tmp_path: Path) -> None:
    set_pin(tmp_path, "4321", idle_s=30)
    raw = (tmp_path / "kiosk.json").read_text()
    assert "4321" not in raw and json.loads(raw)["idle_s"] == 30
    assert check_pin(tmp_path, "4321") and not check_pin(tmp_path, "1234")
    with pytest.raises(ValueError):
        set_pin(tmp_path, "12")


def test_kiosk_hides_staff_screens_and_never_shows_restricted(
        qtbot: QtBot, make_window: WindowFactory, restricted: tuple[str, int]) -> None:
    tipo, sid = restricted

    def cite_everything(messages: Sequence[Message]) -> str:  # a model that tries to cite the hidden record
        return f"Las monedas están en la caja fuerte número 7 [{tipo}-{sid}#0]."

    w = make_window(kiosk=True, generator=ScriptedGenerator([cite_everything]))
    assert w.ops.profile == "public"
    titles = [w.nav.item(i).text() for i in range(w.nav.count())]
    assert titles == ["Search", "Ask"]
    for cls in (ImportView, PreferencesView, StatusView, QFileDialog):
        assert not w.findChildren(cls), cls
    assert not w.record.open_button.isVisibleTo(w)
    with pytest.raises(PermissionDenied):
        w.ops.ingest(["/tmp"], IngestOptions(), on_progress=print, on_result=print)

    # search: the restricted record's own words find nothing restricted
    w.search.query.setText("caja fuerte monedas de plata tesorillo")
    qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
    assert all(h.classification == "public" for h in w.search.hits)
    assert (tipo, sid) not in {(h.section_tipo, h.section_id) for h in w.search.hits}
    classes = [w.search.classification.itemData(i) for i in range(w.search.classification.count())]
    assert "restricted" not in classes

    # record view: asking for it directly is "not found"
    w.record.open(tipo, sid, 0)
    qtbot.waitUntil(lambda: bool(w.error_dialogs), timeout=WAIT_MS)
    assert w.record.record is None

    # similar records of a public hit never list it
    w.open_hit(w.search.hits[0])
    qtbot.waitUntil(lambda: w.record.record is not None and w.record.similar.count() > 0, timeout=WAIT_MS)
    similar = [w.record.similar.item(i).data(256) for i in range(w.record.similar.count())]
    assert all(h.classification == "public" and (h.section_tipo, h.section_id) != (tipo, sid) for h in similar)

    # ask: a citation of the hidden record never becomes a link or a grounded answer
    assert w.ask is not None
    w.ask.ask("¿Dónde se guardan las monedas de plata del tesorillo?")
    qtbot.waitUntil(lambda: w.ask.result is not None, timeout=WAIT_MS)
    res = w.ask.result
    assert not res.grounded
    assert f"{tipo}-{sid}" not in json.dumps([c.__dict__ for c in res.citations] + res.provenance)
    assert f"record/{tipo}/{sid}/" not in w.ask.transcript.toHtml()


def test_idle_reset_and_staff_exit(qtbot: QtBot, make_window: WindowFactory, gui_home: Path) -> None:
    set_pin(gui_home, "2468", idle_s=2)
    w = make_window(kiosk=True, kiosk_config=load_config(gui_home))
    w.search.query.setText("molino")
    w.go(1)  # the visitor wandered to Ask and left
    assert w.stack.currentWidget() is w.ask
    qtbot.waitUntil(lambda: w.stack.currentWidget() is w.search and not w.search.query.text(), timeout=10_000)
    assert w.search.results.count() == 0 and w.record.record is None
    w.close()
    assert w.isVisible()  # visitors cannot close it
    assert not w.leave_kiosk("0000") and w.isVisible()
    staff = w.findChild(QPushButton, "staffButton")
    assert staff is not None
    assert w.leave_kiosk("2468")
    assert not w.isVisible()


def test_staff_pin_dialog_leaves_kiosk_only_with_the_right_pin(qtbot: QtBot, make_window: WindowFactory,
                                                               gui_home: Path) -> None:
    set_pin(gui_home, "97531")
    raw = json.loads((gui_home / "kiosk.json").read_text())
    # stored as a salted scrypt hash (the parameters in app.kiosk), never the PIN itself
    assert "97531" not in json.dumps(raw) and set(raw) == {"pin_hash", "salt", "idle_s"}
    expected = hashlib.scrypt(b"97531", salt=bytes.fromhex(raw["salt"]), n=2**14, r=8, p=1, dklen=32).hex()
    assert raw["pin_hash"] == expected and len(bytes.fromhex(raw["salt"])) == 16
    assert (gui_home / "kiosk.json").stat().st_mode & 0o077 == 0

    w = make_window(kiosk=True, kiosk_config=load_config(gui_home))
    staff = w.findChild(QPushButton, "staffButton")
    assert staff is not None and staff.isVisible()

    def open_dialog() -> PinDialog:
        qtbot.mouseClick(staff, Qt.MouseButton.LeftButton)
        dialog = w.pin_dialog
        assert dialog is not None
        qtbot.waitUntil(dialog.isVisible)
        assert dialog.isModal() and QApplication.activeModalWidget() in (dialog, None)
        return dialog

    # a wrong PIN keeps the kiosk and the dialog, says so, and clears the field
    dialog = open_dialog()
    dialog.pin.setFocus()
    qtbot.keyClicks(dialog.pin, "12345")
    assert dialog.pin.echoMode() == QLineEdit.EchoMode.Password
    qtbot.keyClick(dialog.pin, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.message.text() == "Wrong PIN." and dialog.pin.text() == ""
    assert w.isVisible() and w.kiosk
    qtbot.keyClicks(dialog.pin, "9753x1")  # letters are not even typed into the PIN field
    assert dialog.pin.text() == "97531"
    # Escape cancels: still a kiosk
    qtbot.keyClick(dialog.pin, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: w.pin_dialog is None)
    assert w.isVisible()
    w.close()
    assert w.isVisible()

    # the right PIN, typed and confirmed with the OK button, leaves kiosk mode
    dialog = open_dialog()
    qtbot.keyClicks(dialog.pin, "97531")
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not w.isVisible())
    assert dialog.attempts == 0 and w.pin_dialog is None


def test_idle_reset_closes_a_forgotten_pin_dialog(qtbot: QtBot, make_window: WindowFactory, gui_home: Path) -> None:
    set_pin(gui_home, "2468", idle_s=2)
    w = make_window(kiosk=True, kiosk_config=load_config(gui_home))
    staff = w.findChild(QPushButton, "staffButton")
    assert staff is not None
    qtbot.mouseClick(staff, Qt.MouseButton.LeftButton)
    assert w.pin_dialog is not None
    qtbot.keyClicks(w.pin_dialog.pin, "24")  # a visitor pokes at it and walks away
    qtbot.waitUntil(lambda: w.pin_dialog is None, timeout=10_000)
    assert w.isVisible() and w.stack.currentWidget() is w.search


def test_kiosk_needs_a_pin_to_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.main import main

    assert main(["--home", str(tmp_path / "k"), "--models", str(tmp_path / "m"), "--kiosk"]) == 2
    assert "staff PIN" in capsys.readouterr().err
    assert KioskConfig().idle_s > 0
    assert Ovillo  # imported for the type of fixtures
