"""The Objects page's pieces: the photographs to look up, the neighbour grid, a proposal row, an image strip.

Thumbnails are the small JPEGs ingest keeps in the data folder (≤ 256 px), so loading one on the
GUI thread costs about a millisecond; nothing here talks to core.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QDragEnterEvent, QDragMoveEvent, QDropEvent, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QLineEdit, QListView, QListWidget, QListWidgetItem,
                               QPushButton, QSizePolicy, QToolButton, QVBoxLayout, QWidget)

from app.flow import FlowLayout
from app.palette import BADGE, NEAR
from app.plain import plain_label, set_tip
from app.qt import named
from app.views.importer import dropped_paths

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp")
TILE = 120  # neighbour thumbnails, px
EVIDENCE = 36  # evidence thumbnails under a proposal, px
HIT_ROLE = Qt.ItemDataRole.UserRole


@lru_cache(maxsize=512)
def pixmap(path: str, side: int) -> QPixmap:
    """A thumbnail scaled to fit ``side`` (an empty pixmap when the file is missing)."""
    pm = QPixmap(path) if path and os.path.isfile(path) else QPixmap()
    return pm.scaled(side, side, Qt.AspectRatioMode.KeepAspectRatio,
                     Qt.TransformationMode.SmoothTransformation) if not pm.isNull() else pm


def guess_face(path: str) -> str:
    """``c12_anverso.jpg`` → obverse, ``…_reverso`` → reverse, anything else: other."""
    stem = os.path.splitext(os.path.basename(path))[0].lower()
    tail = stem.replace("-", "_").replace(" ", "_").rsplit("_", 1)[-1]
    if tail in ("obverse", "anverso", "anvers", "obv", "front", "a"):
        return "obverse"
    if tail in ("reverse", "reverso", "revers", "rev", "back", "b"):
        return "reverse"
    return "image"


class _MiddleElider(QObject):
    """Keeps a label's text elided in the middle to the label's width (the whole text: its tooltip)."""

    def __init__(self, label: QLabel) -> None:
        super().__init__(label)
        self.whole = label.text()
        label.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """Re-elide on every resize."""
        if isinstance(obj, QLabel) and event.type() == QEvent.Type.Resize:
            room = obj.contentsRect().width()
            obj.setText(obj.fontMetrics().elidedText(self.whole, Qt.TextElideMode.ElideMiddle, room))
        return False


def elide_middle(label: QLabel) -> None:
    """Let ``label`` shrink below its text, which is then elided in the middle (file names)."""
    label.setSizePolicy(QSizePolicy.Policy.Ignored, label.sizePolicy().verticalPolicy())
    label.setMinimumWidth(label.fontMetrics().horizontalAdvance("M…M") + 2)
    _MiddleElider(label)


class PhotoList(QWidget):
    """The new object's photographs, each labelled with its face; files may be dropped on it."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.rows: list[tuple[str, QComboBox, QWidget]] = []
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.hint = named(plain_label(self.tr("Drop photographs of the object here, or choose them.")), "photoHint")
        self.hint.setWordWrap(True)
        self.box.addWidget(self.hint)
        self.box.addStretch(1)

    def faces(self) -> list[tuple[str, str]]:
        """(face label, translated name) in the order the chooser lists them."""
        return [("obverse", self.tr("obverse")), ("reverse", self.tr("reverse")), ("image", self.tr("other"))]

    def add(self, paths: list[str]) -> None:
        """Add image files (others are ignored), each face guessed from its name."""
        for path in paths:
            if not path.lower().endswith(IMAGE_SUFFIXES) or any(p == path for p, _, _ in self.rows):
                continue
            row = QWidget()
            lay = QHBoxLayout(row)
            lay.setContentsMargins(0, 0, 0, 0)
            thumb = plain_label()
            thumb.setPixmap(pixmap(path, 48))
            face = named(QComboBox(), "photoFace")
            for value, label in self.faces():
                face.addItem(label, value)
            face.setCurrentIndex(max(0, face.findData(guess_face(path))))
            face.currentIndexChanged.connect(lambda _i: self.changed.emit())
            remove = QToolButton()
            remove.setText("✕")
            set_tip(remove, self.tr("Remove this photograph"))
            remove.clicked.connect(lambda _c=False, p=path: self.remove(p))
            name = plain_label(os.path.basename(path))
            set_tip(name, path)
            elide_middle(name)  # a long file name must not push the face chooser off a narrow column
            lay.addWidget(thumb)
            lay.addWidget(name, 1)
            lay.addWidget(face)
            lay.addWidget(remove)
            self.box.insertWidget(self.box.count() - 1, row)
            self.rows.append((path, face, row))
        self.hint.setVisible(not self.rows)
        self.changed.emit()

    def remove(self, path: str) -> None:
        """Forget one photograph."""
        for entry in [r for r in self.rows if r[0] == path]:
            self.rows.remove(entry)
            entry[2].deleteLater()
        self.hint.setVisible(not self.rows)
        self.changed.emit()

    def clear(self) -> None:
        """Forget every photograph."""
        for path, _, _ in list(self.rows):
            self.remove(path)

    def photos(self) -> dict[str, str]:
        """Face → file; a face given twice keeps its first photograph."""
        out: dict[str, str] = {}
        for path, face, _ in self.rows:
            out.setdefault(str(face.currentData()), path)
        return out

    def duplicated_faces(self) -> bool:
        """True when two photographs carry the same face label."""
        faces = [str(f.currentData()) for _, f, _ in self.rows]
        return len(faces) != len(set(faces))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        """Take image files (the window would import anything else)."""
        self._take(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 - Qt API
        """Keep accepting while the drag moves."""
        self._take(event)

    @staticmethod
    def _take(event: QDragMoveEvent) -> None:
        if any(p.lower().endswith(IMAGE_SUFFIXES) for p in dropped_paths(event.mimeData())):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        """Add the dropped photographs."""
        paths = [p for p in dropped_paths(event.mimeData()) if p.lower().endswith(IMAGE_SUFFIXES)]
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.add(paths)


class NeighbourGrid(QListWidget):
    """Neighbours as thumbnails with per-face scores and a near-duplicate badge; activating one opens it."""

    open_object = Signal(str, object)  # section ids are 52-bit: no C++ int

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setIconSize(QSize(TILE, TILE))
        self.setGridSize(QSize(TILE + 64, TILE + 56))  # two lines under the photograph: title, scores
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setMovement(QListView.Movement.Static)
        self.setWordWrap(True)
        self.setUniformItemSizes(True)
        self.itemActivated.connect(self._open)
        self.itemClicked.connect(self._open)

    def show_hits(self, hits: list[Any]) -> None:
        """One tile per neighbour, best first."""
        self.clear()
        names = {"obverse": self.tr("obv."), "reverse": self.tr("rev."), "image": self.tr("img.")}
        for hit in hits:
            scores = " ".join(f"{names.get(v, v)} {s.score:.2f}" for v, s in hit.views.items())
            title = hit.title or f"{hit.section_tipo} {hit.section_id}"
            # elided in the middle: the inventory number that ends a catalogue title stays readable
            lines = [self.fontMetrics().elidedText(title, Qt.TextElideMode.ElideMiddle, TILE + 40), scores]
            thumb = pixmap(hit.thumbnail or "", TILE)
            item = QListWidgetItem(QIcon(self._badged(thumb) if hit.near_duplicate else thumb), "\n".join(lines),
                                   self)
            item.setData(HIT_ROLE, hit)
            set_tip(item, self.tr("Open the record of %1").replace("%1", hit.title))
            if hit.near_duplicate:
                item.setBackground(QColor(NEAR.background))
                item.setForeground(QColor(NEAR.text))  # its own text colour: readable in dark mode too

    def _badged(self, thumb: QPixmap) -> QPixmap:
        """The thumbnail with a "near-duplicate" badge across its foot."""
        side = max(thumb.width(), TILE)
        out = QPixmap(side, side)
        out.fill(Qt.GlobalColor.transparent)
        painter = QPainter(out)
        painter.drawPixmap((side - thumb.width()) // 2, (side - thumb.height()) // 2, thumb)
        band = QRect(0, side - 22, side, 22)
        painter.fillRect(band, QColor(BADGE.background))
        painter.setPen(QColor(BADGE.text))
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, "≈ " + self.tr("near-duplicate"))
        painter.end()
        return out

    def badges(self) -> list[bool]:
        """Near-duplicate badge per tile, in order (tests, screenshots)."""
        return [bool(self.item(i).data(HIT_ROLE).near_duplicate) for i in range(self.count())]

    def _open(self, item: QListWidgetItem) -> None:
        hit = item.data(HIT_ROLE)
        if hit is not None:
            self.open_object.emit(hit.section_tipo, int(hit.section_id))


class ProposalRow(QWidget):
    """One role: the proposal with its confidence and evidence, and the value the person gives it.

    A proposal is shown, never taken: it stands greyed in the empty field until the person accepts it
    (Accept) or types a value of their own, and only what the field holds is saved. A row that only
    shows (the kiosk's) holds the proposal itself, read-only.
    """

    open_object = Signal(str, object)  # section ids are 52-bit: no C++ int
    accepted = Signal(str, str)  # role, the proposal the person accepted

    def __init__(self, role: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role
        self.proposed = ""
        self.value = named(QLineEdit(), f"proposal_{role}")
        self.confidence = named(plain_label(), f"confidence_{role}")
        self.evidence = FlowLayout()  # wraps in a narrow form rather than scroll it sideways
        self.evidence.setSpacing(2)
        self.accept = named(QPushButton(self.tr("Accept")), f"accept_{role}")
        set_tip(self.accept, self.tr("Take the proposed value"))
        self.accept.clicked.connect(self.take)
        line = QHBoxLayout()
        line.addWidget(self.value, 1)
        line.addWidget(self.accept)
        # the confidence heads the evidence line: beside the field it was cut in a narrow form (issue #32)
        self.evidence.addWidget(self.confidence)
        lay = QVBoxLayout(self)  # the evidence on its own line: the value keeps the width
        lay.setContentsMargins(0, 0, 0, 4)
        lay.setSpacing(2)
        lay.addLayout(line)
        lay.addLayout(self.evidence)
        self.buttons: list[QToolButton] = []

    def fill(self, proposal: Any) -> None:
        """Fill from a proposal (``core.objects.characterize.Proposal``)."""
        for b in self.buttons:
            b.deleteLater()
        self.buttons = []
        if proposal is None or not proposal.enough:
            self.proposed = ""
            self.confidence.setText(self.tr("not enough evidence") if proposal is not None else "")
        else:
            if self.role == "period":
                self.proposed = (str(proposal.central) if proposal.earliest == proposal.latest
                                 else f"{proposal.earliest}/{proposal.latest}")
            else:
                self.proposed = str(proposal.value or "")
            self.confidence.setText(self.tr("%1 % sure").replace("%1", f"{proposal.confidence * 100:.0f}"))
            runners = ", ".join(f"{v} ({s * 100:.0f} %)" for v, s in proposal.runners_up)
            set_tip(self.confidence, self.tr("Also voted: %1").replace("%1", runners) if runners else "")
            for hit in proposal.evidence:
                b = named(QToolButton(), f"evidence_{self.role}")
                b.setIcon(QIcon(pixmap(hit.thumbnail or "", EVIDENCE)))
                b.setIconSize(QSize(EVIDENCE, EVIDENCE))
                set_tip(b, hit.title)
                b.clicked.connect(lambda _c=False, h=hit: self.open_object.emit(h.section_tipo, int(h.section_id)))
                self.evidence.addWidget(b)
                self.buttons.append(b)
        self.value.setPlaceholderText(self.proposed)
        self.value.setText(self.proposed if self.value.isReadOnly() else "")
        self.accept.setEnabled(bool(self.proposed))

    def take(self) -> None:
        """Accept the proposal: the field holds it, and it will be saved."""
        if self.proposed:
            self.value.setText(self.proposed)
            self.accepted.emit(self.role, self.proposed)


class ImageStrip(QWidget):
    """A record's photographs, one labelled thumbnail per view (hidden when it has none)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recordImages")
        self.lay = QHBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.shown: list[str] = []  # the views on screen
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.hide()

    def load(self, views: dict[str, Any]) -> None:
        """Show ``data["views"]`` of a record: view → {path, thumb}."""
        while self.lay.count():
            item = self.lay.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.shown = []
        for view, meta in (views or {}).items():
            pm = pixmap(str(meta.get("thumb") or meta.get("path") or ""), 180)
            if pm.isNull():
                continue
            cell = plain_label()
            cell.setPixmap(pm)
            names = {"obverse": self.tr("obverse"), "reverse": self.tr("reverse"), "image": self.tr("image")}
            name = names.get(view, view)
            set_tip(cell, name)
            caption = plain_label(name)
            caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
            box = QWidget()
            col = QVBoxLayout(box)
            col.setContentsMargins(0, 0, 0, 0)
            col.addWidget(cell)
            col.addWidget(caption)
            self.lay.addWidget(box)
            self.shown.append(view)
        self.lay.addStretch(1)
        self.setVisible(bool(self.shown))
