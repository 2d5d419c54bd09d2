"""Word, OpenDocument text and RTF readers: headings as sections, tables as Markdown, metadata titles and dates,
old binary formats reported unsupported, damaged and hostile packages failing alone (real fixtures + built files)."""

from __future__ import annotations

import io
import zipfile
from datetime import date, datetime
from pathlib import Path

import pytest

from core.chunking.model import ReadResult
from core.errors import CorruptSource, UnsupportedKind, identify
from core.ingest.readers import reader_for
from core.ingest.readers.common import MAX_UNPACKED_BYTES

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def read(path: Path, raw: bytes | None = None) -> ReadResult:
    data = path.read_bytes() if raw is None else raw
    return reader_for(path)(path, data)


def docx_bytes(title: str = "Diari de l'excavació", created: datetime | None = datetime(1998, 3, 2)) -> bytes:
    import docx

    d = docx.Document()
    d.core_properties.title = title
    if created is not None:
        d.core_properties.created = created
    d.add_paragraph("Diari de camp", style="Title")
    d.add_paragraph("Text abans de cap secció.")
    d.add_heading("Campanya 1998", level=1)
    d.add_paragraph("Es va obrir la rasa 3 al costat del molí.")
    d.add_heading("Rasa 3", level=2)
    d.add_paragraph("Ceràmica vidriada i una moneda de billó.")
    t = d.add_table(rows=3, cols=2)
    for r, (a, b) in enumerate([("Sigla", "Material"), ("CMF-033", "Billó | aliatge"), ("CMF-034", "Plata")]):
        t.cell(r, 0).text, t.cell(r, 1).text = a, b
    d.add_heading("Conclusions", level=1)
    d.add_paragraph("El molí és medieval.")
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def test_docx_fixture_keeps_paragraphs_and_tables_in_order() -> None:
    # textract's paragraphs_and_tables.docx: a table with a table nested in a cell, between two paragraphs
    (rec,) = read(FIX / "docx/paragraphs_and_tables.docx").records
    texts = [b.text for b in rec.blocks]
    assert texts[0].startswith("This is the paragraph before the table")
    assert texts[-1].startswith("This is the paragraph after the table")
    assert texts[1].startswith("| Row 1, Column 1 | Row 1, Column 2 | Row 1, Column 3 |\n| --- | --- | --- |")
    assert "| Inner 1,1 | Inner 1,2 |" in texts[2]
    assert rec.date_start == date(2015, 10, 9) and rec.data["author"] == "Dean Malmgren"
    assert rec.title == "Paragraphs and tables"  # no title in its properties: the file name


def test_docx_headings_become_the_section_path(tmp_path: Path) -> None:
    path = tmp_path / "diari.docx"
    (rec,) = read(path, docx_bytes()).records
    assert rec.title == "Diari de l'excavació"
    paths = {b.text.split()[0]: b.heading_path for b in rec.blocks}
    assert rec.blocks[0].text == "Diari de camp"  # a "Title" paragraph that is not the title stays text
    assert paths["Text"] == ()
    assert paths["Es"] == ("Campanya 1998",)
    assert paths["Ceràmica"] == ("Campanya 1998", "Rasa 3")
    assert paths["El"] == ("Conclusions",)
    table = next(b for b in rec.blocks if b.text.startswith("|"))
    assert table.text.splitlines() == ["| Sigla | Material |", "| --- | --- |", "| CMF-033 | Billó \\| aliatge |",
                                       "| CMF-034 | Plata |"]
    assert table.heading_path == ("Campanya 1998", "Rasa 3")
    assert rec.date_start == date(1998, 3, 2) == rec.date_end


def test_docx_placeholder_title_gives_way_and_the_file_name_date_wins(tmp_path: Path) -> None:
    (rec,) = read(tmp_path / "2001-05-06_nota.docx", docx_bytes(title="Microsoft Word - nota.doc")).records
    assert rec.title == "Diari de camp"  # the "Title"-style paragraph, not the placeholder …
    assert rec.blocks[0].text == "Text abans de cap secció."  # … and not repeated as a passage
    assert rec.date_start == date(2001, 5, 6)


def test_docx_outline_level_without_a_heading_style(tmp_path: Path) -> None:
    import docx
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    d = docx.Document()
    p = d.add_paragraph("Capítol primer")  # a localised "Título 1" style is known only by its outline level
    lvl = OxmlElement("w:outlineLvl")
    lvl.set(qn("w:val"), "0")
    p._p.get_or_add_pPr().append(lvl)
    d.add_paragraph("Contingut del capítol.")
    buf = io.BytesIO()
    d.save(buf)
    (rec,) = read(tmp_path / "c.docx", buf.getvalue()).records
    assert rec.title == "Capítol primer"  # the first heading names an untitled document …
    assert [b.text for b in rec.blocks] == ["Contingut del capítol."]
    assert rec.blocks[0].heading_path == ()  # … and is not repeated in the path


def odt_bytes() -> bytes:
    from odf import dc, table, text
    from odf.opendocument import OpenDocumentText

    doc = OpenDocumentText()
    doc.meta.addElement(dc.Title(text="Inventari de la capella"))
    doc.text.addElement(text.H(outlinelevel=1, text="Capella de Sant Pere"))
    doc.text.addElement(text.P(text="Retaule gòtic restaurat el 1962."))
    doc.text.addElement(text.H(outlinelevel=2, text="Objectes"))
    lst = text.List()
    item = text.ListItem()
    item.addElement(text.P(text="Calze de plata."))
    lst.addElement(item)
    doc.text.addElement(lst)
    t = table.Table(name="Objectes")
    for cells in (("Núm.", "Objecte"), ("1", "Creu processional")):
        row = table.TableRow()
        for c in cells:
            cell = table.TableCell()
            cell.addElement(text.P(text=c))
            row.addElement(cell)
        t.addElement(row)
    doc.text.addElement(t)
    toc = text.TableOfContent(name="toc")
    toc.addElement(text.IndexBody())
    doc.text.addElement(toc)
    buf = io.BytesIO()
    doc.save(buf)
    return buf.getvalue()


def test_odt_fixture_reads_its_text_and_creation_date() -> None:
    # textract's raw_text.odt (LibreOffice 4.2): tabs and runs of spaces, meta:creation-date
    (rec,) = read(FIX / "odt/sample.odt").records
    assert [b.text for b in rec.blocks] == ["Sample OppenOffice Writer file with tabs and multiple spaces"]
    assert rec.date_start == date(2012, 1, 17) and rec.data["creator"] == "evan"


def test_odt_outline_levels_lists_and_tables(tmp_path: Path) -> None:
    (rec,) = read(tmp_path / "capella.odt", odt_bytes()).records
    assert rec.title == "Inventari de la capella"
    got = [(b.heading_path, b.text) for b in rec.blocks]
    assert got[0] == (("Capella de Sant Pere",), "Retaule gòtic restaurat el 1962.")
    assert got[1] == (("Capella de Sant Pere", "Objectes"), "Calze de plata.")
    assert got[2][1].splitlines()[0] == "| Núm. | Objecte |" and "| 1 | Creu processional |" in got[2][1]
    assert len(got) == 3  # the table of contents repeats the headings: left out


def test_rtf_fixture_and_info_group(tmp_path: Path) -> None:
    # textract's raw_text.rtf (Word for Mac): \ansicpg10000, an \info group with author and creation time
    (rec,) = read(FIX / "rtf/sample.rtf").records
    assert rec.blocks[0].text.startswith("I love word documents.")
    assert rec.date_start == date(2015, 6, 14) and rec.data["author"] == "Dean Malmgren"
    rtf = (r"{\rtf1\ansi\ansicpg1252{\info{\title Carta a l'alcalde}{\creatim\yr1931\mo4\dy14}}"
           r"Senyor alcalde:\par Li escric per la riada.\par"
           r"\trowd Any\cell Fet\cell\row 1962\cell Riada\cell\row\pard Salutacions.\par}")
    (rec,) = read(tmp_path / "carta.rtf", rtf.encode("latin-1")).records
    assert rec.title == "Carta a l'alcalde" and rec.date_start == date(1931, 4, 14)
    texts = [b.text for b in rec.blocks]
    assert texts[:2] == ["Senyor alcalde:", "Li escric per la riada."]
    assert texts[2].splitlines() == ["| Any | Fet |", "| --- | --- |", "| 1962 | Riada |"]
    assert texts[3] == "Salutacions."


@pytest.mark.parametrize("name, hint", [("legacy.doc", ".docx"), ("x.xls", ".xlsx")])
def test_old_binary_formats_are_unsupported_with_what_to_do(tmp_path: Path, name: str, hint: str) -> None:
    path = FIX / "doc" / name if name == "legacy.doc" else tmp_path / name  # textract's standardized_text.doc
    if not path.exists():
        path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504))
    with pytest.raises(UnsupportedKind) as info:
        read(path)
    assert "old binary format is not read" in str(info.value) and hint in info.value.hint
    assert info.value.code.startswith("ingest.legacy_") and info.value.hint_code.startswith("hint.legacy_")


@pytest.mark.parametrize("suffix", [".docx", ".odt", ".xlsx", ".ods"])
def test_damaged_packages_fail_clearly(tmp_path: Path, suffix: str) -> None:
    good = {".docx": docx_bytes, ".odt": odt_bytes}.get(suffix, docx_bytes)()
    cases = {"truncated": good[: len(good) // 2], "noise": b"not a zip at all" * 10,
             "renamed old file": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)}
    for what, raw in cases.items():
        with pytest.raises(CorruptSource) as info:
            read(tmp_path / f"x{suffix}", raw)
        assert identify(str(info.value)) is not None, (what, str(info.value))  # a message the window translates
    # a real package of another kind (a .docx renamed .odt, and so on) is damaged, not a crash
    other = odt_bytes() if suffix in (".docx", ".xlsx") else docx_bytes()
    with pytest.raises(CorruptSource, match="damaged|no sheet|no text"):
        read(tmp_path / f"y{suffix}", other)


def test_zip_bomb_is_refused_before_unpacking(tmp_path: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        with zf.open("word/document.xml", "w", force_zip64=True) as part:  # 300 MB of zeros, ~300 KB packed
            chunk = bytes(1024 * 1024)
            for _ in range(MAX_UNPACKED_BYTES // len(chunk) + 44):
                part.write(chunk)
    raw = buf.getvalue()
    assert len(raw) < 1024 * 1024
    with pytest.raises(CorruptSource, match="zip bomb"):
        read(tmp_path / "bomb.docx", raw)
    small = io.BytesIO()  # under the total, but one part 1000 times its packed size
    with zipfile.ZipFile(small, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("content.xml", bytes(8 * 1024 * 1024))
    with pytest.raises(CorruptSource, match="times its packed size"):
        read(tmp_path / "bomb.odt", small.getvalue())


def test_a_document_too_large_to_parse_whole_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from core.ingest.readers import package

    monkeypatch.setattr(package, "MAX_PARSED_PART_BYTES", 1_000)  # python-docx and odfpy hold the part whole
    with pytest.raises(CorruptSource) as info:
        read(tmp_path / "llarg.docx", docx_bytes())
    assert "MB of document markup" in str(info.value) and info.value.code == "ingest.package_markup"
    with pytest.raises(CorruptSource, match="MB of document markup"):
        read(tmp_path / "llarg.odt", odt_bytes())


def test_docx_fixtures_of_python_docx_styles_and_merged_cells() -> None:
    # python-docx's par-known-styles.docx: Normal, a paragraph naming a missing style, Heading 1, Body Text
    (rec,) = read(FIX / "docx/par-known-styles.docx").records
    assert rec.title == "Heading 1"  # no title property: the first heading
    assert [(b.heading_path, b.text) for b in rec.blocks] == [((), "no specified style"), ((), "missing style"),
                                                             ((), "Body Text")]
    # python-docx's tbl-cell-access.docx: 3×3 tables, one with a cell merged across two columns
    (rec,) = read(FIX / "docx/tbl-cell-access.docx").records
    merged = rec.blocks[1].text.splitlines()
    assert merged[0] == "| 1 | 2 | 3 |" and merged[2] == "| 4 |  | 6 |"  # 6 stays under its column


def test_odt_fixtures_of_odfpy_lists_and_an_external_entity() -> None:
    # odfpy's twolevellist.odt: a list nested in a list item
    (rec,) = read(FIX / "odt/twolevellist.odt").records
    assert [b.text for b in rec.blocks][:5] == ["Line 1", "Item A", "Item B", "Subitem B.1", "Subitem B.2 (bold)"]
    # odfpy's nasty.odt: content.xml declares an external entity (SYSTEM "examples/externalcontent.txt")
    with pytest.raises(CorruptSource, match="damaged OpenDocument text: EntitiesForbidden"):
        read(FIX / "odt/nasty.odt")


def _with_entity(raw: bytes, part: str, secret: Path) -> bytes:
    """The package with ``part`` declaring an external entity to ``secret`` and using it in its text."""
    src = zipfile.ZipFile(io.BytesIO(raw))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == part:
                at = data.find(b"?>") + 2 if data.startswith(b"<?xml") else 0
                head, rest = data[:at], data[at:]
                root_end = rest.index(b">", rest.index(b"<")) + 1
                data = (head + f'<!DOCTYPE x [<!ENTITY s SYSTEM "file://{secret}">]>'.encode()
                        + rest[:root_end] + rest[root_end:].replace(b"CMF-034", b"&s;", 1))
            zf.writestr(info, data)
    return out.getvalue()


def test_external_entities_are_never_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("CONTRASENYA-SECRETA", encoding="utf-8")
    raw = _with_entity(docx_bytes(), "word/document.xml", secret)
    try:
        res = read(tmp_path / "e.docx", raw)
    except CorruptSource:
        pass  # refusing the file is as good as not resolving the entity
    else:
        assert "CONTRASENYA" not in " ".join(b.text for r in res.records for b in r.blocks)
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["Codi", "Títol", "Descripció"])
    book.active.append(["CMF-034", "Croat", "Plata"])
    buf = io.BytesIO()
    book.save(buf)
    with pytest.raises(CorruptSource, match="damaged Excel workbook"):
        read(tmp_path / "e.xlsx", _with_entity(buf.getvalue(), "xl/worksheets/sheet1.xml", secret))


def test_docx_content_controls_are_read_and_a_table_of_contents_is_not(tmp_path: Path) -> None:
    import docx
    from docx.oxml import parse_xml

    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    d = docx.Document()
    d.add_heading("Fitxa", level=1)
    body = d.element.body
    toc = (f'<w:sdt {w}><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/></w:docPartObj>'
           '</w:sdtPr><w:sdtContent><w:p><w:r><w:t>Fitxa ........ 1</w:t></w:r></w:p></w:sdtContent></w:sdt>')
    field = (f'<w:sdt {w}><w:sdtPr><w:alias w:val="Procedència"/></w:sdtPr><w:sdtContent>'
             '<w:p><w:r><w:t>Donació de la família Roca, 1987.</w:t></w:r></w:p></w:sdtContent></w:sdt>')
    body.insert(0, parse_xml(toc))
    body.insert(len(body) - 1, parse_xml(field))  # before the final section properties
    buf = io.BytesIO()
    d.save(buf)
    (rec,) = read(tmp_path / "fitxa.docx", buf.getvalue()).records
    assert [b.text for b in rec.blocks] == ["Donació de la família Roca, 1987."]


def test_docx_table_of_contents_entries_are_left_out(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    for name in ("toc 1", "toc 2"):  # Word's built-in entry styles (python-docx's template has none)
        d.styles.add_style(name, 1).base_style = d.styles["Normal"]
    d.add_paragraph("Capítol 1 ........ 3", style="toc 1")
    d.add_paragraph("Secció 1.1 ....... 4", style="toc 2")
    d.add_heading("Capítol 1", level=1)
    d.add_paragraph("El text del capítol.")
    buf = io.BytesIO()
    d.save(buf)
    (rec,) = read(tmp_path / "toc.docx", buf.getvalue()).records
    assert [b.text for b in rec.blocks] == ["El text del capítol."]
