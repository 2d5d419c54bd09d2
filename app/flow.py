"""A layout that lines its items up left to right and wraps onto further lines when the room runs out.

A row of filters or buttons that fits one line at 1280 px in English no longer fits at 1024 px, in
Catalan or at a doubled text size; wrapping keeps every item whole and the page no wider than the
window (Qt has no flow layout of its own, only an example of one).
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLayout, QLayoutItem, QSizePolicy, QStyle, QWidget


class FlowLayout(QLayout):
    """Items at their preferred size, left to right, wrapping to a new line when the next does not fit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt API
        """Append ``item`` (``addWidget`` ends here)."""
        self._items.append(item)

    def count(self) -> int:
        """How many items the layout holds."""
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        """Item ``index``, or None past the end."""
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        """Remove and return item ``index``."""
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt API
        """Neither: the items keep their preferred sizes."""
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        """Yes: fewer lines at a wider width."""
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        """The height the items take when wrapped at ``width``."""
        return self._arrange(QRect(0, 0, width, 0), apply=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt API
        """Place the items inside ``rect``."""
        super().setGeometry(rect)
        self._arrange(rect, apply=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """Every item on one line."""
        shown = [i.sizeHint() for i in self._items if not i.isEmpty()]
        gap = self._gap(Qt.Orientation.Horizontal) * max(0, len(shown) - 1)
        size = QSize(sum(s.width() for s in shown) + gap, max((s.height() for s in shown), default=0))
        return size.grownBy(self.contentsMargins())

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt API
        """The widest item: one item a line is the narrowest this layout gets."""
        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                size = size.expandedTo(item.minimumSize())
        return size.grownBy(self.contentsMargins())

    def _gap(self, orientation: Qt.Orientation) -> int:
        if self.spacing() >= 0:
            return self.spacing()
        parent = self.parentWidget()
        metric = (QStyle.PixelMetric.PM_LayoutHorizontalSpacing if orientation == Qt.Orientation.Horizontal
                  else QStyle.PixelMetric.PM_LayoutVerticalSpacing)
        return parent.style().pixelMetric(metric, None, parent) if parent is not None else 6

    def _arrange(self, rect: QRect, *, apply: bool) -> int:
        margins: QMargins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        x, y, line = area.x(), area.y(), 0
        dx, dy = self._gap(Qt.Orientation.Horizontal), self._gap(Qt.Orientation.Vertical)
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint().boundedTo(QSize(max(area.width(), 1), item.sizeHint().height()))
            if x > area.x() and x + hint.width() > area.right() + 1:  # the next line
                x, y, line = area.x(), y + line + dy, 0
            if apply:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + dx
            line = max(line, hint.height())
        return y + line - rect.y() + margins.bottom()


def flow_group(*widgets: QWidget) -> QWidget:
    """``widgets`` side by side in one unit the flow never splits (a label stays beside its box)."""
    group = QWidget()
    lay = QHBoxLayout(group)
    lay.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        lay.addWidget(w)
    group.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
    return group
