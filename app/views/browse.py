"""Browse: what the archive holds without typing a query — collections, kinds of record, languages and
periods with their counts, each a filter; the records of a choice listed, by title or by date.

Counts and records come from core as this window's profile sees them (through the one gate): a kiosk
never shows a collection only staff may read, nor counts a record it may not open.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent, QTextDocument
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QListWidget, QListWidgetItem, QPushButton, QSizePolicy,
                               QVBoxLayout, QWidget)

from app.labels import classification_label, kind_label, language_label
from app.ops import Ops
from app.passage_html import is_markdown
from app.plain import plain_label, set_tip
from app.qt import named
from core.api import BrowseCounts, BrowseFilters, DateBucket, Hit, ResultPage

PAGE = 50  # records listed at first; "Show more" adds as many again
VALUE_ROLE = Qt.ItemDataRole.UserRole
FACET_WIDTH = 240  # px: the column of facet lists
SNIPPET = 160  # characters of a record's first passage shown under its title


class BrowseView(QWidget):
    """Facet lists on the left (click to choose, click again to drop), the chosen records on the right."""

    open_hit = Signal(object, str)  # Hit, query ("": no words to mark)

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.choice = BrowseFilters()
        self.counts = BrowseCounts(0)
        self.hits: list[Hit] = []
        self.total = 0
        self._limit = PAGE
        self._counts_seq = 0  # a newer request's answer replaces an older one's, never the reverse
        self._records_seq = 0
        self._stale = True  # counts are read when the page is shown, and again after the library changes
        self.collections = self._facet_list("browseCollections")
        self.kinds = self._facet_list("browseKinds")
        self.langs = self._facet_list("browseLangs")
        self.dates = self._facet_list("browseDates")
        self.clear_button = named(QPushButton(self.tr("Clear choices")), "browseClear")
        self.clear_button.clicked.connect(self.clear_choices)
        self.sort = named(QComboBox(), "browseSort")
        self.sort.addItem(self.tr("Title"), "title")
        self.sort.addItem(self.tr("Date"), "date")
        self.sort.currentIndexChanged.connect(lambda _i: self._load_records())
        self.info = named(plain_label(), "browseInfo")
        self.results = named(QListWidget(), "browseResults")
        self.results.setWordWrap(True)
        self.results.setAlternatingRowColors(True)
        self.results.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.results.itemActivated.connect(self._activate)
        self.results.itemClicked.connect(self._activate)
        self.more = named(QPushButton(self.tr("Show more")), "browseMore")
        self.more.clicked.connect(self._show_more)
        self.more.hide()

        facets = QVBoxLayout()
        for title, box in ((self.tr("Collections"), self.collections), (self.tr("Kinds of record"), self.kinds),
                           (self.tr("Languages"), self.langs), (self.tr("Periods"), self.dates)):
            label = plain_label(title)
            label.setBuddy(box)
            facets.addWidget(label)
            facets.addWidget(box, 1)
        facets.addWidget(self.clear_button)
        column = QWidget()
        column.setLayout(facets)
        column.setMinimumWidth(FACET_WIDTH)  # wider only when its words need it (translated, large text)
        column.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        top = QHBoxLayout()
        top.addWidget(self.info, 1)
        sort_label = plain_label(self.tr("Sort by"))
        sort_label.setBuddy(self.sort)
        top.addWidget(sort_label)
        top.addWidget(self.sort)
        listing = QVBoxLayout()
        listing.addLayout(top)
        listing.addWidget(self.results, 1)
        listing.addWidget(self.more)
        lay = QHBoxLayout(self)
        lay.addWidget(column)
        lay.addLayout(listing, 1)
        ops.changed.connect(self._library_changed)

    def _facet_list(self, name: str) -> QListWidget:
        box = named(QListWidget(), name)
        box.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        box.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # a long collection name keeps its count in view
        box.itemClicked.connect(lambda item, b=box: self._toggle(b, item))
        box.itemActivated.connect(lambda item, b=box: self._toggle(b, item))
        return box

    # -- reading ------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        """Read the counts the first time the page is shown (and after the library changed)."""
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def _library_changed(self, changes: object) -> None:
        if changes:
            self._stale = True
            if self.isVisible():
                self.refresh()

    def refresh(self) -> None:
        """Read the counts and the records of the current choice again."""
        self._stale = False
        self._counts_seq += 1
        seq = self._counts_seq
        self.ops.browse_counts(self.choice, lambda counts: self._counts_arrived(seq, counts))
        self._load_records()

    def _load_records(self) -> None:
        self._records_seq += 1
        seq = self._records_seq
        self.info.setText(self.tr("Reading…"))
        self.ops.browse(self.choice, lambda page: self._records_arrived(seq, page), sort=self.sort.currentData(),
                        limit=self._limit)

    def _counts_arrived(self, seq: int, counts: BrowseCounts) -> None:
        if seq != self._counts_seq:
            return  # a newer choice was made meanwhile: its counts are on their way
        self.counts = counts
        c = self.choice
        self._fill(self.collections, counts.collections, str, c.collections[0] if c.collections else None)
        self._fill(self.kinds, counts.kinds, kind_label, c.kinds[0] if c.kinds else None)
        self._fill(self.langs, counts.langs, language_label, c.langs[0] if c.langs else None)
        buckets = [(b, b.count) for b in counts.dates]
        chosen = next((b for b in counts.dates if (b.date_from, b.date_to) == (c.date_from, c.date_to)), None)
        self._fill(self.dates, buckets, self._period, chosen)

    def _period(self, bucket: DateBucket) -> str:
        return str(bucket.first) if bucket.first == bucket.last else f"{bucket.first}–{bucket.last}"

    def _fill(self, box: QListWidget, values: Sequence[tuple[Any, int]], label: Callable[[Any], str],
              chosen: object) -> None:
        box.blockSignals(True)
        box.clear()
        for value, count in values:
            item = QListWidgetItem(f"{label(value)} ({count})", box)
            item.setData(VALUE_ROLE, value)
            set_tip(item, f"{label(value)} ({count})")
            if value == chosen:
                item.setSelected(True)
                box.setCurrentItem(item)
        if chosen is None:
            box.clearSelection()
        box.blockSignals(False)

    def _records_arrived(self, seq: int, page: ResultPage) -> None:
        if seq != self._records_seq:
            return
        self.hits, self.total = list(page.hits), page.total
        self.results.clear()
        for hit in self.hits:
            item = QListWidgetItem(self._card(hit), self.results)
            item.setData(VALUE_ROLE, hit)
            set_tip(item, hit.title)
        if self.hits:
            self.results.setCurrentRow(0)
        self.more.setVisible(self.total > len(self.hits))
        shown = len(self.hits)
        self.info.setText(self.tr("%1 of %n record(s)", "", self.total).replace("%1", str(shown))
                          if self.total > shown else self.tr("%n record(s)", "", self.total))

    def _card(self, hit: Hit) -> str:
        """Title, the start of its first passage, where it is from (plain text: data is never markup)."""
        where = [hit.section_tipo]
        if hit.source_path:
            where.append(os.path.basename(hit.source_path))
        if hit.lang:
            where.append(language_label(hit.lang))
        if hit.classification and not self.ops.kiosk:  # a reading room sees public records only
            where.append(classification_label(hit.classification))
        snippet = hit.snippet
        if is_markdown(snippet, hit.source_path):  # its words as a reader sees them, without ** and pipes
            doc = QTextDocument()
            doc.setMarkdown(snippet, QTextDocument.MarkdownFeature.MarkdownNoHTML)
            snippet = doc.toPlainText()
        snippet = " ".join(snippet.split())
        if len(snippet) > SNIPPET:
            snippet = snippet[:SNIPPET].rsplit(" ", 1)[0] + " …"
        lines = [hit.title or self.tr("(untitled)"), snippet, " · ".join(where)]
        return "\n".join(line for line in lines if line)

    # -- choosing -----------------------------------------------------------------------
    def _toggle(self, box: QListWidget, item: QListWidgetItem) -> None:
        """Choose the clicked value in its dimension; the chosen value again drops the choice."""
        value = item.data(VALUE_ROLE)
        c = self.choice
        if box is self.dates:
            same = (c.date_from, c.date_to) == (value.date_from, value.date_to)
            self.choose(date_from=None if same else value.date_from, date_to=None if same else value.date_to)
            return
        field = {id(self.collections): "collections", id(self.kinds): "kinds", id(self.langs): "langs"}[id(box)]
        current: tuple[str, ...] = getattr(c, field)
        self.choose(**{field: () if current == (value,) else (value,)})

    def choose(self, **fields: Any) -> None:
        """Change the choice (fields of :class:`BrowseFilters`) and read counts and records again."""
        self.choice = replace(self.choice, **fields)
        self._limit = PAGE
        self.refresh()

    def clear_choices(self) -> None:
        """Every dimension back to all records."""
        self.choice = BrowseFilters()
        self._limit = PAGE
        self.refresh()

    def _show_more(self) -> None:
        self._limit += PAGE
        self._load_records()

    def _activate(self, item: QListWidgetItem) -> None:
        hit = item.data(VALUE_ROLE)
        if hit is not None:
            self.open_hit.emit(hit, "")

    def reset(self) -> None:
        """Back to no choice, sorted by title (kiosk idle reset)."""
        self.sort.blockSignals(True)
        self.sort.setCurrentIndex(0)
        self.sort.blockSignals(False)
        self.choice = BrowseFilters()
        self._limit = PAGE
        self._stale = True
        self.results.clear()
        if self.isVisible():
            self.refresh()
