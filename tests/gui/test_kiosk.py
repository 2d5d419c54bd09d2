"""Kiosk: public profile only, no staff screens, idle reset, PIN to leave; restricted stays unreachable."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from tests.fake_clock import FakeClock
from app.kiosk import KioskConfig, PinDialog, PinGuard, WeakPinError, check_pin, load_config, set_pin
from app.kiosk_pin import KIOSK_FILE, LOCK_FILE
from app.main_window import MainWindow
from app.views.ask import citation_url
from app.views.importer import ImportView
from app.views.preferences import PreferencesView
from app.views.status import StatusView
from core.errors import PermissionDenied
from core.ingest.pipeline import IngestOptions
from core.models.generator import ScriptedGenerator
from core.service import Ovillo
from tests.conftest import drain
from tests.gui.conftest import WAIT_MS, OvilloFactory, WindowFactory, reader, slow

SECRET = ("Acta reservada del hallazgo del tesorillo: las monedas de plata se guardan en la caja fuerte "
          "número 7 del museo, combinación conocida solo por la conservadora.")


@pytest.fixture
def restricted(make_ovillo: OvilloFactory, tmp_path: Path) -> tuple[str, int]:
    """Add a restricted record to the demo copy (as the owner) and return its id."""
    folder = tmp_path / "reservado"
    folder.mkdir()
    (folder / "acta_reservada.txt").write_text(SECRET, encoding="utf-8")
    ov = make_ovillo()
    _, summary = drain(ov.library.ingest([folder], IngestOptions(collection="demo", classification="restricted")))
    assert len(summary.ok) == 1
    hit = ov.search.records("caja fuerte monedas de plata tesorillo", limit=1)[0]
    assert hit.classification == "restricted"
    ov.close()
    return hit.section_tipo, hit.section_id


STAFF = "604817"  # a PIN the rules accept (6 digits, no run, group, mirror or keypad line)


def test_pin_is_stored_hashed(tmp_path: Path) -> None:
    set_pin(tmp_path, "432187", idle_s=30)
    raw = (tmp_path / "kiosk.json").read_text()
    assert "432187" not in raw and json.loads(raw)["idle_s"] == 30
    assert check_pin(tmp_path, "432187") and not check_pin(tmp_path, "123456")
    for short_or_trivial in ("12", "4321", "0000", "1234", "000000", "123456", "121212", "654321"):
        with pytest.raises(WeakPinError):
            set_pin(tmp_path, short_or_trivial)


def test_kiosk_hides_staff_screens_and_never_shows_restricted(
        qtbot: QtBot, make_window: WindowFactory, restricted: tuple[str, int]) -> None:
    tipo, sid = restricted

    gen = ScriptedGenerator([], judge=reader())  # a model that says yes to every excerpt it is shown
    w = make_window(kiosk=True, generator=gen)
    assert w.ops.profile == "public"
    titles = [w.nav.item(i).text() for i in range(w.nav.count())]
    assert titles == ["Search", "Ask", "Browse", "Objects"]  # objects: public lookups only, nothing saved
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

    # ask: a model that accepts everything it reads only ever reads, and shows, public spans
    assert w.ask is not None
    w.ask.ask("¿Dónde se guardan las monedas de plata del tesorillo?")
    qtbot.waitUntil(lambda: w.ask.result is not None and w.ask.worker is None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.grounded and res.spans and all(s.accepted for s in res.spans), res
    assert res.provenance and all(p["classification"] == "public" for p in res.provenance)
    public = {p["id"] for p in res.provenance}
    assert {s.id for s in res.spans} <= public and {c.id for c in res.citations} <= public
    hidden = f"{tipo}-{sid}"
    assert hidden not in json.dumps([c.__dict__ for c in res.citations] + res.provenance + res.nearest
                                    + [s.to_json() for s in res.spans])
    assert "caja fuerte" not in json.dumps([m.content for prompt in gen.judged for m in prompt], ensure_ascii=False)
    html, plain = w.ask.transcript.toHtml(), " ".join(w.ask.transcript.toPlainText().split())
    assert f"record/{tipo}/{sid}/" not in html and "caja fuerte" not in plain
    quoted = set(re.findall(r'href="(ovillo:record[^"]*quote=[^"]*)"', html))
    assert quoted == {citation_url(s.section_tipo, s.section_id, s.chunk_index, (s.start, s.end)).toString()
                      for s in res.spans}
    assert all(f"“{' '.join(s.text.split())}”" in plain for s in res.spans)


def test_idle_reset_and_staff_exit(qtbot: QtBot, make_window: WindowFactory, gui_home: Path) -> None:
    set_pin(gui_home, STAFF, idle_s=2)
    w = make_window(kiosk=True, kiosk_config=load_config(gui_home))
    w.search.query.setText("molino")
    w.go(1)  # the visitor wandered to Ask and left
    assert w.stack.currentWidget() is w.ask
    qtbot.waitUntil(lambda: w.stack.currentWidget() is w.search and not w.search.query.text(), timeout=10_000)
    assert w.search.results.count() == 0 and w.record.record is None
    w.close()
    assert w.isVisible()  # visitors cannot close it
    assert not w.leave_kiosk("000000") and w.isVisible()
    staff = w.findChild(QPushButton, "staffButton")
    assert staff is not None
    assert w.leave_kiosk(STAFF)
    assert not w.isVisible()


def test_staff_pin_dialog_leaves_kiosk_only_with_the_right_pin(qtbot: QtBot, make_window: WindowFactory,
                                                               gui_home: Path) -> None:
    set_pin(gui_home, "907318")
    raw = json.loads((gui_home / "kiosk.json").read_text())
    # stored as a salted scrypt hash with its parameters (app.kiosk_pin), never the PIN itself
    assert "907318" not in json.dumps(raw) and set(raw) == {"pin_hash", "salt", "idle_s", "kdf"}
    assert raw["kdf"] == {"name": "scrypt", "n": 2**16, "r": 8, "p": 1}
    expected = hashlib.scrypt(b"907318", salt=bytes.fromhex(raw["salt"]), n=2**16, r=8, p=1, dklen=32,
                              maxmem=2**27).hex()
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
    qtbot.keyClicks(dialog.pin, "9073x18")  # letters are not even typed into the PIN field
    assert dialog.pin.text() == "907318"
    # Escape cancels: still a kiosk
    qtbot.keyClick(dialog.pin, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: w.pin_dialog is None)
    assert w.isVisible()
    w.close()
    assert w.isVisible()

    # the right PIN, typed and confirmed with the OK button, leaves kiosk mode
    dialog = open_dialog()
    qtbot.keyClicks(dialog.pin, "907318")
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not w.isVisible())
    assert dialog.attempts == 0 and w.pin_dialog is None


def test_idle_reset_closes_a_forgotten_pin_dialog(qtbot: QtBot, make_window: WindowFactory, gui_home: Path) -> None:
    set_pin(gui_home, STAFF, idle_s=2)
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


def _click_staff(qtbot: QtBot, w: MainWindow) -> PinDialog:
    staff = w.findChild(QPushButton, "staffButton")
    assert staff is not None
    qtbot.mouseClick(staff, Qt.MouseButton.LeftButton)
    dialog = w.pin_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def _type(qtbot: QtBot, dialog: PinDialog, pin: str) -> None:
    qtbot.keyClicks(dialog.pin, pin)
    qtbot.keyClick(dialog.pin, Qt.Key.Key_Return)


def test_five_wrong_pins_lock_the_dialog_which_counts_down_and_survives_a_restart(
        qtbot: QtBot, make_window: WindowFactory, gui_home: Path) -> None:
    set_pin(gui_home, STAFF)
    clock = FakeClock()
    w = make_window(kiosk=True, kiosk_config=load_config(gui_home))
    assert w.pin_guard is not None
    w.pin_guard = PinGuard(gui_home, clock)  # the window's guard, on a clock the test moves
    dialog = _click_staff(qtbot, w)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    for _ in range(4):
        _type(qtbot, dialog, "111111")
        assert dialog.message.text() == "Wrong PIN." and dialog.pin.isEnabled() and ok.isEnabled()
    _type(qtbot, dialog, "111111")
    assert dialog.message.text() == "Locked for 30 s after 5 wrong PINs."
    assert dialog.locked and not dialog.pin.isEnabled() and not ok.isEnabled() and dialog.attempts == 5

    # while locked nothing gets in: typing, the right PIN submitted anyway, or the window's own check
    qtbot.keyClicks(dialog.pin, STAFF)
    assert dialog.pin.text() == ""
    dialog.pin.setText(STAFF)
    dialog.submit()
    assert dialog.isVisible() and w.isVisible() and dialog.attempts == 5
    assert not w.leave_kiosk(STAFF) and w.isVisible() and w.kiosk
    state = json.loads((gui_home / LOCK_FILE).read_text())
    assert state["failures"] == 5 and state["locked_until"] == clock.now + 30

    # a restarted kiosk reads the lock from the data folder and opens locked, with the time left
    later = FakeClock(now=clock.now + 10, mono=0.0)
    restarted = PinDialog(PinGuard(gui_home, later))
    qtbot.addWidget(restarted)
    assert restarted.locked and restarted.message.text() == "Locked for 20 s after 5 wrong PINs."
    restarted.pin.setText(STAFF)
    restarted.submit()
    assert restarted.result() != PinDialog.DialogCode.Accepted and restarted.locked

    # the dialog counts down, and opens the keypad again by itself when the lock ends
    clock.advance(12)
    dialog.refresh()
    assert dialog.message.text() == "Locked for 18 s after 5 wrong PINs."
    clock.advance(18)
    qtbot.waitUntil(lambda: dialog.pin.isEnabled(), timeout=5_000)  # the dialog's one-second ticker
    assert ok.isEnabled() and dialog.message.text() == ""

    # one more wrong PIN: twice as long
    _type(qtbot, dialog, "111111")
    assert dialog.message.text() == "Locked for 60 s after 6 wrong PINs." and dialog.locked
    clock.advance(60)
    dialog.refresh()
    assert not dialog.locked

    # after the lock, the right PIN leaves kiosk mode and clears the count
    _type(qtbot, dialog, STAFF)
    qtbot.waitUntil(lambda: not w.isVisible())
    assert json.loads((gui_home / LOCK_FILE).read_text())["failures"] == 0


def _gui_main(tmp_path: Path, *args: str) -> int:
    from app.main import main

    return main(["--home", str(tmp_path / "k"), "--models", str(tmp_path / "m"), *args])


@pytest.mark.parametrize(("typed", "code", "says"), [
    (["1234"], 1, "The staff PIN needs at least 6 digits. Nothing changed."),
    (["0000"], 1, "needs at least 6 digits"),
    (["123456"], 1, "Digits in a row"),
    (["654321"], 1, "Digits in a row"),
    (["123457"], 1, "even with one digit changed"),
    (["314159"], 1, "a well-known number"),
    (["19370214"], 1, "Dates are too easy to guess"),
    (["000000"], 1, "Use at least three different digits"),
    (["121212"], 1, "Use at least three different digits"),
    (["123123"], 1, "A repeated or mirrored group"),
    (["147258"], 1, "Lines on the keypad"),
    (["60481a"], 1, "only the digits 0 to 9"),
    ([STAFF, STAFF[::-1]], 1, "The PINs differ; nothing changed."),
    ([], 1, "No PIN entered; nothing changed."),
    ([STAFF, STAFF], 0, "Staff PIN stored (hashed) in"),
])
def test_set_kiosk_pin_in_the_terminal_enforces_the_rules(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        typed: list[str], code: int, says: str) -> None:
    answers = iter(typed)
    prompts: list[str] = []

    def getpass(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("getpass.getpass", getpass)
    assert _gui_main(tmp_path, "--set-kiosk-pin", "--lang", "en") == code
    out = capsys.readouterr()
    assert says in (out.out if code == 0 else out.err)
    assert prompts[0] == "New staff PIN (at least 6 digits): "
    home = tmp_path / "k"
    assert (home / KIOSK_FILE).exists() == (code == 0)
    if code == 0:
        assert check_pin(home, STAFF)


def test_set_kiosk_pin_speaks_the_interface_language_and_checks_the_idle_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "1234")
    assert _gui_main(tmp_path, "--set-kiosk-pin", "--lang", "es") == 1
    assert "El PIN del personal necesita al menos 6 dígitos. No se ha cambiado nada." in capsys.readouterr().err
    assert QApplication.translate("KioskPin", "Nothing changed.") == "Nothing changed."  # catalogue removed again
    assert _gui_main(tmp_path, "--set-kiosk-pin", "--kiosk-idle", "2", "--lang", "en") == 2
    assert "--kiosk-idle must be between 10 and 86400 seconds" in capsys.readouterr().err
    assert not (tmp_path / "k" / KIOSK_FILE).exists()


def test_a_kiosk_json_from_before_the_pin_rules_must_be_replaced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "k"
    home.mkdir()
    salt = bytes(range(16))
    old = {"pin_hash": hashlib.scrypt(b"2468", salt=salt, n=2**14, r=8, p=1, dklen=32).hex(), "salt": salt.hex(),
           "idle_s": 90}
    (home / KIOSK_FILE).write_text(json.dumps(old))
    assert _gui_main(tmp_path, "--kiosk", "--lang", "en") == 2
    err = capsys.readouterr().err
    assert "stored by an older version of Ovillo and is no longer accepted" in err and "--set-kiosk-pin" in err
    assert not check_pin(home, "2468")


def test_idle_reset_waits_for_a_running_answer_then_starts_clean(qtbot: QtBot, make_window: WindowFactory,
                                                                 gui_home: Path) -> None:
    """An answer still being written is never wiped by the idle reset; the next visitor starts clean,
    and the last seconds before a reset are counted down where a visitor can see them."""
    set_pin(gui_home, STAFF, idle_s=2)
    # a slow reader: 1.5 s a verdict over the spans found outlasts the 2-second idle time several times over
    gen = ScriptedGenerator([], judge=slow(reader("vidriada"), 1.5))
    w = make_window(kiosk=True, kiosk_config=load_config(gui_home), generator=gen)
    assert w.ask is not None and w.idle is not None
    shown: list[int] = []
    w.idle.countdown.connect(shown.append)
    w.go(1)
    w.ask.ask("¿Dónde aparecieron fragmentos de cerámica vidriada?")
    assert w.ask.answering
    qtbot.wait(3500)  # past the idle time with no input: the reset must have waited
    assert w.ask.answering and w.stack.currentWidget() is w.ask and w.ask._question
    assert "checking…" in w.ask.transcript.toPlainText()
    qtbot.waitUntil(lambda: w.ask.result is not None, timeout=WAIT_MS)
    res = w.ask.result
    assert res.grounded and len(gen.judged) == len(res.spans) >= 2, res
    finished = " ".join(w.ask.transcript.toPlainText().split())
    assert "The archive says:" in finished  # the visitor reads the whole answer
    assert all(" ".join(s.text.split()) in finished for s in res.spans if s.accepted)
    # then, idle again, the reset comes — announced by a countdown — and the next visitor starts clean
    qtbot.waitUntil(lambda: w.stack.currentWidget() is w.search, timeout=10_000)
    assert 1 in shown and shown[-1] == 0
    assert not w.ask.transcript.toPlainText().strip() and w.ask.result is None


def test_a_reset_that_cancels_an_answer_leaves_no_stopped_line(qtbot: QtBot, make_window: WindowFactory,
                                                               gui_home: Path) -> None:
    w = make_window(kiosk=True, kiosk_config=load_config(gui_home) if (gui_home / KIOSK_FILE).exists() else None,
                    generator=ScriptedGenerator([], judge=slow(reader(), 0.3)))
    assert w.ask is not None
    w.ask.ask("¿Qué se guardaba en el molino?")
    qtbot.waitUntil(lambda: "checking…" in w.ask.transcript.toPlainText(), timeout=WAIT_MS)  # mid-answer
    w.ask.reset()  # what a staff member's reset or a forced idle reset does mid-answer
    qtbot.wait(1500)  # the cancelled answer's late result arrives and must be ignored
    assert "(stopped)" not in w.ask.transcript.toPlainText() and w.ask.result is None
    assert not w.ask.answering
