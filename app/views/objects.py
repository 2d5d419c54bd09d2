"""Objects: catalogue a new object from its photographs.

Drop or choose face photographs (each labelled obverse, reverse or other), optionally type a
description, and look up: the neighbours appear as a thumbnail grid (per-face scores, a badge
on near-duplicates) and each role gets a proposal with its confidence and evidence thumbnails.
Every proposed value can be accepted or overridden; Save copies the photographs into the data
folder and writes the object with the vectors the lookup computed. In a kiosk the lookup sees
public objects only and nothing can be saved.
"""

from __future__ import annotations

from typing import Any, Literal

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import (QComboBox, QFileDialog, QFormLayout, QHBoxLayout, QLineEdit, QPushButton,
                               QScrollArea, QSplitter, QVBoxLayout, QWidget)

from app.labels import classification_label
from app.ops import Ops
from app.plain import form_row, plain_label
from app.qt import named
from app.views.object_tiles import NeighbourGrid, PhotoList, ProposalRow
from core.api import CLASSIFICATIONS, OBJECT_ROLES, ObjectFields

# core's roles, shown with the categories first and the period (a date) last
ROLES = tuple(sorted(OBJECT_ROLES, key=lambda role: role == "period"))


class ObjectsView(QWidget):
    """Look up a new object by its photographs; propose, edit and save its record (staff only)."""

    open_record = Signal(str, object)  # section_tipo, section_id (52-bit)
    saved = Signal(object)  # the SavedObject

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.examination: Any = None  # the last lookup, still matching the photographs on screen
        self.last_saved: Any = None
        self._seq = 0
        self.setAcceptDrops(True)  # a drop anywhere on the page adds photographs (never an import)
        self.photos = named(PhotoList(), "objectPhotos")
        self.choose = named(QPushButton(self.tr("&Choose photographs…")), "choosePhotos")
        self.clear_button = named(QPushButton(self.tr("Clear")), "clearPhotos")
        self.description = named(QLineEdit(), "objectDescription")
        self.description.setPlaceholderText(self.tr("Optional description (used by hybrid lookup and saved)"))
        self.mode = named(QComboBox(), "objectMode")
        self.mode.addItem(self.tr("Hybrid: photographs and description"), "hybrid")
        self.mode.addItem(self.tr("Visual: photographs only"), "visual")
        self.lookup_button = named(QPushButton(self.tr("&Look up")), "objectLookup")
        self.info = named(plain_label(), "objectInfo")
        self.info.setWordWrap(True)
        self.grid = named(NeighbourGrid(), "neighbours")
        self.rows = {role: ProposalRow(role) for role in ROLES}
        self.title = named(QLineEdit(), "objectTitle")
        self.inventory = named(QLineEdit(), "objectInventory")
        self.inventory.setPlaceholderText(self.tr("made up when empty"))
        self.collection = named(QLineEdit(), "objectCollection")
        self.collection.setPlaceholderText(self.tr("default: the nearest neighbour's collection"))
        self.classification = named(QComboBox(), "objectClassification")
        for c in CLASSIFICATIONS:
            self.classification.addItem(classification_label(c), c)
        self.classification.setCurrentIndex(max(0, self.classification.findData(
            ops.ovillo.settings.default_classification)))
        self.save_button: QPushButton | None = None if ops.kiosk else named(QPushButton(self.tr("&Save object")),
                                                                          "saveObject")
        self._layout()
        self.choose.clicked.connect(self.choose_photos)
        self.clear_button.clicked.connect(self.photos.clear)
        self.photos.changed.connect(self._photos_changed)
        self.lookup_button.clicked.connect(self.lookup)
        self.description.returnPressed.connect(self.lookup)
        self.grid.open_object.connect(self.open_record)
        for row in self.rows.values():
            row.open_object.connect(self.open_record)
            row.accepted.connect(self._accepted)
        if self.save_button is not None:
            self.save_button.clicked.connect(self.save)
        self._photos_changed()

    def _layout(self) -> None:
        left = QWidget()
        left.setMinimumWidth(300)
        col = QVBoxLayout(left)
        buttons = QHBoxLayout()
        buttons.addWidget(self.choose)
        buttons.addWidget(self.clear_button)
        col.addLayout(buttons)
        col.addWidget(self.photos, 1)
        col.addWidget(self.description)
        col.addWidget(self.mode)
        col.addWidget(self.lookup_button)
        col.addWidget(self.info)
        form = QFormLayout()
        # a long title puts its field on the next line: the form never scrolls sideways (issue #32)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        names = {"typology": self.tr("Typology"), "material": self.tr("Material"),
                 "denomination": self.tr("Denomination"), "period": self.tr("Period")}
        if self.save_button is not None:
            form_row(form, self.tr("Title"), self.title)
        for role in ROLES:
            form_row(form, names[role], self.rows[role])
        if self.save_button is not None:
            form_row(form, self.tr("Inventory"), self.inventory)
            form_row(form, self.tr("Collection"), self.collection)
            form_row(form, self.tr("Classification"), self.classification)
            form_row(form, "", self.save_button)
        else:  # a visitor reads the proposals; nothing is edited or kept
            for row in self.rows.values():
                row.value.setReadOnly(True)
                row.accept.hide()
        proposals = QWidget()
        proposals.setLayout(form)
        scroll = named(QScrollArea(), "objectForm")
        scroll.setWidgetResizable(True)
        scroll.setWidget(proposals)
        right = QSplitter(Qt.Orientation.Vertical)
        top = QWidget()
        top_lay = QVBoxLayout(top)
        top_lay.setContentsMargins(0, 0, 0, 0)
        top_lay.addWidget(plain_label(self.tr("Nearest catalogued objects")))
        top_lay.addWidget(self.grid, 1)
        right.addWidget(top)
        right.addWidget(scroll)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(1, 3)
        QVBoxLayout(self).addWidget(split)

    # -- photographs ----------------------------------------------------------------------
    def choose_photos(self) -> None:
        """A file dialog for photographs."""
        files, _ = QFileDialog.getOpenFileNames(self, self.tr("Choose photographs"), "",
                                                self.tr("Images (*.jpg *.jpeg *.png *.tif *.tiff *.webp)"))
        self.photos.add(files)

    def _photos_changed(self) -> None:
        self.examination = None  # the vectors saved must be those of the photographs on screen
        has = bool(self.photos.rows)
        self.lookup_button.setEnabled(has)
        self.clear_button.setEnabled(has)
        self._can_save()
        if self.photos.duplicated_faces():
            self.info.setText(self.tr("Two photographs have the same face; only the first is used."))

    def _can_save(self) -> None:
        if self.save_button is not None:
            self.save_button.setEnabled(self.examination is not None)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        """Photographs dropped anywhere on the page go to the list."""
        self.photos.dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 - Qt API
        """Keep accepting while the drag moves."""
        self.photos.dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        """Add the dropped photographs."""
        self.photos.dropEvent(event)

    # -- lookup ---------------------------------------------------------------------------
    def lookup(self) -> None:
        """Neighbours and proposals for the photographs (on the read thread)."""
        photos = self.photos.photos()
        if not photos:
            self.info.setText(self.tr("Add at least one photograph first."))
            return
        self._seq += 1
        seq = self._seq
        mode: Literal["hybrid", "visual"] = "visual" if self.mode.currentData() == "visual" else "hybrid"
        text = self.description.text().strip() or None
        self.lookup_button.setEnabled(False)
        self.info.setText(self.tr("Looking up…"))
        self.ops.examine_object(photos, text, mode, lambda exam: self.show_examination(seq, exam),
                                on_done=lambda: self.lookup_button.setEnabled(bool(self.photos.rows)),
                                on_error=lambda exc: self._failed(seq, exc))

    def _failed(self, seq: int, exc: BaseException) -> None:
        if seq == self._seq:
            self.info.setText(self.tr("The lookup failed."))
            self.ops.error_sink(exc, "")

    def show_examination(self, seq: int, exam: Any) -> None:
        """Show the neighbours and fill each role from its proposal."""
        if seq != self._seq or set(exam.photos) != set(self.photos.photos()):
            return  # the photographs changed while it ran
        self.examination = exam
        self.grid.show_hits(exam.hits)
        for role, row in self.rows.items():
            row.fill(exam.proposals.get(role))
        self.title.setPlaceholderText(self.rows["typology"].proposed)
        if not self.collection.text().strip() and exam.hits:
            self.collection.setText(exam.hits[0].section_tipo)
        dups = sum(1 for h in exam.hits if h.near_duplicate)
        text = self.tr("%n neighbour(s)", "", len(exam.hits))
        if dups:
            text += " · " + self.tr("%n near-duplicate(s): this object may already be catalogued", "", dups)
        self.info.setText(text)
        self._can_save()

    # -- saving ---------------------------------------------------------------------------
    def _accepted(self, role: str, value: str) -> None:
        """An accepted typology names an object that has no title yet."""
        if role == "typology" and not self.title.text().strip():
            self.title.setText(value)

    def fields(self) -> ObjectFields:
        """What the form says now: the proposals the person accepted and the values they typed, nothing else."""
        values = {role: row.value.text().strip() for role, row in self.rows.items()}
        return ObjectFields(title=self.title.text().strip(), description=self.description.text().strip(),
                            classification=str(self.classification.currentData()),
                            collection=self.collection.text().strip() or "objects",
                            inventory=self.inventory.text().strip(), **values)

    def save(self) -> None:
        """Save the looked-up object to the local catalogue (the writer thread)."""
        if self.ops.kiosk or self.examination is None or self.save_button is None:
            return
        fields = self.fields()
        if not fields.title and not fields.description:
            self.info.setText(self.tr("Give the object a title first."))
            return
        button = self.save_button
        button.setEnabled(False)
        self.info.setText(self.tr("Saving…"))
        self.ops.save_object(self.examination, fields, self._saved, on_done=self._can_save)

    def _saved(self, saved: Any) -> None:
        self.last_saved = saved
        self.examination = None  # saved once: a second save needs a new lookup
        self.inventory.clear()
        self.info.setText(self.tr("Saved as %1 in %2.").replace("%1", saved.inventory)
                          .replace("%2", saved.section_tipo))
        self.saved.emit(saved)
        self.open_record.emit(saved.section_tipo, int(saved.section_id))

    def reset(self) -> None:
        """Forget everything (kiosk idle reset)."""
        self._seq += 1
        self.photos.clear()
        self.description.clear()
        self.title.clear()
        self.grid.clear()
        for row in self.rows.values():
            row.fill(None)
        self.info.clear()
