"""Every public fixture kept in tests/fixtures goes through the real ingest (fake encoder) with the outcome it had
when the formats table was written (issue #34): read into passages, failed with its reason or reported
unsupported — and a few words of each format's fixture find that file. The scans are left to the OCR tests."""

from __future__ import annotations

import shutil
from pathlib import Path

from core.service import Ovillo
from tests.conftest import drain

FIX = Path(__file__).resolve().parents[1] / "fixtures"
NOT_INPUT = {"README.md"}
# the fixtures that are not read, and the start of the reason the summary gives; every other file must be read
NOT_READ = {
    "doc/legacy.doc": ("unsupported", "a Word 97–2003 document (.doc)"),
    "xls/legacy.xls": ("unsupported", "an Excel 97–2003 workbook (.xls)"),
    "odt/nasty.odt": ("failed", "damaged OpenDocument text"),
    "xlsx/words.xlsx": ("failed", "missing column(s) for title, text"),
    "ods/words.ods": ("failed", "missing column(s) for title, text"),
    "ods/countrystatistics.ods": ("failed", "missing column(s) for title, text"),
    "ass/attached_images_aegisub.ass": ("failed", "no cues with text"),
    "epub/bad-crc.epub": ("failed", "damaged EPUB file"),
    "epub/no-end-header.epub": ("failed", "damaged EPUB file"),
}
# words of one fixture per format → that file (fixture path)
FOUND = {
    "the paragraph before the table": "docx/paragraphs_and_tables.docx",
    "Writer file with tabs and multiple spaces": "odt/sample.odt",
    "I love word documents": "rtf/sample.rtf",
    "arado romano de madera": "csv/pipes.psv",
    "subscribe or unsubscribe via the World Wide Web": "eml/mailman_digest.eml",
    "This is an example email with a body": "msg/pdf_attachment.msg",
    "Irish poet Seamus Heaney": "ead/heaney653.xml",
    "Jenny Han papers": "ead/CLRC-2155-ead3.xml",
    "Hark now the Drums beat up again": "tei/tei_clarke.xml",
    "Sunshine Coast News Gibsons": "mets/archivematica-compound.xml",
    "Sample Title John Doe": "oai/ListRecords.xml",
    "casa del molino junto al río": "ohms/namespaced_sync.xml",
    "shipping container fell overboard": "ttml/ttml_example2.ttml",
    "Kevin Cunning Investor's Bank": "scc/mix-rows-roll-up.scc",
    "start of the program": "stl/test_tcp_processing.stl",
    "el far es va encendre el 1864": "subtitles/voices_entities.vtt",
    "this apple is delicious": "elan/speach_test.eaf",
    "Call me Ishmael": "epub/minimal3.epub",
    "Abdullah Ocalan líder independentista kurdo": "html/la-nacion.html",
    "internationalisation of archives": "pdf/letterspaced.pdf",
}


def test_each_fixture_keeps_its_outcome_and_is_found(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "fixtures"
    files = sorted(f.relative_to(FIX).as_posix() for f in FIX.rglob("*")
                   if f.is_file() and f.parent.name != "scans" and f.name not in NOT_INPUT)
    assert set(NOT_READ) <= set(files)
    for rel in files:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(FIX / rel, root / rel)
    _, summary = drain(fake_app.library.ingest([root]))
    got = {Path(o.path).relative_to(root).as_posix(): o for o in summary.outcomes}
    assert sorted(got) == files  # none left out silently
    for rel, o in got.items():
        if rel in NOT_READ:
            status, reason = NOT_READ[rel]
            assert (o.status, o.reason[:len(reason)]) == (status, reason), rel
        else:
            assert o.status == "ok" and o.chunks > 0, (rel, o.status, o.reason)
    for query, rel in FOUND.items():
        top = [Path(h.source_path or "").relative_to(root).as_posix() for h in fake_app.search.records(query, limit=3)]
        assert rel in top, (query, top)
