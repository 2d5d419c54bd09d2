"""An answer's outcome in the interface language: core gives a stable code (``AnswerResult.reason``)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def answer_reason(code: str) -> str:
    """A translated sentence for an answer's reason code; an unknown code is shown as it came."""
    texts = {
        "grounded": QCoreApplication.translate("Reasons", "the archive's own words answer the question"),
        "no_relevant_passages": QCoreApplication.translate(
            "Reasons", "nothing in the archive is close enough to the question to answer it"),
        "archive_does_not_say": QCoreApplication.translate(
            "Reasons", "the archive does not say this directly"),
        "cancelled": QCoreApplication.translate("Reasons", "stopped before the answer was finished"),
    }
    return texts.get(code, code)
