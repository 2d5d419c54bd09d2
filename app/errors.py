"""How failures reach the user: a clear message for expected errors, a logged report for bugs.

An :class:`~core.errors.OvilloError` is explained (message + ``hint``) in the interface language:
core names each message by a stable id with its variable parts (``code``, ``params``), and the
text is looked up by id here; a message without a known id is shown in core's English. Anything
else is a bug: its traceback goes to ``<data folder>/logs/ovillo-gui.log`` and the dialog offers to
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

from app.error_texts import ERROR_TEXTS
from app.window_texts import PART_WORDS, WINDOW_TEXTS
from app.plain import message_box
from core.api import Cancelled, OvilloError, identify, split_reason

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


def translate_code(code: str, params: dict[str, str] | None = None) -> str | None:
    """Core's message ``code`` in the interface language with its parts filled; None when unknown."""
    if code in WINDOW_TEXTS:  # said in the window's terms, not the command line's
        text = QCoreApplication.translate("WindowErrors", WINDOW_TEXTS[code])
    elif code in ERROR_TEXTS:
        text = QCoreApplication.translate("CoreErrors", ERROR_TEXTS[code])
    else:
        return None
    for name, value in (params or {}).items():
        # a part that is itself one of core's messages (the cause of a cause) is translated too
        inner = identify(value) if name in ("detail", "reason") else None
        shown = (translate_code(*inner) or value) if inner is not None else value
        if name == "what" and value in PART_WORDS:
            shown = QCoreApplication.translate("CoreErrors", PART_WORDS[value])
        text = text.replace("{" + name + "}", shown)
    return text


def translate_text(text: str) -> str:
    """One English message or hint from core in the interface language (as it came when unknown)."""
    found = identify(text)
    if found is not None:
        return translate_code(*found) or text
    head, sep, rest = text.partition(": ")
    inner = identify(rest) if sep else None  # "<file name>: <reason>", as image views report
    return f"{head}: {translate_code(*inner) or rest}" if inner is not None else text


def error_text(exc: OvilloError) -> tuple[str, str]:
    """The message and hint of ``exc`` in the interface language."""
    message = translate_code(exc.code, exc.params) or str(exc)
    hint = (translate_code(exc.hint_code, exc.hint_params) if exc.hint_code else None) or exc.hint
    return message, hint


def reason_text(reason: str) -> str:
    """A per-file reason the import stored ("message — hint") in the interface language."""
    message, hint = split_reason(reason)
    if identify(message) is None and "; " in message:  # several views of one object failed, each said
        shown = "; ".join(translate_text(p) for p in message.split("; "))
    else:
        shown = translate_text(message)
    return shown + (f" — {translate_text(hint)}" if hint else "")


def report_error(parent: QWidget | None, exc: BaseException, details: str = "") -> QMessageBox | None:
    """Show ``exc`` to the user (non-blocking) and log it when it is unexpected; returns the dialog."""
    if isinstance(exc, Cancelled):
        return None
    box = message_box(parent)  # plain text: messages name files and folders
    box.setObjectName("errorDialog")
    box.setWindowTitle(QCoreApplication.translate("Errors", "Ovillo"))
    if isinstance(exc, OvilloError):
        box.setIcon(QMessageBox.Icon.Warning)
        message, hint = error_text(exc)
        box.setText(message)
        if hint:
            box.setInformativeText(hint)
        box.setProperty("code", exc.code)
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
