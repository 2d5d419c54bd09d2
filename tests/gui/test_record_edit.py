"""Edit what is yours (#32.6) through the window: the record view's "Edit…" button and its dialog."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QMessageBox
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from core.ingest.pipeline import IngestOptions
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from core.store.rows import EmbeddingRow, RecordRow
from core.store.writer import RecordWriter
from tests.conftest import drain
from tests.gui.conftest import WAIT_MS


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data folder holding one local Markdown record (restricted) and one synced record."""
    folder = tmp_path / "fondo"
    folder.mkdir()
    (folder / "acta.md").write_text("# Acta de fundación\n\nEl acta de fundación de la cofradía.\n", encoding="utf-8")
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder()) as ov:
        drain(ov.library.ingest([folder], IngestOptions(classification="restricted")))
        emb = EmbeddingRow("rag:text", 0, ov.encoder.name, np.ones(ov.encoder.dimension, np.float32),
                           "Registro del archivo central", "h1", lang="es")
        RecordWriter(ov.store).write([RecordRow("central", 9, "Registro", "public", origin="central",
                                                embeddings=[emb])])
    return tmp_path / "home"


Factory = Callable[..., MainWindow]


@pytest.fixture
def window(qtbot: QtBot, home: Path, tmp_path: Path) -> Iterator[Factory]:
    opened: list[MainWindow] = []

    def make(kiosk: bool = False) -> MainWindow:
        w = MainWindow(Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder()), kiosk=kiosk)
        qtbot.addWidget(w)
        w.show()
        opened.append(w)
        return w

    yield make
    for w in opened:
        w.shutdown()
        w.ops.ovillo.close()


def _open(qtbot: QtBot, w: MainWindow, section_tipo: str, section_id: int) -> None:
    w.record.record = None
    w.open_record(section_tipo, section_id)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)


def _local_key(w: MainWindow) -> tuple[str, int]:
    row = w.ops.ovillo.store.cursor().execute("SELECT section_tipo, section_id FROM records "
                                              "WHERE origin = 'local'").fetchone()
    assert row is not None
    return str(row[0]), int(row[1])


def test_editing_a_record_through_the_dialog_and_loosening_it_after_asking(qtbot: QtBot, window: Factory) -> None:
    w: MainWindow = window()
    st, sid = _local_key(w)
    _open(qtbot, w, st, sid)
    button = w.record.edit_button
    assert button.isEnabled()
    dialog = button.open_dialog()
    assert dialog is not None and dialog.title_edit.text() == "Acta de fundación"
    dialog.title_edit.setText("Acta fundacional de la cofradía")
    dialog.dates_edit.setText("1582")
    dialog.notes.setPlainText("Copia del siglo XVIII")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: w.record.record is not None and w.record.record.title.startswith("Acta fundacional"),
                    timeout=WAIT_MS)  # the window reloaded the record from the write's changes
    assert w.record.title.text() == "Acta fundacional de la cofradía"
    shown = w.record.record
    assert shown is not None and shown.date_start == date(1582, 1, 1) and shown.edit is not None
    texts = [label.text() for label in w.record.findChildren(QLabel)]
    assert "1582" in texts and "Copia del siglo XVIII" in texts

    dialog = button.open_dialog()  # loosening: asked first, and sent as an explicit reclassification
    assert dialog is not None
    dialog.classification.setCurrentIndex(dialog.classification.findData("public"))
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: button.confirm is not None and button.confirm.isVisible(), timeout=WAIT_MS)
    assert w.ops.ovillo.library.record(st, sid).classification == "restricted"  # nothing written before the answer
    assert button.confirm is not None
    button.confirm.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: w.record.record is not None and w.record.record.classification == "public",
                    timeout=WAIT_MS)
    assert w.record.record is not None and w.record.record.title == "Acta fundacional de la cofradía"  # edits kept
    assert w.ops.ovillo.search.records("fundacional cofradía", profile="public")


def test_cancelling_the_loosening_writes_nothing(qtbot: QtBot, window: Factory) -> None:
    w: MainWindow = window()
    st, sid = _local_key(w)
    _open(qtbot, w, st, sid)
    dialog = w.record.edit_button.open_dialog()
    assert dialog is not None
    dialog.classification.setCurrentIndex(dialog.classification.findData("public"))
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    confirm = w.record.edit_button.confirm
    assert confirm is not None
    confirm.button(QMessageBox.StandardButton.Cancel).click()
    qtbot.wait(200)
    assert w.ops.ovillo.library.record(st, sid).classification == "restricted"
    assert w.ops.ovillo.library.record(st, sid).edit is None


def test_a_synced_record_cannot_be_edited(qtbot: QtBot, window: Factory) -> None:
    w: MainWindow = window()
    _open(qtbot, w, "central", 9)
    button = w.record.edit_button
    assert not button.isEnabled() and "central archive" in button.toolTip()
    assert button.open_dialog() is None


def test_the_kiosk_cannot_edit(qtbot: QtBot, window: Factory) -> None:
    kiosk: MainWindow = window(kiosk=True)
    _open(qtbot, kiosk, "central", 9)  # public: the kiosk may read it, never edit it
    assert not kiosk.record.edit_button.isEnabled() and "kiosk" in kiosk.record.edit_button.toolTip()
    assert kiosk.record.edit_button.open_dialog() is None
