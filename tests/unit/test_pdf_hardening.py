"""The PDF reader on the PDFs archives really hold (issue #14): encrypted, junk-prefixed, damaged,
glyph-coded, XFA — real pypdf/PDFium, files built here byte by byte or with pypdf/fpdf2."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import pytest
from fpdf import FPDF
from pypdf import PdfReader, PdfWriter

from core.errors import CorruptSource
from core.ingest.ocr import ScanResult
from core.ingest.readers import pdf_reader
from core.ingest.readers.pdf_reader import read, usable_text

SENTENCE = "Informe de la campanya de 1957 sobre el jaciment del moli vell i les seves monedes."
LIBRARY_WORDS = ("pypdf", "Kids", "/A85", "deprecated", "PdfReadError", "PDFium:", "Traceback")


def build_pdf(objects: list[bytes]) -> bytes:
    """A PDF from object bodies (object 1 the catalog) with a correct cross-reference table."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def one_page(content: bytes, *, font: bytes = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
             kids: bytes = b"[3 0 R]", catalog_extra: bytes = b"", stream_extra: bytes = b"") -> bytes:
    return build_pdf([
        b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b">>",
        b"<< /Type /Pages /Kids " + kids + b" /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> "
        b"/Contents 4 0 R >>",
        b"<< /Length %d %s>>\nstream\n" % (len(content), stream_extra) + content + b"\nendstream",
        font,
    ])


def text_op(text: str) -> bytes:
    return b"BT /F1 12 Tf 60 760 Td (" + text.encode("latin-1") + b") Tj ET"


def fpdf_pdf(paragraphs: list[str]) -> bytes:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=12)
    for p in paragraphs:
        pdf.multi_cell(0, 8, p, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def encrypted(raw: bytes, user: str, algorithm: str) -> bytes:
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(raw)))
    w.encrypt(user_password=user, owner_password="owner-secret", algorithm=algorithm)
    buf = io.BytesIO()
    w.write(buf)
    return buf.getvalue()


def texts(result: ScanResult) -> str:
    return " ".join(b.text for r in result.records for b in r.blocks)


def clean(message: str) -> None:
    for word in LIBRARY_WORDS:
        assert word not in message, f"a library's own words reached the user: {message!r}"


@pytest.mark.parametrize("algorithm", ["AES-128", "AES-256"])
def test_aes_with_empty_password_opens(tmp_path: Path, algorithm: str) -> None:
    raw = encrypted(fpdf_pdf([SENTENCE]), "", algorithm)
    assert PdfReader(io.BytesIO(raw)).is_encrypted
    result = read(tmp_path / "a.pdf", raw)
    assert SENTENCE in texts(result) and result.scans == []


def test_aes_with_a_password_says_so_and_the_sidecar_opens_it(tmp_path: Path) -> None:
    raw = encrypted(fpdf_pdf([SENTENCE]), "s3cret", "AES-256")
    path = tmp_path / "protected.pdf"
    with pytest.raises(CorruptSource) as err:
        read(path, raw)
    assert "needs a password" in str(err.value) and "protected.pdf.options.json" in err.value.hint
    clean(str(err.value))
    (tmp_path / "protected.pdf.options.json").write_text(json.dumps({"password": "wrong"}), encoding="utf-8")
    with pytest.raises(CorruptSource, match="password in protected.pdf.options.json does not open it"):
        read(path, raw)
    (tmp_path / "protected.pdf.options.json").write_text(json.dumps({"password": "s3cret"}), encoding="utf-8")
    assert SENTENCE in texts(read(path, raw))


def test_a_damaged_sidecar_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "a.pdf.options.json").write_text("{password: x", encoding="utf-8")
    with pytest.raises(CorruptSource, match="a.pdf.options.json is not valid JSON"):
        read(tmp_path / "a.pdf", fpdf_pdf([SENTENCE]))


def test_leading_junk_before_the_header_is_skipped(tmp_path: Path) -> None:
    raw = b"From: scanner@example.org\r\nContent-Type: application/pdf\r\n\r\n" + fpdf_pdf([SENTENCE])
    result = read(tmp_path / "j.pdf", raw)
    assert SENTENCE in texts(result)
    assert any("bytes before the PDF header were skipped" in n for n in result.notes)
    with pytest.raises(CorruptSource, match="no %PDF header"):
        read(tmp_path / "j.pdf", b"x" * 2000 + fpdf_pdf([SENTENCE]))


def test_a_removed_filter_name_does_not_lose_the_page(tmp_path: Path) -> None:
    # a content stream with the abbreviated /A85 filter: pypdf ≥7 refuses it ("…/A85 is deprecated…")
    raw = one_page(base64.a85encode(text_op(SENTENCE), adobe=True), stream_extra=b"/Filter /A85 ")
    with pytest.raises(Exception, match="deprecated"):
        PdfReader(io.BytesIO(raw)).pages[0].extract_text()
    result = read(tmp_path / "a85.pdf", raw)
    assert SENTENCE in texts(result) and result.scans == []
    for note in result.notes:
        clean(note)


def test_a_broken_page_tree_is_said_in_plain_words(tmp_path: Path) -> None:
    with pytest.raises(CorruptSource) as err:
        read(tmp_path / "kids.pdf", one_page(text_op(SENTENCE), kids=b"3 0 R"))
    assert "damaged PDF" in str(err.value) and "list of pages is broken" in str(err.value)
    clean(str(err.value))
    with pytest.raises(CorruptSource) as err:
        read(tmp_path / "cut.pdf", fpdf_pdf([SENTENCE])[:300])
    clean(str(err.value))


def test_a_glyph_code_text_layer_is_a_scan(tmp_path: Path) -> None:
    codes = bytes(range(1, 60))
    names = b" ".join(b"/g%d" % (3 + 7 * i) for i in range(len(codes)))
    font = (b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Custom "
            b"/Encoding << /Type /Encoding /Differences [1 " + names + b"] >> >>")
    raw = one_page(b"BT /F1 14 Tf 72 760 Td <" + codes.hex().encode() + b"> Tj ET", font=font)
    assert "/g3" in PdfReader(io.BytesIO(raw)).pages[0].extract_text()  # what the issue saw: glyph names
    result = read(tmp_path / "glyphs.pdf", raw)
    assert result.scans == [1] and texts(result) == ""
    assert any("not readable text" in n for n in result.notes)
    page = result.render(1) if result.render else None
    assert page is not None and page.size == (round(595 * 200 / 72), round(842 * 200 / 72))


def test_xfa_placeholder_is_not_indexed_as_content(tmp_path: Path) -> None:
    wait = ("Please wait... If this message is not eventually replaced by the proper contents of the document, "
            "your PDF viewer may not be able to display this type of document.")
    xfa = b"/AcroForm << /Fields [] /XFA [(template) 6 0 R] >> "
    with pytest.raises(CorruptSource, match="XFA form") as err:
        read(tmp_path / "form.pdf", one_page(text_op(wait), catalog_extra=xfa))
    assert "print it to PDF" in err.value.hint
    # a form whose pages also hold real text: indexed, with a note saying what is missing
    raw = fpdf_pdf([wait, "", SENTENCE])
    result = read(tmp_path / "form2.pdf", raw)
    assert SENTENCE in texts(result) and "Please wait" not in texts(result)
    assert any("XFA form" in n for n in result.notes)


@pytest.mark.parametrize(("text", "usable"), [
    ("La moneda de coure fou trobada al llindar de la casa del ferrer.", True),
    ("The hoard was found beneath the threshold of the smithy in 2019.", True),
    ("Tabla 3: 1957 1958 1959 — 12,5 %", True),  # short and numeric, but not garbage
    ("/g3 /g132 /g45 /g99 /g3 /g132 /g45 /g99 /g12 /g7", False),
    ("(cid:12)(cid:44)(cid:3)(cid:87)(cid:12)(cid:44)(cid:3)(cid:87)", False),
    ("ÃƒÂ© ÃƒÂ¨ Ã¢â‚¬â„¢ la ÃƒÂ© casa ÃƒÂ©ÃƒÂ© del", False),
    ("xqzt pkwrt fghjk lmnbv qwrtz xcvbn plkjh mnbvc zxcvb", False),
    ("  \n ", False),
])
def test_usable_text(text: str, usable: bool) -> None:
    assert usable_text(text) is usable


def test_explain_never_repeats_the_library(tmp_path: Path) -> None:
    for exc in (ValueError("Expected /Kids to be an array"), KeyError("/Root"), RecursionError("depth"),
                OSError("Stream has ended unexpectedly"), Exception("zlib error -3 while decompressing")):
        clean(pdf_reader.explain(exc))


def test_which_pictures_are_pages(tmp_path: Path) -> None:
    from PIL import Image

    from core.ingest.options import FileOptions
    from core.ingest.readers.page_images import read as read_pages
    from core.ingest.readers.page_images import wanted

    white = Image.new("L", (64, 64), 255)
    white.save(tmp_path / "photo.jpg")
    white.save(tmp_path / "letter.tif", save_all=True, append_images=[white, white])
    white.save(tmp_path / "c1_anverso.tif", save_all=True, append_images=[white])
    white.save(tmp_path / "single.tif")
    assert not wanted(tmp_path / "photo.jpg", FileOptions())  # a photograph of an object by default
    assert wanted(tmp_path / "photo.jpg", FileOptions(as_pages=True))
    assert wanted(tmp_path / "letter.tif", FileOptions())  # a multi-page TIFF is pages
    assert not wanted(tmp_path / "c1_anverso.tif", FileOptions())  # a named view stays an object's view
    assert not wanted(tmp_path / "single.tif", FileOptions())
    (tmp_path / "single.tif.options.json").write_text('{"kind": "pages"}', encoding="utf-8")
    assert wanted(tmp_path / "single.tif", FileOptions())
    assert not wanted(tmp_path / "notes.pdf", FileOptions(as_pages=True))
    result = read_pages(tmp_path / "letter.tif", (tmp_path / "letter.tif").read_bytes())
    assert result.scans == [1, 2, 3] and result.render is not None and result.render(3).size == (64, 64)
    assert FileOptions.from_json(FileOptions(as_pages=True).to_json()).as_pages
    assert "as_pages" not in FileOptions().to_json()  # stores indexed before the option still match
    (tmp_path / "x.pdf.options.json").write_text('{"pasword": "x"}', encoding="utf-8")
    with pytest.raises(CorruptSource, match="unknown option"):
        read(tmp_path / "x.pdf", fpdf_pdf([SENTENCE]))


def test_reading_order_of_two_columns() -> None:
    from core.ingest.ocr import layout
    from core.models.ocr_engine import OcrLine

    def line(text: str, x: float, y: float, w: float = 450) -> OcrLine:
        return OcrLine(text, 0.99, x, y, x + w, y + 30)

    title = line("Two columns", 100, 50, 900)
    left = [line(f"left {i}", 100, 150 + 40 * i) for i in range(4)]
    right = [line(f"right {i}", 650, 150 + 40 * i) for i in range(4)]
    gap = [line("left after a gap", 100, 500)]
    got = layout([title] + [x for pair in zip(right, left) for x in pair] + gap)
    assert got == ["Two columns", "left 0 left 1 left 2 left 3", "left after a gap", "right 0 right 1 right 2 right 3"]
    hyphen = layout([line("the excava-", 100, 100), line("tion ended", 100, 140)])
    assert hyphen == ["the excavation ended"]


def test_clean_background_whitens_ringing_not_ink_nor_speckled_paper() -> None:
    import numpy as np
    from PIL import Image

    from core.ingest.ocr import clean_background

    page = np.full((200, 200), 255, dtype=np.uint8)
    page[50:60, 20:180] = 0  # ink
    page[60:62, 20:180] = 225  # JPEG ringing beside it
    page[100:110, 20:180] = 150  # faint ink (pencil)
    out = clean_background(Image.fromarray(page))
    assert (out[50:60, 20:180] == 0).all() and (out[60:62, 20:180] == 255).all()
    assert (out[100:110, 20:180] == 150).all()
    speckled = np.clip(page.astype(np.float64) + np.random.default_rng(1).normal(0, 25, page.shape), 0, 255)
    noisy = speckled.astype(np.uint8)
    assert (clean_background(Image.fromarray(noisy)) == noisy).all()


def test_a_line_joined_across_a_gutter_is_split() -> None:
    from core.models.ocr_engine import OcrLine, split_at_gutter

    line = OcrLine("de sus terminó en", 0.99, 100, 100, 1000, 140)
    words = [("de", 0.9, [[100, 100], [130, 100], [130, 140], [100, 140]]),
             ("sus", 0.9, [[140, 100], [190, 100], [190, 140], [140, 140]]),
             ("terminó", 0.9, [[260, 100], [400, 100], [400, 140], [260, 140]]),  # 70 px: more than a line height
             ("en", 0.9, [[410, 100], [440, 100], [440, 140], [410, 140]])]
    left, right = split_at_gutter(line, words)
    assert (left.text, left.x2, right.text, right.x) == ("de sus", 190, "terminó en", 260)
    words[2] = ("terminó", 0.9, [[205, 100], [400, 100], [400, 140], [205, 140]])  # 15 px: a word space
    assert split_at_gutter(line, words) == [line]
