"""The Library page's sources: the folders the library keeps current, their state, and what to do with them.

Every action is a write through ``Ops.source_write`` (the one writer thread, the one ``changed`` signal);
the list is read again after each, and whenever the library changed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog,
                               QFormLayout, QHBoxLayout, QHeaderView, QLineEdit, QListWidget, QMessageBox,
                               QPlainTextEdit, QPushButton, QSpinBox, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from app.errors import reason_text
from app.labels import classification_label
from app.ops import Ops
from app.plain import form_row, message_box, plain_label, set_tip
from app.qt import named
from core.api import CLASSIFICATIONS, IngestOptions, Progress

COLUMNS = 6  # source, state, files, records, failed, last scan
AUTOMATIC = -1  # the rescan period's spin box at its minimum, and what tells core: no period of the source's own
Chosen = tuple[IngestOptions, list[tuple[str, str]], int]  # options, rules, rescan period in minutes


class SourceOptions(QDialog):
    """A source's options: collection, classification, the files it leaves out or forces in, how often it is
    rescanned."""

    def __init__(self, source: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Options of %1").replace("%1", Path(source["path"]).name or source["path"]))
        opts = source["options"]
        self.collection = named(QLineEdit(opts.get("collection") or ""), "sourceCollection")
        self.collection.setPlaceholderText(self.tr("default: the folder's name"))
        self.classification = named(QComboBox(), "sourceClassification")
        self.classification.addItem(self.tr("Keep current"), None)
        for c in CLASSIFICATIONS:
            self.classification.addItem(classification_label(c), c)
        self.classification.setCurrentIndex(max(0, self.classification.findData(opts.get("classification"))))
        self.exclude = named(QPlainTextEdit("\n".join(r["glob"] for r in source["rules"] if r["kind"] == "exclude")),
                             "sourceExclude")
        self.include = named(QPlainTextEdit("\n".join(r["glob"] for r in source["rules"] if r["kind"] == "include")),
                             "sourceInclude")
        for box in (self.exclude, self.include):
            set_tip(box, self.tr("One per line: a name (draft.txt), a folder (drafts) or a pattern (*.tmp), "
                                 "relative to the source."))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form_row(form, self.tr("Collection"), self.collection)
        form_row(form, self.tr("Classification"), self.classification)
        form_row(form, self.tr("Leave out"), self.exclude)
        form_row(form, self.tr("Always include"), self.include)
        self.rescan_every = named(QSpinBox(), "sourceRescanEvery")
        self.rescan_every.setRange(AUTOMATIC, 24 * 60)
        self.rescan_every.setSpecialValueText(self.tr("Automatic"))
        self.rescan_every.setSuffix(self.tr(" min"))
        every = opts.get("rescan_every")
        self.rescan_every.setValue(AUTOMATIC if every is None else int(every))
        set_tip(self.rescan_every, self.tr("While watched, also look for changes this often. Automatic: every 10 "
                                           "minutes on a network share, which sends no change events; 0: never."))
        form_row(form, self.tr("Rescan every"), self.rescan_every)
        form.addRow(buttons)
        self._follow = bool(opts.get("follow_symlinks"))
        self._lang, self._projects = opts.get("lang"), list(opts.get("project_ids") or [])
        self._pages = bool(opts.get("as_pages"))

    def chosen(self) -> Chosen:
        """The options, rules (excludes first: an include then overrides them) and rescan period as set."""
        opts = IngestOptions(collection=self.collection.text().strip() or None,
                             classification=self.classification.currentData(), lang=self._lang,
                             project_ids=self._projects, follow_symlinks=self._follow, as_pages=self._pages)
        lines = [(kind, line.strip()) for kind, box in (("exclude", self.exclude), ("include", self.include))
                 for line in box.toPlainText().splitlines() if line.strip()]
        return opts, lines, self.rescan_every.value()


class SourcesView(QWidget):
    """The sources as a table (state, files, records, failures, last scan) with Add, Remove, Pause/Resume,
    Rescan and Options; the failures of the chosen source below, with their reasons."""

    busy_changed = Signal(bool)

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.rows: list[dict[str, Any]] = []
        self.running = 0  # source writes under way
        self.table = named(QTableWidget(0, COLUMNS), "librarySources")
        self.table.setHorizontalHeaderLabels([self.tr("Source"), self.tr("State"), self.tr("Files"),
                                              self.tr("Records"), self.tr("Failed"), self.tr("Last scan")])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, COLUMNS):  # a date on one line, a translated header not cut ("Última revisión")
            self.table.horizontalHeader().setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().hide()
        self.add_button = named(QPushButton(self.tr("&Add folder…")), "addSource")
        self.remove_button = named(QPushButton(self.tr("Re&move")), "removeSource")
        self.pause_button = named(QPushButton(self.tr("&Pause")), "pauseSource")
        self.rescan_button = named(QPushButton(self.tr("Re&scan")), "rescanSource")
        self.options_button = named(QPushButton(self.tr("&Options…")), "sourceOptions")
        set_tip(self.rescan_button, self.tr("Look for changes in the chosen source (all sources when none is chosen)"))
        self.problems = named(QListWidget(), "sourceFailures")
        self.problems.setWordWrap(True)
        self.message = named(plain_label(), "sourcesMessage")
        self.message.setWordWrap(True)
        # asks before removing: (remove, keep its records) or None to cancel; a test replaces it
        self.confirm_remove: Callable[[str], tuple[bool, bool] | None] = self._ask_remove
        self.pick_folder: Callable[[], str] = lambda: QFileDialog.getExistingDirectory(
            self, self.tr("Choose a folder for the library"))
        self.edit_options: Callable[[dict[str, Any]], Chosen | None] = self._ask_options
        buttons = QHBoxLayout()
        for b in (self.add_button, self.remove_button, self.pause_button, self.rescan_button, self.options_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(plain_label(self.tr("Folders the library keeps current")))
        lay.addWidget(self.table, 2)
        lay.addLayout(buttons)
        lay.addWidget(self.message)
        lay.addWidget(plain_label(self.tr("Problems in the chosen source")))
        lay.addWidget(self.problems, 1)
        self.add_button.clicked.connect(lambda: self.add_folder())
        self.remove_button.clicked.connect(self.remove_selected)
        self.pause_button.clicked.connect(self.toggle_pause)
        self.rescan_button.clicked.connect(self.rescan)
        self.options_button.clicked.connect(self.change_options)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self._sync_buttons()

    # -- reading ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the sources again (off the GUI thread)."""
        self.ops.library_sources(self.show_sources)

    def show_sources(self, statuses: list[Any]) -> None:
        """Fill the table from ``SourceStatus`` values, keeping the chosen source chosen."""
        chosen = self.selected()
        self.rows = [s.to_json() for s in statuses]
        self.table.setRowCount(len(self.rows))
        for i, row in enumerate(self.rows):
            last = (row["last_scan"] or "").replace("T", " ") or self.tr("never")
            cells = [row["path"], self.state_text(row), str(row["files"]), str(row["records"]),
                     str(len(row["failures"])), last]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col == 0:
                    set_tip(item, row["path"])
                if col == 1 and row["reason"]:
                    set_tip(item, reason_text(row["reason"]))
                self.table.setItem(i, col, item)
            if chosen is not None and row["path"] == chosen["path"]:
                self.table.selectRow(i)
        self._selection_changed()

    def state_text(self, row: dict[str, Any]) -> str:
        """A source's state in words."""
        if row["state"] == "scanning" and row["progress"]:
            return self.tr("Scanning %1/%2").replace("%1", str(row["progress"][0])).replace("%2",
                                                                                             str(row["progress"][1]))
        return {"watching": self.tr("Watching"), "rescanning": self.tr("Rescanned on a timer"), "paused": self.tr("Paused"), "offline": self.tr("Offline"),
                "scanning": self.tr("Scanning"), "error": self.tr("Cannot watch"),
                "not watched": self.tr("Not watched")}.get(row["state"], row["state"])

    def selected(self) -> dict[str, Any] | None:
        """The chosen source's row (as ``library list --json`` shows it), or None."""
        rows = {i.row() for i in self.table.selectedIndexes()}
        return self.rows[min(rows)] if rows and min(rows) < len(self.rows) else None

    def _selection_changed(self) -> None:
        row = self.selected()
        self.problems.clear()
        if row is not None:
            if row["reason"]:
                self.problems.addItem(reason_text(row["reason"]))
            for f in row["failures"]:
                self.problems.addItem(f"{Path(f['path']).name}: {reason_text(f['reason'])}")
                set_tip(self.problems.item(self.problems.count() - 1), f["path"])
        self._sync_buttons()

    # -- actions (writes) -------------------------------------------------------------------
    def add_folder(self, path: str | None = None) -> None:
        """Keep a folder in the library: added, indexed now, watched while the window is open."""
        folder = path if path is not None else self.pick_folder()
        if folder:
            self._write("add_source", lambda lib, t, ch: _add_and_scan(lib, folder, t, ch),
                        self.tr("Adding %1…").replace("%1", folder))

    def remove_selected(self) -> None:
        """Stop keeping the chosen source (its records go too unless the user keeps them)."""
        row = self.selected()
        answer = self.confirm_remove(row["path"]) if row else None
        if row is None or answer is None or not answer[0]:
            return
        path, keep = row["path"], answer[1]
        self._write("remove_source", lambda lib, t, ch: lib.remove_source(path, keep_records=keep),
                    self.tr("Removing %1…").replace("%1", path))

    def toggle_pause(self) -> None:
        """Pause or resume watching the chosen source."""
        row = self.selected()
        if row is not None:
            path, pause = row["path"], not row["paused"]
            self._write("pause_source", lambda lib, t, ch: lib.set_paused(path, pause), "")

    def rescan(self) -> None:
        """Look for changes in the chosen source, or in every source."""
        row = self.selected()
        paths = [row["path"]] if row else None
        self._write("rescan", lambda lib, t, ch: lib.rescan(paths, t, changes=ch), self.tr("Looking for changes…"))

    def change_options(self) -> None:
        """Edit the chosen source's options and rules, then rescan it with them."""
        row = self.selected()
        chosen = self.edit_options(row) if row else None
        if row is None or chosen is None:
            return
        path, (opts, rules, every) = row["path"], chosen

        def call(lib: Any, t: Any, ch: Any) -> Any:
            lib.add_source(path, opts, rules=rules, replace_rules=True, rescan_every=every)
            return (yield from lib.rescan([path], t, changes=ch))

        self._write("source_options", call, self.tr("Applying the options of %1…").replace("%1", path))

    def _write(self, name: str, call: Any, text: str) -> None:
        self.running += 1
        self.message.setText(text)
        self._sync_buttons()
        self.busy_changed.emit(True)
        self.ops.source_write(name, call, on_progress=self._progress, on_done=self._done)

    def _progress(self, p: Progress) -> None:
        if p.stage == "index" and p.total:
            self.message.setText(self.tr("Scanning %1/%2").replace("%1", str(p.done)).replace("%2", str(p.total)))

    def _done(self) -> None:
        self.running = max(0, self.running - 1)
        if not self.running:
            self.message.clear()
            self.busy_changed.emit(False)
        self._sync_buttons()
        self.refresh()

    def _sync_buttons(self) -> None:
        row = self.selected()
        for b in (self.remove_button, self.pause_button, self.options_button):
            b.setEnabled(row is not None and not self.running)
        self.add_button.setEnabled(not self.running)
        self.rescan_button.setEnabled(not self.running and bool(self.rows))
        self.pause_button.setText(self.tr("Res&ume") if row is not None and row["paused"] else self.tr("&Pause"))

    def _ask_remove(self, path: str) -> tuple[bool, bool] | None:
        box = message_box(self, QMessageBox.Icon.Question, self.tr("Remove this source?"),
                          self.tr("Ovillo will stop keeping %1 current. Its records leave the library unless you "
                                  "keep them.").replace("%1", path))
        keep = QCheckBox(self.tr("Keep its records searchable"))
        box.setCheckBox(keep)
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return (True, keep.isChecked()) if box.exec() == QMessageBox.StandardButton.Yes else None

    def _ask_options(self, row: dict[str, Any]) -> Chosen | None:
        dialog = SourceOptions(row, self)
        return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None


def _add_and_scan(lib: Any, folder: str, cancel: Any, changes: Any) -> Any:
    src = lib.add_source(folder)
    return (yield from lib.rescan([src.path], cancel, changes=changes))

