"""Lists: the person's working lists — records kept with a note, opened again, exported (never in a kiosk).

What a list shows of its records is read through the gate for this window's profile
(:meth:`core.service.work.Work.items`): a record the profile may not see is neither listed nor counted.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QInputDialog, QLineEdit, QListWidget,
                               QListWidgetItem, QMessageBox, QPushButton, QSplitter, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from app.ops import Ops
from app.flow import FlowLayout
from app.plain import message_box, plain_label, set_tip
from app.qt import named
from app.status_note import notify
from app.views.results_export import choose_and_export_list
from core.api import ListEntry, ListSummary

NAME_ROLE = Qt.ItemDataRole.UserRole
TITLE, COLLECTION, ADDED, NOTE = range(4)


class WorklistView(QWidget):
    """Working lists on the left; the chosen list's records and notes on the right (the note is editable)."""

    open_record = Signal(str, object)  # section_tipo, section_id (52-bit: no C++ int)

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.entries: list[ListEntry] = []
        self.shown_list = ""
        self._seq = 0
        self._filling = False
        self.confirm: QMessageBox | None = None
        self.lists = named(QListWidget(), "workLists")
        self.new_button = named(QPushButton(self.tr("New list…")), "newList")
        self.delete_button = named(QPushButton(self.tr("Delete list…")), "deleteList")
        self.heading = named(plain_label(), "workListTitle")
        self.empty = named(plain_label(self.tr("No working lists yet. Add a record to one from its page, or "
                                               "from a search result's menu (right click).")), "workListsEmpty")
        self.empty.setWordWrap(True)
        self.items = named(QTableWidget(0, 4), "workItems")
        self.items.setHorizontalHeaderLabels([self.tr("Title"), self.tr("Collection"), self.tr("Added"),
                                              self.tr("Note")])
        self.items.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.items.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.items.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed
                                   | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.items.verticalHeader().hide()
        header = self.items.horizontalHeader()
        header.setSectionResizeMode(TITLE, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(NOTE, QHeaderView.ResizeMode.Stretch)
        self.open_button = named(QPushButton(self.tr("Open record")), "openListItem")
        self.remove_button = named(QPushButton(self.tr("Remove from list")), "removeListItem")
        self.export_button = named(QPushButton(self.tr("Export…")), "exportList")
        set_tip(self.export_button, self.tr("Save this list as CSV, JSON or Markdown"))
        set_tip(self.items, self.tr("Double-click a note (or press F2) to change it; Enter opens the record"))

        left = QWidget()
        left_lay = QVBoxLayout(left)
        left_lay.addWidget(plain_label(self.tr("Working lists")))
        left_lay.addWidget(self.lists, 1)
        row = FlowLayout()  # the buttons wrap under each other in a narrow column (large text)
        row.addWidget(self.new_button)
        row.addWidget(self.delete_button)
        left_lay.addLayout(row)
        right = QWidget()
        right_lay = QVBoxLayout(right)
        right_lay.addWidget(self.heading)
        right_lay.addWidget(self.empty)
        right_lay.addWidget(self.items, 1)
        buttons = FlowLayout()
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.remove_button)
        buttons.addWidget(self.export_button)
        right_lay.addLayout(buttons)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(1, 3)
        QVBoxLayout(self).addWidget(split)

        self.lists.currentItemChanged.connect(lambda _now, _before: self._load_items())
        self.new_button.clicked.connect(self.new_list)
        self.delete_button.clicked.connect(self.delete_list)
        self.open_button.clicked.connect(self.open_current)
        self.remove_button.clicked.connect(self.remove_current)
        self.export_button.clicked.connect(self.export_list)
        self.items.itemChanged.connect(self._note_edited)
        self.items.cellActivated.connect(lambda row, col: self.open_current() if col != NOTE else None)
        self._show_entries("", [])

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        """Every visit shows the lists as they are now (records were added from other pages meanwhile)."""
        super().showEvent(event)
        self.refresh()

    # -- reading ------------------------------------------------------------------------
    def refresh(self, select: str = "") -> None:
        """Reload the lists with the count of records this window's profile may see, then the chosen list
        (``select``, else the one chosen before)."""
        self.ops.work(lambda w, p: w.lists(profile=p), on_result=lambda found: self._show_lists(found, select))

    def _show_lists(self, summaries: list[ListSummary], select: str = "") -> None:
        keep = select or self.current_list() or self.shown_list
        self.lists.blockSignals(True)
        self.lists.clear()
        for s in summaries:
            item = QListWidgetItem(f"{s.name} ({s.count})", self.lists)  # the count of records this profile sees
            item.setData(NAME_ROLE, s.name)
        names = [s.name for s in summaries]
        self.lists.setCurrentRow(names.index(keep) if keep in names else 0 if names else -1)
        self.lists.blockSignals(False)
        self.delete_button.setEnabled(bool(names))
        self.empty.setVisible(not names)
        self._load_items()

    def current_list(self) -> str:
        """The name of the chosen list ("" when there is none)."""
        item = self.lists.currentItem()
        return str(item.data(NAME_ROLE)) if item is not None else ""

    def _load_items(self) -> None:
        name = self.current_list()
        self._seq += 1
        seq = self._seq
        if not name:
            self._show_entries("", [])
            return
        self.ops.work(lambda w, p: w.items(name, profile=p),
                      on_result=lambda entries: self._show_entries(name, entries) if seq == self._seq else None)

    def _show_entries(self, name: str, entries: list[ListEntry]) -> None:
        self.shown_list, self.entries = name, list(entries)
        self.heading.setText(self.tr("%1: %n record(s)", "", len(entries)).replace("%1", name) if name else "")
        self._filling = True
        self.items.setRowCount(len(entries))
        for row, e in enumerate(entries):
            cells = (e.title or f"{e.section_tipo} {e.section_id}", e.section_tipo, e.added[:10], e.note)
            for col, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                if col != NOTE:
                    cell.setFlags(cell.flags() & ~Qt.ItemFlag.ItemIsEditable)
                set_tip(cell, text)
                self.items.setItem(row, col, cell)
        self._filling = False
        if entries:
            self.items.selectRow(0)
        for button in (self.open_button, self.remove_button, self.export_button):
            button.setEnabled(bool(entries))

    def _current_entry(self) -> ListEntry | None:
        row = self.items.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    # -- changing -----------------------------------------------------------------------
    def _note_edited(self, cell: QTableWidgetItem) -> None:
        if self._filling or cell.column() != NOTE or not 0 <= cell.row() < len(self.entries):
            return
        entry, name, note = self.entries[cell.row()], self.shown_list, cell.text().strip()
        self.entries[cell.row()] = replace(entry, note=note)
        self.ops.work(lambda w, p: w.set_note(name, entry.section_tipo, entry.section_id, note, profile=p),
                      on_result=lambda _r: self._say(self.tr("Note saved.")))

    def _say(self, text: str) -> None:
        notify(self, text)

    def open_current(self) -> None:
        """Open the chosen record (the window shows it; Back returns here)."""
        entry = self._current_entry()
        if entry is not None:
            self.open_record.emit(entry.section_tipo, entry.section_id)

    def remove_current(self) -> None:
        """Take the chosen record off the list (its note goes with it)."""
        entry, name = self._current_entry(), self.shown_list
        if entry is not None:
            self.ops.work(lambda w, p: w.remove(name, entry.section_tipo, entry.section_id, profile=p),
                          on_result=lambda _r: self.refresh())

    def new_list(self) -> None:
        """Ask for a name and make an empty list."""
        name, ok = QInputDialog.getText(self, self.tr("New working list"), self.tr("Name:"), QLineEdit.EchoMode.Normal)
        name = " ".join(name.split())
        if ok and name:
            self.ops.work(lambda w, _p: w.create_list(name), on_result=lambda made: self.refresh(made.name))

    def delete_list(self) -> None:
        """Ask, then forget the chosen list and its notes (window-modal, never blocking)."""
        name = self.current_list()
        if not name:
            return
        box = self.confirm = message_box(self, QMessageBox.Icon.Question, self.tr("Delete list"),
                                         self.tr("Delete the list “%1” and its notes? The records stay in the "
                                                 "archive.").replace("%1", name))
        box.setObjectName("deleteListConfirm")
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        yes = QMessageBox.StandardButton.Yes
        box.buttonClicked.connect(lambda b: self.ops.work(lambda w, _p: w.delete_list(name),
                                                          on_result=lambda _r: self.refresh())
                                  if box.standardButton(b) == yes else None)
        box.open()

    def export_list(self) -> None:
        """Save the records listed (only those this profile may see) and their notes where the person chooses."""
        if self.ops.kiosk or not self.entries:
            return
        path = choose_and_export_list(self, self.shown_list, self.entries)
        if path is not None:
            notify(self, self.tr("List saved to %1").replace("%1", str(path)))
