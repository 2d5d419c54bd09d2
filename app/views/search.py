"""Search: a query box with debounced live results, facet filters and a keyboard-navigable list."""

from __future__ import annotations

import os
import time
from datetime import date

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QPushButton, QSpinBox, QVBoxLayout, QWidget)

from app.empty_state import NoMatchNote
from app.flow import FlowLayout, flow_group
from app.labels import classification_label, language_label
from app.passage_html import snippet_html
from app.ops import Ops
from app.plain import plain_label, rich_label, set_tip
from app.qt import named
from app.status_note import notify
from app.views.add_to_list import offer_on_results
from app.views.results_export import choose_and_export
from app.views.search_memory import SearchMemory
from app.text import escape, highlight, timecode
from app.palette import current
from core.api import Facets, Hit, ResultPage, SearchFilters

DEBOUNCE_MS = 300
FIRST_CARDS = 3  # cards built at once, so the top of the list never appears empty
CARD_SLICE_S = 0.012  # then build cards for at most this long per event-loop turn
HIT_ROLE = Qt.ItemDataRole.UserRole
THUMB = 56  # px, an object's photograph beside its result
PAGE = 20  # results listed; the count above them is of every matching record
FILE_NAME_PX = 320  # a result's file name is elided in the middle past this width


class SearchView(QWidget):
    """Type to search; Down moves into the results; Enter opens one."""

    open_hit = Signal(object, str)  # Hit, query

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.hits: list[Hit] = []
        self.total = 0  # records matching the query in all (the list shows a page of them)
        self._pending_cards: list[int] = []  # result rows still waiting for their card
        self._thumbs: dict[tuple[str, int], str] = {}  # an object's first thumbnail, by record
        self._cards_seq = 0
        self._seq = 0
        self._running = False
        self._again = False
        self.query = named(QLineEdit(), "query")
        self.query.setPlaceholderText(self.tr("Search the archive by meaning, in any language…"))
        self.query.setClearButtonEnabled(True)
        self.collection = named(QComboBox(), "collection")
        self.lang = named(QComboBox(), "lang")
        self.classification = named(QComboBox(), "classification")
        # a very long collection name must not push the page wider than the window (the popup shows it whole)
        self.collection.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.collection.setMinimumContentsLength(24)
        self.year_from = self._year_box("yearFrom", self.tr("from any year"))
        self.year_to = self._year_box("yearTo", self.tr("to any year"))
        self.sort = named(QComboBox(), "sort")  # the page found, in another order: core sorts it (dates are its)
        for label, order in ((self.tr("Relevance"), "relevance"), (self.tr("Title"), "title"),
                             (self.tr("Date"), "date")):
            self.sort.addItem(label, order)
        self.results = named(QListWidget(), "results")
        self.results.setWordWrap(True)
        self.results.setAlternatingRowColors(True)
        self.results.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.info = named(plain_label(), "searchInfo")
        self.shown_query = ""
        self.export_button = named(QPushButton(self.tr("Export…")), "exportResults")
        set_tip(self.export_button, self.tr("Save the results shown as CSV, JSON or Markdown"))
        self.export_button.setEnabled(False)
        self.export_button.setVisible(not ops.kiosk)
        self.export_button.clicked.connect(self.export_results)
        self.no_match = NoMatchNote(self.results)  # "no records match", why, and what to try
        self.no_match.chosen.connect(self.query.setText)
        self.no_match.show_closest.connect(self._show_closest)
        self._closest: tuple[str, list[Hit]] = ("", [])
        self._timer = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._timer.timeout.connect(self.run_search)
        self.memory = SearchMemory(self, self)  # saved and recent searches (hidden in a kiosk)
        offer_on_results(self.results, ops, HIT_ROLE)  # a result's context menu: Add to list…

        # the filters wrap onto more lines rather than widen the page (small screens, es/ca, large text)
        filters = FlowLayout()
        groups: list[QWidget] = []
        for label, box in ((self.tr("Collection"), self.collection), (self.tr("Language"), self.lang),
                           (self.tr("Classification"), self.classification)):
            lab = plain_label(label)
            lab.setBuddy(box)
            groups.append(flow_group(lab, box))
            filters.addWidget(groups[-1])
        filters.addWidget(flow_group(plain_label(self.tr("Dates")), self.year_from, self.year_to))
        sort_label = plain_label(self.tr("Sort by"))
        sort_label.setBuddy(self.sort)
        filters.addWidget(flow_group(sort_label, self.sort))
        self.info.setWordWrap(True)  # "the closest records… “<query>”" quotes the whole query
        dates = QHBoxLayout()  # the count and Export under the filters
        dates.addWidget(self.info, 1)
        dates.addWidget(self.export_button)
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(self.query, 1)
        top.addWidget(self.memory.button)
        lay.addLayout(top)
        lay.addLayout(filters)
        lay.addLayout(dates)
        lay.addWidget(self.results, 1)

        self.query.textChanged.connect(lambda _t: self._timer.start())
        self.query.returnPressed.connect(self._enter_from_query)
        self.query.installEventFilter(self)
        self._rows_area = self.results.viewport()
        self._rows_area.installEventFilter(self)
        for box in (self.collection, self.lang, self.classification):
            box.currentIndexChanged.connect(lambda _i: self._timer.start())
        self.sort.currentIndexChanged.connect(lambda _i: self._timer.start())
        for spin in (self.year_from, self.year_to):
            spin.valueChanged.connect(lambda _v: self._timer.start())
        self.results.itemActivated.connect(self._activate)
        self.results.itemClicked.connect(self._activate)
        self.set_facets(Facets((), (), (), (), None, None))
        if ops.kiosk:  # public records only: the classification filter has nothing to choose
            groups[2].hide()

    def _year_box(self, name: str, special: str) -> QSpinBox:
        box = named(QSpinBox(), name)
        box.setRange(0, 2100)
        box.setSpecialValueText(special)  # 0 = no bound
        box.setValue(0)
        return box

    # -- facets -------------------------------------------------------------------------
    def refresh_facets(self) -> None:
        """Reload filter values (after an import, or when the view opens)."""
        self.ops.facets(self.set_facets)

    def set_facets(self, facets: Facets) -> None:
        """Fill the filter boxes, keeping the current choices when still present."""
        for box, values, everything in ((self.collection, facets.collections, self.tr("All collections")),
                                        (self.lang, facets.langs, self.tr("All languages")),
                                        (self.classification, facets.classifications, self.tr("Any classification"))):
            current = box.currentData()
            box.blockSignals(True)
            box.clear()
            box.addItem(everything, None)
            for v in values:
                box.addItem(classification_label(v) if box is self.classification else v, v)
            box.setCurrentIndex(max(0, box.findData(current)) if current else 0)
            box.blockSignals(False)

    def filters(self) -> SearchFilters:
        """The filters the boxes describe."""
        def one(box: QComboBox) -> tuple[str, ...]:
            return (box.currentData(),) if box.currentData() else ()

        y0, y1 = self.year_from.value(), self.year_to.value()
        return SearchFilters(collections=one(self.collection), langs=one(self.lang),
                             classifications=one(self.classification),
                             date_from=date(y0, 1, 1) if y0 else None, date_to=date(y1, 12, 31) if y1 else None)

    # -- searching ----------------------------------------------------------------------
    def run_search(self) -> None:
        """Search now (the debounce timer calls this); one search in flight at a time."""
        text = self.query.text().strip()
        if not text:
            self._seq += 1  # a search still in flight must not repaint an emptied box
            self.show_hits([], "")
            return
        if self._running:
            self._again = True  # the newest query runs when the current one returns
            return
        self._running = True
        self._seq += 1
        seq, filters = self._seq, self.filters()
        self.info.setText(self.tr("Searching…"))
        self.ops.search_page(text, filters, lambda page: self._arrived(seq, text, page), limit=PAGE,
                             sort=self.sort.currentData(),
                             on_done=self._search_done)

    def _arrived(self, seq: int, text: str, page: ResultPage) -> None:
        if seq == self._seq and not self._again:
            self.show_hits(page.hits, text, page.total)
            if page.no_match is not None:
                self._closest = (text, list(page.no_match.closest))
                self.no_match.show_for(page.no_match, text)
                self.info.setText(self.tr("No records match"))

    def _show_closest(self) -> None:
        """What the search found under the relevance floor, on request, said to be no match."""
        text, hits = self._closest
        self.show_hits(hits, text)
        self.info.setText(self.tr("The closest records: none of them is close to “%1” in meaning or words")
                          .replace("%1", text))

    def _search_done(self) -> None:
        self._running = False
        if self._again:
            self._again = False
            self.run_search()
        elif self.info.text() == self.tr("Searching…"):
            self.info.clear()

    def show_hits(self, hits: list[Hit], query: str, total: int | None = None) -> None:
        """Render results: title, highlighted snippet, source (and the score, as a tuning aid); ``total``:
        how many records match in all (None: only the hits shown are known).

        The rows (and so keyboard navigation) exist at once; the rich-text cards are built a
        few at a time between event-loop turns, because laying out twenty of them in one go
        took 100–200 ms on a busy machine — a visible freeze while an import runs.
        """
        self.hits = hits
        self.shown_query = query
        self.export_button.setEnabled(bool(hits))
        self.no_match.show_for(None, query)
        self._cards_seq += 1
        self.results.clear()
        for hit in hits:
            item = QListWidgetItem(self.results)
            item.setData(HIT_ROLE, hit)
            # the file's name whole (its card may elide it); staff see where it is, a reading room only its name
            source = os.path.basename(hit.source_path or "") if self.ops.kiosk else hit.source_path
            set_tip(item, "\n".join(filter(None, (hit.title, source))))
        self._pending_cards = list(range(len(hits)))
        self._thumbs = {}
        self._build_cards(self._cards_seq, query)
        if hits:  # objects show their photograph; the lookup runs after the search, on the read thread
            seq = self._cards_seq
            self.ops.thumbnails([(h.section_tipo, h.section_id) for h in hits],
                                lambda found: self._show_thumbs(seq, query, found))
        if hits:
            self.results.setCurrentRow(0)
        self.total = len(hits) if total is None else max(total, len(hits))
        self.info.setText(self.count_text(len(hits), self.total) if query else "")

    def export_results(self) -> None:
        """Save the results shown (already gated for this window's profile) where the person chooses."""
        if self.ops.kiosk or not self.hits:
            return
        path = choose_and_export(self, self.shown_query, self.hits, self.total)
        if path is not None:
            notify(self, self.tr("Results saved to %1").replace("%1", str(path)))

    def count_text(self, shown: int, total: int) -> str:
        """"20 of 143 records", or "3 records" when all of them are shown (plural forms per language)."""
        if total > shown:
            # "%1" is the shown count; the plural follows the total
            return self.tr("%1 of %n record(s)", "", total).replace("%1", str(shown))
        return self.tr("%n record(s)", "", total)

    def _build_cards(self, seq: int, query: str) -> None:
        """Build cards until the slice's time is used (the first few always), then yield to the loop."""
        if seq != self._cards_seq:
            return  # a newer result list replaced this one
        width = max(200, self.results.viewport().width() - 16)
        start = time.monotonic()
        built = 0
        while self._pending_cards and (built < FIRST_CARDS or time.monotonic() - start < CARD_SLICE_S):
            item = self.results.item(self._pending_cards.pop(0))
            hit = item.data(HIT_ROLE)
            label = rich_label(self._card(hit, query))
            label.setWordWrap(True)
            label.setContentsMargins(6, 4, 6, 4)
            self.results.setItemWidget(item, label)
            item.setSizeHint(QSize(width, label.heightForWidth(width) + 2))
            built += 1
        if self._pending_cards:
            QTimer.singleShot(0, self, lambda: self._build_cards(seq, query))

    def _show_thumbs(self, seq: int, query: str, found: dict[tuple[str, int], list[tuple[str, str]]]) -> None:
        if seq != self._cards_seq or not found:
            return
        self._thumbs = {key: views[0][1] for key, views in found.items()}
        for i in range(self.results.count()):
            hit = self.results.item(i).data(HIT_ROLE)
            label = self.results.itemWidget(self.results.item(i))
            if isinstance(label, QLabel) and (hit.section_tipo, hit.section_id) in self._thumbs:
                label.setText(self._card(hit, query))
        self._fit_rows()

    def cards_done(self) -> bool:
        """True once every result row has its card (tests, screenshots)."""
        return not self._pending_cards

    def _fit_rows(self) -> None:
        """Row heights follow the wrapped card text at the list's current width."""
        width = max(200, self.results.viewport().width() - 16)
        for i in range(self.results.count()):
            item = self.results.item(i)
            label = self.results.itemWidget(item)
            if label is not None:
                item.setSizeHint(QSize(width, label.heightForWidth(width) + 2))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        """Re-wrap the cards once the page is laid out: rows built while it was hidden kept a stale width."""
        super().showEvent(event)
        QTimer.singleShot(0, self, self._fit_rows)

    def _card(self, hit: Hit, query: str) -> str:
        # a long file name is one unbreakable word: elided in the middle (the row's tooltip has it whole)
        name = os.path.basename(hit.source_path) if hit.source_path else hit.section_tipo
        where = [self.results.fontMetrics().elidedText(name, Qt.TextElideMode.ElideMiddle, FILE_NAME_PX)]
        if hit.page:
            where.append(self.tr("p. %1").replace("%1", str(hit.page)))
        if hit.tc_in is not None:
            where.append(timecode(hit.tc_in))
        if hit.lang:
            where.append(language_label(hit.lang))
        if hit.classification and not self.ops.kiosk:  # a reading room sees public records only
            where.append(classification_label(hit.classification))
        meta = " · ".join(escape(w) for w in where)  # a file name is data: never markup
        if self.ops.ovillo.settings.show_scores and not self.ops.kiosk:  # a tuning aid, not for readers
            meta += f" · {escape(self.tr('score'))} {hit.score:.4f}"
        card = (f"<b>{highlight(hit.title, query)}</b><br>{snippet_html(hit.snippet, query, hit.source_path)}"
                f"<br><span style='color:{current().meta}; font-size:small;'>{meta}</span>")
        thumb = self._thumbs.get((hit.section_tipo, hit.section_id))
        if thumb:
            card = (f"<table><tr><td><img src='{escape(thumb)}' width='{THUMB}'></td>"
                    f"<td style='padding-left:6px;'>{card}</td></tr></table>")
        return card

    # -- keyboard -----------------------------------------------------------------------
    def _enter_from_query(self) -> None:
        self._timer.stop()
        self.run_search()
        self.memory.remember()
        if self.hits:
            self.results.setFocus()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """Down in the query box moves into the results."""
        if obj is self._rows_area and event.type() == QEvent.Type.Resize:
            self._fit_rows()  # the list's own width, not the page's: a hidden list resizes only when shown
        if (obj is self.query and isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress
                and event.key() == Qt.Key.Key_Down):
            if self.results.count():
                self.results.setFocus()
                return True
        return super().eventFilter(obj, event)

    def _activate(self, item: QListWidgetItem) -> None:
        hit = item.data(HIT_ROLE)
        if hit is not None:
            self.memory.remember()
            self.open_hit.emit(hit, self.query.text())

    def reset(self) -> None:
        """Back to an empty search (kiosk idle reset)."""
        self._timer.stop()
        self._seq += 1
        self.query.clear()
        for box in (self.collection, self.lang, self.classification):
            box.setCurrentIndex(0)
        self.year_from.setValue(0)
        self.year_to.setValue(0)
        self.sort.setCurrentIndex(0)
        self.show_hits([], "")
        self.query.setFocus()
