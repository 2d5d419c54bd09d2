"""The Browse page (issue #32, point 3): facets with counts, a click filters, the list sorts by title and date;
in the kiosk, counts are public's and a collection of restricted records only is not there at all."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QListWidget
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.views.browse import VALUE_ROLE, BrowseView
from core.api import fold
from core.ingest.pipeline import IngestOptions
from core.models.encoder import TextEncoder
from core.service import Ovillo
from tests.conftest import drain
from tests.gui.conftest import WAIT_MS, WindowFactory

LETTERS = {  # file name (its date) → the record's title
    "1962-03-01_carta.md": "Carta de Barcelona",
    "1958-10-26_acta.md": "Acta del consell",
    "1959-04-04_zona.md": "Zona inundable",
}


def add_collections(home: Path, tmp_path: Path, models_dir: Path, encoder: TextEncoder) -> None:
    """Beside the demo: three public letters in "cartes", and "privat", a collection of restricted records only."""
    cartes = tmp_path / "cartes"
    cartes.mkdir()
    for name, title in LETTERS.items():
        (cartes / name).write_text(f"# {title}\n\nUna carta sobre el poble i el pantà, {title.lower()}.\n",
                                   encoding="utf-8")
    privat = tmp_path / "privat"
    privat.mkdir()
    (privat / "1970-01-01_dades.md").write_text("# Dades del donant\n\nAdreça i telèfon.\n", encoding="utf-8")
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as ov:
        drain(ov.library.ingest([cartes], IngestOptions(collection="cartes", classification="public")))
        drain(ov.library.ingest([privat], IngestOptions(collection="privat", classification="restricted")))


def open_browse(w: MainWindow, qtbot: QtBot) -> BrowseView:
    w.go(next(i for i, (_t, v) in enumerate(w.pages) if v is w.browse))
    qtbot.waitUntil(lambda: w.browse.collections.count() > 0 and w.browse.results.count() > 0, timeout=WAIT_MS)
    assert QApplication.focusWidget() is w.browse.collections  # the keyboard starts in the first facet list
    return w.browse


def entries(box: QListWidget) -> dict[str, int]:
    """Each entry's value and the count its text shows."""
    out = {}
    for i in range(box.count()):
        item = box.item(i)
        out[str(item.data(VALUE_ROLE))] = int(item.text().rsplit("(", 1)[1].rstrip(")"))
    return out


def click(qtbot: QtBot, box: QListWidget, value: str) -> None:
    item = next(box.item(i) for i in range(box.count()) if box.item(i).data(VALUE_ROLE) == value)
    qtbot.mouseClick(box.viewport(), Qt.MouseButton.LeftButton, pos=box.visualItemRect(item).center())


def visible_counts(w: MainWindow, column: str, classes: tuple[str, ...]) -> dict[str, int]:
    rows = w.ops.ovillo.store.cursor().execute(
        f"SELECT {column}, count(*) FROM records WHERE deleted_at IS NULL AND {column} IS NOT NULL "
        "AND classification IN (SELECT unnest(?::VARCHAR[])) GROUP BY ALL", [list(classes)]).fetchall()
    return {str(k): int(n) for k, n in rows}


def test_browse_a_collection_then_sort_it_by_title_and_date(qtbot: QtBot, make_window: WindowFactory, gui_home: Path,
                                                             tmp_path: Path, models_dir: Path,
                                                             encoder: TextEncoder) -> None:
    add_collections(gui_home, tmp_path, models_dir, encoder)
    w = make_window()
    view = open_browse(w, qtbot)
    everything = ("public", "restricted", "secret")
    assert entries(view.collections) == visible_counts(w, "section_tipo", everything)
    assert entries(view.collections)["cartes"] == 3 and entries(view.collections)["privat"] == 1

    click(qtbot, view.collections, "cartes")
    qtbot.waitUntil(lambda: view.total == 3 and view.results.count() == 3, timeout=WAIT_MS)
    assert {h.section_tipo for h in view.hits} == {"cartes"}
    assert [h.title for h in view.hits] == ["Acta del consell", "Carta de Barcelona", "Zona inundable"]  # by title
    assert view.results.item(0).text().startswith("Acta del consell")
    # the other dimensions are counted within the choice; collections keep their alternatives
    qtbot.waitUntil(lambda: entries(view.kinds) == {"text": 3}, timeout=WAIT_MS)
    assert entries(view.collections)["demo"] > 0

    view.sort.setCurrentIndex(view.sort.findData("date"))
    by_date = ["Acta del consell", "Zona inundable", "Carta de Barcelona"]  # 1958, 1959, 1962
    qtbot.waitUntil(lambda: [h.title for h in view.hits] == by_date, timeout=WAIT_MS)
    assert [view.results.item(i).text().split("\n")[0] for i in range(3)] == by_date

    # a result opens its record; the chosen collection again drops the choice
    item = view.results.item(1)
    qtbot.mouseClick(view.results.viewport(), Qt.MouseButton.LeftButton, pos=view.results.visualItemRect(item).center())
    qtbot.waitUntil(lambda: w.record.record is not None and w.record.record.title == "Zona inundable", timeout=WAIT_MS)
    w.record.back.emit()
    assert w.stack.currentWidget() is view
    click(qtbot, view.collections, "cartes")
    qtbot.waitUntil(lambda: view.total == sum(visible_counts(w, "section_tipo", everything).values()),
                    timeout=WAIT_MS)


def test_the_search_list_sorts_by_title_and_date(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    search = w.search

    def settled() -> bool:  # the debounce has fired and no search is in flight
        return not search._timer.isActive() and not search._running

    search.query.setText("moneda de plata")
    qtbot.waitUntil(lambda: settled() and len(search.hits) >= 3, timeout=WAIT_MS)
    found = {(h.section_tipo, h.section_id) for h in search.hits}
    search.sort.setCurrentIndex(search.sort.findData("title"))
    qtbot.waitUntil(lambda: not search._timer.isActive(), timeout=WAIT_MS)
    qtbot.waitUntil(settled, timeout=WAIT_MS)
    titles = [fold(h.title) for h in search.hits]
    assert titles == sorted(titles)
    assert {(h.section_tipo, h.section_id) for h in search.hits} == found  # the same records, reordered
    starts = dict(((st, sid), s) for st, sid, s in w.ops.ovillo.store.cursor().execute(
        "SELECT section_tipo, section_id, coalesce(date_start, date_end) FROM records").fetchall())
    search.sort.setCurrentIndex(search.sort.findData("date"))
    qtbot.waitUntil(lambda: not search._timer.isActive(), timeout=WAIT_MS)
    qtbot.waitUntil(settled, timeout=WAIT_MS)
    dates = [starts[(h.section_tipo, h.section_id)] for h in search.hits]
    known = [d for d in dates if d is not None]
    assert len(known) >= 2 and known == sorted(known) and dates[:len(known)] == known  # oldest first, undated last
    assert {(h.section_tipo, h.section_id) for h in search.hits} == found


def test_the_kiosk_browses_only_what_public_may_see(qtbot: QtBot, make_window: WindowFactory, gui_home: Path,
                                                    tmp_path: Path, models_dir: Path, encoder: TextEncoder) -> None:
    add_collections(gui_home, tmp_path, models_dir, encoder)
    w = make_window(kiosk=True)
    view = open_browse(w, qtbot)
    public = ("public",)
    assert "privat" not in entries(view.collections)  # its only record is restricted: not there at all
    assert entries(view.collections) == visible_counts(w, "section_tipo", public)
    assert entries(view.langs) == visible_counts(w, "lang", public)
    assert view.total == sum(visible_counts(w, "section_tipo", public).values())
    assert all(h.classification == "public" for h in view.hits)
    click(qtbot, view.collections, "demo")
    demo = visible_counts(w, "section_tipo", public)["demo"]
    qtbot.waitUntil(lambda: view.total == demo and {h.section_tipo for h in view.hits} == {"demo"}, timeout=WAIT_MS)
    assert view.choice.collections == ("demo",) and all(h.classification == "public" for h in view.hits)
    w.reset_to_start()  # the next visitor starts with no choice
    assert view.choice.collections == ()


def test_browse_cards_read_markdown_as_words(qtbot: QtBot, make_window: WindowFactory) -> None:
    """A Markdown diary's first passage shows its words, not its ``**`` marks (the demo's kiln entry)."""
    w = make_window()
    view = open_browse(w, qtbot)
    view.choose(langs=("ca",))
    qtbot.waitUntil(lambda: any("forn de terrissa" in view.results.item(i).text()
                                for i in range(view.results.count())), timeout=WAIT_MS)
    cards = [view.results.item(i).text() for i in range(view.results.count())]
    assert not [c for c in cards if "**" in c]
