"""Help → User guide: the guide shipped with the app, in the interface language, inside the window (offline)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from app.qt import named

MANUAL = Path(__file__).resolve().parent / "manual"


def guide_path() -> Path:
    """The guide in the interface language (each catalogue names its own file; English otherwise)."""
    # the file name is itself a translated string, so the guide follows the language the window speaks
    name = QCoreApplication.translate("Guide", "guide.en.md")
    path = MANUAL / name
    return path if path.parent == MANUAL and path.is_file() else MANUAL / "guide.en.md"


class GuideDialog(QDialog):
    """The user guide: how to import, search, ask, catalogue objects, sync and run a kiosk."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("userGuide")
        self.setWindowTitle(QCoreApplication.translate("Guide", "Ovillo — user guide"))
        self.text = named(QTextBrowser(), "guideText")
        self.text.setOpenExternalLinks(False)  # nothing in the guide leaves the machine
        self.text.setMarkdown(guide_path().read_text(encoding="utf-8"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.text)
        lay.addWidget(buttons)
        self.resize(720, 640)
