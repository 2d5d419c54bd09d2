"""Put a record on a working list, with a note: the dialog, and the "Add to list…" action on search results."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QListWidget, QMenu,
                               QPlainTextEdit, QVBoxLayout, QWidget)

from app.ops import Ops
from app.plain import form_row, plain_label
from app.qt import named
from app.status_note import notify
from core.api import Hit

LAST_LIST = "lastWorkList"  # the window's dynamic property: the list a record went on last, offered first


class AddToListDialog(QDialog):
    """Choose a working list (or type a new name) and write a note about one record."""

    def __init__(self, title: str, lists: list[str], last: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("addToListDialog")
        self.setWindowTitle(self.tr("Add to a working list"))
        self.list_name = named(QComboBox(), "listName")
        self.list_name.setEditable(True)  # a name not in the list makes a new list
        self.list_name.addItems(lists)
        self.list_name.setEditText(last if last else lists[0] if lists else self.tr("My list"))
        self.note = named(QPlainTextEdit(), "listNote")
        self.note.setPlaceholderText(self.tr("Why this record matters (optional)"))
        self.note.setTabChangesFocus(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.list_name.editTextChanged.connect(self._name_changed)
        head = plain_label(title)
        head.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addWidget(head)
        fields = QFormLayout()
        form_row(fields, self.tr("List"), self.list_name)
        form_row(fields, self.tr("Note"), self.note)
        lay.addLayout(fields)
        lay.addWidget(self.buttons)
        self._name_changed(self.list_name.currentText())

    def _name_changed(self, text: str) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(text.strip()))

    def chosen(self) -> tuple[str, str]:
        """(list name, note) as the person left them."""
        return " ".join(self.list_name.currentText().split()), self.note.toPlainText().strip()


def add_to_list(parent: QWidget, ops: Ops, section_tipo: str, section_id: int, title: str,
                on_added: Callable[[str], None] | None = None) -> AddToListDialog | None:
    """Open the dialog for one record (window-modal, never blocking); on OK the record goes on the chosen
    list with its note. None in a kiosk, or when the saved work cannot be read (the error is shown)."""
    if ops.kiosk:
        return None
    names = ops.work_now(lambda w, _p: w.list_names())
    if names is None:
        return None
    window = parent.window()
    dialog = AddToListDialog(title or f"{section_tipo} {section_id}", names, str(window.property(LAST_LIST) or ""),
                             parent)

    def accepted() -> None:
        name, note = dialog.chosen()
        window.setProperty(LAST_LIST, name)

        def added(_item: object) -> None:
            notify(parent, QCoreApplication.translate("AddToListDialog", "Added to “%1”.").replace("%1", name))
            if on_added is not None:
                on_added(name)

        ops.work(lambda w, p: w.add(name, section_tipo, section_id, note, profile=p), on_result=added)

    dialog.accepted.connect(accepted)
    dialog.finished.connect(lambda _r: dialog.deleteLater())
    dialog.open()
    return dialog


def offer_on_results(results: QListWidget, ops: Ops, role: Qt.ItemDataRole = Qt.ItemDataRole.UserRole) -> None:
    """A result's context menu (right click, or the Menu key) offers "Add to list…" (never in a kiosk)."""
    if ops.kiosk:
        return
    results.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def menu_at(pos: QPoint) -> None:
        item = results.itemAt(pos) or results.currentItem()
        hit = item.data(role) if item is not None else None
        if not isinstance(hit, Hit):
            return
        menu = QMenu(results)
        menu.aboutToHide.connect(menu.deleteLater)  # one menu per request, gone once closed
        action = menu.addAction(QCoreApplication.translate("AddToListDialog", "Add to list…"))
        action.triggered.connect(lambda: add_to_list(results, ops, hit.section_tipo, hit.section_id, hit.title))
        menu.popup(results.viewport().mapToGlobal(pos))

    results.customContextMenuRequested.connect(menu_at)
