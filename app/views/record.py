"""Record view: the full text rebuilt from its passages, the hit passage highlighted and in view."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Qt, QUrl, Signal
from PySide6.QtGui import QCursor, QDesktopServices, QKeySequence, QShortcut
from PySide6.QtWidgets import (QApplication, QFormLayout, QHBoxLayout, QListWidget, QListWidgetItem, QMenu,
                               QMessageBox, QPushButton, QSplitter, QTextBrowser, QToolButton, QToolTip, QVBoxLayout,
                               QWidget)

from app.flow import FlowLayout
from app.fonts import scaled_font
from app.labels import classification_label, field_label, language_label
from app.media import MediaPanel
from app.record_facts import citation_bibtex, citation_csl, citation_text, \
    record_fields, record_identifier
from app.views.object_tiles import ImageStrip
from app.views.record_edit import EditButton, shown_dates
from app.ops import Ops
from app.palette import LIGHT, current
from app.plain import form_row, message_box, plain_label, set_tip, show_tip
from app.qt import named
from app.status_note import notify
from app.text import timecode
from app.views.record_output import PLAY_SCHEME, ask_pdf_path, fact_label, passages_html, print_with_dialog, \
    printable_html, record_citation, save_pdf, show_in_folder
from core.api import Hit, RecordChunk, RecordText

TITLE_SCALE = 1.5  # the record title, relative to the application font


def __getattr__(name: str) -> str:
    """``HIT_BG`` and ``QUOTE_BG``: the passage and quote backgrounds of the current light/dark palette."""
    colours = {"HIT_BG": current().hit.background, "QUOTE_BG": current().quote.background}
    if name in colours:
        return colours[name]
    raise AttributeError(name)


class RecordView(QWidget):
    """Shows one record; ``back`` returns to where the user came from."""

    back = Signal()
    shown = Signal(object)  # the RecordText now displayed

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.record: RecordText | None = None
        self.focus_chunk: tuple[str, int] | None = None
        self.query = ""  # what the record was opened with: a printed copy marks the same words
        self.quote: tuple[int, int] | None = None
        self._similar_seq = 0
        self.title = named(plain_label(), "recordTitle")
        self.title.setWordWrap(True)
        # larger than the body text by a ratio, so it follows the user's system font size
        self.title.setFont(scaled_font(TITLE_SCALE, bold=True))
        self.meta = QFormLayout()
        self.meta.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # the side column is narrow at large text
        self.text = named(QTextBrowser(), "fullText")
        self.text.setOpenLinks(False)
        self.similar = named(QListWidget(), "similar")
        # a catalogue title often ends with its inventory number: elided in the middle, whole in the tooltip
        self.similar.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.similar.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.back_button = named(QPushButton(self.tr("← Back")), "back")
        self.open_button = named(QPushButton(self.tr("Open original file")), "openOriginal")
        self.open_button.setVisible(not ops.kiosk)
        self.list_button = named(QPushButton(self.tr("Add to list…")), "addToList")  # the window connects it
        self.list_button.setVisible(not ops.kiosk)
        self.cite_button = named(QToolButton(), "copyCitation")
        self.cite_button.setText(self.tr("Copy citation"))
        self.cite_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        cite_menu = QMenu(self.cite_button)
        self.cite_actions = {"text": cite_menu.addAction(self.tr("Copy citation")),
                             "csl": cite_menu.addAction(self.tr("Copy as CSL-JSON (Zotero)")),
                             "bibtex": cite_menu.addAction(self.tr("Copy as BibTeX"))}
        for kind, action in self.cite_actions.items():
            action.triggered.connect(lambda _c=False, k=kind: self.copy_citation(k))
        self.cite_button.setMenu(cite_menu)
        self.cite_button.clicked.connect(lambda: self.copy_citation("text"))
        self.cite_button.setVisible(not ops.kiosk)
        self.print_button = named(QToolButton(), "printRecord")
        self.print_button.setText(self.tr("Print…"))
        self.print_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        print_menu = QMenu(self.print_button)
        print_menu.addAction(self.tr("Print…")).triggered.connect(self.print_record)
        print_menu.addAction(self.tr("Save as PDF…")).triggered.connect(self.choose_pdf)
        self.print_button.setMenu(print_menu)
        self.print_button.clicked.connect(self.print_record)
        self.print_button.setVisible(not ops.kiosk)  # a reading room's screen never writes or prints files
        self.folder_button = named(QPushButton(self.tr("Show in folder")), "showInFolder")
        self.folder_button.setVisible(not ops.kiosk)
        self.exclude_button = named(QPushButton(self.tr("Exclude this file")), "excludeFile")
        set_tip(self.exclude_button, self.tr("Leave this file out of its library source: its records leave the "
                                             "library, and rescans keep it out"))
        self.exclude_button.setVisible(not ops.kiosk)
        self.confirm_exclude: Callable[[str], bool] = self._ask_exclude  # a test replaces it
        self.media = MediaPanel()  # reading-room content: playable in kiosk mode too
        self.images = ImageStrip()  # an object's photographs, every view

        meta_box = QWidget()
        meta_box.setLayout(self.meta)
        side = QWidget()
        side.setMinimumWidth(320)
        side_lay = QVBoxLayout(side)
        side_lay.addWidget(meta_box)
        side_lay.addWidget(plain_label(self.tr("Similar records")))
        side_lay.addWidget(self.similar, 1)
        split = QSplitter()
        split.addWidget(self.text)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        top = QHBoxLayout()
        top.addWidget(self.back_button)
        top.addWidget(self.title, 1)
        # the record's buttons on a line of their own under the title, wrapping rather than widening the page:
        # beside the title they squeezed it into a column at large text sizes
        actions = FlowLayout()
        actions.addWidget(self.list_button)
        actions.addWidget(self.cite_button)
        actions.addWidget(self.print_button)
        actions.addWidget(self.open_button)
        self.edit_button = EditButton(ops)  # "Edit…": a local record in a staff window (why not, in its tip)
        actions.addWidget(self.edit_button)
        actions.addWidget(self.folder_button)
        actions.addWidget(self.exclude_button)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addLayout(actions)
        lay.addWidget(self.media)
        lay.addWidget(self.images)
        lay.addWidget(split, 1)

        self.back_button.clicked.connect(self.go_back)
        QShortcut(QKeySequence("Esc"), self).activated.connect(self.go_back)
        self.text.anchorClicked.connect(self._link)
        self.text.highlighted.connect(self._hover)
        self.open_button.clicked.connect(self.open_original)
        self.folder_button.clicked.connect(self.show_folder)
        self.exclude_button.clicked.connect(self.exclude_file)
        self.similar.itemActivated.connect(self._open_similar)
        self.similar.itemClicked.connect(self._open_similar)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt API
        """The system font changed while running: rescale the title from the new one."""
        if event.type() == QEvent.Type.FontChange:
            self.title.setFont(scaled_font(TITLE_SCALE, bold=True, base=self.font()))
        super().changeEvent(event)

    # -- loading ------------------------------------------------------------------------
    def show_hit(self, hit: Hit, query: str = "") -> None:
        """Open the hit's record at its passage."""
        self.open(hit.section_tipo, hit.section_id, (hit.component_tipo, hit.chunk_index), query, cue=hit.tc_in)

    def open(self, section_tipo: str, section_id: int, chunk: tuple[str, int] | int | None = None,
             query: str = "", quote: tuple[int, int] | None = None, cue: float | None = None) -> None:
        """Load a record (as this window's profile); ``chunk`` is (component, index) or an index;
        ``quote`` the (start, end) of the words an answer quoted from that passage, marked; ``cue`` the
        moment to cue the recording at (a hit's: where its words are spoken)."""
        self.ops.record(section_tipo, section_id, lambda rec: self.show_record(rec, chunk, query, quote, cue))

    def reload(self) -> None:
        """Show the open record again as the store now holds it (the library changed under it)."""
        rec = self.record
        if rec is None:
            return
        focus = self.focus_chunk

        def gone(_exc: BaseException) -> None:
            self.record = None
            self.title.setText(self.tr("This record is no longer in the library."))

        self.ops.record(rec.section_tipo, rec.section_id, lambda new: self.show_record(new, focus),
                        on_error=gone)

    def show_record(self, rec: RecordText, chunk: tuple[str, int] | int | None, query: str = "",
                    quote: tuple[int, int] | None = None, cue: float | None = None) -> None:
        """Show the record, highlight ``chunk`` (and the ``quote`` inside it) and scroll it into view."""
        self.record = rec
        focus = self._resolve(rec, chunk)
        self.focus_chunk = (focus.component_tipo, focus.chunk_index) if focus else None
        self.title.setText(rec.title or f"{rec.section_tipo} {rec.section_id}")
        self._fill_meta(rec, focus)
        media = rec.data.get("media_path")
        self.media.load(str(media) if media else None)
        if cue is None and focus is not None:  # a quote is cued where its words are spoken
            cue = focus.time_at(quote[0]) if quote is not None else focus.tc_in
        self.media.cue(cue)
        self.images.load(rec.data.get("views") or self._scan_pages(rec, focus))
        playable = self.media.available and self.media.source is not None
        if quote is not None and (focus is None or not 0 <= quote[0] < quote[1] <= len(focus.text)):
            quote = None
        self.query, self.quote = query, quote
        self.text.setHtml(passages_html(rec, focus, query, quote, self._where, current(), playable))
        local = bool(rec.source_path) and os.path.exists(rec.source_path or "")
        self.open_button.setEnabled(local)
        self.folder_button.setEnabled(local)
        self.exclude_button.setEnabled(bool(rec.source_path) and rec.data.get("reader") is not None)
        if focus is not None:
            self.text.scrollToAnchor("hit")
        else:
            self.text.verticalScrollBar().setValue(0)
        self._load_similar(rec)
        self.edit_button.set_record(rec)
        self.shown.emit(rec)

    def _scan_pages(self, rec: RecordText, focus: RecordChunk | None) -> dict[str, Any]:
        """A scanned document's page images (OCR'd), the focused passage's page first."""
        fields = rec.data.get("fields")
        pages = (fields.get("scan_pages") if isinstance(fields, dict) else None) or {}
        first = str(focus.page) if focus is not None and focus.page else ""
        order = sorted(pages, key=lambda k: (k != first, int(k) if str(k).isdigit() else 0))
        return {self.tr("page %1").replace("%1", k): {"path": pages[k].get("image")} for k in order
                if isinstance(pages[k], dict)}

    @staticmethod
    def _resolve(rec: RecordText, chunk: tuple[str, int] | int | None) -> RecordChunk | None:
        for c in rec.chunks:
            if isinstance(chunk, tuple) and (c.component_tipo, c.chunk_index) == chunk:
                return c
            if isinstance(chunk, int) and c.chunk_index == chunk:
                return c
        return None

    def _where(self, c: RecordChunk) -> str:
        if c.page:
            return self.tr("p. %1").replace("%1", str(c.page))
        if c.tc_in is not None:
            return timecode(c.tc_in) + (f"–{timecode(c.tc_out)}" if c.tc_out is not None else "")
        return ""

    def _meta_rows(self, rec: RecordText, focus: RecordChunk | None) -> list[tuple[str, str]]:
        """The record's identity facts as (label, value); a row with no label heads the catalogue's own."""
        rows = [(self.tr("Collection"), rec.section_tipo),
                (self.tr("Identifier"), record_identifier(rec.section_tipo, rec.section_id, rec.data)),
                (self.tr("Language"), language_label(rec.lang)),
                (self.tr("Classification"), classification_label(rec.classification)),
                (self.tr("Dates"), shown_dates(rec)),
                (self.tr("Passages"), str(len(rec.chunks)))]
        if focus is not None:  # counted from 1, as a reader counts them
            where = self.tr("%1 of %2").replace("%1", str(focus.chunk_index + 1)).replace("%2", str(len(rec.chunks)))
            rows.append((self.tr("Passage"), f"{where} {self._where(focus)}".strip()))
        if rec.source_path and not self.ops.kiosk:
            rows.append((self.tr("File"), os.path.basename(rec.source_path)))
        low = rec.low_confidence_pages
        if low:  # OCR's text of these pages may be wrong: the page images beside it are the check
            rows.append((self.tr("OCR"), self.tr("%n page(s) read with low confidence: %1", "", len(low))
                         .replace("%1", ", ".join(map(str, low)))))
        if rec.edit is not None and rec.edit.notes:  # the owner's own notes (Edit…)
            rows.append((self.tr("Notes"), rec.edit.notes))
        own = record_fields(rec.title, rec.classification, rec.lang, rec.data)
        if own:  # a catalogue's columns under the names the archive gives them; an interview's elements, ours
            rows.append(("", self.tr("As catalogued:")))
            fields = rec.data.get("fields")
            rows += own if isinstance(fields, dict) and "csv_line" in fields else \
                [(field_label(name), value) for name, value in own]
        return rows

    def _fill_meta(self, rec: RecordText, focus: RecordChunk | None) -> None:
        while self.meta.rowCount():
            self.meta.removeRow(0)
        for label, value in self._meta_rows(rec, focus):
            if label == self.tr("File"):  # the whole path in its tooltip
                v = fact_label(value, rec.source_path or "", whole=False)
            elif label == self.tr("Identifier"):  # the internal id, for a bug report or the command line
                v = fact_label(value, f"{rec.section_tipo} {rec.section_id}")
            else:
                v = fact_label(value)
            form_row(self.meta, label, v)

    def _load_similar(self, rec: RecordText) -> None:
        self.similar.clear()
        self._similar_seq += 1
        seq = self._similar_seq
        self.ops.similar(rec.section_tipo, rec.section_id, lambda hits: self._show_similar(seq, hits))

    def _show_similar(self, seq: int, hits: list[Hit]) -> None:
        if seq != self._similar_seq:
            return
        self.similar.clear()
        for h in hits:
            name = h.title or f"{h.section_tipo} {h.section_id}"
            item = QListWidgetItem(name, self.similar)
            item.setData(256, h)
            set_tip(item, f"{name}\n\n{h.snippet}")

    def _link(self, url: QUrl) -> None:
        """A passage's ▶ link: play the recording from its timecode."""
        if url.scheme() == PLAY_SCHEME:
            try:
                self.media.play_from(float(url.path()))
            except ValueError:
                pass

    def _hover(self, url: QUrl) -> None:
        if url.scheme() == PLAY_SCHEME:
            show_tip(QCursor.pos(), self.tr("Play from here"), self.text)
        else:
            QToolTip.hideText()

    def go_back(self) -> None:
        """Leave the record (the recording pauses: its controls are no longer on screen)."""
        self.media.pause()
        self.back.emit()

    def _open_similar(self, item: QListWidgetItem) -> None:
        hit = item.data(256)
        if hit is not None:
            self.show_hit(hit)

    def copy_citation(self, kind: str = "text") -> str:
        """Put a citation of the record (at the passage shown) on the clipboard: plain, CSL-JSON or BibTeX."""
        rec = self.record
        if rec is None or self.ops.kiosk:
            return ""
        parts = record_citation(rec, self._resolve(rec, self.focus_chunk))
        text = (json.dumps([citation_csl(parts, rec.lang)], ensure_ascii=False, indent=2) if kind == "csl" else
                citation_bibtex(parts) if kind == "bibtex" else citation_text(parts))
        QApplication.clipboard().setText(text)
        notify(self, self.tr("Citation copied."))
        return text

    def open_original(self) -> None:
        """Open the source file with the system's viewer (never in kiosk mode)."""
        if self.ops.kiosk or self.record is None:
            return
        path = self.record.source_path
        if not path:
            notify(self, self.tr("This record has no original file to open."))
        elif not os.path.exists(path):
            notify(self, self.tr("The original file is not there any more: %1").replace("%1", path))
        elif not QDesktopServices.openUrl(QUrl.fromLocalFile(path)):
            notify(self, self.tr("No application on this computer could open %1").replace("%1", path))

    def printable(self) -> str:
        """The record as one document to print: title, identity facts, citation, and the text with the
        passage it was opened at highlighted (in light colours, whatever the window's mode)."""
        rec = self.record
        if rec is None:
            return ""
        focus = self._resolve(rec, self.focus_chunk)
        body = passages_html(rec, focus, self.query, self.quote, self._where, LIGHT, play_links=False)
        return printable_html(self.title.text(), self._meta_rows(rec, focus),
                              citation_text(record_citation(rec, focus)), body, LIGHT)

    def print_record(self) -> None:
        """Print the record (the system's print dialog chooses the printer)."""
        if self.record is not None and not self.ops.kiosk:
            print_with_dialog(self, self.printable(), self.text.font())

    def choose_pdf(self) -> None:
        """Ask where to save the record as a PDF, then save it there."""
        rec = self.record
        if rec is not None and not self.ops.kiosk:
            path = ask_pdf_path(self, record_identifier(rec.section_tipo, rec.section_id, rec.data))
            if path:
                self.save_pdf(path)

    def save_pdf(self, path: str) -> str:
        """Write the printable record to ``path`` as a PDF; the path written ("" when nothing was)."""
        if self.record is None or self.ops.kiosk:
            return ""
        return save_pdf(self, self.printable(), path, self.text.font())

    def show_folder(self) -> None:
        """Show the folder holding the record's source file (never in kiosk mode)."""
        if not self.ops.kiosk and self.record is not None:
            show_in_folder(self, self.record.source_path or "")

    def exclude_file(self) -> None:
        """Leave the record's file out of its library source (asked first); the one change path refreshes."""
        path = self.record.source_path if self.record is not None and not self.ops.kiosk else None
        if path and self.confirm_exclude(path):
            self.ops.source_write("exclude_file", lambda lib, t, ch: lib.set_rule("exclude", path, None, t, changes=ch))

    def _ask_exclude(self, path: str) -> bool:
        box = message_box(self, QMessageBox.Icon.Question, self.tr("Exclude this file?"),
                          self.tr("%1 will be left out of the library: its records leave it, and rescans keep it "
                                  "out.").replace("%1", os.path.basename(path)))
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return box.exec() == QMessageBox.StandardButton.Yes

    def clear(self) -> None:
        """Forget the record (kiosk idle reset)."""
        self.record, self.focus_chunk = None, None
        self.media.clear()
        self.images.load({})
        self.title.clear()
        self.text.clear()
        self.similar.clear()
        self._similar_seq += 1
        self.edit_button.set_record(None)
