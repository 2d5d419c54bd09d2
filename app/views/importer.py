"""Import: drop files or folders, index them in the background with progress, pause, resume, cancel.

Pause is "cancel after the current step"; resume runs the same import again. The ingest
queue is crash-safe, so a resumed run indexes exactly what the paused one had left and
embeds nothing twice. Searching keeps working meanwhile (reads run on their own thread).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QAction, QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QFileDialog, QFormLayout, QHBoxLayout, QLineEdit,
                               QListWidget, QMessageBox, QProgressBar, QPushButton, QVBoxLayout, QWidget)

from app.ops import Ops
from app.plain import form_row, message_box, plain_label, set_tip
from app.qt import named
from app.labels import classification_label
from app.errors import reason_text
from app.text import human_eta
from app.workers import Worker
from core.api import CLASSIFICATIONS, IngestOptions, IngestSummary, Progress


def dropped_paths(mime: QMimeData) -> list[str]:
    """The local files and folders in a drag (remote URLs and plain text are not importable)."""
    return [u.toLocalFile() for u in mime.urls() if u.isLocalFile() and u.toLocalFile()] if mime.hasUrls() else []


class ImportView(QWidget):
    """The import queue and its controls; ``state`` is idle, running, pausing, paused or cancelling."""

    finished = Signal(object)  # IngestSummary
    status_text = Signal(str)  # one line for the window's status bar
    running = Signal(bool)
    progressed = Signal(object)  # each Progress, re-emitted on the GUI thread

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.state = "idle"
        self.worker: Worker | None = None
        self.summary: IngestSummary | None = None
        self._run: tuple[list[str], IngestOptions] | None = None
        self._remember = True
        self.setAcceptDrops(True)
        self.paths = named(QListWidget(), "importPaths")
        set_tip(self.paths, self.tr("Drop files or folders here"))
        self.add_files = named(QPushButton(self.tr("Add &files…")), "addFiles")
        self.add_folder = named(QPushButton(self.tr("Add f&older…")), "addFolder")
        self.remove = named(QPushButton(self.tr("&Remove")), "removePath")
        self.collection = named(QLineEdit(), "importCollection")
        self.collection.setPlaceholderText(self.tr("default: the folder's name"))
        # "keep current" is the default: re-importing a parent folder must never publish what it holds
        self.classification = named(QComboBox(), "importClassification")
        self.classification.addItem(self.tr("Keep current (new files: %1)").replace(
            "%1", classification_label(ops.ovillo.settings.default_classification)), None)
        for c in CLASSIFICATIONS:
            self.classification.addItem(classification_label(c), c)
        self.classification.setCurrentIndex(0)
        self.reclassify = named(QCheckBox(self.tr("Also loosen records already stored (reclassify)")),
                                "importReclassify")
        set_tip(self.reclassify, self.tr("Without this, a record already stored keeps its classification "
                                           "when it is stricter than the one chosen here."))
        # as `ovillo ingest` does unless --once: what is imported stays in the library and is watched
        self.keep = named(QCheckBox(self.tr("Keep them in the library and watch them for changes")), "importKeep")
        self.keep.setChecked(True)
        set_tip(self.keep, self.tr("Imported folders and files become sources on the Library page: changed, added "
                                   "and removed files are indexed again while Ovillo is open. Unchecked: "
                                   "imported once."))
        # asks before loosening; a test replaces it
        self.confirm_reclassify: Callable[[str], bool] = self._ask_reclassify
        self.start = named(QPushButton(self.tr("&Start import")), "startImport")
        self.pause = named(QPushButton(self.tr("&Pause")), "pauseImport")
        self.resume = named(QPushButton(self.tr("Res&ume")), "resumeImport")
        self.cancel = named(QPushButton(self.tr("&Cancel")), "cancelImport")
        self.overall = named(QProgressBar(), "overallProgress")
        self.file_bar = named(QProgressBar(), "fileProgress")
        self.current = named(plain_label(), "currentFile")
        self.current.setWordWrap(True)
        self.eta = named(plain_label(), "eta")
        self.failures = named(QListWidget(), "failures")
        self.failures.setWordWrap(True)  # a reason is read whole, never cut at the list's edge
        self.failures.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        self.failures.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        copy = QAction(self.tr("Copy"), self.failures)
        copy.setShortcut(QKeySequence(QKeySequence.StandardKey.Copy))
        copy.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        copy.triggered.connect(self.copy_failures)
        self.failures.addAction(copy)

        row = QHBoxLayout()
        for b in (self.add_files, self.add_folder, self.remove):
            row.addWidget(b)
        row.addStretch(1)
        form = QFormLayout()
        form_row(form, self.tr("Collection"), self.collection)
        form_row(form, self.tr("Classification"), self.classification)
        form_row(form, "", self.reclassify)
        form_row(form, "", self.keep)
        controls = QHBoxLayout()
        for b in (self.start, self.pause, self.resume, self.cancel):
            controls.addWidget(b)
        controls.addStretch(1)
        lay = QVBoxLayout(self)
        lay.addWidget(plain_label(self.tr("Files and folders to import (drag and drop them here):")))
        lay.addWidget(self.paths, 1)
        lay.addLayout(row)
        lay.addLayout(form)
        lay.addLayout(controls)
        lay.addWidget(plain_label(self.tr("Overall")))
        lay.addWidget(self.overall)
        lay.addWidget(plain_label(self.tr("Current file")))
        lay.addWidget(self.file_bar)
        lay.addWidget(self.current)
        lay.addWidget(self.eta)
        lay.addWidget(plain_label(self.tr("Problems")))
        lay.addWidget(self.failures, 1)

        self.add_files.clicked.connect(self._pick_files)
        self.add_folder.clicked.connect(self._pick_folder)
        self.remove.clicked.connect(lambda: [self.paths.takeItem(self.paths.row(i)) for i in self.paths.selectedItems()])
        self.start.clicked.connect(lambda: self.start_import())
        self.pause.clicked.connect(self.pause_import)
        self.resume.clicked.connect(self.resume_import)
        self.cancel.clicked.connect(self.cancel_import)
        self._sync_buttons()

    # -- choosing files -------------------------------------------------------------------
    def add_paths(self, paths: list[str]) -> None:
        """Queue paths (duplicates ignored)."""
        have = {self.paths.item(i).text() for i in range(self.paths.count())}
        for p in paths:
            if p and p not in have:
                self.paths.addItem(p)
                have.add(p)
        self._sync_buttons()

    def queued_paths(self) -> list[str]:
        """The paths in the list."""
        return [self.paths.item(i).text() for i in range(self.paths.count())]

    def _pick_files(self) -> None:
        files, _ = QFileDialog.getOpenFileNames(self, self.tr("Choose files to import"))
        self.add_paths(files)

    def _pick_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Choose a folder to import"))
        self.add_paths([folder] if folder else [])

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        """Accept local files and folders."""
        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 - Qt API
        """Keep accepting while the drag moves (platforms ask again on every move)."""
        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        """Import what was dropped."""
        paths = dropped_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.import_dropped(paths)

    def import_dropped(self, paths: list[str]) -> None:
        """Dropping is the whole gesture: start at once, or queue behind a running import."""
        if self.state in ("running", "pausing", "cancelling", "paused"):
            self.add_paths(paths)  # "Start import" picks them up when the current run ends
            return
        self.start_import(paths)

    # -- running --------------------------------------------------------------------------
    def start_import(self, paths: list[str] | None = None, collection: str | None = None,
                     classification: str | None = None) -> None:
        """Start indexing ``paths`` (default: the list) in the background."""
        if self.state in ("running", "pausing", "cancelling"):
            return
        if paths:
            self.add_paths(paths)
        chosen = paths or self.queued_paths()
        if not chosen:
            return
        chosen_class = classification or self.classification.currentData()
        reclassify = self.reclassify.isChecked()
        if reclassify and not self.confirm_reclassify(chosen_class or self.ops.ovillo.settings.default_classification):
            return
        opts = IngestOptions(collection=collection or self.collection.text().strip() or None,
                             classification=chosen_class, reclassify=reclassify)
        self._run = (list(chosen), opts)
        self._remember = self.keep.isChecked()
        self.failures.clear()
        self._launch()

    def _ask_reclassify(self, classification: str) -> bool:
        box = message_box(self, QMessageBox.Icon.Warning, self.tr("Loosen classifications?"),
                          self.tr("Records already stored with a stricter classification will become "
                                  "“%1” and may be seen by more people. Continue?").replace(
                              "%1", classification_label(classification)))
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return box.exec() == QMessageBox.StandardButton.Yes

    def _launch(self) -> None:
        assert self._run is not None
        paths, opts = self._run
        self.state = "running"
        self.summary = None
        self.overall.setRange(0, 0)  # busy until the scan knows the total
        self.file_bar.setRange(0, 1)
        self.file_bar.setValue(0)
        self.current.setText(self.tr("Looking for files…"))
        self.eta.clear()
        self.worker = self.ops.ingest(paths, opts, on_progress=self._progress, on_result=self._result,
                                      on_done=self._done, remember=self._remember)
        self.running.emit(True)
        self._sync_buttons()

    def pause_import(self) -> None:
        """Stop after the current step; :meth:`resume_import` continues exactly where it stopped."""
        if self.state == "running" and self.worker is not None:
            self.state = "pausing"
            self.worker.cancel()
            self.current.setText(self.tr("Pausing after the current file…"))
            self._sync_buttons()

    def resume_import(self) -> None:
        """Run the paused import again (the queue skips what is already indexed)."""
        if self.state == "paused" and self._run is not None:
            self._launch()

    def cancel_import(self) -> None:
        """Stop now; files already indexed stay, the rest stays queued for a later run."""
        if self.state in ("running", "pausing") and self.worker is not None:
            self.state = "cancelling"
            self.worker.cancel()
            self._sync_buttons()
        elif self.state == "paused":
            self.state = "idle"
            self._run = None
            self.current.setText(self.tr("Import cancelled."))
            self._sync_buttons()

    def _progress(self, p: Progress) -> None:
        if p.stage == "scan":
            self.current.setText(self.tr("Looking for files… %1 found").replace("%1", str(p.done)))
        elif p.stage == "index":
            self.overall.setRange(0, max(1, p.total or 1))
            self.overall.setValue(p.done)
            self.file_bar.setRange(0, 1)
            self.file_bar.setValue(0)
            self.current.setText(os.path.basename(p.item) or p.item)
            set_tip(self.current, p.item)
            eta = human_eta(p.eta_s)
            self.eta.setText(self.tr("%1 of %2 files · about %3 left").replace("%1", str(p.done))
                             .replace("%2", str(p.total or "?")).replace("%3", eta) if eta else
                             self.tr("%1 of %2 files").replace("%1", str(p.done)).replace("%2", str(p.total or "?")))
        elif p.stage == "embed":
            self.file_bar.setRange(0, max(1, p.total or 1))
            self.file_bar.setValue(p.done)
        elif p.stage == "lexical":
            self.current.setText(self.tr("Updating the keyword index…"))
        elif p.stage == "erase":
            self.current.setText(self.tr("Erasing removed records from the store file…"))
        self.status_text.emit(self.tr("Indexing: %1").replace("%1", self.current.text()))
        self.progressed.emit(p)

    def _result(self, summary: IngestSummary) -> None:
        self.summary = summary
        for (a, b), n in summary.reclassified.items():
            self.failures.addItem(self.tr("%1 record(s) reclassified: %2 → %3").replace("%1", str(n))
                                  .replace("%2", classification_label(a)).replace("%3", classification_label(b)))
        for (a, b), n in summary.kept_stricter.items():
            self.failures.addItem(self.tr("%1 record(s) kept %2, stricter than %3 (tick “reclassify” to loosen)")
                                  .replace("%1", str(n)).replace("%2", classification_label(b))
                                  .replace("%3", classification_label(a)))
        for o in summary.low_confidence:  # indexed, but OCR's text of these pages may be wrong
            self.failures.addItem(self.tr("%1: OCR read page(s) %2 with low confidence; check them against the page "
                                          "images").replace("%1", Path(o.path).name)
                                  .replace("%2", ", ".join(map(str, o.low_confidence_pages))))
            set_tip(self.failures.item(self.failures.count() - 1), o.path)
            self.failures.item(self.failures.count() - 1).setData(Qt.ItemDataRole.UserRole, o.path)
        for o in summary.failed:
            self.failures.addItem(f"{Path(o.path).name}: {reason_text(o.reason)}")
            set_tip(self.failures.item(self.failures.count() - 1), o.path)
            self.failures.item(self.failures.count() - 1).setData(Qt.ItemDataRole.UserRole, o.path)
        by_type: dict[str, list[str]] = {}  # nothing left out silently: files no reader handles, by type
        for o in summary.unsupported:
            by_type.setdefault(Path(o.path).suffix.lower() or "—", []).append(Path(o.path).name)
        for suffix, names in sorted(by_type.items()):
            self.failures.addItem(self.tr("Not indexed, unsupported file type %1: %2")
                                  .replace("%1", suffix).replace("%2", ", ".join(names[:3])
                                                                 + (" …" if len(names) > 3 else "")))
            set_tip(self.failures.item(self.failures.count() - 1), "\n".join(names))

    def copy_failures(self) -> str:
        """Put the selected lines of the failure list (all of them when none is selected) on the clipboard,
        each with the file's full path, for a colleague or a bug report."""
        items = self.failures.selectedItems() or [self.failures.item(i) for i in range(self.failures.count())]
        lines = [it.text() + (f" ({it.data(Qt.ItemDataRole.UserRole)})" if it.data(Qt.ItemDataRole.UserRole) else "")
                 for it in items]
        text = "\n".join(lines)
        QApplication.clipboard().setText(text)
        return text

    def _done(self) -> None:
        s = self.summary
        paused = self.state == "pausing"
        self.state = "paused" if paused and s is not None and s.cancelled else "idle"
        self.worker = None
        self.overall.setRange(0, 1)
        self.overall.setValue(0 if self.state == "paused" or s is None or s.cancelled else 1)
        if s is None:
            self.current.setText(self.tr("Import stopped."))
        elif self.state == "paused":
            self.current.setText(self.tr("Paused. Resume continues where it stopped."))
        elif s.cancelled:
            self.current.setText(self.tr("Cancelled. %1 file(s) indexed; the rest stays queued.")
                                 .replace("%1", str(len(s.ok))))
        else:
            self.current.setText(self.tr("Done: %1 indexed, %2 unchanged, %3 failed.")
                                 .replace("%1", str(len(s.ok))).replace("%2", str(len(s.skipped)))
                                 .replace("%3", str(len(s.failed))))
            self._run = None
        self.eta.clear()
        self.status_text.emit(self.current.text())
        self.running.emit(False)
        self._sync_buttons()
        if s is not None:
            self.finished.emit(s)

    def _sync_buttons(self) -> None:
        busy = self.state in ("running", "pausing", "cancelling")
        self.start.setEnabled(not busy and self.state != "paused" and self.paths.count() > 0)
        self.pause.setEnabled(self.state == "running")
        self.resume.setEnabled(self.state == "paused")
        self.cancel.setEnabled(self.state in ("running", "pausing", "paused"))
        for w in (self.add_files, self.add_folder, self.remove, self.collection, self.classification,
                  self.reclassify, self.keep):
            w.setEnabled(not busy)
        self.paths.setEnabled(True)
        self.setProperty("busy", busy)
        self.paths.setDragDropMode(self.paths.DragDropMode.NoDragDrop)
        self.paths.setSelectionMode(self.paths.SelectionMode.ExtendedSelection)
        self.paths.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
