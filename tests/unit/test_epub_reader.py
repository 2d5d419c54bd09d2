"""EPUB reader: epubcheck's public EPUB 2 and 3 test books, plus built books for the spine's order, percent-encoded
hrefs, DRM, missing parts and zip bombs; a damaged package fails alone with its reason."""

from __future__ import annotations

import io
import re
import zipfile
from datetime import date
from pathlib import Path

import pytest

from core.chunking.model import ReadResult
from core.errors import CorruptSource, identify
from core.ingest.readers import reader_for
from core.retrieval.browse import KINDS

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "epub"
OPF = """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" xml:lang="ca" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
  <dc:title>Memòries del molí</dc:title><dc:creator>Joan Serra</dc:creator><dc:creator>Anna Puig</dc:creator>
  <dc:date>1962-10</dc:date><dc:identifier id="id">urn:isbn:0000</dc:identifier>
</metadata>
<manifest>
  <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
  <item id="c2" href="text/cap%C3%ADtol%202.xhtml" media-type="application/xhtml+xml"/>
  <item id="c1" href="text/c1.xhtml#start" media-type="application/xhtml+xml"/>
  <item id="img" href="cover.jpg" media-type="image/jpeg"/>
</manifest>
<spine><itemref idref="nav"/><itemref idref="c1"/><itemref idref="img"/><itemref idref="c2"/></spine>
</package>"""
NAV = ('<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>'
       '<nav epub:type="toc"><ol><li><a href="text/c1.xhtml">La riada</a></li></ol></nav></body></html>')
C1 = ('<html xmlns="http://www.w3.org/1999/xhtml"><head><title>c1</title></head><body>'
      '<h1>Memòries del molí</h1><h2>La riada</h2><p>L\'aigua va arribar al molí el 1962.</p></body></html>')
C2 = ('<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Epíleg</title></head><body>'
      '<p>El molí es va reconstruir.</p></body></html>')


def epub(parts: dict[str, str | bytes], opf_path: str = "OEBPS/content.opf") -> bytes:
    container = ('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
                 f'<rootfiles><rootfile full-path="{opf_path}" media-type="application/oebps-package+xml"/>'
                 '</rootfiles></container>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        zf.writestr("META-INF/container.xml", container)
        for name, data in parts.items():
            zf.writestr(name, data)
    return buf.getvalue()


def book() -> dict[str, str | bytes]:
    return {"OEBPS/content.opf": OPF, "OEBPS/nav.xhtml": NAV, "OEBPS/text/c1.xhtml": C1,
            "OEBPS/text/capítol 2.xhtml": C2, "OEBPS/cover.jpg": b"\xff\xd8"}


def read(name: str, raw: bytes | None = None) -> ReadResult:
    path = FIX / name
    return reader_for(path)(path, path.read_bytes() if raw is None else raw)


def test_epub2_fixture_reads_chapters_as_sections_with_dublin_core() -> None:
    # epubcheck's lorem.epub: EPUB 2, an NCX, one XHTML with <h1> = the title and <h2> chapters
    result = read("lorem.epub")
    (rec,) = result.records
    assert rec.title == "Lorem Ipsum" and rec.lang == "la" and rec.date_start == date(2011, 9, 1)
    assert {b.heading_path for b in rec.blocks} == {("Chapter 1",), ("Chapter 2",)}
    assert rec.blocks[0].text.startswith("Lorem ipsum dolor sit amet")
    assert result.reader == "epub" and KINDS["epub"] == "document"


def test_epub3_fixture_keeps_the_chapter_not_the_navigation() -> None:
    (rec,) = read("minimal3.epub").records  # epubcheck's valid.epub: nav.xhtml is in the manifest only
    assert rec.title == "Minimal EPUB 3.0" and rec.lang == "en"
    assert [(b.heading_path, b.text) for b in rec.blocks] == [(("Loomings",), "Call me Ishmael.")]


def test_spine_order_hrefs_metadata_and_chapter_titles() -> None:
    result = read("built.epub", epub(book()))
    (rec,) = result.records
    assert [(b.heading_path, b.text) for b in rec.blocks] == [
        (("La riada",), "L'aigua va arribar al molí el 1962."),  # the book's title heading is no section
        (("Epíleg",), "El molí es va reconstruir."),  # no heading: the chapter's <title>
    ]
    assert rec.data["creator"] == "Joan Serra; Anna Puig" and rec.lang == "ca"
    assert (rec.date_start, rec.date_end) == (date(1962, 10, 1), date(1962, 10, 31))
    assert result.notes == []


def test_a_modification_date_is_not_the_books_date() -> None:
    opf = OPF.replace("<dc:date>1962-10</dc:date>", '<dc:date xmlns:opf="http://www.idpf.org/2007/opf" '
                      'opf:event="modification">2011-05-02</dc:date><dc:date>1963</dc:date>')
    rec = read("built.epub", epub(book() | {"OEBPS/content.opf": opf})).records[0]
    assert (rec.date_start, rec.date_end) == (date(1963, 1, 1), date(1963, 12, 31))


def test_missing_chapter_is_noted_and_the_rest_read() -> None:
    parts = book()
    del parts["OEBPS/text/capítol 2.xhtml"]
    result = read("built.epub", epub(parts))
    assert [b.text for b in result.records[0].blocks] == ["L'aigua va arribar al molí el 1962."]
    assert result.notes == ["1 chapter(s) named in the spine are missing from the package"]


@pytest.mark.parametrize(("change", "code"), [
    (lambda p: p.pop("OEBPS/content.opf"), "ingest.epub_opf_missing"),
    (lambda p: p.update({"OEBPS/content.opf": re.sub(r'idref="\w+"', 'idref="x"', OPF)}),
     "ingest.epub_no_spine"),
    (lambda p: p.update({"META-INF/encryption.xml": '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
                         'xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:CipherData>'
                         '<enc:CipherReference URI="OEBPS/text/c1.xhtml"/></enc:CipherData></enc:EncryptedData>'
                         '</encryption>'}), "ingest.epub_drm"),
    (lambda p: p.update({"OEBPS/content.opf": "<package><metadata>"}), "ingest.xml_malformed"),
])
def test_broken_books_fail_with_their_reason(change: object, code: str) -> None:
    parts = book()
    change(parts)  # type: ignore[operator]
    with pytest.raises(CorruptSource) as err:
        read("built.epub", epub(parts))
    found = identify(str(err.value))
    assert found is not None and found[0] == code, str(err.value)


def test_a_navigation_document_in_the_spine_gives_its_text_not_its_table_of_contents() -> None:
    nav = NAV.replace("</nav>", "</nav><h1>Pròleg</h1><p>Aquest llibre recull les memòries.</p>")
    result = read("built.epub", epub(book() | {"OEBPS/nav.xhtml": nav}))
    assert [b.text for b in result.records[0].blocks][0] == "Aquest llibre recull les memòries."
    assert "La riada" not in [b.text for b in result.records[0].blocks]


def test_obfuscated_fonts_do_not_stop_the_book() -> None:
    parts = book() | {"OEBPS/font.otf": b"\0" * 64, "META-INF/encryption.xml":
                      '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
                      'xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:CipherData>'
                      '<enc:CipherReference URI="OEBPS/font.otf"/></enc:CipherData></enc:EncryptedData></encryption>'}
    assert len(read("built.epub", epub(parts)).records[0].blocks) == 2


def test_no_container_and_damaged_zip_and_bomb() -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("mimetype", "application/epub+zip")
    with pytest.raises(CorruptSource, match="no META-INF/container.xml"):
        read("built.epub", buf.getvalue())
    with pytest.raises(CorruptSource, match="damaged EPUB file: not a readable zip package"):
        read("no-end-header.epub")  # epubcheck's ocf-zip-unreadable-no-end-header-fatal.epub
    with pytest.raises(CorruptSource, match="damaged EPUB file: not a readable zip package .Bad CRC-32"):
        read("bad-crc.epub")  # epubcheck's issue158.epub as it was once committed: its package.opf fails its CRC
    with pytest.raises(CorruptSource, match="a zip bomb"):
        read("built.epub", epub(book() | {"OEBPS/text/c1.xhtml": "<p>" + " " * 50_000_000}))
