"""The Objects page on the demo coins (real SSCD, real store): drop photographs, look up, propose, save; kiosk."""

from __future__ import annotations

import core  # noqa: F401  (closes ONNX Runtime's telemetry before onnxruntime is imported)

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.views.object_tiles import HIT_ROLE
from core.ingest.pipeline import IngestOptions
from core.models.encoder import ImageEncoder, TextEncoder
from core.api import ObjectFields
from core.service import Ovillo
from tests.conftest import drain
from tests.demo_fixtures import copy_home
from tests.gui.conftest import WAIT_MS, OvilloFactory, WindowFactory
from tests.gui.test_drop import drop
from tests.integration.objects_fixtures import COINS, image_encoder

__all__ = ["image_encoder"]  # fixture
IMAGES = COINS / "images"


def faces(inventory: str) -> list[Path]:
    return [IMAGES / f"{inventory}_obverse.jpg", IMAGES / f"{inventory}_reverse.jpg"]


@pytest.fixture(scope="module")
def coins_gui_home(demo_home: Path, tmp_path_factory: pytest.TempPathFactory, encoder: TextEncoder,
                   image_encoder: ImageEncoder, models_dir: Path) -> Path:
    """The indexed demo archive with the demo coins catalogued too (all public)."""
    home = copy_home(demo_home, tmp_path_factory.mktemp("coins_gui") / "home")
    with Ovillo(home, models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as ov:
        _, summary = drain(ov.library.ingest([COINS], IngestOptions(collection="coins")))
        assert not summary.failed, summary.failed
    return home


@pytest.fixture
def gui_home(coins_gui_home: Path, tmp_path: Path) -> Path:
    """This module's windows open a private copy of the demo with coins."""
    return copy_home(coins_gui_home, tmp_path / "home")


def objects_page(w: MainWindow) -> int:
    return next(i for i, (_t, view) in enumerate(w.pages) if view is w.objects)


def look_up(qtbot: QtBot, w: MainWindow, photos: list[Path]) -> None:
    w.go(objects_page(w))
    assert drop(w, w.objects.photos, photos) == (True, True)
    assert w.importer is None or w.importer.state == "idle"  # photographs to look up, not files to import
    assert w.objects.photos.photos() == {"obverse": str(photos[0]), "reverse": str(photos[1])}
    qtbot.mouseClick(w.objects.lookup_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.objects.examination is not None, timeout=WAIT_MS)


def shown_titles(w: MainWindow) -> list[str]:
    grid = [w.objects.grid.item(i).data(HIT_ROLE).title for i in range(w.objects.grid.count())]
    evidence = [b.toolTip() for row in w.objects.rows.values() for b in row.buttons]
    return grid + evidence


def test_drop_look_up_propose_and_save(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    n = objects_page(w) + 1  # Ctrl+<its place in the page list>, like every page
    assert w.nav.item(n - 1).text() == f"Objects\tCtrl+{n}"
    w.activateWindow()  # shortcuts reach the active window, from the widget with the keyboard focus
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w and w.isAncestorOf(QApplication.focusWidget()))
    qtbot.keyClick(QApplication.focusWidget(), getattr(Qt.Key, f"Key_{n}"), Qt.KeyboardModifier.ControlModifier)
    assert w.stack.currentWidget() is w.objects and QApplication.focusWidget() is w.objects.choose
    look_up(qtbot, w, faces("MNC-005"))
    grid = w.objects.grid
    first = grid.item(0).data(HIT_ROLE)
    assert first.title.endswith("(MNC-005)") and grid.badges()[0]  # the same coin, badged near-duplicate
    assert "obv." in grid.item(0).text() and "rev." in grid.item(0).text()  # per-face scores on the tile
    typology = w.objects.rows["typology"]
    assert typology.proposed == "Denario romano, cabeza de Roma" and "%" in typology.confidence.text()
    assert typology.buttons and not typology.buttons[0].icon().isNull()  # evidence thumbnails
    # a proposal is shown in its empty field, not taken: nothing is in the form until the person says so
    for row in w.objects.rows.values():
        assert row.value.text() == "" and row.value.placeholderText() == row.proposed
    assert w.objects.rows["material"].proposed == "plata" and w.objects.title.text() == ""
    assert w.objects.title.placeholderText() == typology.proposed

    # a neighbour opens its record, which shows every view of the object
    grid.itemClicked.emit(grid.item(0))
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert w.record.record.title.endswith("(MNC-005)") and w.record.images.shown == ["obverse", "reverse"]
    w.record.go_back()
    assert w.stack.currentWidget() is w.objects

    # accept one proposal (it names the untitled object), type another, leave the rest: only those two are saved
    qtbot.mouseClick(typology.accept, Qt.MouseButton.LeftButton)
    assert typology.value.text() == typology.proposed and w.objects.title.text() == typology.proposed
    w.objects.rows["material"].value.setText("plata (forrada)")
    w.objects.title.setText("Denario forrado (NEW-9)")
    w.objects.inventory.setText("NEW-9")
    w.objects.classification.setCurrentIndex(w.objects.classification.findData("public"))
    assert w.objects.save_button is not None and w.objects.save_button.isEnabled()
    w.record.record = None
    qtbot.mouseClick(w.objects.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    saved = w.objects.last_saved
    rec = w.record.record
    assert (rec.section_tipo, rec.section_id) == (saved.section_tipo, saved.section_id) == ("coins", rec.section_id)
    assert rec.title == "Denario forrado (NEW-9)" and rec.data["roles"]["material"] == "plata (forrada)"
    assert rec.data["roles"]["typology"] == "Denario romano, cabeza de Roma"
    unaccepted = [role for role in ("denomination", "period") if w.objects.rows[role].proposed]
    assert unaccepted and not any(rec.data["roles"].get(role) for role in unaccepted)  # proposed, never accepted
    assert w.record.images.shown == ["obverse", "reverse"]
    home = w.ops.ovillo.paths.home
    assert all(Path(p).is_relative_to(home) and Path(p).exists() for p in saved.images.values())
    assert not w.objects.save_button.isEnabled()  # saved once; another save needs another lookup
    assert not w.error_dialogs

    # search results show an object's thumbnail
    w.go(0)
    w.search.query.setText("denario forrado NEW-9")

    def thumb_shown() -> bool:
        labels = [w.search.results.itemWidget(w.search.results.item(i)) for i in range(w.search.results.count())]
        return any(isinstance(lb, QLabel) and "<img" in lb.text() for lb in labels)

    qtbot.waitUntil(thumb_shown, timeout=WAIT_MS)


def test_kiosk_looks_up_public_objects_only_and_cannot_save(qtbot: QtBot, make_window: WindowFactory,
                                                            make_ovillo: OvilloFactory) -> None:
    ov = make_ovillo()
    cat = ov.catalogue
    exam = cat.examine(dict(zip(("obverse", "reverse"), faces("MNC-017"))))
    drain(cat.save(exam, ObjectFields(title="Real reservado (HIDDEN-1)", typology="Tipo secreto", material="oro",
                                      denomination="secreta", period="1700", classification="restricted",
                                      collection="coins", inventory="HIDDEN-1")))
    ov.close()

    w = make_window(kiosk=True)
    assert w.ops.profile == "public" and w.objects.save_button is None
    assert not [b for b in w.findChildren(QPushButton) if b.objectName() == "saveObject"]
    look_up(qtbot, w, faces("MNC-017"))
    titles = shown_titles(w)
    assert titles and titles[0].endswith("(MNC-017)")
    assert not [t for t in titles if "HIDDEN" in t]  # never a neighbour, never evidence
    assert w.objects.rows["typology"].value.text() == "Real de a ocho, escudo"  # the hidden vote never counted
    assert w.objects.rows["typology"].value.isReadOnly()
    w.objects.reset()
    assert not w.objects.photos.rows and w.objects.grid.count() == 0
