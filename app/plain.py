"""Data reaches Qt as plain text: the one place app/ makes labels, tooltips, message boxes and form rows.

Qt guesses the format of a QLabel, a tooltip, a "What's this?" text, a QMessageBox and a QFormLayout
row title (``Qt::mightBeRichText``). A file named ``<img src="&#47;…&#47;coin.jpg">.txt`` shown in one
of them is HTML, and the window loads any image at a path it names: a secret record's photograph on a
public kiosk. So labels made here are ``PlainText``, tooltips are escaped into a paragraph, and the
two places that need markup (result cards, the record and answer text) build it with
:func:`app.text.escape` around every data string. ``tests/gui/test_app_rules.py`` keeps other modules
from making these widgets directly; ``tests/gui/test_plain_text.py`` renders hostile names in every view.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (QFormLayout, QLabel, QLayout, QListWidgetItem, QMessageBox, QTableWidgetItem, QToolTip,
                               QWidget)

from app.text import escape

RICH = "richText"  # property of the labels made by rich_label (the hostile-names test reads it)


def plain_label(text: str = "") -> QLabel:
    """A label that shows ``text`` as written, whatever it looks like."""
    lab = QLabel()
    lab.setTextFormat(Qt.TextFormat.PlainText)
    lab.setText(text)
    return lab


def rich_label(markup: str) -> QLabel:
    """A label rendering ``markup``, which must come from :func:`app.text.escape` or ``highlight`` around
    every data string."""
    lab = QLabel()
    lab.setTextFormat(Qt.TextFormat.RichText)
    lab.setProperty(RICH, True)
    lab.setText(markup)
    return lab


def tip_markup(text: str) -> str:
    """``text`` as a tooltip Qt shows verbatim: escaped inside a paragraph that keeps line breaks and
    spaces (an empty text stays empty: no tooltip)."""
    return f"<p style='white-space:pre-wrap'>{escape(text)}</p>" if text else ""


def set_tip(target: QWidget | QListWidgetItem | QTableWidgetItem, text: str) -> None:
    """Give ``target`` the tooltip ``text``, shown as written."""
    target.setToolTip(tip_markup(text))


def set_whats_this(widget: QWidget, text: str) -> None:
    """Give ``widget`` the "What's this?" help ``text``, shown as written."""
    widget.setWhatsThis(tip_markup(text))


def show_tip(pos: QPoint, text: str, widget: QWidget) -> None:
    """Show the tooltip ``text`` at ``pos`` now, as written."""
    QToolTip.showText(pos, tip_markup(text), widget)


def form_row(form: QFormLayout, title: str | QLabel, field: QWidget | QLayout) -> QLabel:
    """Add ``field`` under a plain-text ``title`` (QFormLayout would guess a string's format); returns
    the title's label."""
    if isinstance(title, QLabel):
        lab = title
        lab.setTextFormat(Qt.TextFormat.PlainText)
    else:
        lab = plain_label(title)
        if isinstance(field, QWidget):
            lab.setBuddy(field)  # as QFormLayout does for a string title
    form.addRow(lab, field)
    return lab


def message_box(parent: QWidget | None = None, icon: QMessageBox.Icon = QMessageBox.Icon.NoIcon,
                title: str = "", text: str = "") -> QMessageBox:
    """A message box whose text and informative text are plain (error messages name files)."""
    box = QMessageBox(parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setIcon(icon)
    box.setWindowTitle(title)
    box.setText(text)
    return box
