"""Keep work through the window: save a search and run it again, recent searches, a working list with notes that
outlives the window, exported as CSV; a list shows only what the window's profile may see; a kiosk keeps nothing."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.ops import Ops
from app.views.add_to_list import AddToListDialog
from app.views.worklist import NOTE, WorklistView
from core.api import ListEntry
from core.errors import NotFound, PermissionDenied
from core.ingest.pipeline import IngestOptions
from core.service import Ovillo
from tests.conftest import drain
from tests.gui.conftest import WAIT_MS, OvilloFactory, WindowFactory

QUERY = "glazed sherds in trench 3"


def _lists_page(w: MainWindow) -> WorklistView:
    assert w.worklist is not None
    w.go(next(i for i, (_t, page) in enumerate(w.pages) if page is w.worklist))
    return w.worklist


def _add_with_note(qtbot: QtBot, w: MainWindow, list_name: str, note: str) -> None:
    dialog = w.findChild(AddToListDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.list_name.setEditText(list_name)
    dialog.note.setPlainText(note)  # QTest types ASCII only
    dialog.accept()
    qtbot.waitUntil(lambda: w.findChild(AddToListDialog) is None, timeout=WAIT_MS)


def _listed(ov: Ovillo, name: str) -> list[ListEntry]:
    """What the owner's list holds now (nothing while the write that makes it has not run yet)."""
    try:
        return ov.work.items(name)
    except NotFound:
        return []


def _private_record(ov: Ovillo, tmp_path: Path) -> tuple[str, int]:
    """A restricted record beside the public demo: the owner sees it, ``public`` does not."""
    folder = tmp_path / "privado"
    folder.mkdir()
    (folder / "diario.md").write_text("# Diario reservado\n\nNotas reservadas de la excavación del horno.",
                                      encoding="utf-8")
    drain(ov.library.ingest([folder], IngestOptions(collection="privado", classification="restricted")))
    hit = ov.search.records("diario reservado horno", filters=None, limit=5)
    found = next(h for h in hit if h.section_tipo == "privado")
    return found.section_tipo, found.section_id


def test_keep_work_through_the_window(qtbot: QtBot, make_window: WindowFactory, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    w = make_window()
    ov = w.ops.ovillo
    # a search with a filter, saved under a name
    w.search.query.setText(QUERY)
    qtbot.waitUntil(lambda: w.search.lang.findData("en") >= 0, timeout=WAIT_MS)
    w.search.lang.setCurrentIndex(w.search.lang.findData("en"))
    qtbot.waitUntil(lambda: bool(w.search.hits) and w.search.info.text() != w.search.tr("Searching…"),
                    timeout=WAIT_MS)
    assert w.search.memory.button.isVisible()
    monkeypatch.setattr("app.views.search_memory.QInputDialog.getText", lambda *a, **k: ("Trench 3 sherds", True))
    w.search.memory.fill_menu()
    w.search.memory.actions["save"].trigger()
    qtbot.waitUntil(lambda: [s.name for s in ov.work.saved()] == ["Trench 3 sherds"], timeout=WAIT_MS)
    assert ov.work.saved()[0].filters.langs == ("en",)
    # an emptied page runs it again, filter and all
    w.search.reset()
    assert w.search.lang.currentData() is None and not w.search.hits
    w.search.memory.fill_menu()
    w.search.memory.actions["saved:Trench 3 sherds"].trigger()
    assert w.search.query.text() == QUERY and w.search.lang.currentData() == "en"
    qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
    assert {h.lang for h in w.search.hits} == {"en"}
    # the search the person acted on (Enter) is first among the recent ones
    w.search._enter_from_query()
    qtbot.waitUntil(lambda: [r.query for r in ov.work.recent()][:1] == [QUERY], timeout=WAIT_MS)
    w.search.memory.fill_menu()
    assert f"recent:{QUERY}" in w.search.memory.actions

    # a result's context menu puts it on a list, with a note
    first = w.search.hits[0]
    w.search.results.customContextMenuRequested.emit(w.search.results.visualItemRect(
        w.search.results.item(0)).center())
    menu = w.search.results.findChild(QMenu)
    assert menu is not None
    menu.actions()[0].trigger()
    _add_with_note(qtbot, w, "Tesis", "sherd evidence")
    qtbot.waitUntil(lambda: [e.key for e in _listed(ov, "Tesis")] == [(first.section_tipo, first.section_id)],
                    timeout=WAIT_MS)
    # the record page's "Add to list…" too: a second record, and a restricted one
    private = _private_record(ov, tmp_path)
    w.open_record(*private)
    qtbot.waitUntil(lambda: w.record.record is not None and w.record.record.section_tipo == "privado",
                    timeout=WAIT_MS)
    assert w.record.list_button.isVisible()
    w.record.list_button.click()
    _add_with_note(qtbot, w, "Tesis", "reservado: no para el público")
    qtbot.waitUntil(lambda: len(_listed(ov, "Tesis")) == 2, timeout=WAIT_MS)

    # the Lists page shows both, with their notes; a note is edited in place
    page = _lists_page(w)
    qtbot.waitUntil(lambda: len(page.entries) == 2, timeout=WAIT_MS)
    assert page.current_list() == "Tesis" and page.lists.item(0).text() == "Tesis (2)"
    assert [page.items.item(r, NOTE).text() for r in range(2)] == ["sherd evidence", "reservado: no para el público"]
    page.items.item(0, NOTE).setText("sherd evidence, trench 3")
    qtbot.waitUntil(lambda: _listed(ov, "Tesis")[0].note == "sherd evidence, trench 3", timeout=WAIT_MS)

    # Export… writes the list shown as CSV
    target = tmp_path / "tesis.csv"
    monkeypatch.setattr("app.views.results_export.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    page.export_button.click()
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert [(r["collection"], int(r["record"]), r["note"]) for r in rows] == [
        (first.section_tipo, first.section_id, "sherd evidence, trench 3"),
        (*private, "reservado: no para el público")]
    assert rows[0]["title"] == first.title and rows[1]["title"] == "Diario reservado"

    # a record opens from the list, and Back comes back to it
    page.items.selectRow(1)
    page.open_button.click()
    qtbot.waitUntil(lambda: w.stack.currentWidget() is w.record and w.record.record is not None
                    and (w.record.record.section_tipo, w.record.record.section_id) == private, timeout=WAIT_MS)
    w.record.back_button.click()
    assert w.stack.currentWidget() is page
    # taking one off the list
    qtbot.waitUntil(lambda: len(page.entries) == 2, timeout=WAIT_MS)
    page.items.selectRow(1)
    page.remove_button.click()
    qtbot.waitUntil(lambda: len(page.entries) == 1, timeout=WAIT_MS)
    page.items.selectRow(0)  # and back on it, for the reopened window below
    w.open_record(*private)
    qtbot.waitUntil(lambda: w.record.record is not None and w.record.record.section_tipo == "privado",
                    timeout=WAIT_MS)
    w.add_record_to_list()
    _add_with_note(qtbot, w, "Tesis", "otra vez")
    qtbot.waitUntil(lambda: len(_listed(ov, "Tesis")) == 2, timeout=WAIT_MS)

    # close the window and its data folder; a new window on the same folder finds everything kept
    w.close()
    ov.close()
    again = make_window()
    again.search.memory.fill_menu()
    assert {"saved:Trench 3 sherds", f"recent:{QUERY}"} <= set(again.search.memory.actions)
    page = _lists_page(again)
    qtbot.waitUntil(lambda: len(page.entries) == 2, timeout=WAIT_MS)
    assert [e.note for e in page.entries] == ["sherd evidence, trench 3", "otra vez"]
    # a new, empty list; then deleted, once confirmed
    monkeypatch.setattr("app.views.worklist.QInputDialog.getText", lambda *a, **k: ("Vacía", True))
    page.new_button.click()
    qtbot.waitUntil(lambda: page.current_list() == "Vacía", timeout=WAIT_MS)
    qtbot.waitUntil(lambda: page.shown_list == "Vacía", timeout=WAIT_MS)
    assert page.entries == [] and not page.export_button.isEnabled()
    page.delete_button.click()
    assert page.confirm is not None
    page.confirm.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: [page.lists.item(i).text() for i in range(page.lists.count())] == ["Tesis (2)"],
                    timeout=WAIT_MS)


def test_a_list_shows_public_only_what_public_may_see(qtbot: QtBot, make_ovillo: OvilloFactory,
                                                      tmp_path: Path) -> None:
    ov = make_ovillo()
    public_hit = ov.search.records(QUERY, limit=1)[0]
    private = _private_record(ov, tmp_path)
    ov.work.add("Tesis", public_hit.section_tipo, public_hit.section_id, "público")
    ov.work.add("Tesis", *private, note="reservado")
    ops = Ops(ov, profile="public")
    page = WorklistView(ops)
    qtbot.addWidget(page)
    try:
        page.show()
        qtbot.waitUntil(lambda: page.current_list() == "Tesis" and bool(page.entries), timeout=WAIT_MS)
        assert [e.key for e in page.entries] == [(public_hit.section_tipo, public_hit.section_id)]
        assert page.items.rowCount() == 1 and "reservado" not in page.items.item(0, NOTE).text()
        assert page.lists.item(0).text() == "Tesis (1)"  # counted as public sees it
        assert "Diario reservado" not in "".join(page.items.item(0, c).text() for c in range(4))
    finally:
        ops.shutdown()


def test_a_kiosk_keeps_no_work(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window(kiosk=True)
    assert w.worklist is None and w.tr("Lists") not in [title for title, _page in w.pages]
    assert not w.search.memory.button.isVisibleTo(w.search) and not w.record.list_button.isVisibleTo(w.record)
    w.search.query.setText(QUERY)
    qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
    w.search._enter_from_query()
    w.search.results.customContextMenuRequested.emit(QPoint(5, 5))
    assert w.search.results.findChild(QMenu) is None  # no "Add to list…" in a reading room
    with pytest.raises(PermissionDenied):
        w.ops.work(lambda work, _p: work.recent())
    assert not (w.ops.ovillo.paths.work).exists()
