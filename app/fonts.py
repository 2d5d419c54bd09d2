"""Fonts derived from the application font, so every size follows the user's system setting."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication


def scaled_font(factor: float, *, bold: bool = False, base: QFont | None = None) -> QFont:
    """``base`` (default: the application font) ``factor`` times larger; never a fixed size."""
    font = QFont(base if base is not None else QApplication.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * factor)
    elif font.pixelSize() > 0:  # some platforms size the system font in pixels
        font.setPixelSize(max(1, round(font.pixelSize() * factor)))
    font.setBold(bold)
    return font
