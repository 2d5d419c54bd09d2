"""How failures reach the user: a clear message for expected errors, a logged report for bugs.

An :class:`~core.errors.OvilloError` is explained (message + ``hint``). Anything else is a
bug: its traceback goes to ``<data folder>/logs/ovillo-gui.log`` and the dialog offers to
copy the details, but never shows a raw traceback on its face.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from core.errors import Cancelled, OvilloError

log = logging.getLogger("ovillo.gui")


def setup_logging(logs: Path) -> Path:
    """Send the GUI's log to a file in the data folder (created on demand)."""
    logs.mkdir(parents=True, exist_ok=True)
    path = logs / "ovillo-gui.log"
    if not any(isinstance(h, logging.FileHandler) and Path(h.baseFilename) == path for h in log.handlers):
        handler = logging.FileHandler(path, encoding="utf-8", delay=True)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
    return path


def report_error(parent: QWidget | None, exc: BaseException, details: str = "") -> QMessageBox | None:
    """Show ``exc`` to the user (non-blocking) and log it when it is unexpected; returns the dialog."""
    if isinstance(exc, Cancelled):
        return None
    box = QMessageBox(parent)
    box.setObjectName("errorDialog")
    box.setWindowTitle(QCoreApplication.translate("Errors", "Ovillo"))
    if isinstance(exc, OvilloError):
        box.setIcon(QMessageBox.Icon.Warning)
        box.setText(str(exc))
        if exc.hint:
            box.setInformativeText(exc.hint)
        box.setProperty("expected", True)
    else:
        details = details or "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        log.error("unexpected error: %r\n%s", exc, details)
        box.setIcon(QMessageBox.Icon.Critical)
        box.setText(QCoreApplication.translate("Errors", "Something went wrong inside Ovillo. Your archive is safe."))
        box.setInformativeText(QCoreApplication.translate("Errors", "The details were written to the log file in the data folder. "
                                  "You can copy them to send a report."))
        copy = box.addButton(QCoreApplication.translate("Errors", "Copy details"), QMessageBox.ButtonRole.ActionRole)
        copy.clicked.connect(lambda: QApplication.clipboard().setText(f"{exc!r}\n\n{details}"))
        box.setProperty("expected", False)
    box.addButton(QMessageBox.StandardButton.Close)
    box.open()  # window-modal, never blocks the event loop (workers keep delivering)
    return box


def install_excepthook(parent_getter: "Callable[[], QWidget | None]") -> None:
    """Route exceptions raised in slots (which Qt would print and swallow) to :func:`report_error`."""

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        details = "".join(traceback.format_exception(kind, exc, tb))
        report_error(parent_getter(), exc, details)

    sys.excepthook = hook
