"""Exact timecodes and the folder summary on the real encoder, the real pipeline and a store on disk (issue #14).

A hit's ``tc_in`` is where its words are spoken (the cue, line or sync piece holding them),
not the start of its chunk — the player must start within a few seconds of the words.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from core.models.encoder import TextEncoder
from core.service import Ovillo
from tests.conftest import drain

FIX = Path(__file__).resolve().parents[1] / "fixtures"
REPO = Path(__file__).resolve().parents[2]
TOPICS = ["the harvest", "the mill wheel", "the village school", "the bell tower", "the night train",
          "the river ferry", "the olive press", "the dance hall", "the winter market", "the new road"]


def interview(path: Path) -> float:
    """A WebVTT interview an hour into its tape: 40 cues, one of them the line people search for."""
    cues = ["WEBVTT", ""]
    target = 0.0
    for i in range(40):
        start = 3600 + 120 + i * 6.5
        if i == 14:  # deep inside the first passage (about 18 cues)
            text, target = "<v Captain Ribas>Very good, Lieutenant. Bring the boats round to the north quay.", start
        else:
            text = f"<v Maria>I remember {TOPICS[i % len(TOPICS)]} and how my father spoke about it, year {1950 + i}."
        h, rest = divmod(start, 3600)
        m, s = divmod(rest, 60)
        cues += [f"{int(h):02d}:{int(m):02d}:{s:06.3f} --> {int(h):02d}:{int(m):02d}:{s + 6:06.3f}", text, ""]
    path.write_text("\n".join(cues), encoding="utf-8")
    return target


def test_hits_play_from_the_words_that_matched(tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> None:
    root = tmp_path / "fons"
    root.mkdir()
    target = interview(root / "ribas.vtt")
    (root / "ribas.mp3").write_bytes(b"ID3")
    shutil.copy(FIX / "ohms/namespaced_sync.xml", root / "pallares.xml")
    (root / "acta.pptx").write_bytes(b"PK\x03\x04")
    with Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder) as app:
        _, summary = drain(app.library.ingest([root]))
        assert sorted(Path(o.path).name for o in summary.ok) == ["pallares.xml", "ribas.vtt"]
        assert [Path(o.path).name for o in summary.unsupported] == ["acta.pptx"]

        hit = next(h for h in app.search.passages("Very good, Lieutenant")
                   if (h.source_path or "").endswith("ribas.vtt"))
        chunk_start = json.loads(app.store.cursor().execute(
            "SELECT chunk_meta FROM rag_embeddings WHERE id = ?", [hit.chunk_id]).fetchone()[0])["tc_in"]
        assert target - chunk_start > 60  # the passage starts minutes before the words…
        assert hit.tc_in is not None and abs(hit.tc_in - target) < 3  # …the hit plays from them
        assert hit.media_path == str(root / "ribas.mp3")
        # a Spanish question shares no word with the English cue: when played, the cue nearest in meaning
        question = "Muy bien, teniente: lleve las barcas al muelle norte"
        es = next(h for h in app.search.passages(question) if (h.source_path or "").endswith("ribas.vtt"))
        assert es.chunk_id == hit.chunk_id and es.tc_in == chunk_start  # the search itself stays cheap
        played = app.searcher().play_time(es, question)
        assert played is not None and abs(played - target) < 3

        ohms = next(h for h in app.search.passages("el pantano cubría la iglesia")
                    if (h.source_path or "").endswith("pallares.xml") and h.component_tipo == "rag:transcript")
        assert ohms.tc_in is not None and 120 <= ohms.tc_in < 180  # its sync point (minute 2), not 0:00


def test_cli_summary_lists_what_was_left_out(tmp_path: Path) -> None:
    d = tmp_path / "in"
    d.mkdir()
    (d / "nota.md").write_text("# Nota\n\nEl molino de abajo tenía dos muelas.\n", encoding="utf-8")
    for name in ("a.pptx", "b.pptx", "c.odp"):
        (d / name).write_bytes(b"PK")
    r = subprocess.run([sys.executable, "-m", "cli", "--home", str(tmp_path / "h"), "ingest", str(d)],
                       capture_output=True, text=True, timeout=600, cwd=REPO)
    assert r.returncode == 0, r.stderr
    assert "files ok: 1" in r.stdout and "failed: 0" in r.stdout
    assert "not indexed, unsupported file type: 3" in r.stdout
    assert "  .pptx: 2 — a.pptx, b.pptx" in r.stdout and "  .odp: 1 — c.odp" in r.stdout
