"""Finding aids and captions through the real pipeline, encoder and store (issue #34): a search finds an EAD
file-level component with its series path, and a TTML cue plays from its own time."""

from __future__ import annotations

import shutil
from pathlib import Path

from core.models.encoder import TextEncoder
from core.service import Ovillo
from tests.conftest import drain

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def test_finding_aids_and_captions_are_found_where_they_say_it(tmp_path: Path, encoder: TextEncoder,
                                                               models_dir: Path) -> None:
    root = tmp_path / "fons"
    root.mkdir()
    shutil.copy(FIX / "ead" / "CLRC-2155-ead3.xml", root / "han-papers.xml")
    shutil.copy(FIX / "ttml" / "ttml_example.ttml", root / "retina.ttml")
    shutil.copy(FIX / "whisper" / "jfk.tsv", root / "jfk.tsv")
    (root / "marc.xml").write_bytes(b'<collection xmlns="http://www.loc.gov/MARC21/slim"><record/></collection>')
    with Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder) as app:
        _, summary = drain(app.library.ingest([root]))
        assert sorted(Path(o.path).name for o in summary.ok) == ["han-papers.xml", "jfk.tsv", "retina.ttml"]
        assert [Path(o.path).name for o in summary.unsupported] == ["marc.xml"] and not summary.failed

        proof = next(h for h in app.search.passages("corrected page proof of Clara Lee and the Apple Pie Dream")
                     if (h.source_path or "").endswith("han-papers.xml"))
        assert proof.heading_path == ["Clara Lee and the Apple Pie Dream", "Corrected Page Proof"]
        assert "Box 1, Folder 1" in proof.text and proof.title == "Jenny Han papers"

        # the finding aid's own id pins it first, ahead of a caption the other words match better
        named = app.search.records("CLRC-2155 the Brain also is inverted")
        assert named and named[0].source_path == str(root / "han-papers.xml")

        cue = next(h for h in app.search.passages("the Brain also is inverted")
                   if (h.source_path or "").endswith("retina.ttml"))
        assert cue.tc_in == 17.2  # the cue holding the words, not the start of its passage
        speech = next(h for h in app.search.passages("my fellow Americans") if (h.source_path or "").endswith("jfk.tsv"))
        assert speech.tc_in == 0.0 and speech.component_tipo == "rag:transcript"  # a Whisper .tsv, not a catalogue

        _, again = drain(app.library.ingest([root]))  # nothing changed: nothing read again
        assert not again.ok and [Path(o.path).name for o in again.unsupported] == ["marc.xml"]
