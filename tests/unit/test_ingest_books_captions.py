"""EPUB, SCC and EBU-STL files through the real ingest (fake encoder): read, passages stored with their headings
and times, the recording beside the captions claimed, a 3D-model .stl unsupported rather than failed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from pytest import approx

from core.service import Ovillo
from tests.conftest import drain

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def test_books_and_captions_are_ingested_with_their_sections_and_times(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "fons"
    root.mkdir()
    shutil.copy(FIX / "epub/lorem.epub", root / "lorem.epub")
    shutil.copy(FIX / "scc/pop-on.scc", root / "noticiari.scc")
    (root / "noticiari.mp4").write_bytes(b"\0\0\0\x18ftypmp42")
    shutil.copy(FIX / "stl/multi_tti_subtitle.stl", root / "entrevista.stl")
    (root / "peça.stl").write_bytes(b"solid peca\n  facet normal 0 0 1\n  endfacet\nendsolid peca\n" * 20)
    _, s = drain(fake_app.library.ingest([root]))
    assert sorted(Path(o.path).name for o in s.ok) == ["entrevista.stl", "lorem.epub", "noticiari.scc"]
    assert [Path(o.path).name for o in s.unsupported] == ["peça.stl"] and not s.failed
    cur = fake_app.store.cursor()
    rows = cur.execute("SELECT r.title, json_extract_string(r.data, '$.reader'), "
                       "json_extract_string(r.data, '$.media_path') FROM records r ORDER BY 2").fetchall()
    assert [(t, reader) for t, reader, _ in rows] == [("Lorem Ipsum", "epub"), ("Noticiari", "scc"),
                                                      ("Entrevista", "stl")]
    assert rows[1][2] == str(root / "noticiari.mp4")
    reason = cur.execute("SELECT error FROM sources WHERE path = ?", [str(root / "peça.stl")]).fetchone()
    assert reason is not None and reason[0].startswith("not EBU-STL subtitles")
    metas = [json.loads(m) for (m,) in cur.execute("SELECT chunk_meta FROM rag_embeddings").fetchall()]
    assert {tuple(m["heading_path"]) for m in metas if m.get("heading_path")} == {("Chapter 1",), ("Chapter 2",)}
    times = sorted(m["tc_in"] for m in metas if m.get("tc_in") is not None)
    assert times[0] == approx(23 / 25) and approx(113224 * 1001 / 30000) in times  # STL's cue; SCC's first EOC
