"""The window's page list: as wide as its widest translated title (never narrower than a minimum).

Each item's text is ``"Title\\tCtrl+N"``. A tab in an item view jumps to a fixed 80 px tab stop,
so a title a few pixels longer (Spanish "Preferencias" in a larger font) pushed the hint to 160 px
and out of a capped list: the title was cut and the hints vanished. Here the title is drawn at the
left and the shortcut at the right, and the list takes the width they need.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QListWidget, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

NAV_MIN_WIDTH = 150  # px: the list never gets narrower, however short the titles
GAP = 24  # px between a title and its shortcut hint
Index = QModelIndex | QPersistentModelIndex


def split_item(text: str) -> tuple[str, str]:
    """An item's title and shortcut hint ("" when it has none)."""
    title, _tab, shortcut = text.partition("\t")
    return title, shortcut


class NavDelegate(QStyledItemDelegate):
    """Title left, shortcut right; the item's background, selection and focus come from the style."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802 - Qt API
        """The style's size for the title and hint side by side, plus the gap between them."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        title, shortcut = split_item(opt.text)
        opt.text = title + shortcut
        style = opt.widget.style() if opt.widget is not None else None
        if style is None:
            return super().sizeHint(option, index)
        size = style.sizeFromContents(QStyle.ContentsType.CT_ItemViewItem, opt, QSize(), opt.widget)
        return QSize(size.width() + (GAP if shortcut else 0), size.height())

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        """Draw the item without text, then the title and the hint in its text rectangle."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        title, shortcut = split_item(opt.text)
        widget = opt.widget
        style = widget.style() if widget is not None else None
        if style is None:
            super().paint(painter, option, index)
            return
        opt.text = title  # the text rectangle of an item with text, as the style lays it out
        rect: QRect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        opt.text = ""
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        painter.save()
        painter.setFont(opt.font)
        painter.setPen(opt.palette.color(role))
        rect = QRect(rect.left(), rect.top(), max(rect.width(), opt.rect.right() - rect.left() - 4), rect.height())
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), title)
        if shortcut:
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), shortcut)
        painter.restore()


class NavList(QListWidget):
    """The page list; call :meth:`fit` after adding items (font and style changes refit it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setItemDelegate(NavDelegate(self))
        self.setTextElideMode(Qt.TextElideMode.ElideNone)

    def needed_width(self) -> int:
        """The width at which every item shows whole, without a horizontal scrollbar."""
        content = self.sizeHintForColumn(0) if self.count() else 0
        bar = self.verticalScrollBar().sizeHint().width() if self.verticalScrollBar().isVisible() else 0
        return content + 2 * self.frameWidth() + bar + 4

    def fit(self) -> None:
        """Fix the width to the widest item (at least :data:`NAV_MIN_WIDTH`)."""
        self.setFixedWidth(max(NAV_MIN_WIDTH, self.needed_width()))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt API
        """A new font or style sheet changes every item's width."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit()
