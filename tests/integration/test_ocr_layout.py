"""Scans as they come (#34): pages on their side or upside down, two columns under a heading, a letter
photographed without a flag beside a coin photograph, and low-confidence pages named where the person
looks — through the real pipeline (PDFium, PP-OCRv6 via rapidocr, the real encoder, DuckDB). Small pages:
each costs seconds of CPU on a shared machine."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from core.models.encoder import TextEncoder
from core.service import Ovillo
from scripts.make_demo_scan import render_page, save_scan_pdf
from tests.conftest import drain
from tests.integration.conftest import DEMO, REPO
from tests.integration.test_ocr import MAX_CER, cer, page_texts

TEXT = ["Diario de campo, 14 de julio de 1958. Llovió toda la mañana y la zanja tres se inundó.",
        "El capataz anotó catorce fragmentos de ánfora junto a la acequia del molino."]
LEFT = ["La pedrera vella, al costat del molí, conté monedes de coure i ceràmica vidrada.",
        "El rector mossèn Vilaró va traslladar l'arxiu parroquial al palau episcopal."]
RIGHT = ["The smithy stood at the corner of the square, beside the old washhouse.",
         "Five trenches were excavated by twenty-seven volunteers in July 2019."]


def two_columns() -> tuple[Image.Image, str]:
    """A heading across the page over two columns of two short paragraphs each."""
    page = Image.new("L", (1240, 760), 255)
    heading, heading_truth = render_page(["Informe de la campanya de 1957 i notes del mestre d'obres"], size=30,
                                         height=180, margin=60)
    left, left_truth = render_page(LEFT, size=26, width=620, height=600, margin=60)
    right, right_truth = render_page(RIGHT, size=26, width=620, height=600, margin=60)
    page.paste(heading, (0, 0))
    page.paste(left, (0, 150))
    page.paste(right, (600, 150))
    return page, "\n\n".join([heading_truth, left_truth, right_truth])


def test_rotated_pages_and_two_columns_are_read_in_order(tmp_path: Path, encoder: TextEncoder,
                                                          models_dir: Path) -> None:
    docs = tmp_path / "docs"
    upright, truth = render_page(TEXT, kind="serif", size=30, height=560)
    columns, columns_truth = two_columns()
    # a scanner's PDF with a page fed sideways (90° either way) and one upside down
    save_scan_pdf([upright.rotate(90, expand=True), upright.rotate(180), upright.rotate(270, expand=True), columns],
                  docs / "mixed.pdf")
    with Ovillo(tmp_path / "h", models_dir=models_dir, encoder=encoder) as app:
        _, summary = drain(app.library.ingest([docs]))
        assert not summary.failed, summary.failed
        assert summary.ocr_pages == 4 and not summary.low_confidence
        pages = page_texts(app, docs / "mixed.pdf")
        for number in (1, 2, 3):
            assert cer(truth, pages[number]) < MAX_CER, (number, pages[number])
        assert cer(columns_truth, pages[4]) < 0.05, pages[4]
        # the heading first, then the left column whole, then the right
        at = [pages[4].find(s[:25]) for s in ["Informe de la campanya", *LEFT, *RIGHT]]
        assert -1 not in at and at == sorted(at), (at, pages[4])
        # the page images kept are the upright ones the text was read from
        scans = app.library.record(*record_key(app, docs / "mixed.pdf")).data["fields"]["scan_pages"]
        for number in ("1", "2", "3"):
            with Image.open(scans[number]["image"]) as im:
                assert im.size[0] > im.size[1], im.size
        assert app.library.status().ocr_pages == 4


def test_a_letter_picture_is_read_as_a_page_without_a_flag_and_a_coin_stays_a_photograph(
        tmp_path: Path, encoder: TextEncoder, models_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import core.ingest.ocr
    import core.ingest.status
    import core.records

    docs = tmp_path / "fotos"
    docs.mkdir()
    letter, truth = render_page(["Benvolgut senyor,", TEXT[0], TEXT[1], "Atentament, Ramon Vilaró"],
                                size=30, height=700)
    letter.rotate(180).save(docs / "carta.jpg", quality=90)  # photographed upside down, as happens
    shutil.copy(DEMO / "coins" / "images" / "MNC-001_obverse.jpg", docs / "moneda.jpg")  # not named as a view
    # every page counts as read with low confidence here: the notes must reach summary, status and record
    for module in (core.ingest.ocr, core.ingest.status, core.records):
        name = "LOW_CONFIDENCE" if module is core.ingest.ocr else "OCR_LOW_CONFIDENCE"
        monkeypatch.setattr(module, name, 1.01)
    with Ovillo(tmp_path / "h", models_dir=models_dir, encoder=encoder) as app:
        _, summary = drain(app.library.ingest([docs]))
        outcomes = {Path(o.path).name: o for o in summary.outcomes}
        assert outcomes["carta.jpg"].status == "ok" and "read as a scanned page" in outcomes["carta.jpg"].reason
        assert cer(truth, page_texts(app, docs / "carta.jpg")[1]) < MAX_CER
        assert outcomes["moneda.jpg"].ocr_pages == 0 and "scanned page" not in outcomes["moneda.jpg"].reason
        assert [(Path(o.path).name, o.low_confidence_pages) for o in summary.low_confidence] == [("carta.jpg", [1])]
        status = app.library.status()
        assert (status.ocr_pages, status.low_confidence_pages) == (1, 1)
        assert app.library.record(*record_key(app, docs / "carta.jpg")).low_confidence_pages == [1]


def record_key(app: Ovillo, path: Path) -> tuple[str, int]:
    (row,) = app.store.cursor().execute(
        "SELECT section_tipo, section_id FROM source_records WHERE path = ?", [str(path)]).fetchall()
    return str(row[0]), int(row[1])


def test_real_scans_turned_left_and_upside_down_are_read_without_a_flag(tmp_path: Path, encoder: TextEncoder,
                                                                         models_dir: Path) -> None:
    """tesseract's test page (tests/fixtures/scans, Apache-2.0) as two pictures, turned left and upside down."""
    scans = REPO / "tests" / "fixtures" / "scans"
    docs = tmp_path / "scans"
    docs.mkdir()
    for name in ("phototest-rotated-L.png", "phototest-rotated-180.png"):
        shutil.copy(scans / name, docs / name)
    truth = (scans / "phototest.gold.txt").read_text(encoding="utf-8")
    with Ovillo(tmp_path / "h", models_dir=models_dir, encoder=encoder) as app:
        _, summary = drain(app.library.ingest([docs]))
        assert not summary.failed and summary.ocr_pages == 2, summary.outcomes
        for name in ("phototest-rotated-L.png", "phototest-rotated-180.png"):
            assert cer(truth, page_texts(app, docs / name)[1]) < MAX_CER, page_texts(app, docs / name)
