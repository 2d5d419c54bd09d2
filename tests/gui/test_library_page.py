"""The Library page's sources (#36): add a folder, watch it, a watched change reaching the results through the one
change path, pause/resume, options that leave files out, failures with reasons, offline, remove."""

from __future__ import annotations

import os
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.views.sources import SourceOptions
from core.api import IngestOptions
from tests.gui.conftest import WAIT_MS, WindowFactory


def _folder(root: Path) -> Path:
    folder = root / "watched"
    folder.mkdir()
    (folder / "molino.txt").write_text("El molino harinero del río se reconstruyó en 1902 tras la riada.",
                                       encoding="utf-8")
    (folder / "puerto.txt").write_text("Cartas del capitán del puerto sobre el temporal de 1911.", encoding="utf-8")
    (folder / "roto.pdf").write_bytes(b"%PDF-1.4 this is not really a pdf")
    return folder


def _page(qtbot: QtBot, w: MainWindow) -> object:
    assert w.status_view is not None and w.status_view.sources is not None and w.library_watch is not None
    w.go(next(i for i, (_t, v) in enumerate(w.pages) if v is w.status_view))
    qtbot.waitUntil(lambda: w.library_watch.worker is None, timeout=WAIT_MS)  # type: ignore[union-attr]
    return w.status_view.sources


def _row(view: object) -> dict[str, object]:
    rows = view.rows  # type: ignore[attr-defined]
    assert len(rows) == 1
    return rows[0]  # type: ignore[no-any-return]


def test_the_library_page_keeps_a_watched_folder_current(qtbot: QtBot, make_window: WindowFactory,
                                                         tmp_path: Path) -> None:
    w = make_window()
    folder = _folder(tmp_path)
    w.start_watching()
    view = _page(qtbot, w)
    assert view.rows == [] and not view.remove_button.isEnabled()  # type: ignore[attr-defined]
    view.add_folder(str(folder))  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: len(view.rows) == 1 and view.rows[0]["records"] == 2  # type: ignore[attr-defined]
                    and view.rows[0]["state"] == "watching" and view.running == 0,  # type: ignore[attr-defined]
                    timeout=WAIT_MS)
    assert view.table.item(0, 1).text() == "Watching"  # type: ignore[attr-defined]
    view.table.selectRow(0)  # type: ignore[attr-defined]
    problems = [view.problems.item(i).text() for i in range(view.problems.count())]  # type: ignore[attr-defined]
    assert len(problems) == 1 and problems[0].startswith("roto.pdf: ")  # the failure, with its reason

    # a file saved in the watched folder reaches the results on screen through Ops.changed
    w.search.query.setText("acequia medieval de la huerta")
    seen: list[object] = []
    w.ops.changed.connect(seen.append)
    (folder / "acequia.txt").write_text("La acequia medieval de la huerta se limpió en 1850 por los regantes.",
                                        encoding="utf-8")
    qtbot.waitUntil(lambda: any(h.source_path == str(folder / "acequia.txt") for h in w.search.hits),
                    timeout=WAIT_MS)
    assert any(c for c in seen)  # type: ignore[truthy-bool]
    qtbot.waitUntil(lambda: w.library_watch.worker is None, timeout=WAIT_MS)  # type: ignore[union-attr]
    assert "Watched folders: 1 indexed" in w.progress_label.text()

    # pause, resume
    view.toggle_pause()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: _row(view)["state"] == "paused" and view.running == 0,  # type: ignore[attr-defined]
                    timeout=WAIT_MS)
    assert view.pause_button.text().replace("&", "") == "Resume"  # type: ignore[attr-defined]
    view.toggle_pause()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: _row(view)["state"] == "watching" and view.running == 0,  # type: ignore[attr-defined]
                    timeout=WAIT_MS)

    # options: leave a file out, its record leaves the library
    view.edit_options = lambda _row: (IngestOptions(), [("exclude", "puerto.txt")], 5)  # type: ignore[attr-defined]
    view.change_options()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: _row(view)["records"] == 2 and view.running == 0,  # type: ignore[attr-defined]
                    timeout=WAIT_MS)
    assert _row(view)["rules"] == [{"kind": "exclude", "glob": "puerto.txt"}]
    assert (_row(view)["options"]["rescan_every"], _row(view)["reason"]) == (5, "also rescanning every 5 min")
    dialog = SourceOptions(_row(view), view)
    assert dialog.rescan_every.value() == 5 and dialog.chosen()[2] == 5
    dialog.rescan_every.setValue(dialog.rescan_every.minimum())
    assert dialog.rescan_every.text() == "Automatic" and dialog.chosen()[2] == -1  # core's "no period of its own"
    dialog.deleteLater()
    cur = w.ops.ovillo.store.cursor()
    assert not cur.execute("SELECT 1 FROM sources WHERE ends_with(path, 'puerto.txt')").fetchall()

    # remove (the confirmation replaced): the records go, the table empties
    view.confirm_remove = lambda _p: (True, False)  # type: ignore[attr-defined]
    view.remove_selected()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: view.rows == [] and view.running == 0, timeout=WAIT_MS)  # type: ignore[attr-defined]
    assert not cur.execute("SELECT 1 FROM source_records WHERE starts_with(path, ?)", [str(folder)]).fetchall()


def test_an_unplugged_folder_shows_offline_and_keeps_its_records(qtbot: QtBot, make_window: WindowFactory,
                                                                 tmp_path: Path) -> None:
    w = make_window()
    folder = _folder(tmp_path)
    view = _page(qtbot, w)
    view.add_folder(str(folder))  # type: ignore[attr-defined]
    # a list read during the scan may land after it: wait for the one read after it
    qtbot.waitUntil(lambda: len(view.rows) == 1 and view.running == 0  # type: ignore[attr-defined]
                    and _row(view)["state"] != "scanning", timeout=WAIT_MS)
    assert _row(view)["state"] == "not watched"  # this window was not asked to watch
    os.rename(folder, tmp_path / "elsewhere")
    view.rescan()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: _row(view)["state"] == "offline" and view.running == 0,  # type: ignore[attr-defined]
                    timeout=WAIT_MS)
    assert _row(view)["records"] == 2 and view.table.item(0, 1).text() == "Offline"  # type: ignore[attr-defined]


def test_exclude_this_file_from_the_record_view(qtbot: QtBot, make_window: WindowFactory, tmp_path: Path) -> None:
    w = make_window()
    folder = _folder(tmp_path)
    view = _page(qtbot, w)
    view.add_folder(str(folder))  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: len(view.rows) == 1 and view.running == 0, timeout=WAIT_MS)  # type: ignore[attr-defined]
    cur = w.ops.ovillo.store.cursor()
    ((st, sid),) = cur.execute("SELECT section_tipo, section_id FROM source_records WHERE path = ?",
                               [str(folder / "puerto.txt")]).fetchall()
    w.open_record(st, sid)
    qtbot.waitUntil(lambda: w.record.record is not None and w.record.exclude_button.isEnabled(), timeout=WAIT_MS)
    asked: list[str] = []
    w.record.confirm_exclude = lambda p: asked.append(p) or True  # type: ignore[method-assign]
    w.record.exclude_file()
    qtbot.waitUntil(lambda: _row(view)["records"] == 1, timeout=WAIT_MS)
    assert asked == [str(folder / "puerto.txt")]
    assert _row(view)["rules"] == [{"kind": "exclude", "glob": "puerto.txt"}]
    assert not cur.execute("SELECT 1 FROM source_records WHERE path = ?", [str(folder / "puerto.txt")]).fetchall()
