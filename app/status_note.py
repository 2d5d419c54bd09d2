"""A short message in the window's status bar, from any widget inside it."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QWidget

SHOWN_MS = 10_000


def notify(widget: QWidget, text: str) -> bool:
    """Show ``text`` in the status bar of ``widget``'s main window; False when it has none (a bare widget)."""
    window = widget.window()
    if not isinstance(window, QMainWindow):
        return False
    window.statusBar().showMessage(text, SHOWN_MS)
    return True
