"""A scanned document's page images are shown beside its OCR'd text, the hit's page first."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.demo_fixtures import DEMO
from tests.gui.conftest import WAIT_MS, WindowFactory

SCAN = DEMO / "reports" / "parish_inventory_1958_scan.pdf"


def test_record_view_shows_the_scanned_pages(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    hit = next(h for h in w.ops.ovillo.search.records("carro del mas Cabanes palau episcopal", limit=5)
               if h.source_path == str(SCAN))
    assert hit.page == 2
    w.record.record = None
    w.open_hit(hit)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert w.record.images.isVisibleTo(w)
    assert w.record.images.shown[0] == "page 2" and len(w.record.images.shown) >= 2
