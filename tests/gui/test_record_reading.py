"""A record reads like a catalogue (issue #32): its Markdown shown as tables and emphasis, in the record view and
the result cards; long file names elided with the whole path at hand; a record printed or saved as a PDF with
its highlighted passage; its source file's folder shown; a recording without a sound device said to play silently."""

from __future__ import annotations

import dataclasses
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QFont, QTextCursor, QTextTable
from pytestqt.qtbot import QtBot

import app.media
from app.main_window import MainWindow
from app.palette import LIGHT
from app.text import MARK
from core.api import Hit, RecordText
from tests.demo_fixtures import DEMO
from tests.gui.conftest import WAIT_MS, WindowFactory, flat
from tests.gui.test_media import carmen_passage

LAB_DIARY = DEMO / "diaries" / "2019-08-05_conservation_lab.md"
TABLE_QUERY = "Jaume Pere Ceremonious reign number of coins"


def lab_hit(w: MainWindow, query: str, needle: str) -> Hit:
    """The lab diary's passage holding ``needle`` (the diary's Markdown table, or its bold words)."""
    for h in w.ops.ovillo.search.passages(query, limit=40):
        if Path(h.source_path or "").name == LAB_DIARY.name:
            rec = w.ops.ovillo.library.record(h.section_tipo, h.section_id)
            chunk = next(c for c in rec.chunks if c.chunk_index == h.chunk_index)
            if needle in chunk.text:
                return h
    raise AssertionError(f"no passage of {LAB_DIARY.name} holds {needle!r}")


def open_and_wait(qtbot: QtBot, w: MainWindow, hit: Hit, query: str = "") -> None:
    w.record.record = None
    w.open_hit(hit, query)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)


def moved(rec: RecordText, path: str) -> RecordText:
    """``rec`` as if its source file were at ``path``."""
    return dataclasses.replace(rec, data={**rec.data, "source_path": path})


def tables(w: MainWindow) -> list[QTextTable]:
    doc = w.record.text.document()
    found: list[QTextTable] = []
    for frame in doc.rootFrame().childFrames():
        if isinstance(frame, QTextTable):
            found.append(frame)
    return found


def cell_text(table: QTextTable, row: int, col: int) -> str:
    cell = table.cellAt(row, col)
    cursor = cell.firstCursorPosition()
    cursor.setPosition(cell.lastCursorPosition().position(), QTextCursor.MoveMode.KeepAnchor)
    return cursor.selectedText()


def test_a_markdown_table_reads_as_a_table_and_bold_as_bold(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    hit = lab_hit(w, TABLE_QUERY, "|---|")
    open_and_wait(qtbot, w, hit, "Jaume")
    plain = w.record.text.toPlainText()
    # the stored table (its rows joined into one line by the reader) is a real 3 × 4 table again
    assert "|---" not in plain and "| Jaume" not in plain
    (table,) = tables(w)
    assert (table.rows(), table.columns()) == (4, 3)
    assert [cell_text(table, 0, c) for c in range(3)] == ["King", "Number", "Reign"]
    assert [cell_text(table, 3, c) for c in range(3)] == ['Pere III "the Ceremonious"', "3", "1336–1387"]
    # the passage opened at is highlighted, the table too, and the query's words are marked inside it
    html = w.record.text.toHtml()
    assert LIGHT.hit.background in html
    cell = table.cellAt(1, 0).firstCursorPosition()
    cell.movePosition(QTextCursor.MoveOperation.NextCharacter)
    assert cell.charFormat().background().color().name() == "#ffe08a"  # "Jaume", marked like every query word
    # **23 coins** is bold and *dineros* italic, with no asterisks left
    assert "**" not in plain and "*dineros*" not in plain and "23 coins" in plain
    found = w.record.text.document().find("23 coins")
    assert not found.isNull()
    inside = QTextCursor(found)
    inside.setPosition(found.selectionStart() + 2)
    assert inside.charFormat().fontWeight() >= QFont.Weight.Bold
    dineros = QTextCursor(w.record.text.document().find("dineros"))
    dineros.setPosition(dineros.selectionStart() + 2)
    assert dineros.charFormat().fontItalic()


def test_an_answer_quote_inside_a_markdown_passage_is_marked(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    hit = lab_hit(w, TABLE_QUERY, "|---|")
    open_and_wait(qtbot, w, hit)
    rec = w.record.record
    chunk = next(c for c in rec.chunks if c.chunk_index == hit.chunk_index)
    start = chunk.text.index("Jaume II")
    end = chunk.text.index("1291–1327") + len("1291–1327")
    w.record.show_record(rec, (chunk.component_tipo, chunk.chunk_index), "", (start, end))
    table = tables(w)[0]
    quoted = table.cellAt(2, 0).firstCursorPosition()
    quoted.movePosition(QTextCursor.MoveOperation.NextCharacter)
    assert quoted.charFormat().background().color().name() == LIGHT.quote.background
    before = table.cellAt(1, 0).firstCursorPosition()
    before.movePosition(QTextCursor.MoveOperation.NextCharacter)
    assert before.charFormat().background().color().name() != LIGHT.quote.background


def test_result_cards_show_the_snippets_markdown(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    hit = lab_hit(w, "23 coins billon dineros Barcelona mint linen textile", "**23 coins**")
    w.search.show_hits([hit], "coins")
    qtbot.waitUntil(w.search.cards_done, timeout=WAIT_MS)
    label = w.search.results.itemWidget(w.search.results.item(0))
    assert "**23" not in hit.snippet or "<b>23 " in label.text()
    assert "**" not in label.text() and "<i>dineros</i>" in label.text()
    assert MARK + "coins</span>" in label.text()
    assert "English" in label.text()  # the language by name, not "en"
    # the row's tooltip names the file in full
    assert str(LAB_DIARY.name) in w.search.results.item(0).toolTip()


def test_a_long_file_name_is_elided_in_the_middle_with_the_whole_path_in_its_tooltip(
        qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    hit = lab_hit(w, TABLE_QUERY, "|---|")
    open_and_wait(qtbot, w, hit)
    long_name = "1958-1959_" + "dietario_del_parroco_de_vilanova_del_sali_" * 3 + "final_copy.md"
    path = str(Path("/archive/scans") / long_name)
    rec = moved(w.record.record, path)
    w.record.show_record(rec, (hit.component_tipo, hit.chunk_index))
    meta = w.record.meta
    labels = [meta.itemAt(i).widget() for i in range(meta.count()) if meta.itemAt(i).widget() is not None]
    # the file row and the identifier (the file name, for a diary) both: elided, the whole name in the tooltip
    shown = [lab for lab in labels if lab.text().startswith("1958-1959_")]
    assert len(shown) == 2
    for lab in shown:
        assert "…" in lab.text() and lab.text().endswith("final_copy.md") and len(lab.text()) < len(long_name)
        assert long_name in lab.toolTip()
    assert path in shown[1].toolTip()


def test_save_as_pdf_writes_the_record_with_its_highlighted_passage(qtbot: QtBot, make_window: WindowFactory,
                                                                   tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    w = make_window()
    hit = lab_hit(w, "coins stored micro-climate box relative humidity", "micro-climate")
    open_and_wait(qtbot, w, hit, "humidity")
    assert w.record.print_button.isVisibleTo(w)
    # the menu's "Save as PDF…" asks where (the dialog answered here), then writes a real PDF
    target = tmp_path / "lab diary"
    monkeypatch.setattr("app.views.record_output.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), "PDF documents (*.pdf)"))
    (pdf_action,) = [a for a in w.record.print_button.menu().actions() if a.text() == "Save as PDF…"]
    pdf_action.trigger()
    written = tmp_path / "lab diary.pdf"
    assert written.read_bytes().startswith(b"%PDF")
    # NFKC: the PDF's font sets "fi" as one ligature glyph
    text = flat(unicodedata.normalize("NFKC", " ".join(page.extract_text() for page in PdfReader(written).pages)))
    assert flat(w.record.record.title) in text
    assert "2019-08-05_conservation_lab.md" in text  # the identity facts
    assert f"[{hit.section_tipo}-{hit.section_id}]" in text  # the citation
    assert "micro-climate box at 35% relative humidity" in text  # the passage opened at
    assert "King Number Reign" in text and "**" not in text  # the text as the window shows it
    # the passage and the query's words are highlighted in the printed copy, in light colours
    printable = w.record.printable()
    assert LIGHT.hit.background in printable and MARK + "humidity</span>" in printable
    assert "play:" not in printable


def test_show_in_folder_opens_the_source_files_folder(qtbot: QtBot, make_window: WindowFactory,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    w = make_window()
    hit = lab_hit(w, TABLE_QUERY, "|---|")
    open_and_wait(qtbot, w, hit)
    assert w.record.folder_button.isEnabled()
    w.record.folder_button.click()
    assert [u.toLocalFile() for u in opened] == [str(Path(hit.source_path or "").parent)]
    # a record whose file is gone: the button is off, and asking anyway says why
    rec = moved(w.record.record, "/nowhere/gone.md")
    w.record.show_record(rec, None)
    assert not w.record.folder_button.isEnabled()
    w.record.show_folder()
    assert len(opened) == 1 and "/nowhere/gone.md" in w.statusBar().currentMessage()


def test_kiosk_neither_prints_nor_shows_folders(qtbot: QtBot, make_window: WindowFactory, tmp_path: Path) -> None:
    w = make_window(kiosk=True)
    hit = lab_hit(w, TABLE_QUERY, "|---|")
    open_and_wait(qtbot, w, hit)
    assert not w.record.print_button.isVisibleTo(w) and not w.record.folder_button.isVisibleTo(w)
    assert w.record.save_pdf(str(tmp_path / "x.pdf")) == "" and not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("device", [False, True])
def test_without_a_sound_device_the_player_says_it_plays_silently(
        qtbot: QtBot, make_window: WindowFactory, monkeypatch: pytest.MonkeyPatch, device: bool) -> None:
    monkeypatch.setattr(app.media, "sound_output_present", lambda: device)
    w = make_window()
    open_and_wait(qtbot, w, carmen_passage(w))
    media = w.record.media
    assert media.isVisibleTo(w)
    assert media.no_sound.isVisibleTo(w) is not device
    if not device:
        assert media.no_sound.text() == "No sound device: the recording plays silently"
        media.play()
        assert w.statusBar().currentMessage() == "No sound device: the recording plays silently"
        media.pause()
    media.clear()
    assert not media.no_sound.isVisibleTo(w)


def test_a_record_without_a_recording_never_mentions_sound(qtbot: QtBot, make_window: WindowFactory,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.media, "sound_output_present", lambda: False)
    w = make_window()
    open_and_wait(qtbot, w, lab_hit(w, TABLE_QUERY, "|---|"))
    assert not w.record.media.isVisibleTo(w) and not w.record.media.no_sound.isVisibleTo(w)


def test_an_interview_s_elements_are_labelled_in_the_window_s_words(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    hit = next(h for h in w.ops.ovillo.search.passages("Elena Vidal kiln interview", limit=40)
               if Path(h.source_path or "").name == "oh04_elena_en.xml")
    open_and_wait(qtbot, w, hit)
    meta = w.record.meta
    rows = {}
    for i in range(meta.rowCount()):
        label, field = (meta.itemAt(i, role) for role in (meta.ItemRole.LabelRole, meta.ItemRole.FieldRole))
        if label is not None and field is not None:
            rows[label.widget().text()] = field.widget().text()
    # OHMS's element names are Ovillo's keys, not the archive's words: shown as the window's labels
    assert rows["Accession"] == "CMF-OH04" and rows["Interviewee"].startswith("Elena Vidal")
    assert rows["Interviewer"] == "Sarah Whitcombe" and rows["Duration"] == "0:06:43"
    assert not {"accession", "interviewee", "repository", "duration"} & set(rows)
