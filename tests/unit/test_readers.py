"""Each reader on small real files: structure, metadata and clear errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from core.errors import CorruptSource, UnsupportedFormat, UnsupportedKind
from core.ingest.readers import reader_for


def read(path: Path, content: str | bytes):  # type: ignore[no-untyped-def]
    raw = content.encode("utf-8") if isinstance(content, str) else content
    path.write_bytes(raw)
    return reader_for(path)(path, raw)


def test_markdown_headings_front_matter_and_date(tmp_path: Path) -> None:
    res = read(tmp_path / "2019-07-14_zanja.md",
               "---\nlang: es\n---\n# Diario de campo\n\nIntro.\n\n## Zanja 3\n\nCerámica vidriada.\n\nOtra.\n")
    (rec,) = res.records
    assert rec.title == "Diario de campo" and rec.lang == "es"
    assert str(rec.date_start) == "2019-07-14" == str(rec.date_end)
    assert [b.heading_path for b in rec.blocks] == [(), ("Zanja 3",), ("Zanja 3",)]
    assert rec.blocks[1].text == "Cerámica vidriada."


def test_plain_text_form_feed_pages(tmp_path: Path) -> None:
    (rec,) = read(tmp_path / "a.txt", "Página uno.\f\nPágina dos.").records
    assert [b.page for b in rec.blocks] == [1, 2]


def test_html_skips_scripts_and_tracks_headings(tmp_path: Path) -> None:
    html = ("<html lang='ca'><head><title>Diari</title><style>p{}</style></head><body>"
            "<h1>Diari</h1><script>evil()</script><h2>Rasa 2</h2><p>Fragments de &amp; ceràmica.</p>"
            "<ul><li>Moneda</li></ul></body></html>")
    (rec,) = read(tmp_path / "d.html", html).records
    assert rec.title == "Diari" and rec.lang == "ca"
    # "Moneda" alone is a fragment: it joins its neighbour in the section
    assert [b.text for b in rec.blocks] == ["Fragments de & ceràmica.\nMoneda"]
    assert rec.blocks[0].heading_path == ("Rasa 2",)
    assert all("evil" not in b.text for b in rec.blocks)


def test_webvtt_cues_voices_and_timecodes(tmp_path: Path) -> None:
    vtt = ("WEBVTT\nTitle: Entrevista a Josep\nLanguage: ca\n\n1\n00:00:01.000 --> 00:00:04.500\n"
           "<v Josep>L'aigua va arribar al març.\n\n00:01:02.250 --> 00:01:05.000\nENTREVISTADORA: I el campanar?\n")
    (rec,) = read(tmp_path / "oh.vtt", vtt).records
    assert rec.title == "Entrevista a Josep" and rec.lang == "ca"
    assert [(b.tc_in, b.tc_out) for b in rec.blocks] == [(1.0, 4.5), (62.25, 65.0)]
    assert rec.blocks[0].text == "Josep: L'aigua va arribar al març."
    assert [b.speaker for b in rec.blocks] == ["Josep", "ENTREVISTADORA"]


def test_srt(tmp_path: Path) -> None:
    srt = "1\n00:00:01,500 --> 00:00:03,000\nMARÍA: Llegó el agua.\n\n2\n01:00:00,000 --> 01:00:02,000\nSe fue.\n"
    (rec,) = read(tmp_path / "oh.srt", srt).records
    assert [b.tc_in for b in rec.blocks] == [1.5, 3600.0]
    assert rec.blocks[0].speaker == "MARÍA"


def test_inline_tc_marks(tmp_path: Path) -> None:
    text = "Entrevista a Rosa\n\n[TC_00:00:05_TC] ROSA: Recuerdo la campana.\n[TC_00:01:23.500_TC] ENT: ¿Y después?\n"
    (rec,) = read(tmp_path / "rosa.txt", text).records
    assert rec.title == "Entrevista a Rosa"
    assert [(b.tc_in, b.tc_out) for b in rec.blocks] == [(5.0, 83.5), (83.5, None)]


def test_ohms_xml(tmp_path: Path) -> None:
    xml = ("<ROOT><record><title>Oral history 3</title><language>en</language>"
           "<transcript>[00:00:00]\nINTERVIEWER: Hello.\n[00:02:10]\nANNA: The water came in 1962.</transcript>"
           "<index><point><time>130</time><title>Flooding</title><synopsis>The reservoir fills.</synopsis>"
           "<keywords>water; dam</keywords></point></index></record></ROOT>")
    (rec,) = read(tmp_path / "oh3.xml", xml).records
    assert rec.title == "Oral history 3" and rec.lang == "en"
    tcs = [(b.tc_in, b.component) for b in rec.blocks]
    assert (130.0, "rag:transcript") in tcs and (130.0, "rag:index") in tcs
    with pytest.raises(UnsupportedKind, match=r"root <catalog>\): no reader for it"):
        read(tmp_path / "other.xml", "<catalog><book/></catalog>")
    with pytest.raises(CorruptSource, match="malformed XML"):
        read(tmp_path / "bad.xml", "<ROOT><record>")


def test_csv_rows_and_known_columns(tmp_path: Path) -> None:
    csv = ("id;Título;Descripción;Fecha;classification\n"
           "7;Dinero de Jaume I;Moneda de vellón.;1258;public\n8;Ánfora;Ánfora romana.;-;secret\n")
    res = read(tmp_path / "cat.csv", csv)
    assert [r.key for r in res.records] == ["row:7", "row:8"]
    assert res.records[0].title == "Dinero de Jaume I"
    assert res.records[0].date_start is not None and res.records[0].date_start.year == 1258
    assert res.records[1].classification == "secret"


def test_csv_missing_column_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CorruptSource, match="missing column.*text"):
        read(tmp_path / "cat.csv", "id,title,date\n1,Coin,1200\n")


def test_csv_sidecar_mapping_naming_absent_column(tmp_path: Path) -> None:
    (tmp_path / "cat.csv.mapping.json").write_text('{"title": "Nom", "text": "Notes"}')
    with pytest.raises(CorruptSource, match="not in the CSV"):
        read(tmp_path / "cat.csv", "Nom,Descripcio\nMoneda,Text\n")


def make_pdf(pages: list[str], password: str | None = None) -> bytes:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_font("helvetica", size=12)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 8, text)
    raw = bytes(pdf.output())
    if password is None:
        return raw
    from pypdf import PdfReader, PdfWriter

    w = PdfWriter(clone_from=PdfReader(io.BytesIO(raw)))
    w.encrypt(user_password=password, algorithm="RC4-128")
    out = io.BytesIO()
    w.write(out)
    return out.getvalue()


def test_pdf_pages_kept(tmp_path: Path) -> None:
    (rec,) = read(tmp_path / "r.pdf", make_pdf(["Kiln on page one.", "Coin hoard on page two."])).records
    assert {b.page for b in rec.blocks} == {1, 2}
    assert any("hoard" in b.text and b.page == 2 for b in rec.blocks)


def test_pdf_encrypted_and_corrupt(tmp_path: Path) -> None:
    with pytest.raises(CorruptSource, match="encrypted"):
        read(tmp_path / "e.pdf", make_pdf(["secret"], password="s3cret"))
    with pytest.raises(CorruptSource, match="damaged PDF|no text layer"):
        read(tmp_path / "c.pdf", make_pdf(["hello"])[:300])
    with pytest.raises(CorruptSource, match="not a PDF"):
        read(tmp_path / "x.pdf", b"hello world")


def test_unsupported_suffix(tmp_path: Path) -> None:
    with pytest.raises(UnsupportedFormat):
        reader_for(tmp_path / "a.pptx")


def test_an_isadg_inventory_in_spanish_or_catalan_reads_as_a_catalogue(tmp_path: Path) -> None:
    # what a municipal archive's inventory export heads its columns with (ISAD(G) 3.1.1, 3.1.2, 3.1.3, 3.3.1)
    es = ("Signatura;Título formal;Fecha;Alcance y contenido\n"
          "ES.08019.AM/1.2;Actas del pleno;1893;Actas de las sesiones del ayuntamiento.\n")
    ca = ("Signatura;Títol formal;Data;Abast i contingut\n"
          "ES.17079.AM/3;Llibre d'actes;1901;Actes de les sessions del consell.\n")
    for name, text in (("inventario.csv", es), ("inventari.csv", ca)):
        res = read(tmp_path / name, text)
        (rec,) = res.records
        assert rec.key == ("row:ES.08019.AM/1.2" if name == "inventario.csv" else "row:ES.17079.AM/3")
        assert rec.title in ("Actas del pleno", "Llibre d'actes")
        assert text.splitlines()[1].split(";")[3] in " ".join(b.text for b in rec.blocks)
