"""Edit what is yours: the record view's "Edit…" button and the dialog for a local record's title, dates,
classification and notes (kept over the file's values across re-imports; a synced record is the central
archive's to change)."""

from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QMessageBox,
                               QPlainTextEdit, QPushButton, QVBoxLayout, QWidget)

from app.labels import classification_label
from app.ops import Ops
from app.plain import form_row, message_box, plain_label, set_tip
from app.qt import named
from app.record_facts import record_dates
from app.status_note import notify
from core.api import CLASSIFICATIONS, EditResult, RecordEdit, RecordText


def shown_dates(rec: RecordText) -> str:
    """The record's dates as the view shows them: the owner's words first, then the archive's."""
    if rec.edit is not None and rec.edit.date_text:
        return rec.edit.date_text
    return record_dates(rec.date_start, rec.date_end, rec.data) or "—"


def loosens(before: str, after: str) -> bool:
    """True when ``after`` lets more people see a record than ``before`` (codes ordered loosest first)."""
    return CLASSIFICATIONS.index(after) < CLASSIFICATIONS.index(before)


class RecordEditDialog(QDialog):
    """The owner's title, dates, classification and notes for one local record."""

    def __init__(self, rec: RecordText, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recordEditDialog")
        self.setWindowTitle(self.tr("Edit record"))
        self.rec = rec
        self._dates = "" if shown_dates(rec) == "—" else shown_dates(rec)
        self.title_edit = named(QLineEdit(rec.title), "editTitle")
        self.title_edit.setPlaceholderText(self.tr("Empty: the title from the file"))
        self.dates_edit = named(QLineEdit(self._dates), "editDates")
        self.dates_edit.setPlaceholderText(self.tr("A year, a date or a range: 1660, 1957-03-02, 1336–1350"))
        self.classification = named(QComboBox(), "editClassification")
        for code in CLASSIFICATIONS:
            self.classification.addItem(classification_label(code), code)
        self.classification.setCurrentIndex(max(0, self.classification.findData(rec.classification)))
        self.notes = named(QPlainTextEdit(rec.edit.notes if rec.edit and rec.edit.notes else ""), "editNotes")
        self.notes.setTabChangesFocus(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        note = plain_label(self.tr("Your changes are kept over the file's values, also when the file is imported "
                                   "again."))
        note.setWordWrap(True)
        fields = QFormLayout()
        form_row(fields, self.tr("Title"), self.title_edit)
        form_row(fields, self.tr("Dates"), self.dates_edit)
        form_row(fields, self.tr("Classification"), self.classification)
        form_row(fields, self.tr("Notes"), self.notes)
        lay = QVBoxLayout(self)
        lay.addWidget(note)
        lay.addLayout(fields)
        lay.addWidget(self.buttons)

    @property
    def chosen_classification(self) -> str:
        """The classification code picked."""
        return str(self.classification.currentData())

    def edit(self) -> RecordEdit:
        """The record's whole new layer: a field left as shown keeps what it had (the owner's or the file's);
        a field emptied goes back to the file's value."""
        rec, old = self.rec, self.rec.edit or RecordEdit()
        title = self.title_edit.text().strip()
        dates = self.dates_edit.text().strip()
        cls = self.chosen_classification
        return RecordEdit(title=(title or None) if title != rec.title else old.title,
                          date_text=(dates or None) if dates != self._dates else old.date_text,
                          classification=cls if cls != rec.classification else old.classification,
                          notes=self.notes.toPlainText().strip() or None)


class EditButton(QPushButton):
    """"Edit…" on the record view: enabled for a local record in a staff window, with the reason when not."""

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("editRecord")
        self.setText(self.tr("Edit…"))
        self.ops = ops
        self.record: RecordText | None = None
        self.dialog: RecordEditDialog | None = None
        self.confirm: QMessageBox | None = None
        self.clicked.connect(self.open_dialog)
        self.set_record(None)

    def set_record(self, rec: RecordText | None) -> None:
        """Follow the record shown (None: nothing to edit)."""
        self.record = rec
        if self.ops.kiosk:
            why = self.tr("Records cannot be edited in the reading-room kiosk.")
        elif rec is not None and not rec.editable:
            why = self.tr("This record comes from the central archive: it can only be changed there, and the "
                          "next sync brings the change.")
        else:
            why = ""
        self.setEnabled(rec is not None and not why)
        set_tip(self, why or self.tr("Edit the title, dates, classification and notes of this record"))

    def open_dialog(self) -> RecordEditDialog | None:
        """Open the dialog (window-modal, never blocking); on Save the edit is written."""
        rec = self.record
        if rec is None or not self.isEnabled():
            return None
        dialog = self.dialog = RecordEditDialog(rec, self.window())
        dialog.accepted.connect(lambda: self._confirm(dialog))
        dialog.open()
        return dialog

    def _confirm(self, dialog: RecordEditDialog) -> None:
        """Loosening is an explicit act: ask before letting more people see the record."""
        rec, edit = dialog.rec, dialog.edit()
        wanted = dialog.chosen_classification
        if not loosens(rec.classification, wanted):
            self._save(rec, edit, reclassify=False)
            return
        box = self.confirm = message_box(self.window(), QMessageBox.Icon.Warning, self.tr("Loosen the classification?"),
                                         self.tr("“%1” will be %2 instead of %3: more people will be able to see "
                                                 "it.").replace("%1", rec.title).replace(
                                             "%2", classification_label(wanted)).replace(
                                             "%3", classification_label(rec.classification)))
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        yes = box.button(QMessageBox.StandardButton.Yes)
        yes.setText(self.tr("Loosen it"))
        box.buttonClicked.connect(lambda b: self._save(rec, edit, reclassify=True) if b is yes else None)
        box.open()

    def _save(self, rec: RecordText, edit: RecordEdit, *, reclassify: bool) -> None:
        def saved(_result: EditResult) -> None:  # the window reloads the record from the changes
            notify(self, self.tr("Record saved."))

        self.ops.edit_record(rec.section_tipo, rec.section_id, edit, reclassify=reclassify, on_result=saved)
