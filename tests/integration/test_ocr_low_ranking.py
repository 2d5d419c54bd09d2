"""A page OCR read below the confidence floor is indexed but ranks after every passage read well (issue #34
point 2; the measurement behind the choice is in docs/design.md §5)."""

from __future__ import annotations

import json
from pathlib import Path

from core.service import Ovillo
from tests.conftest import drain
from tests.unit.test_readers import make_pdf


def test_a_low_confidence_page_ranks_below_confident_text(tmp_path: Path, fake_app: Ovillo) -> None:
    root = tmp_path / "fons"
    root.mkdir()
    (root / "a.pdf").write_bytes(make_pdf(["La campana grossa del campanar es va fondre el 1802 a Vic."]))
    (root / "b.pdf").write_bytes(make_pdf(["Una campana del campanar, fosa de nou."]))
    _, summary = drain(fake_app.library.ingest([root]))
    assert len(summary.ok) == 2
    query = "campana grossa fondre 1802"
    assert [Path(h.source_path or "").name for h in fake_app.search.records(query, limit=2)] == ["a.pdf", "b.pdf"]
    cur = fake_app.store.cursor()
    sid, data = next((s, d) for s, d in cur.execute("SELECT section_id, data FROM records").fetchall()
                     if json.loads(d)["source_path"].endswith("a.pdf"))
    data = json.loads(data)
    data["fields"]["scan_pages"] = {"1": {"confidence": 0.62, "image": "p0001.png"}}  # as OCR stores a page
    cur.execute("UPDATE records SET data = ? WHERE section_id = ?", [json.dumps(data), sid])
    hits = fake_app.search.records(query, limit=2)
    assert [Path(h.source_path or "").name for h in hits] == ["b.pdf", "a.pdf"]  # still found, after
    assert [Path(h.source_path or "").name for h in fake_app.search.records(query, limit=1)] == ["b.pdf"]
    data["fields"]["scan_pages"]["1"]["confidence"] = 0.96
    cur.execute("UPDATE records SET data = ? WHERE section_id = ?", [json.dumps(data), sid])
    assert Path(fake_app.search.records(query, limit=1)[0].source_path or "").name == "a.pdf"
