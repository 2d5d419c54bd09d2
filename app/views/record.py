"""Record view: the full text rebuilt from its passages, the hit passage highlighted and in view."""

from __future__ import annotations

import json
import os
from typing import Any

from PySide6.QtCore import QEvent, Qt, QUrl, Signal
from PySide6.QtGui import QCursor, QDesktopServices, QKeySequence, QShortcut
from PySide6.QtWidgets import (QApplication, QFormLayout, QHBoxLayout, QListWidget, QListWidgetItem, QMenu,
                               QPushButton, QSplitter, QTextBrowser, QToolButton, QToolTip, QVBoxLayout, QWidget)

from app.fonts import scaled_font
from app.labels import classification_label, language_label
from app.media import MediaPanel
from app.record_facts import citation_bibtex, citation_csl, citation_parts, citation_text, record_dates, \
    record_fields, record_identifier
from app.views.object_tiles import ImageStrip
from app.ops import Ops
from app.palette import current
from app.plain import form_row, plain_label, set_tip, show_tip
from app.qt import named
from app.status_note import notify
from app.text import escape, highlight, timecode
from core.api import Hit, RecordChunk, RecordText

TITLE_SCALE = 1.5  # the record title, relative to the application font
PLAY_SCHEME = "play"  # passage links "play:<seconds>" start the recording there


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
        self._similar_seq = 0
        self.title = named(plain_label(), "recordTitle")
        self.title.setWordWrap(True)
        # larger than the body text by a ratio, so it follows the user's system font size
        self.title.setFont(scaled_font(TITLE_SCALE, bold=True))
        self.meta = QFormLayout()
        self.text = named(QTextBrowser(), "fullText")
        self.text.setOpenLinks(False)
        self.similar = named(QListWidget(), "similar")
        self.similar.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.similar.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.back_button = named(QPushButton(self.tr("← Back")), "back")
        self.open_button = named(QPushButton(self.tr("Open original file")), "openOriginal")
        self.open_button.setVisible(not ops.kiosk)
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
        top.addWidget(self.cite_button)
        top.addWidget(self.open_button)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.media)
        lay.addWidget(self.images)
        lay.addWidget(split, 1)

        self.back_button.clicked.connect(self.go_back)
        QShortcut(QKeySequence("Esc"), self).activated.connect(self.go_back)
        self.text.anchorClicked.connect(self._link)
        self.text.highlighted.connect(self._hover)
        self.open_button.clicked.connect(self.open_original)
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
        parts: list[str] = []
        for c in rec.chunks:
            if quote is not None and c is focus and 0 <= quote[0] < quote[1] <= len(c.text):
                a, b = quote
                body = (highlight(c.text[:a], query) + f"<span style='{current().quote.css}'>"
                        + highlight(c.text[a:b], query) + "</span>" + highlight(c.text[b:], query))
                body = body.replace("\n", "<br>")
            else:
                body = highlight(c.text, query).replace("\n", "<br>")
            where = self._where(c)
            if playable and c.tc_in is not None:
                prefix = f"<a href='{PLAY_SCHEME}:{c.tc_in:.3f}'>▶ {escape(where)}</a> "
            elif where:
                prefix = f"<span style='color:{current().meta};'>[{escape(where)}]</span> "
            else:
                prefix = ""
            if focus is not None and c is focus:
                parts.append(f"<a name='hit'></a><p style='{current().hit.css}'>{prefix}{body}</p>")
            else:
                parts.append(f"<p>{prefix}{body}</p>")
        self.text.setHtml("".join(parts))
        self.open_button.setEnabled(bool(rec.source_path) and os.path.exists(rec.source_path or ""))
        if focus is not None:
            self.text.scrollToAnchor("hit")
        else:
            self.text.verticalScrollBar().setValue(0)
        self._load_similar(rec)
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

    def _fill_meta(self, rec: RecordText, focus: RecordChunk | None) -> None:
        while self.meta.rowCount():
            self.meta.removeRow(0)
        rows = [(self.tr("Collection"), rec.section_tipo),
                (self.tr("Identifier"), record_identifier(rec.section_tipo, rec.section_id, rec.data)),
                (self.tr("Language"), language_label(rec.lang)),
                (self.tr("Classification"), classification_label(rec.classification)),
                (self.tr("Dates"), record_dates(rec.date_start, rec.date_end, rec.data) or "—"),
                (self.tr("Passages"), str(len(rec.chunks)))]
        if focus is not None:  # counted from 1, as a reader counts them
            where = self.tr("%1 of %2").replace("%1", str(focus.chunk_index + 1)).replace("%2", str(len(rec.chunks)))
            rows.append((self.tr("Passage"), f"{where} {self._where(focus)}".strip()))
        if rec.source_path and not self.ops.kiosk:
            rows.append((self.tr("File"), os.path.basename(rec.source_path)))
        own = record_fields(rec.title, rec.classification, rec.lang, rec.data)
        if own:  # the catalogue's own columns (or an interview's elements), under the names the archive gives them
            rows.append(("", self.tr("As catalogued:")))
            rows += own
        for label, value in rows:
            v = plain_label(value)
            v.setWordWrap(True)
            if label == self.tr("File"):
                set_tip(v, rec.source_path or "")
            elif label == self.tr("Identifier"):  # the internal id, for a bug report or the command line
                set_tip(v, f"{rec.section_tipo} {rec.section_id}")
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
            item = QListWidgetItem(h.title or f"{h.section_tipo} {h.section_id}", self.similar)
            item.setData(256, h)
            set_tip(item, h.snippet)

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
        focus = self._resolve(rec, self.focus_chunk)
        parts = citation_parts(rec.section_tipo, rec.section_id, rec.title, rec.date_start, rec.date_end, rec.data,
                               page=focus.page if focus else None, tc_in=focus.tc_in if focus else None)
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

    def clear(self) -> None:
        """Forget the record (kiosk idle reset)."""
        self.record = None
        self.focus_chunk = None
        self.media.clear()
        self.images.load({})
        self.title.clear()
        self.text.clear()
        self.similar.clear()
        self._similar_seq += 1
