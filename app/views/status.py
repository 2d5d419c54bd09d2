"""The Library page: the sources kept current (:mod:`app.views.sources`), counts, store size, pinned model, queue
state; rebuild the keyword index."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QListWidget, QPushButton, QTabWidget, QVBoxLayout, \
    QWidget

from app.ops import Ops
from app.plain import form_row, plain_label
from app.qt import named
from app.text import human_bytes
from app.errors import reason_text
from app.views.sources import SourcesView
from core.api import Status


class StatusView(QWidget):
    """A read-only overview with two maintenance actions."""

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.status: Status | None = None
        self.values: dict[str, QLabel] = {}
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a value under its title when narrow
        for key, label in (("records", self.tr("Records")), ("chunks", self.tr("Passages")),
                           ("sources", self.tr("Source files")), ("failed", self.tr("Failed files")),
                           ("queue", self.tr("Waiting in the index queue")), ("size", self.tr("Store size")),
                           ("model", self.tr("Pinned text model")), ("schema", self.tr("Schema")),
                           ("home", self.tr("Data folder"))):
            value = named(plain_label("…"), f"status_{key}")
            value.setWordWrap(True)
            self.values[key] = value
            form_row(form, label, value)
        self.refresh_button = named(QPushButton(self.tr("&Refresh")), "refreshStatus")
        self.rebuild_button = named(QPushButton(self.tr("Rebuild &keyword index")), "rebuildKeywords")
        self.message = named(plain_label(), "statusMessage")
        self.failed = named(QListWidget(), "failedSources")
        buttons = QHBoxLayout()
        buttons.addWidget(self.refresh_button)
        buttons.addWidget(self.rebuild_button)
        buttons.addStretch(1)
        self.sources: SourcesView | None = None if ops.kiosk else named(SourcesView(ops), "sourcesView")
        counts = QWidget()  # the counts on a tab of their own beside the sources: one page stacked both too tall
        lay = QVBoxLayout(counts)
        lay.addLayout(form)
        lay.addLayout(buttons)
        lay.addWidget(self.message)
        lay.addWidget(plain_label(self.tr("Files that could not be indexed")))
        lay.addWidget(self.failed, 1)
        page = QVBoxLayout(self)
        if self.sources is None:
            page.addWidget(counts)
        else:
            self.tabs = named(QTabWidget(), "libraryTabs")
            self.tabs.addTab(self.sources, self.tr("Sources"))
            self.tabs.addTab(counts, self.tr("Counts and maintenance"))
            page.addWidget(self.tabs)
        self.refresh_button.clicked.connect(self.refresh)
        self.rebuild_button.clicked.connect(self.rebuild)

    def refresh(self) -> None:
        """Reload the numbers (off the GUI thread)."""
        self.ops.status(self.show_status)
        if not self.ops.kiosk:
            self.ops.failed_sources(self._show_failed)
        if self.sources is not None:
            self.sources.refresh()

    def show_status(self, st: Status) -> None:
        """Fill the form."""
        self.status = st
        v = self.values
        v["records"].setText(str(st.records))
        v["chunks"].setText(str(st.chunks))
        v["sources"].setText(str(st.sources))
        v["failed"].setText(str(st.failed_sources))
        v["queue"].setText(str(st.queue_pending))
        v["size"].setText(human_bytes(st.store_bytes))
        v["model"].setText(f"{st.model} ({st.dimension}-d)" if st.model else self.tr("none yet"))
        v["schema"].setText(st.schema)
        v["home"].setText(st.home)

    def _show_failed(self, rows: list[tuple[str, str]]) -> None:
        self.failed.clear()
        for path, reason in rows:
            self.failed.addItem(f"{path}: {reason_text(reason)}")

    def rebuild(self) -> None:
        """Rebuild the BM25 index on the writer thread."""
        self.rebuild_button.setEnabled(False)
        self.message.setText(self.tr("Rebuilding the keyword index…"))

        def done(_r: object) -> None:
            self.message.setText(self.tr("Keyword index rebuilt."))

        self.ops.rebuild_keyword_index(done, on_done=lambda: self.rebuild_button.setEnabled(True))
