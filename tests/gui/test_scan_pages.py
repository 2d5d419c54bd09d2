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


def test_record_view_names_the_pages_read_with_low_confidence(qtbot: QtBot, make_window: WindowFactory) -> None:
    from dataclasses import replace

    from PySide6.QtWidgets import QFormLayout

    w = make_window()
    hit = next(h for h in w.ops.ovillo.search.records("carro del mas Cabanes palau episcopal", limit=5)
               if h.source_path == str(SCAN))
    w.record.record = None
    w.open_hit(hit)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)

    def shown() -> list[str]:  # the record's facts, as the side column's form holds them
        form = w.record.meta
        items = (form.itemAt(row, QFormLayout.ItemRole.FieldRole) for row in range(form.rowCount()))
        return [item.widget().text() for item in items if item is not None and item.widget() is not None]

    rec = w.record.record
    assert rec.low_confidence_pages == [] and not any("low confidence" in t for t in shown())
    fields = dict(rec.data["fields"])  # as if OCR had been unsure of both pages
    fields["scan_pages"] = {k: {**v, "confidence": 0.6} for k, v in fields["scan_pages"].items()}
    w.record.show_record(replace(rec, data={**rec.data, "fields": fields}), None)
    assert any("read with low confidence: 1, 2" in t for t in shown()), shown()
