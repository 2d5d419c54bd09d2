"""Dropping files and folders on the window imports them; a kiosk refuses drops.

The drag events go to the top-level QWindow at a point over a child widget, the way the
platform delivers them, so Qt's own routing picks the widget that takes the drop.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from core.progress import Progress
from tests.gui.conftest import WAIT_MS, WindowFactory
from tests.gui.test_import import make_folder


def drop(w: MainWindow, over: QWidget, paths: list[Path]) -> tuple[bool, bool]:
    """Drag ``paths`` over ``over`` and drop them; (enter accepted, drop accepted)."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    window = w.windowHandle()
    assert window is not None
    pos = QPointF(over.mapTo(w, QPoint(over.width() // 2, over.height() // 2)))
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, buttons, mods)
    QApplication.sendEvent(window, enter)
    move = QDragMoveEvent(pos, Qt.DropAction.CopyAction, mime, buttons, mods)
    QApplication.sendEvent(window, move)
    ev = QDropEvent(pos, Qt.DropAction.CopyAction, mime, buttons, mods)
    QApplication.sendEvent(window, ev)
    return enter.isAccepted() and move.isAccepted(), ev.isAccepted()


def test_dropping_files_and_a_folder_imports_them(qtbot: QtBot, make_window: WindowFactory, tmp_path: Path) -> None:
    w = make_window()
    imp = w.importer
    assert imp is not None
    folder = make_folder(tmp_path, 3)
    loose = tmp_path / "sueltos"
    loose.mkdir()
    files = []
    for name, text in (("carta_1961.txt", "Carta del alcalde sobre la nueva iglesia de Vilanova, 1961."),
                       ("nota_1962.md", "# Nota\n\nInventario de la campana la Martina tras el traslado.")):
        (loose / name).write_text(text, encoding="utf-8")
        files.append(loose / name)
    seen: list[Progress] = []
    imp.progressed.connect(seen.append)

    assert w.stack.currentWidget() is w.search
    accepted = drop(w, w.search.results, [*files, folder])  # dropped over the search page's result list
    assert accepted == (True, True)
    assert w.stack.currentWidget() is imp  # the import page opens to show the progress
    assert imp.state == "running"
    assert set(imp.queued_paths()) >= {str(p) for p in [*files, folder]}
    qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)

    indexed = {Path(o.path).name for o in (imp.summary.ok if imp.summary else [])}
    assert {"carta_1961.txt", "nota_1962.md", "informe_0.md", "informe_1.md", "informe_2.md"} <= indexed
    # progress is coalesced (latest wins), so which file's events reach the view depends on timing;
    # that the page saw indexing progress does not
    assert any(p.stage == "index" for p in seen)
    # files are indexed a batch at a time, so the events of one batch arrive together and coalesce:
    # which file the page names varies, but it names a file of this drop
    dropped = {str(f) for f in files} | {str(f) for f in folder.iterdir()}
    assert any(p.stage == "index" and p.item in dropped for p in seen)
    assert imp.overall.value() == imp.overall.maximum()
    assert imp.failures.count() == 1  # the folder's broken PDF, listed with its reason
    assert not w.error_dialogs

    # a drop while an import runs waits in the list instead of starting a second run
    imp.start_import([str(folder)])
    extra = tmp_path / "extra.txt"
    extra.write_text("Otra carta.", encoding="utf-8")
    assert drop(w, imp.paths, [extra]) == (True, True)
    assert str(extra) in imp.queued_paths()
    qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)


def test_drops_that_are_not_local_files_are_refused(make_window: WindowFactory) -> None:
    w = make_window()
    mime = QMimeData()
    mime.setText("just some text")
    mime.setUrls([QUrl("https://example.org/a.pdf")])
    window = w.windowHandle()
    assert window is not None
    pos = QPointF(w.search.results.mapTo(w, QPoint(5, 5)))
    enter = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, enter)
    assert not enter.isAccepted()
    assert w.importer is not None and w.importer.state == "idle"


def test_kiosk_refuses_drops(make_window: WindowFactory, tmp_path: Path) -> None:
    w = make_window(kiosk=True)
    doc = tmp_path / "visitor.txt"
    doc.write_text("A visitor's file must never be imported.", encoding="utf-8")
    assert not w.acceptDrops()
    for over in (w.search.results, w.nav):
        assert drop(w, over, [doc, tmp_path]) == (False, False)
    assert w.importer is None and w.stack.currentWidget() is w.search
    hits = w.ops.ovillo.search.records("a visitor's file must never be imported", limit=10)
    assert not any(h.source_path and h.source_path.endswith("visitor.txt") for h in hits)
