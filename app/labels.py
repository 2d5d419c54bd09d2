"""Words for the codes core stores: what a reader sees instead of ``restricted``."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def classification_label(value: str | None) -> str:
    """The translated word for a classification code; an unknown code is shown as stored."""
    # literal strings, one call each, so lupdate finds them (a loop over the codes would hide them)
    words = {
        "public": QCoreApplication.translate("Classification", "public"),
        "restricted": QCoreApplication.translate("Classification", "restricted"),
        "secret": QCoreApplication.translate("Classification", "secret"),
    }
    return words.get(value or "", value or "—")

