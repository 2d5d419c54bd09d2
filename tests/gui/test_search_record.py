"""Search shows cross-lingual results; a result opens its record at the right passage."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from tests.gui.conftest import WAIT_MS, WindowFactory

QUERY = "¿Dónde aparecieron fragmentos de cerámica vidriada?"


def test_cross_lingual_query_shows_results(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    # QTest can only type ASCII; a pasted question exercises the same debounced path
    w.search.query.setText(QUERY)
    qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
    hits = w.search.hits
    assert w.search.results.count() == len(hits)
    # a Spanish question finds passages written in other languages, with title and source shown
    assert {h.lang for h in hits} - {"es"}, [h.lang for h in hits]
    titles = [h.title for h in hits]
    assert any("trench 3" in t.lower() or "trinchera" in t.lower() or "vidriad" in t.lower() for t in titles), titles
    label = w.search.results.itemWidget(w.search.results.item(0))
    # the rest of the cards are built in slices between event-loop turns; all of them arrive
    qtbot.waitUntil(w.search.cards_done, timeout=WAIT_MS)
    assert all(w.search.results.itemWidget(w.search.results.item(i)) is not None for i in range(len(hits)))
    # a reader sees title, snippet and source; the fused score is a tuning aid, off by default
    assert hits[0].title.split()[0] in label.text() and "score" not in label.text()
    w.ops.ovillo.settings.show_scores = True
    w.search.show_hits(hits, QUERY)
    qtbot.waitUntil(w.search.cards_done, timeout=WAIT_MS)
    label = w.search.results.itemWidget(w.search.results.item(0))
    assert f"{hits[0].score:.4f}" in label.text()


def test_keyboard_opens_the_selected_result(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    w.search.query.setFocus()
    qtbot.keyClicks(w.search.query, "glazed sherds in trench 3")
    qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
    qtbot.keyClick(w.search.query, Qt.Key.Key_Down)
    assert w.search.results.hasFocus() or w.search.results.currentRow() == 0
    qtbot.keyClick(w.search.results, Qt.Key.Key_Down)
    second = w.search.hits[1]
    qtbot.keyClick(w.search.results, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert w.stack.currentWidget() is w.record
    assert (w.record.record.section_tipo, w.record.record.section_id) == (second.section_tipo, second.section_id)
    qtbot.keyClick(w.record, Qt.Key.Key_Escape)
    assert w.stack.currentWidget() is w.search


def test_result_click_opens_record_at_the_passage(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    w.resize(900, 500)  # short enough that a later passage needs scrolling
    ov = w.ops.ovillo
    query = "stoke-hole faces south-east kiln diameter"
    # a hit deep inside a long record (the PDF report or a diary), so scrolling matters
    hit = next(h for h in ov.search.passages(query, limit=30) if h.chunk_index >= 2)
    w.search.query.setText(query)
    w.search._timer.stop()
    w.search.show_hits([hit], query)
    item = w.search.results.item(0)
    rect = w.search.results.visualItemRect(item)
    qtbot.mouseClick(w.search.results.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert w.record.focus_chunk == (hit.component_tipo, hit.chunk_index)
    browser = w.record.text
    full = browser.toPlainText()
    assert hit.text.split("\n")[0][:40] in full  # the record was reassembled from its passages
    # the hit passage is the highlighted paragraph, and it is scrolled into view
    block = browser.document().begin()
    marked = []
    while block.isValid():
        if block.blockFormat().background().color().name() == "#fff3c4":
            marked.append(block)
        block = block.next()
    assert len(marked) == 1
    assert " ".join(hit.text.split()[:5]) in " ".join(marked[0].text().split())
    c = browser.textCursor()
    c.setPosition(marked[0].position())
    top = browser.cursorRect(c)
    assert browser.viewport().rect().contains(QPoint(5, top.center().y())), (top, browser.viewport().rect())
    qtbot.waitUntil(lambda: w.record.similar.count() > 0, timeout=WAIT_MS)
